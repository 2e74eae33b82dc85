"""The five presets hold the values of the RULES.md parameter table, cell by cell; a club's
ruleset is a preset plus overrides; an unknown parameter or a bad value is refused with a
message that names the parameter.

Cells the table leaves as ``-`` (``multi_ron_sticks`` and ``multi_ron_honba`` under head bump,
where only one winner exists) are not checked: any value is right there.
"""

from __future__ import annotations

import pytest

from scoring.errors import RulesError
from scoring.rules import PARAMETERS, PRESETS, Ruleset, presets_for, resolve_rules

NAMES = ("ema", "wrc", "tenhou", "mahjongsoul", "mleague")
ALL_ABORTS = {"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"}
SKIP = object()  # a "-" cell of the table

# RULES.md "Ruleset parameters", transcribed row by row in the order ema, wrc, tenhou,
# mahjongsoul, mleague. Points are in points, "yes"/"no" are booleans, "?" cells keep the value.
TABLE: dict[str, tuple[object, ...]] = {
    "length": ("hanchan",) * 5,
    "start_points": (30000, 30000, 25000, 25000, 25000),
    "return_points": (30000, 30000, 30000, 25000, 30000),
    "target_points": (None, None, 30000, 30000, None),
    "uma": (
        (15000, 5000, -5000, -15000),
        (15000, 5000, -5000, -15000),
        (20000, 10000, -10000, -20000),
        (15000, 5000, -5000, -15000),
        (30000, 10000, -10000, -30000),
    ),
    "oka": (0, 0, 20000, 0, 20000),
    "result_rounding": ("none", "none", "tenhou", "none", "none"),
    "ties": ("split", "split", "seat_order", "seat_order", "split"),
    "leftover_sticks": ("first",) * 5,
    "chombo": ("penalty", "penalty", "reverse_mangan", "reverse_mangan", "penalty"),
    "chombo_penalty": (20000, 30000, 0, 0, 20000),
    "tobi": (False, False, True, True, False),
    "riichi_below_1000": (True, True, False, False, True),
    "agari_yame": ("none", "none", "automatic", "automatic", "none"),
    "tenpai_yame": ("none", "none", "automatic", "automatic", "none"),
    "extension": (False, False, True, True, False),
    "honba_value": (300,) * 5,
    "noten_payment": (3000,) * 5,
    "multi_ron": ("triple", "head_bump", "double", "triple", "head_bump"),
    "multi_ron_sticks": ("own_back", SKIP, "nearest", "nearest", SKIP),
    "multi_ron_honba": ("each", SKIP, "nearest", "nearest", SKIP),
    "abortive_draws": (
        set(),
        set(),
        ALL_ABORTS,
        ALL_ABORTS - {"sanchahou"},
        set(),
    ),
    "nagashi_mangan": (False, False, True, True, False),
    "kiriage": (False, True, False, False, True),
    "kazoe": ("sanbaiman", "sanbaiman", "yakuman", "yakuman", "sanbaiman"),
    "multiple_yakuman": (False, True, True, True, True),
    "double_yakuman_hands": (False, False, False, True, False),
    "double_wind_fu": (4, 2, 4, 4, 2),
    "pao_ron_honba": ("discarder", "discarder", "liable", "liable", "discarder"),
    "aka_dora": (0, 0, 3, 3, 3),
    "kuitan": (True,) * 5,
    # RULES.md "Version 2 parameters": every preset has the default, which changes nothing.
    "extension_end": ("deal_passes",) * 5,
    "renchan": ("tenpai",) * 5,
    "tobi_at_zero": (False,) * 5,
    "tobi_bonus": (0,) * 5,
    "chip_value": (0,) * 5,
    "yakitori_penalty": (0,) * 5,
}

CELLS = [
    pytest.param(name, parameter, values[i], id=f"{name}-{parameter}")
    for parameter, values in TABLE.items()
    for i, name in enumerate(NAMES)
    if values[i] is not SKIP
]


def test_the_presets_are_the_five_of_rules_md_and_the_two_of_version_3():
    assert presets_for(4) == NAMES
    assert presets_for(3) == ("tenhou_sanma", "mahjongsoul_sanma")
    assert set(PRESETS) == set(NAMES) | set(presets_for(3))


def test_a_ruleset_has_exactly_the_parameters_of_the_rules_md_table():
    # Plus one the reference adds (section 2.6): how a composite yakuman follows pao; and
    # the two of version 3 (three players), checked in ``test_sanma.py``.
    assert set(PARAMETERS) == set(TABLE) | {"pao_scope", "players", "sanma_tsumo"}


@pytest.mark.parametrize("name", NAMES)
def test_the_four_player_presets_have_four_players_and_the_default_tsumo(name):
    assert PRESETS[name].players == 4
    assert PRESETS[name].sanma_tsumo == "loss"


def test_composite_yakuman_pao_follows_tenhou_and_mahjong_soul():
    """reference 2.6: Tenhou splits the whole hand, Mahjong Soul only the pao yakuman."""
    assert PRESETS["tenhou"].pao_scope == "whole"
    assert PRESETS["mahjongsoul"].pao_scope == "one_yakuman"


