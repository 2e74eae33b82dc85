"""Every real Tenhou game in tests/data replayed under its rules reproduces the log:
round, honba and sticks at each hand, scores after every hand, final points and results."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from real_data import GAMES_DIR

from scoring.__main__ import main
from scoring.record import parse_record, record_to_json
from scoring.record_output import score_document

DATA = GAMES_DIR
GAMES = sorted(DATA.glob("*.game.json"))


def _expected(game: Path) -> dict:
    return json.loads(game.with_name(game.name.replace(".game.json", ".expected.json")).read_text())


def test_the_real_games_are_there():
    assert len(GAMES) == 51


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name.removesuffix(".game.json"))
def test_real_game_replays_exactly_as_the_log_recorded(game: Path):
    expected = _expected(game)
    out = score_document(json.loads(game.read_text()))
    hands = out["hands"]
    assert [h["round"] for h in hands] == expected["rounds"]
    assert [h["honba"] for h in hands] == expected["honba"]
    assert [h["sticks"] for h in hands] == expected["sticks"]
    assert [h["scores"] for h in hands] == expected["scores"]
    assert out["finished"] is True
    assert [row["points"] for row in out["final"]] == expected["final_points"]
    assert [row["result"] for row in out["final"]] == expected["final_result"]


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name.removesuffix(".game.json"))
def test_real_game_deltas_add_up_to_the_scores(game: Path):
    out = score_document(json.loads(game.read_text()))
    previous = [out["rules"]["start_points"]] * 4
    for hand in out["hands"]:
        assert [p + d for p, d in zip(previous, hand["deltas"], strict=True)] == hand["scores"]
        previous = hand["scores"]


@pytest.mark.parametrize("game", GAMES[:10], ids=lambda p: p.name.removesuffix(".game.json"))
def test_real_game_record_round_trips(game: Path):
    doc = json.loads(game.read_text())
    record = parse_record(doc)
    assert parse_record(record_to_json(record)) == record
    assert parse_record(score_document(doc)) == record


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name.removesuffix(".game.json"))
def test_the_command_line_writes_the_scored_document(game: Path):
    """``python -m scoring score`` writes its text straight from the replay: the same JSON
    as ``score_document``."""
    out = io.StringIO()
    assert main(["score", "-"], stdin=io.StringIO(game.read_text()), out=out) == 0
    assert json.loads(out.getvalue()) == score_document(json.loads(game.read_text()))
