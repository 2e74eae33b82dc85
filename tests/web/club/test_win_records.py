"""Each finished game stores a row per win (``WinRecord``, with its ``WinYaku``): after every
kind of change they are the rows a fresh projection of the game's hands gives, and no other
game has any."""

from __future__ import annotations

import io
from datetime import date

import pytest

from scorekeeper.club.management.commands.verify_games import game_mismatches
from scorekeeper.club.models import (
    DeletedGame,
    Game,
    Player,
    SavedRuleset,
    Season,
    WinRecord,
    WinYaku,
)
from scorekeeper.club.projection import project_game
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.demo import seed_demo
from scorekeeper.operations.restore import restore
from scorekeeper.registry.services import merge_players
from scorekeeper.table.services.games import (
    abandon_game,
    export_record,
    finish_game,
    import_record,
    reopen_game,
    start_game,
)
from scorekeeper.table.services.hands import edit_hand, record_hand, stored_hands, undo_last_hand
from scoring.outcomes import Draw, Hand, Ron, Win
from scoring.rules import PRESETS
from tests.web.table.test_hand_yaku import small_club

pytestmark = pytest.mark.django_db


def assert_rows_are_the_projection(step: str) -> None:
    wins = 0
    for game in Game.objects.prefetch_related("seats", "hands", "win_records__yaku"):
        assert list(game_mismatches(game)) == [], (step, game)
        projected = project_game(game, stored_hands(game)).wins
        assert len(game.win_records.all()) == len(projected), (step, game)
        assert game.status == Game.Status.FINISHED or not projected, (step, game)
        wins += len(projected)
    assert WinRecord.objects.count() == wins, step


def test_the_win_rows_are_a_fresh_projection_after_each_kind_of_change(players, alice):
    aki, ben, chie, dan = players
    eve = Player.objects.create(name="Eve")

    def first() -> Game:
        return Game.objects.order_by("pk").first()

    def last() -> Game:
        return Game.objects.order_by("pk").last()

    def played_early() -> None:
        game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
        win = Win(1, 2, 30, yaku=("Riichi", "Pinfu"), dora=0, open=False)
        record_hand(game=game, hand=Hand(Ron(3, (win,)), riichi=(1,)), expected_sequence=0)
        record_hand(game=game, hand=Hand(Draw()), expected_sequence=1)

    def restored() -> None:
        saved = "".join(backup_lines())
        for model in (Season, DeletedGame, Game, SavedRuleset, Player):
            model.objects.all().delete()
        restore(io.StringIO(saved))

    steps = [
        ("hands recorded to the end", lambda: small_club(players, alice)),
        ("a game with Eve", lambda: small_club([aki, ben, eve, dan], alice)),
        (
            "a win corrected",
            lambda: edit_hand(
                game=first(),
                sequence=0,
                hand=Hand(Ron(3, (Win(1, 4, 30),)), riichi=(1,)),
                expected_sequence=5,
                allow_finished=True,
            ),
        ),
        (
            "the last hand undone",
            lambda: undo_last_hand(game=last(), expected_sequence=5, allow_finished=True),
        ),
        ("hands recorded, not to the end", played_early),
        ("finished early", lambda: finish_game(game=last(), expected_sequence=2)),
        ("reopened", lambda: reopen_game(game=last(), expected_sequence=2)),
        ("abandoned", lambda: abandon_game(game=last(), expected_sequence=2)),
        ("imported", lambda: import_record(doc=export_record(first()))),
        ("Eve merged into Chie", lambda: merge_players(keep=chie, merge=eve)),
        ("a game deleted", lambda: delete_game(game=first(), expected_sequence=5)),
        ("demo games", lambda: seed_demo(games=6, seed=3, today=date(2025, 6, 1))),
        ("restored from a backup", restored),
    ]
    for step, change in steps:
        change()
        assert_rows_are_the_projection(step)
    assert WinYaku.objects.exists()
    assert not WinRecord.objects.filter(player__name="Eve").exists()