@pytest.mark.parametrize(("name", "parameter", "expected"), CELLS)
def test_each_preset_holds_the_value_rules_md_gives_it(name, parameter, expected):
    value = getattr(PRESETS[name], parameter)
    if parameter == "abortive_draws":
        assert set(value) == expected
    elif parameter == "uma":
        assert tuple(value) == expected
    else:
        assert value == expected


@pytest.mark.parametrize("name", NAMES)
def test_a_preset_name_resolves_to_that_preset(name):
    rules = resolve_rules(name)
    assert rules == PRESETS[name]
    assert rules.preset == name


@pytest.mark.parametrize("name", NAMES)
def test_a_preset_without_overrides_records_as_its_bare_name(name):
    assert PRESETS[name].to_spec() == name
    assert resolve_rules({"preset": name}) == PRESETS[name]


@pytest.mark.parametrize(
    ("spec", "parameter", "expected"),
    [
        # RULES.md: "a club can save its own ruleset as a preset plus overrides".
        ({"preset": "ema", "kiriage": True}, "kiriage", True),  # EMA 2025 (reference §1b)
        ({"preset": "tenhou", "length": "tonpuusen"}, "length", "tonpuusen"),
        (
            {"preset": "tenhou", "uma": [10000, 5000, -5000, -10000]},
            "uma",
            (10000, 5000, -5000, -10000),
        ),
        # RULES.md version 2: old records' false still reads, as none.
        ({"preset": "tenhou", "tenpai_yame": False}, "tenpai_yame", "none"),
        ({"preset": "ema", "agari_yame": True}, "agari_yame", "automatic"),
        ({"preset": "ema", "agari_yame": "optional"}, "agari_yame", "optional"),
        ({"preset": "tenhou", "extension_end": "any_hand"}, "extension_end", "any_hand"),
        ({"preset": "ema", "renchan": "win"}, "renchan", "win"),
        ({"preset": "tenhou", "tobi_at_zero": True}, "tobi_at_zero", True),
        ({"preset": "tenhou", "tobi_bonus": 10000}, "tobi_bonus", 10000),
        ({"preset": "ema", "leftover_sticks": "split_all"}, "leftover_sticks", "split_all"),
        ({"preset": "ema", "chip_value": 2000}, "chip_value", 2000),
        ({"preset": "ema", "yakitori_penalty": 10000}, "yakitori_penalty", 10000),
        ({"preset": "mleague", "chombo": "reverse_mangan"}, "chombo", "reverse_mangan"),
        ({"preset": "wrc", "leftover_sticks": "lost"}, "leftover_sticks", "lost"),
        (
            {"preset": "ema", "abortive_draws": ["suucha_riichi"]},
            "abortive_draws",
            ("suucha_riichi",),
        ),
        ({"preset": "ema", "target_points": 30000}, "target_points", 30000),
        ({"preset": "tenhou", "double_wind_fu": 2}, "double_wind_fu", 2),
        ({"preset": "mahjongsoul", "kazoe": "sanbaiman"}, "kazoe", "sanbaiman"),
        ({"preset": "ema", "honba_value": 1500}, "honba_value", 1500),
    ],
)
def test_an_override_changes_that_parameter_and_nothing_else(spec, parameter, expected):
    rules = resolve_rules(spec)
    base = PRESETS[spec["preset"]]
    value = getattr(rules, parameter)
    assert (tuple(value) if isinstance(value, list) else value) == expected
    for other in PARAMETERS:
        if other != parameter:
            assert getattr(rules, other) == getattr(base, other), other
    assert rules.preset == spec["preset"]


def test_a_ruleset_with_overrides_records_as_preset_plus_those_overrides():
    rules = resolve_rules({"preset": "ema", "kiriage": True, "tobi": True})
    assert rules.to_spec() == {"preset": "ema", "kiriage": True, "tobi": True}
    assert resolve_rules(rules.to_spec()) == rules


def test_an_override_equal_to_the_preset_value_is_no_override():
    assert resolve_rules({"preset": "wrc", "kiriage": True}).to_spec() == "wrc"


@pytest.mark.parametrize("name", NAMES)
def test_every_parameter_round_trips_through_json(name):
    resolved = PRESETS[name].to_json()
    assert set(resolved) == set(PARAMETERS) | {"preset"}
    assert resolve_rules(resolved) == PRESETS[name]


def test_a_ruleset_is_immutable():
    with pytest.raises(AttributeError):
        PRESETS["ema"].kiriage = True  # type: ignore[misc]
    assert isinstance(PRESETS["ema"], Ruleset)


@pytest.mark.parametrize(
    ("spec", "parameter"),
    [
        ({"preset": "ema", "kiriagee": True}, "kiriagee"),
        ({"preset": "ema", "red_fives": 3}, "red_fives"),
        ({"preset": "tenhou", "honba": 300}, "honba"),
    ],
)
def test_an_unknown_parameter_is_refused_by_name(spec, parameter):
    with pytest.raises(RulesError, match=rf"\b{parameter}\b.*unknown|unknown.*\b{parameter}\b"):
        resolve_rules(spec)


