"""The blank hand form from the cache: the whole body kept per game and shape, and within it
each winner's han, fu, yakuman and yaku chips kept per rules, seat and language and shared
between games. What comes out of the cache is what the form draws without it."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.template.loader import get_template
from django.utils import translation

from scorekeeper.club.models import Game, Player
from scorekeeper.table.blank_form import blank_form_context, blank_shape, fragment_key
from scorekeeper.table.pages import game_urls, load_game, new_hand_form, seat_names
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db


def new_game(preset: str, names: tuple[str, ...]) -> Game:
    # As many of the names as the preset seats (three for a three-player preset).
    seated = names[: PRESETS[preset].players]
    players = [Player.objects.get_or_create(name=name)[0] for name in seated]
    game = start_game(rules=PRESETS[preset], ruleset_name=preset, players=players)
    return load_game(game.pk, hands=False)


def cached_body(game: Game) -> str:
    urls = game_urls(game.pk, game.players)
    shape = blank_shape(game, seat_names(game), game.game_state(), urls["preview"])
    context = blank_form_context(game, shape, urls, lambda: new_hand_form(game))
    return str(context["form_body"])


def drawn_body(game: Game) -> str:
    """The body drawn from the form alone, with no fragment from the cache."""
    urls = game_urls(game.pk, game.players)
    form = new_hand_form(game)
    form.from_tiles = urls["from_tiles"]
    context = {
        "form": form,
        "preview_url": urls["preview"],
        "submit_label": translation.gettext("Record hand"),
        "blank_shape": "x",
    }
    body = get_template("table/table.html#form-body").render(context)
    return body.replace('name="blank" value="x"', "")


def without_shape(body: str) -> str:
    start = body.index('name="blank" value="')
    return body[:start] + body[body.index('"', start + len('name="blank" value="')) + 1 :]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_blank_form_from_the_cache_is_the_form_drawn_without_it(preset, language):
    cache.clear()
    with translation.override(language):
        first = new_game(preset, ("Aki", "Ben", "Chie", "Dan"))
        # The second game shares the first one's fragments (same rules), not its players.
        second = new_game(preset, ("Eri", "Fumi", "Goro", "Hana"))
        cached_body(first)

        assert without_shape(cached_body(second)) == drawn_body(second)
        assert without_shape(cached_body(first)) == drawn_body(first)


def test_the_fragments_are_kept_per_rules_and_language():
    game = new_game("tenhou", ("Aki", "Ben", "Chie", "Dan"))
    other = new_game("ema", ("Aki", "Ben", "Chie", "Dan"))

    assert fragment_key(game) != fragment_key(other)
    with translation.override("ja"):
        japanese = fragment_key(game)
    with translation.override("en"):
        assert fragment_key(game) != japanese
    assert fragment_key(game) == fragment_key(new_game("tenhou", ("Eri", "Fumi", "Goro", "Hana")))
