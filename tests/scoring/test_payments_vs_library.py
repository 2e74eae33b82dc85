"""Our payments equal those of the field's reference library, ``mahjong`` (``ScoresCalculator``),
on every han/fu a hand can have, dealer or not, ron or tsumo, 0-5 honba, kiriage on or off,
kazoe yakuman or sanbaiman, and 1-6 yakuman.

Where the library and RULES.md part ways, we compare only where they should agree:

- The library prices any han/fu, even those no hand can have (1 han 20 fu, 20-fu ron,
  2 han 25 fu tsumo, 1 han 110 fu tsumo: reference §3.2); our engine refuses them, so they are
  left out here (``test_payments.py`` checks the refusals).
- The library's ``KAZOE_NO_LIMIT`` makes 26+ han a double kazoe yakuman. RULES.md knows only
  "13+ han: yakuman or sanbaiman", so we compare against ``KAZOE_LIMITED`` (13+ han = one
  yakuman) and ``KAZOE_SANBAIMAN``, and a test below states the difference.
- The library has no switch for "several yakuman do not add up" (EMA): it is given the count
  the ruleset counts (one yakuman under EMA), which is what the comparison checks.
- The library (1.x) prices four-player hands only: the three-player presets are checked
  against the worked payments of ``docs/rules/sanma.md`` instead (``test_sanma.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from scoring.payments import ron_deltas, ron_points, tsumo_deltas, tsumo_points, win_value
from scoring.rules import PRESETS, presets_for, resolve_rules

FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def possible(han: int, fu: int, *, tsumo: bool) -> bool:
    """reference §3.2: which han/fu pairs below 5 han some hand has, by ron or tsumo."""
    if fu == 20:
        return tsumo and han >= 2  # pinfu tsumo only
    if fu == 25:
        return han >= (3 if tsumo else 2)  # chiitoitsu; its tsumo adds menzen tsumo
    if fu == 110 and tsumo:
        return han >= 2
    return True


BELOW_MANGAN = [
    (han, fu, tsumo)
    for han in range(1, 5)
    for fu in FU
    for tsumo in (False, True)
    if possible(han, fu, tsumo=tsumo)
]


def library_scores(
    rules, *, han: int, fu: int | None, yakuman: int, dealer: bool, tsumo: bool, honba: int
) -> dict:
    options = OptionalRules(
        kiriage=rules.kiriage,
        kazoe_limit=(
            HandConstants.KAZOE_LIMITED
            if rules.kazoe == "yakuman"
            else HandConstants.KAZOE_SANBAIMAN
        ),
    )
    config = HandConfig(
        is_tsumo=tsumo,
        player_wind=EAST if dealer else SOUTH,
        tsumi_number=honba,
        options=options,
    )
    assert config.is_dealer is dealer
    if yakuman:
        counted = yakuman if rules.multiple_yakuman else 1
        return ScoresCalculator().calculate_scores(13 * counted, 0, config, is_yakuman=True)
    return ScoresCalculator().calculate_scores(han, fu or 30, config)


def assert_same_payments(
    rules,
    *,
    han: int | None,
    fu: int | None,
    yakuman: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
) -> None:
    lib = library_scores(
        rules, han=han or 0, fu=fu, yakuman=yakuman, dealer=dealer, tsumo=tsumo, honba=honba
    )
    basic = win_value(rules, han=han, fu=fu, yakuman=yakuman, tsumo=tsumo).basic
    winner = 0 if dealer else 1  # seat 0 deals
    if not tsumo:
        # The library's ``main`` is what the discarder pays, ``main_bonus`` its honba.
        assert ron_points(basic, dealer=dealer) == lib["main"]
        assert lib["additional"] == 0
        deltas = ron_deltas(rules, basic, winner=winner, discarder=2, dealer=0, honba=honba)
        assert -deltas[2] == lib["main"] + lib["main_bonus"]
        assert deltas[winner] == lib["total"]
        return
    each, from_dealer = tsumo_points(basic, dealer=dealer)
    # Non-dealer tsumo: ``main`` from the dealer, ``additional`` from each other player.
    # Dealer tsumo: ``main`` = ``additional`` from each.
    assert each == lib["additional"]
    assert (from_dealer if from_dealer is not None else each) == lib["main"]
    deltas = tsumo_deltas(rules, basic, winner=winner, dealer=0, honba=honba)
    for seat in range(4):
        if seat == winner:
            assert deltas[seat] == lib["total"]
        elif seat == 0:
            assert -deltas[seat] == lib["main"] + lib["main_bonus"]
        else:
            assert -deltas[seat] == lib["additional"] + lib["additional_bonus"]


def rules_variant(name: str, kiriage: bool, kazoe: str, multiple_yakuman: bool):
    return resolve_rules(
        {"preset": name, "kiriage": kiriage, "kazoe": kazoe, "multiple_yakuman": multiple_yakuman}
    )


RULES = st.builds(
    rules_variant,
    st.sampled_from(sorted(presets_for(4))),
    st.booleans(),
    st.sampled_from(["yakuman", "sanbaiman"]),
    st.booleans(),
)


@settings(max_examples=400, deadline=None)
@given(
    rules=RULES,
    cell=st.sampled_from(BELOW_MANGAN),
    dealer=st.booleans(),
    honba=st.integers(0, 5),
)
def test_payments_below_five_han_equal_the_library(rules, cell, dealer, honba):
    han, fu, tsumo = cell
    assert_same_payments(rules, han=han, fu=fu, yakuman=0, dealer=dealer, tsumo=tsumo, honba=honba)


@settings(max_examples=300, deadline=None)
@given(
    rules=RULES,
    han=st.integers(5, 40),
    fu=st.sampled_from([None, 30, 40, 110]),
    dealer=st.booleans(),
    tsumo=st.booleans(),
    honba=st.integers(0, 5),
)
def test_limit_and_kazoe_payments_equal_the_library(rules, han, fu, dealer, tsumo, honba):
    assert_same_payments(rules, han=han, fu=fu, yakuman=0, dealer=dealer, tsumo=tsumo, honba=honba)


@settings(max_examples=300, deadline=None)
@given(
    rules=RULES,
    yakuman=st.integers(1, 6),
    dealer=st.booleans(),
    tsumo=st.booleans(),
    honba=st.integers(0, 5),
)
def test_yakuman_payments_equal_the_library(rules, yakuman, dealer, tsumo, honba):
    assert_same_payments(
        rules, han=None, fu=None, yakuman=yakuman, dealer=dealer, tsumo=tsumo, honba=honba
    )


@pytest.mark.parametrize("kiriage", [False, True], ids=["plain", "kiriage"])
@pytest.mark.parametrize("kazoe", ["yakuman", "sanbaiman"])
def test_every_possible_han_and_fu_pays_as_in_the_library(kiriage, kazoe):
    """The whole finite space, not a sample: han 1-4 by every fu, 5-13 han, 1-6 yakuman,
    dealer or not, ron or tsumo, 0-5 honba."""
    rules = rules_variant("tenhou", kiriage, kazoe, True)
    cells = [(han, fu, tsumo, 0) for han, fu, tsumo in BELOW_MANGAN]
    cells += [(han, None, tsumo, 0) for han in range(5, 14) for tsumo in (False, True)]
    cells += [(None, None, tsumo, n) for n in range(1, 7) for tsumo in (False, True)]
    for han, fu, tsumo, yakuman in cells:
        for dealer in (False, True):
            for honba in range(6):
                assert_same_payments(
                    rules,
                    han=han,
                    fu=fu,
                    yakuman=yakuman,
                    dealer=dealer,
                    tsumo=tsumo,
                    honba=honba,
                )


def test_the_library_can_count_26_han_as_double_kazoe_which_rules_md_does_not():
    """RULES.md: "13+ kazoe (yakuman 8000 ...)": one yakuman however many han. The library's
    KAZOE_NO_LIMIT would pay 26 han as a double yakuman; that option is not ours."""
    config = HandConfig(options=OptionalRules(kazoe_limit=HandConstants.KAZOE_NO_LIMIT))
    assert ScoresCalculator().calculate_scores(26, 30, config)["main"] == 64000
    assert ron_points(win_value(PRESETS["tenhou"], han=26).basic, dealer=False) == 32000
