"""The real Tenhou data and the payment table the tests check against, kept in ``tests/data``
(its README names the sources): the games, the winning hands (a hand turned into the
``scorekeeper.hand/1`` format), the payment table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
GAMES_DIR = DATA / "tenhou-games"
#: The raw logs the games were read from, and more logs in both of Tenhou's formats.
RAW_LOGS_DIR = DATA / "tenhou-logs"
LOGS_DIR = DATA / "logs"
SCORE_TABLE = DATA / "score_table.json"
HAND_CASES: list[dict[str, Any]] = json.loads((DATA / "tenhou-hands.json").read_text())["cases"]
SITUATION = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "seat_wind",
    "round_wind",
    "dora_indicators",
    "ura_dora_indicators",
    "honba",
    "riichi_sticks",
)


def hand_doc(case: dict[str, Any]) -> dict[str, Any]:
    """A real hand in the hand format. Tenhou's options are the tenhou preset (red fives,
    open tanyao, no kiriage, kazoe yakuman, no double yakuman); a few lobbies had no reds."""
    rules: dict[str, Any] = {"preset": "tenhou"}
    if not case["options"]["has_aka_dora"]:
        rules["aka_dora"] = 0
    assert not case["renhou"]  # not a yaku on Tenhou, and not in the format
    melds = [
        # A kan added to an open pon (shouminkan) is an open kan in the hand format.
        {
            "type": "kan" if m["type"] == "shouminkan" else m["type"],
            "tiles": m["tiles"],
            "opened": m["opened"],
        }
        for m in case["melds"]
    ]
    doc = {
        "format": "scorekeeper.hand/1",
        "rules": rules,
        "closed": case["closed_tiles"],
        "melds": melds,
        "win_tile": case["win_tile"],
    }
    return doc | {key: case[key] for key in SITUATION}


#: Tenhou lists the seat's and the round's wind by the wind (ids 10-17); the calculator and
#: the game record name them ``Seat Wind`` and ``Round Wind``.
_TENHOU_WINDS = ("Seat Wind ", "Round Wind ")
_DORA_LINES = {"Dora": 0, "Ura Dora": 1, "Aka Dora": 2}


def case_yaku(case: dict[str, Any]) -> list[str]:
    """Tenhou's yaku of a real hand in the game record's names (dora lines left out)."""
    names = []
    for line in case["expected"]["yaku"]:
        name = line["name"]
        if name in _DORA_LINES:
            continue
        for wind in _TENHOU_WINDS:
            if name.startswith(wind):
                name = wind.strip()
        names.append(name)
    return names


def case_dora(case: dict[str, Any]) -> dict[str, int]:
    """Tenhou's dora, ura dora and red fives of a real hand, as a win's ``dora`` object."""
    counts = [0, 0, 0]
    for line in case["expected"]["yaku"]:
        if line["name"] in _DORA_LINES:
            counts[_DORA_LINES[line["name"]]] += line["han"]
    return {"dora": counts[0], "ura": counts[1], "aka": counts[2]}


def case_open(case: dict[str, Any]) -> bool:
    """Whether a real hand was open: a called set (a closed kan leaves it closed)."""
    return any(meld["opened"] for meld in case["melds"])


def case_win(case: dict[str, Any]) -> dict[str, Any]:
    """A real winning hand as a game record's win: Tenhou's value, yaku, dora and open."""
    expected = case["expected"]
    win: dict[str, Any] = {"winner": case["winner_seat"]}
    if expected["yakuman"]:
        win["yakuman"] = expected["yakuman"]
    else:
        win["han"] = expected["han"]
        if expected["han"] < 5:
            win["fu"] = expected["fu"]
    if case["pao_seat"] is not None:
        win["pao"] = case["pao_seat"]
    win["yaku"] = case_yaku(case)
    if not expected["yakuman"]:
        win["dora"] = case_dora(case)
    win["open"] = case_open(case)
    return win
