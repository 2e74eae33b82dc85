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
#: Three-player (sanma) data: two real Tenhou games and 201 real winning hands.
SANMA_DIR = DATA / "sanma"
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


# The 201 real three-player winning hands (smly/RiichiEnv ``agari_3p.json``): tiles in
# Tenhou's 136 numbering (a kind is ``tile // 4``; 16, 52 and 88 are the red fives), the
# situation, and the expected han, fu and yaku ids (RiichiEnv's, equal to Mahjong Soul's).
SANMA_HANDS: list[dict[str, Any]] = json.loads(
    (SANMA_DIR / "riichienv-agari_3p-half.json").read_text()
)["cases"]
_RED_136 = {16: "0m", 52: "0p", 88: "0s"}
_WINDS = "ESWN"
_SANMA_MELDS = {"pon": "pon", "daiminkan": "kan", "kakan": "kan", "ankan": "kan"}
#: RiichiEnv's yaku ids (``riichienv-core/src/yaku.rs``) in the calculator's names; 10 and 11
#: are the seat's and the round's wind, named with their wind by the calculator.
SANMA_YAKU_IDS: dict[int, str] = {
    1: "Menzen Tsumo",
    2: "Riichi",
    3: "Chankan",
    4: "Rinshan Kaihou",
    5: "Haitei Raoyue",
    6: "Houtei Raoyui",
    7: "Haku",
    8: "Hatsu",
    9: "Chun",
    10: "Seat Wind",
    11: "Round Wind",
    12: "Tanyao",
    13: "Iipeikou",
    14: "Pinfu",
    15: "Chantaiyao",
    16: "Ittsu",
    17: "Sanshoku Doujun",
    18: "Double Riichi",
    19: "Sanshoku Doukou",
    20: "Sankantsu",
    21: "Toitoi",
    22: "Sanankou",
    23: "Shousangen",
    24: "Honroutou",
    25: "Chiitoitsu",
    26: "Junchan",
    27: "Honitsu",
    28: "Ryanpeikou",
    29: "Chinitsu",
    30: "Ippatsu",
    31: "Dora",
    32: "Aka Dora",
    33: "Ura Dora",
    34: "Kita",
}


def _tile_136(tile: int) -> str:
    if tile in _RED_136:
        return _RED_136[tile]
    kind = tile // 4
    return f"{kind % 9 + 1}{'mps'[kind // 9]}" if kind < 27 else f"{kind - 26}z"


def sanma_hand_doc(case: dict[str, Any]) -> dict[str, Any]:
    """A real three-player hand in the hand format, under ``tenhou_sanma`` (red 5p and 5s)."""
    situation = case["conditions"]
    tiles = list(case["tiles_136"])
    if case["win_tile_136"] not in tiles:
        tiles.append(case["win_tile_136"])
    melds = []
    for meld in case["melds"]:
        kind = meld["meld_type"]
        entry: dict[str, Any] = {
            "type": _SANMA_MELDS[kind],
            "tiles": "".join(_tile_136(t) for t in meld["tiles"]),
        }
        if kind == "ankan":
            entry["opened"] = False
        melds.append(entry)
    riichi = situation["riichi"] or situation["double_riichi"]
    flags = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan")
    return {
        "format": "scorekeeper.hand/1",
        "players": 3,
        "rules": "tenhou_sanma",
        "closed": "".join(_tile_136(t) for t in tiles),
        "melds": melds,
        "win_tile": _tile_136(case["win_tile_136"]),
        **{flag: situation[flag] for flag in flags},
        "chankan": situation["chankan"],
        "seat_wind": _WINDS[situation["player_wind"]],
        "round_wind": _WINDS[situation["round_wind"]],
        "dora_indicators": [_tile_136(t) for t in case["dora_indicators"]],
        "ura_dora_indicators": [_tile_136(t) for t in case["ura_indicators"]] if riichi else [],
        "kita": situation["kita_count"],
    }
