"""The presets as data: ``docs/RULES.md``'s tables of values, one dict a preset.

Each preset's values come from its rulebook as RULES.md cites it: the EMA 2016 and WRC
rulebooks, Tenhou's rule page and real logs, Mahjong Soul and M-League summaries; the two
three-player presets are RULES.md's version 3 table (``docs/rules/sanma.md`` 1b: twelve real
Tenhou sanma games, Mahjong Soul's rules as summarised there). The values
are written as a ruleset spec writes them (words, not enums); ``scoring.rules`` reads them
with the same checks as a club's overrides.
"""

from __future__ import annotations

from typing import Any, Final

from scoring.outcomes import ABORT_REASONS, AbortReason

COMMON_VALUES: Final[dict[str, Any]] = {
    "length": "hanchan",
    "pao_scope": "whole",
    "honba_value": 300,
    "noten_payment": 3000,
    "kuitan": True,
}

PRESET_VALUES: Final[dict[str, dict[str, Any]]] = {
    "ema": {
        "start_points": 30000,
        "return_points": 30000,
        "target_points": None,
        "uma": (15000, 5000, -5000, -15000),
        "oka": 0,
        "result_rounding": "none",
        "ties": "split",
        "leftover_sticks": "first",
        "chombo": "penalty",
        "chombo_penalty": 20000,
        "tobi": False,
        "riichi_below_1000": True,
        "agari_yame": False,
        "tenpai_yame": False,
        "extension": False,
        "multi_ron": "triple",
        "multi_ron_sticks": "own_back",
        "multi_ron_honba": "each",
        "abortive_draws": (),
        "nagashi_mangan": False,
        "kiriage": False,
        "kazoe": "sanbaiman",
        "multiple_yakuman": False,
        "double_yakuman_hands": False,
        "double_wind_fu": 4,
        "pao_ron_honba": "discarder",
        "aka_dora": 0,
    },
    "wrc": {
        "start_points": 30000,
        "return_points": 30000,
        "target_points": None,
        "uma": (15000, 5000, -5000, -15000),
        "oka": 0,
        "result_rounding": "none",
        "ties": "split",
        "leftover_sticks": "first",
        "chombo": "penalty",
        "chombo_penalty": 30000,
        "tobi": False,
        "riichi_below_1000": True,
        "agari_yame": False,
        "tenpai_yame": False,
        "extension": False,
        "multi_ron": "head_bump",
        "multi_ron_sticks": "nearest",
        "multi_ron_honba": "nearest",
        "abortive_draws": (),
        "nagashi_mangan": False,
        "kiriage": True,
        "kazoe": "sanbaiman",
        "multiple_yakuman": True,
        "double_yakuman_hands": False,
        "double_wind_fu": 2,
        "pao_ron_honba": "discarder",
        "aka_dora": 0,
    },
    "tenhou": {
        "start_points": 25000,
        "return_points": 30000,
        "target_points": 30000,
        "uma": (20000, 10000, -10000, -20000),
        "oka": 20000,
        "result_rounding": "tenhou",
        "ties": "seat_order",
        "leftover_sticks": "first",
        "chombo": "reverse_mangan",
        "chombo_penalty": 0,
        "tobi": True,
        "riichi_below_1000": False,
        "agari_yame": True,
        "tenpai_yame": True,
        "extension": True,
        "multi_ron": "double",
        "multi_ron_sticks": "nearest",
        "multi_ron_honba": "nearest",
        "abortive_draws": ABORT_REASONS,
        "nagashi_mangan": True,
        "kiriage": False,
        "kazoe": "yakuman",
        "multiple_yakuman": True,
        "double_yakuman_hands": False,
        "double_wind_fu": 4,
        "pao_ron_honba": "liable",
        "aka_dora": 3,
    },
    "mahjongsoul": {
        "start_points": 25000,
        "return_points": 25000,
        "target_points": 30000,
        "uma": (15000, 5000, -5000, -15000),
        "oka": 0,
        "result_rounding": "none",
        "ties": "seat_order",
        "leftover_sticks": "first",
        "chombo": "reverse_mangan",
        "chombo_penalty": 0,
        "tobi": True,
        "riichi_below_1000": False,
        "agari_yame": True,
        "tenpai_yame": True,
        "extension": True,
        "multi_ron": "triple",
        "multi_ron_sticks": "nearest",
        "multi_ron_honba": "nearest",
        "abortive_draws": ABORT_REASONS[:4],
        "nagashi_mangan": True,
        "kiriage": False,
        "kazoe": "yakuman",
        "multiple_yakuman": True,
        "double_yakuman_hands": True,
        "double_wind_fu": 4,
        "pao_ron_honba": "liable",
        "aka_dora": 3,
        "pao_scope": "one_yakuman",
    },
    "mleague": {
        "start_points": 25000,
        "return_points": 30000,
        "target_points": None,
        "uma": (30000, 10000, -10000, -30000),
        "oka": 20000,
        "result_rounding": "none",
        "ties": "split",
        "leftover_sticks": "first",
        "chombo": "penalty",
        "chombo_penalty": 20000,
        "tobi": False,
        "riichi_below_1000": True,
        "agari_yame": False,
        "tenpai_yame": False,
        "extension": False,
        "multi_ron": "head_bump",
        "multi_ron_sticks": "nearest",
        "multi_ron_honba": "nearest",
        "abortive_draws": (),
        "nagashi_mangan": False,
        "kiriage": True,
        "kazoe": "sanbaiman",
        "multiple_yakuman": True,
        "double_yakuman_hands": False,
        "double_wind_fu": 2,
        "pao_ron_honba": "discarder",
        "aka_dora": 3,
    },
}


#: What a three-player preset changes from its four-player platform's (RULES.md, version 3):
#: honba 200 (100 from each payer of a tsumo), a 2000 noten pool, a double ron at most, and
#: only the abortive draws three players can have.
_SANMA_COMMON: Final[dict[str, Any]] = {
    "players": 3,
    "sanma_tsumo": "loss",
    "honba_value": 200,
    "noten_payment": 2000,
    "multi_ron": "double",
    "abortive_draws": (AbortReason.KYUUSHU_KYUUHAI, AbortReason.SUUKAIKAN),
    # Red fives: 2m-8m are not played with three (RULES.md, version 3), so the red five of
    # man goes with them and the red 5p and 5s remain.
    "aka_dora": 2,
}

PRESET_VALUES["tenhou_sanma"] = {
    **PRESET_VALUES["tenhou"],
    **_SANMA_COMMON,
    "start_points": 35000,
    "return_points": 40000,
    "target_points": 40000,
    "uma": (20000, 0, -20000),
    "oka": 15000,
    # Tenhou's results keep 0.1 points since about 2020 (rules/sanma.md 1a).
    "result_rounding": "none",
}
PRESET_VALUES["mahjongsoul_sanma"] = {
    **PRESET_VALUES["mahjongsoul"],
    **_SANMA_COMMON,
    "start_points": 35000,
    "return_points": 35000,
    "target_points": 40000,
    "uma": (15000, 0, -15000),
    "oka": 0,
}