@pytest.mark.parametrize("spec", ["riichi", "EMA", "", {"preset": "club"}, {"kiriage": True}])
def test_an_unknown_or_missing_preset_is_refused(spec):
    with pytest.raises(RulesError, match="preset"):
        resolve_rules(spec)


@pytest.mark.parametrize(
    ("parameter", "value"),
    [
        ("length", "west"),
        ("length", 2),
        ("start_points", -100),
        ("start_points", 25050),
        ("start_points", "25000"),
        ("start_points", True),
        ("return_points", 30000.0),
        ("target_points", 0),
        ("target_points", "30000"),
        ("uma", [15000, 5000, -5000]),
        ("uma", [15000, 5000, -5000, "-15000"]),
        ("uma", [15050, 5000, -5000, -15050]),
        ("uma", 15000),
        ("oka", -20000),
        ("result_rounding", "nearest"),
        ("ties", "coin"),
        ("leftover_sticks", "dealer"),
        ("chombo", "mangan"),
        ("chombo_penalty", -20000),
        ("tobi", "yes"),
        ("tobi", 1),
        ("riichi_below_1000", None),
        ("agari_yame", "no"),
        ("tenpai_yame", 0),
        ("extension", "yes"),
        ("honba_value", -300),
        ("honba_value", "300"),
        ("noten_payment", -3000),
        ("multi_ron", "quadruple"),
        ("multi_ron_sticks", "split"),
        ("multi_ron_honba", "all"),
        ("abortive_draws", ["kyuushu_kyuuhai", "five_kans"]),
        ("abortive_draws", "yes"),
        ("nagashi_mangan", "no"),
        ("kiriage", None),
        ("kazoe", "baiman"),
        ("multiple_yakuman", 2),
        ("double_yakuman_hands", "no"),
        ("double_wind_fu", 3),
        ("double_wind_fu", True),
        ("pao_ron_honba", "winner"),
        ("aka_dora", 5),
        ("aka_dora", -1),
        ("kuitan", "yes"),
        # The strict values of RULES.md "Version 2 parameters" (the findings).
        ("double_wind_fu", 2.0),
        ("double_wind_fu", 4.0),
        ("honba_value", 300.0),
        ("aka_dora", True),
        ("aka_dora", 3.0),
        ("uma", [10**14, 0, 0, -(10**14)]),
        ("uma", [1_000_100, 0, 0, -1_000_100]),
        ("uma", [15000, 5000, -5000, -5000]),
        ("uma", [15000.0, 5000, -5000, -15000]),
        ("uma", [True, 0, 0, -1]),
        ("uma", {"1": [15000, 5000, -5000, -15000]}),
        ("uma", {"1": [1, 2], "2": [0, 0, 0, 0], "3": [0, 0, 0, 0]}),
        ("uma", {"1": [0, 0, 0, 0], "2": [100, 0, 0, 0], "3": [0, 0, 0, 0]}),
        ("agari_yame", "sometimes"),
        ("tenpai_yame", "Optional"),
        ("extension_end", "never"),
        ("extension_end", True),
        ("renchan", "draw"),
        ("leftover_sticks", "split"),
        ("tobi_at_zero", 0),
        ("tobi_bonus", 10050),
        ("tobi_bonus", 10000.0),
        ("tobi_bonus", 1_000_100),
        ("chip_value", -100),
        ("chip_value", 500.5),
        ("yakitori_penalty", -1000),
        ("yakitori_penalty", "1000"),
        ("oka", 20000.0),
        ("target_points", 30000.0),
        ("target_points", 1_000_100),
    ],
)
def test_a_bad_value_is_refused_naming_the_parameter(parameter, value):
    with pytest.raises(RulesError, match=rf"\b{parameter}\b"):
        resolve_rules({"preset": "tenhou", parameter: value})


def test_an_extension_without_target_points_is_refused_naming_target_points():
    # RULES.md: the extension is sudden death "while nobody has target_points".
    with pytest.raises(RulesError, match="target_points"):
        resolve_rules({"preset": "ema", "extension": True})
    assert resolve_rules({"preset": "ema", "extension": True, "target_points": 30000}).extension


def test_a_ruleset_spec_must_be_a_name_or_an_object():
    with pytest.raises(RulesError, match="rules"):
        resolve_rules(["ema"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("good", "bad"),
    [
        ({"uma": [15000, 5000, -5000, -15000]}, {"uma": [15000.0, 5000, -5000, -15000]}),
        ({"double_wind_fu": 2}, {"double_wind_fu": 2.0}),
        ({"kiriage": False}, {"kiriage": 0}),
    ],
)
def test_a_resolved_ruleset_is_never_reused_for_an_equal_value_of_another_type(good, bad):
    """RULES.md version 2, strict values: 2.0 is refused where 2 is accepted, though equal."""
    resolve_rules({"preset": "ema", **good})
    with pytest.raises(RulesError):
        resolve_rules({"preset": "ema", **bad})
