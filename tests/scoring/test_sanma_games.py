"""The real Tenhou three-player games in tests/data/sanma (a hanchan with 24 kita set aside,
rounded to 1000 as Tenhou did in 2014, and a tonpuusen), replayed under ``tenhou_sanma``,
reproduce what the log recorded: round, honba and sticks at each hand, the scores after every
hand, the final points and results. The expected numbers were read from the logs (the
MahjongLM paipu: each hand's starting ``defen``, the game's ``defen`` and ``point``), never
from the engine; the records say what happened in each hand (``tests/data/README.md``)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from real_data import SANMA_DIR

from scoring.__main__ import main
from scoring.record import parse_record, record_to_json
from scoring.record_output import score_document

GAMES = sorted(SANMA_DIR.glob("*.game.json"))


def _expected(game: Path) -> dict:
    return json.loads(game.with_name(game.name.replace(".game.json", ".expected.json")).read_text())


def test_both_real_sanma_games_are_there():
    assert [game.name.split(".")[0] for game in GAMES] == [
        "2014091101gm-00b9-0000-5ca6b487",
        "2023010100gm-00f1-0000-caffca62",
    ]


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name.split(".")[0])
def test_a_real_sanma_game_replays_exactly_as_the_log_recorded(game: Path):
    expected = _expected(game)
    out = score_document(json.loads(game.read_text()))
    hands = out["hands"]
    assert [h["round"] for h in hands] == expected["rounds"]
    assert [h["honba"] for h in hands] == expected["honba"]
    assert [h["sticks"] for h in hands] == expected["sticks"]
    assert [h["scores"] for h in hands] == expected["scores"]
    assert out["finished"] is True
    assert out["end_reason"] == "last_hand"
    assert [row["points"] for row in out["final"]] == expected["final_points"]
    assert [row["result"] for row in out["final"]] == expected["final_result"]


def _winners_kita(paipu: dict) -> tuple[int, list[int]]:
    """The kita in a paipu: all of them, and each win's winner's (``penuki`` events)."""
    every, winners = 0, []
    for kyoku in paipu["log"]:
        taken = [0, 0, 0]
        for event in kyoku:
            if "penuki" in event:
                taken[event["penuki"]["l"]] += 1
                every += 1
            if "hule" in event:
                winners.append(taken[event["hule"]["l"]])
    return every, winners


def test_the_hanchan_counts_its_24_kita_with_the_dora():
    name = "2014091101gm-00b9-0000-5ca6b487"
    every, expected = _winners_kita(json.loads((SANMA_DIR / f"{name}.majiang.json").read_text()))
    assert every == 24
    record = parse_record(json.loads((SANMA_DIR / f"{name}.game.json").read_text()))
    wins = [
        win
        for hand in record.hands
        for win in (getattr(hand.outcome, "wins", ()) or (getattr(hand.outcome, "win", None),))
        if win is not None
    ]
    assert [win.kita for win in wins] == expected
    # The first hand: riichi, tsumo, 2 dora (both kita), 2 red fives: 6 han, 12000 all.
    assert (wins[0].han, wins[0].kita, wins[0].dora) == (6, 2, (0, 0, 2))


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name.split(".")[0])
def test_a_real_sanma_record_round_trips_and_the_command_line_scores_it(game: Path):
    doc = json.loads(game.read_text())
    record = parse_record(doc)
    assert len(record.players) == 3
    assert parse_record(record_to_json(record)) == record
    assert parse_record(score_document(doc)) == record
    out = io.StringIO()
    assert main(["score", str(game)], out=out) == 0
    assert json.loads(out.getvalue()) == score_document(doc)


def test_the_command_line_prints_a_three_player_payment_table():
    out = io.StringIO()
    assert main(["table", "--rules", "tenhou_sanma", "--json"], out=out) == 0
    rows = json.loads(out.getvalue())
    mangan = next(r for r in rows if r.get("limit") == "mangan" and not r["dealer"])
    # rules/sanma.md 1d: a non-dealer mangan tsumo under tsumo loss is 2000 / 4000.
    assert mangan["tsumo"] == [2000, 4000]


def test_the_sanma_mjlog_converts_to_the_game_its_paipu_shows_and_reproduces_it():
    """Tenhou's own log of the hanchan (``<GO type="185">``: three players, East and South,
    red fives): the importer checks every hand's scores and the final results against the
    log before it answers, and makes the record the paipu gives (kita counted apart from
    Tenhou's dora line)."""
    from scoring.logs.convert import convert_log

    name = "2014091101gm-00b9-0000-5ca6b487"
    imported = convert_log((SANMA_DIR / f"{name}.mjlog.xml").read_bytes(), log_id=name)
    made = parse_record(json.loads((SANMA_DIR / f"{name}.game.json").read_text()))
    assert imported.whole
    assert imported.record == made
    assert imported.record.rules.to_spec() == {
        "preset": "tenhou_sanma",
        "result_rounding": "tenhou",
    }
    expected = _expected(SANMA_DIR / f"{name}.game.json")
    assert [list(r.after.scores) for r in imported.replay.results] == expected["scores"]


def test_the_command_line_converts_the_sanma_mjlog():
    name = "2014091101gm-00b9-0000-5ca6b487"
    out = io.StringIO()
    assert main(["convert", str(SANMA_DIR / f"{name}.mjlog.xml")], out=out) == 0
    doc = json.loads(out.getvalue())
    assert doc["players"] == ["Emurated", "あさぴん＠ｍｊ", "神速★.com"]
    assert doc["source"] == {"platform": "tenhou", "log": name}
    assert score_document(doc)["final"][0]["result"] == 54.0


def _sanma_json(*, kita_line: bool = False) -> dict:
    """The first two hands of the 2014 hanchan written as tenhou.net/6 JSON, with the numbers
    of its mjlog (``<INIT ten>``, ``<AGARI sc>``, ``<RYUUKYOKU sc>``): a dealer haneman tsumo
    after riichi with two kita set aside (Tenhou's dora line counts them), then a draw with
    seats 0 and 2 tenpai after seat 0's riichi. Only what the reader reads is filled in: the
    discards marking riichi (``r``) and kita (``f44``), the results."""
    empty: list = []
    first_dora = ["ドラ(2飜)"] if not kita_line else ["抜きドラ(2飜)"]
    first = [
        [0, 0, 0],
        [35000, 35000, 35000, 0],
        [37],
        [36],
        *[empty, empty, ["f44", "f44", 11, "r22"]],
        *[empty, empty, [19]],
        *[empty, empty, [21]],
        *[empty, empty, empty],
        [
            "和了",
            [13000, -6000, -6000, 0],
            [0, 0, 0, "跳満6000点∀", "立直(1飜)", "門前清自摸和(1飜)", *first_dora, "赤ドラ(2飜)"],
        ],
    ]
    second = [
        [0, 1, 0],
        [47000, 29000, 29000, 0],
        [39],
        [],
        *[empty, empty, ["r25"]],
        *[empty, empty, [19]],
        *[empty, empty, [21]],
        *[empty, empty, empty],
        ["流局", [1000, -2000, 1000, 0]],
    ]
    names = ["Emurated", "あさぴん＠ｍｊ", "神速★.com", ""]
    return {"name": names, "rule": {"disp": "三鳳南喰赤", "aka": 1}, "log": [first, second]}


@pytest.mark.parametrize("kita_line", [False, True], ids=["tenhou-dora-line", "kita-line"])
def test_a_three_player_tenhou6_log_converts_with_its_kita(kita_line):
    from scoring.logs.convert import convert_log

    imported = convert_log(json.dumps(_sanma_json(kita_line=kita_line)))
    record = imported.record
    assert record.players == ("Emurated", "あさぴん＠ｍｊ", "神速★.com")
    assert record.rules.preset == "tenhou_sanma" and record.rules.aka_dora == 2
    first = record.hands[0].outcome.win
    assert (first.han, first.kita, first.dora) == (6, 2, (0, 0, 2))
    # The scores the mjlog starts the next hands from: <INIT ten="470,290,290"> and
    # <INIT ten="470,270,300">.
    assert [list(r.after.scores) for r in imported.replay.results] == [
        [47000, 29000, 29000],
        [47000, 27000, 30000],
    ]
    assert record.hands[1].outcome.tenpai == (0, 2)
