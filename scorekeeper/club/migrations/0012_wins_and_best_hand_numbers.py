"""What a win was made of is stored as rows (``WinRecord``, ``WinYaku``) for the statistics
to add up in the database, and a seat's best hand as numbers (han, fu, yakuman) in place of
English words. Both are filled by replaying each finished game's stored hands through the
engine, as ``scorekeeper.club.projection`` does; a game whose hands do not replay (which
``verify_games`` reports) keeps its best hands read from their words, and no win rows.
Going back words the numbers again."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

from scoring.errors import ScoringError
from scoring.game import replay
from scoring.outcomes import Ron, Tsumo, Win
from scoring.record_hand import parse_hand
from scoring.rules import resolve_rules
from scoring.state import GameState, parse_round_label
from scoring.stats import describe_win, seat_stats
from scoring.win_details import dora_total
from scoring.yaku_stats import win_style

#: Games replayed at a time.
CHUNK = 500


def _start(data: Any) -> GameState | None:
    if not data:
        return None
    s = data["scores"]
    round_index = parse_round_label(data["round"])
    assert round_index is not None
    return GameState((s[0], s[1], s[2], s[3]), round_index, data["honba"], data["sticks"])


#: How ``describe_win`` worded a number of yakuman.
_YAKUMAN_WORDS = {(): 1, ("double",): 2, ("triple",): 3}


def _numbers(words: str) -> tuple[int | None, int | None, int]:
    """Han, fu and yakuman of a best hand as it was stored: ``3 han 40 fu``, ``6 han``,
    ``yakuman``, ``double yakuman``, ``4x yakuman``; anything else is no hand."""
    parts = words.split()
    if parts and parts[-1] == "yakuman":
        prefix = tuple(parts[:-1])
        if prefix in _YAKUMAN_WORDS:
            return None, None, _YAKUMAN_WORDS[prefix]
        if len(prefix) == 1 and prefix[0].endswith("x") and prefix[0][:-1].isdigit():
            return None, None, int(prefix[0][:-1])
    numbers = [part for part in parts[::2] if part.isdigit()]
    if parts[1::2] == ["han"] and len(numbers) == 1:
        return int(numbers[0]), None, 0
    if parts[1::2] == ["han", "fu"] and len(numbers) == 2:
        return int(numbers[0]), int(numbers[1]), 0
    return None, None, 0


def _wins(apps: StateApps, game: Any, players: list[int], played: Any) -> list[tuple[Any, Any]]:
    WinRecord = apps.get_model("club", "WinRecord")
    rows = []
    for sequence, result in enumerate(played.results):
        hand = result.hand
        outcome = hand.outcome
        if isinstance(outcome, Ron):
            wins, discarder = outcome.wins, outcome.discarder
        elif isinstance(outcome, Tsumo):
            wins, discarder = (outcome.win,), None
        else:
            continue
        for win in wins:
            row = WinRecord(
                game=game,
                hand=sequence,
                seat=win.winner,
                player_id=players[win.winner],
                discarder_seat=discarder,
                discarder_id=None if discarder is None else players[discarder],
                han=win.han,
                fu=win.fu,
                yakuman=win.yakuman,
                dora=dora_total(win),
                style=win_style(win, hand.riichi) or "",
                with_yaku=bool(win.yaku),
            )
            rows.append((row, win.yaku))
    return rows


def fill_from_the_hands(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game, Seat, HandRecord, WinRecord, WinYaku = (
        apps.get_model("club", name)
        for name in ("Game", "Seat", "HandRecord", "WinRecord", "WinYaku")
    )
    ids = list(Game.objects.filter(status="finished").order_by("pk").values_list("pk", flat=True))
    for first in range(0, len(ids), CHUNK):
        games = Game.objects.filter(pk__in=ids[first : first + CHUNK]).order_by("pk")
        hands: dict[int, list[Any]] = {}
        for record in HandRecord.objects.filter(game__in=games).order_by("game_id", "sequence"):
            try:
                hand = parse_hand(record.data)
            except ScoringError:
                hand = None
            hands.setdefault(record.game_id, []).append(hand)
        seats: dict[int, list[Any]] = {}
        for seat in Seat.objects.filter(game__in=games).order_by("game_id", "number"):
            seats.setdefault(seat.game_id, []).append(seat)
        wins = []
        changed = []
        for game in games:
            game_seats = seats.get(game.pk, [])
            changed += game_seats
            try:
                options = dict(game.rules)
                rules = resolve_rules({"preset": options.pop("preset"), **options})
                game_hands = hands.get(game.pk, [])
                if None in game_hands:
                    raise ValueError("a stored hand does not read")
                played = replay(rules, game_hands, start=_start(game.start))
                all_stats = seat_stats(rules, played)
            except (ScoringError, KeyError, TypeError, ValueError):
                for seat in game_seats:
                    seat.best_han, seat.best_fu, seat.best_yakuman = _numbers(seat.best_hand)
                continue
            if len(game_seats) != len(all_stats):
                continue
            for seat, stats in zip(game_seats, all_stats, strict=True):
                seat.best_han, seat.best_fu = stats.best_han, stats.best_fu
                seat.best_yakuman = stats.best_yakuman
            wins += _wins(apps, game, [seat.player_id for seat in game_seats], played)
        Seat.objects.bulk_update(changed, ["best_han", "best_fu", "best_yakuman"])
        WinRecord.objects.bulk_create(win for win, _ in wins)
        WinYaku.objects.bulk_create(
            WinYaku(win=win, name=name) for win, names in wins for name in names
        )


def best_hand_in_words(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Seat = apps.get_model("club", "Seat")
    seats = list(Seat.objects.filter(best_win__gt=0))
    for seat in seats:
        seat.best_hand = describe_win(Win(0, seat.best_han, seat.best_fu, seat.best_yakuman))
    Seat.objects.bulk_update(seats, ["best_hand"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0011_timestamps_given_or_now"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="best_fu",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="best_han",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="best_yakuman",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.CreateModel(
            name="WinRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("hand", models.PositiveIntegerField()),
                ("seat", models.PositiveSmallIntegerField()),
                ("discarder_seat", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("han", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("fu", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("yakuman", models.PositiveSmallIntegerField(default=0)),
                ("dora", models.PositiveSmallIntegerField(blank=True, null=True)),
                (
                    "style",
                    models.CharField(
                        blank=True,
                        choices=[("riichi", "Riichi"), ("dama", "Dama"), ("open", "Open")],
                        max_length=6,
                    ),
                ),
                ("with_yaku", models.BooleanField(default=False)),
                (
                    "discarder",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="club.player",
                    ),
                ),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="win_records",
                        to="club.game",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="club.player",
                    ),
                ),
            ],
            options={
                "ordering": ["game", "hand", "pk"],
            },
        ),
        migrations.CreateModel(
            name="WinYaku",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=40)),
                (
                    "win",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="yaku",
                        to="club.winrecord",
                    ),
                ),
            ],
            options={
                "ordering": ["win", "pk"],
            },
        ),
        migrations.AddIndex(
            model_name="winrecord",
            index=models.Index(fields=["player", "game"], name="club_winrec_player__c417a9_idx"),
        ),
        migrations.AddIndex(
            model_name="winrecord",
            index=models.Index(fields=["discarder", "game"], name="club_winrec_discard_11b254_idx"),
        ),
        migrations.RunPython(fill_from_the_hands, best_hand_in_words),
        migrations.RemoveField(
            model_name="seat",
            name="best_hand",
        ),
    ]
