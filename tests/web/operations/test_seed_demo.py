"""Demo data: random but legal games, the same for the same seed, stored as services would."""

from __future__ import annotations

import io
from collections import Counter
from datetime import date

import pytest
from django.core.management import CommandError, call_command

from scorekeeper.club.management.commands.verify_games import game_mismatches
from scorekeeper.club.models import Game, HandRecord, Player, SavedRuleset, Season
from scorekeeper.history.standings import rows, standings
from scorekeeper.operations.demo import NAMES, generate, seed_demo

pytestmark = pytest.mark.django_db
TODAY = date(2025, 6, 1)
ROSTER = [(name, number) for number, name in enumerate(NAMES, 1)]


def test_the_same_seed_makes_the_same_games_and_another_seed_others():
    first = generate(games=30, seed=5, today=TODAY, roster=ROSTER)
    assert generate(games=30, seed=5, today=TODAY, roster=ROSTER) == first
    assert generate(games=30, seed=6, today=TODAY, roster=ROSTER) != first


def test_demo_hands_follow_plausible_frequencies():
    demo = generate(games=300, seed=1, today=TODAY, roster=ROSTER)
    kinds = Counter(hand.kind for game in demo for hand in game.hands)
    total = sum(kinds.values())
    assert 0.38 < kinds["ron"] / total < 0.55
    assert 0.18 < kinds["tsumo"] / total < 0.32
    assert 0.14 < kinds["draw"] / total < 0.30
    assert 0 < kinds["chombo"] + kinds["abort"] < 0.05 * total
    riichi = sum(bool(hand.riichi) for game in demo for hand in game.hands)
    assert 0.2 < riichi / total < 0.6
    assert 8 < total / len(demo) < 14


def test_games_run_until_their_rules_end_them_except_the_few_left_in_play():
    demo = generate(games=300, seed=2, today=TODAY, roster=ROSTER)
    statuses = Counter(game.status for game in demo)
    assert statuses["in_play"] == 4
    assert [game.status for game in demo[-4:]] == ["in_play"] * 4
    for game in demo:
        if game.status == "finished" and not game.stopped_early:
            assert game.replay.state.finished
        if game.status == "in_play":
            assert not game.replay.state.finished and game.finished_at is None
    starts = [game.created_at for game in demo]
    assert starts == sorted(starts)
    assert (TODAY - starts[0].date()).days > 600 and starts[-1].date() < TODAY


def test_seeding_stores_games_whose_projections_match_their_hands():
    hands = seed_demo(games=40, seed=3, today=TODAY)
    assert Game.objects.count() == 40
    assert HandRecord.objects.count() == hands
    assert 14 <= Player.objects.count() <= len(NAMES)
    assert SavedRuleset.objects.filter(name="Club rules").exists()
    assert Season.objects.filter(name="Spring 2024").exists()
    for game in Game.objects.prefetch_related("hands", "seats"):
        assert list(game_mismatches(game)) == [], game
    # Some tables had three players: standings count each kind apart, a seat a game.
    for players in (3, 4):
        finished = Game.objects.filter(status="finished", players=players)
        assert finished.exists()
        table = list(rows(standings(finished), players=players))
        assert sum(row.games for row in table) == players * finished.count()
        assert all(len(row.places) == players for row in table)


def test_the_command_adds_games_and_says_how_many(db):
    out = io.StringIO()
    call_command(
        "seed_demo",
        "--games",
        "12",
        "--seed",
        "4",
        "--today",
        "2025-06-01",
        stdout=out,
        stderr=io.StringIO(),
    )
    assert out.getvalue().startswith("added 12 games (")
    assert Game.objects.count() == 12
    assert Player.objects.filter(name__in=["佐藤", "鈴木"]).exists()
    with pytest.raises(CommandError, match="--games"):
        call_command("seed_demo", "--games", "0")
