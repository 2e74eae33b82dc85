"""The real Tenhou data and the payment table the tests check against, kept in ``tests/data``
(its README names the sources): the games, the winning hands (a hand turned into the
``scorekeeper.hand/1`` format), the payment table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
GAMES_DIR = DATA / "tenhou-games"
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
