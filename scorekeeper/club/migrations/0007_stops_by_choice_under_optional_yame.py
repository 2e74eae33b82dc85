"""Games stopped by choice before agari-yame and tenpai-yame had three values.

The engine used to accept ``end: true`` on an all-last hand whenever the dealer was in 1st,
whatever the ruleset said; it now accepts it only where the rules let the dealer stop
(``optional``). A stored game in which a table stopped that way would no longer replay, so its
frozen rules say what the table actually played: the yame of that kind of hand is ``optional``
(the stop is kept, nothing else changes). A game that still does not replay is left for
``verify_games`` to report.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

from scoring.errors import IllegalHand
from scoring.game import replay
from scoring.outcomes import Draw, Hand
from scoring.record_hand import parse_hand
from scoring.rules import resolve_rules

YAME = ("agari_yame", "tenpai_yame")


def _refusal(spec: Mapping[str, Any], hands: Sequence[Hand]) -> IllegalHand | None:
    """Why the hands do not replay under the frozen rules ``spec``, or ``None``."""
    rules = dict(spec)
    try:
        replay(resolve_rules({"preset": rules.pop("preset"), **rules}), hands)
    except IllegalHand as error:
        return error
    return None


def keep_stops(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor | None) -> None:
    Game = apps.get_model("club", "Game")
    HandRecord = apps.get_model("club", "HandRecord")
    stopped = HandRecord.objects.filter(data__end=True).values_list("game_id", flat=True)
    for game in Game.objects.filter(pk__in=stopped.distinct()):
        records = HandRecord.objects.filter(game=game).order_by("sequence")
        hands = [parse_hand(r.data, f"hands[{r.sequence}]") for r in records]
        relaxed = dict(game.rules)
        # At most twice: once for a stop after a win, once after an exhaustive draw.
        for _ in YAME:
            refusal = _refusal(relaxed, hands)
            if refusal is None or refusal.field != "end":
                break
            draw = isinstance(hands[refusal.index].outcome, Draw)
            name = "tenpai_yame" if draw else "agari_yame"
            if relaxed.get(name) not in (False, "none"):
                break
            relaxed[name] = "optional"
        if relaxed != game.rules and _refusal(relaxed, hands) is None:
            Game.objects.filter(pk=game.pk).update(rules=relaxed)


class Migration(migrations.Migration):
    dependencies = [("club", "0006_storable_results_and_days")]

    operations = [migrations.RunPython(keep_stops, migrations.RunPython.noop)]
