"""The yaku of each reading, asked of the library's yaku one by one, equal those of the
library's own ``estimate_hand_value`` held to that one reading: over every real hand, over
hands chosen for the yaku the real ones lack, and over generated hands."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.meld import Meld
from real_data import HAND_CASES as CASES
from real_data import hand_doc

from scoring.calculator.input import HandInput
from scoring.calculator.readings import (
    Reading,
    hand_readings,
    library_config,
    library_tiles,
    valued_readings,
)
from scoring.calculator.tiles import HandError


class _FixedDivider(HandDivider):
    """A divider that knows one split (or none, for kokushi)."""

    def __init__(self, groups: tuple[tuple[int, ...], ...] | None) -> None:
        self._groups = groups

    def divide_hand(
        self,
        tiles_34: Sequence[int],
        melds: Collection[Meld] | None = None,
        use_cache: bool = False,
    ) -> list[list[list[int]]]:
        return [] if self._groups is None else [[list(g) for g in self._groups]]


class _NoScores(ScoresCalculator):
    def calculate_scores(
        self, han: int, fu: int, config: HandConfig, is_yakuman: bool = False
    ) -> dict[str, Any]:
        return {}


class _OneReading(HandCalculator):
    """The library's calculator held to one split and one winning group."""

    def __init__(self, reading: Reading) -> None:
        self.divider = _FixedDivider(reading.groups)
        self._win_group = list(reading.win_group)

    def _find_win_groups(
        self, win_tile: int, hand: list[list[int]], opened_melds: list[list[int]]
    ) -> list[list[int]]:
        return [self._win_group]


def estimated(hand: HandInput) -> list[list[tuple[str, int, bool]] | None]:
    """Per reading, the library's ``estimate_hand_value`` yaku (dora left out)."""
    ids, win_id, melds = library_tiles(hand)
    out: list[list[tuple[str, int, bool]] | None] = []
    for reading in hand_readings(hand):
        response: Any = _OneReading(reading).estimate_hand_value(
            ids,
            win_id,
            melds=melds,
            config=library_config(hand),
            scores_calculator_factory=_NoScores,
        )
        if response.error == HandCalculator.ERR_NO_YAKU:
            out.append(None)
            continue
        assert not response.error
        out.append(
            sorted(
                (
                    str(y.name),
                    int(y.han_open if response.is_open_hand and y.han_open else y.han_closed),
                    bool(y.is_yakuman),
                )
                for y in response.yaku
                if y.name not in ("Dora", "Aka Dora")
            )
        )
    return out


def ours(hand: HandInput) -> list[list[tuple[str, int, bool]] | None]:
    return [
        None if yaku is None else sorted((y.name, y.han, y.yakuman) for y in yaku)
        for _, yaku in valued_readings(hand)
    ]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_each_real_hands_yaku_are_the_librarys(case):
    hand = HandInput.from_json(hand_doc(case))
    assert ours(hand) == estimated(hand)


CHOSEN: list[dict[str, Any]] = [
    {"closed": "19m19p19s12345677z", "win_tile": "7z"},  # kokushi
    {"closed": "19m19p19s12345677z", "win_tile": "1m", "tsumo": True, "tenhou": True},
    {"closed": "11123455678999m", "win_tile": "5m"},  # junsei chuuren
    {"closed": "11123456789999m", "win_tile": "2m", "tsumo": True},  # chuuren
    {"closed": "11122233344455z", "win_tile": "5z"},  # daisuushi, tsuuiisou
    {"closed": "111222333444z55m", "win_tile": "5m", "tsumo": True},  # daisuushi tanki
    {"closed": "111222333z11m", "win_tile": "1m", "melds": [{"type": "pon", "tiles": "444z"}]},
    {"closed": "555666777z11999m", "win_tile": "9m", "tsumo": True},  # daisangen suuankou
    {"closed": "223344666888s66z", "win_tile": "6z"},  # ryuuiisou
    {"closed": "111999m111999p99s", "win_tile": "9s", "tsumo": True},  # chinroutou, suuankou
    {
        "closed": "11m",
        "win_tile": "1m",
        "tsumo": True,
        "rinshan": True,
        "melds": [
            {"type": "kan", "tiles": "2222z", "opened": False},
            {"type": "kan", "tiles": "3333z", "opened": False},
            {"type": "kan", "tiles": "9999p"},
            {"type": "kan", "tiles": "1111s"},
        ],
    },  # suukantsu
    {"closed": "1133557799m1133z", "win_tile": "9m", "riichi": True, "ippatsu": True},
    {"closed": "223344m556677p88s", "win_tile": "8s", "double_riichi": True, "houtei": True},
    {
        "closed": "234m234p234s567p88m",
        "win_tile": "7p",
        "tsumo": True,
        "haitei": True,
        "seat_wind": "S",
        "chiihou": True,
    },
    {
        "closed": "123789m123p456s99p",
        "win_tile": "3p",
        "chankan": True,
        "riichi": True,
        "melds": [],
    },
    {"closed": "123m789m123p99p", "win_tile": "9p", "melds": [{"type": "chi", "tiles": "789s"}]},
    {"closed": "123456789p11122z", "win_tile": "2z", "round_wind": "S"},
    {
        "closed": "22z",
        "win_tile": "2z",
        "seat_wind": "W",
        "round_wind": "S",
        "melds": [
            {"type": "pon", "tiles": "111z"},
            {"type": "pon", "tiles": "333z"},
            {"type": "pon", "tiles": "444z"},
            {"type": "chi", "tiles": "123m"},
        ],
    },  # shousuushii
]


@pytest.mark.parametrize("doc", CHOSEN, ids=[d["closed"] + d["win_tile"] for d in CHOSEN])
def test_chosen_hands_yaku_are_the_librarys(doc):
    try:
        hand = HandInput.from_json(doc)
    except HandError:
        pytest.fail(f"the chosen hand is refused: {doc}")
    assert ours(hand) == estimated(hand)


_SET = st.one_of(
    st.integers(0, 33).map(lambda k: (k, k, k)),
    st.integers(0, 26).filter(lambda k: k % 9 < 7).map(lambda k: (k, k + 1, k + 2)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    sets=st.lists(_SET, min_size=4, max_size=4),
    pair=st.integers(0, 33),
    win=st.integers(0, 13),
    tsumo=st.booleans(),
    riichi=st.booleans(),
    seat=st.sampled_from("ESWN"),
    round_wind=st.sampled_from("ESWN"),
    called=st.integers(0, 4),
)
def test_generated_hands_yaku_are_the_librarys(
    sets, pair, win, tsumo, riichi, seat, round_wind, called
):
    kinds = sorted([k for s in sets for k in s] + [pair, pair])
    assume(all(kinds.count(k) <= 4 for k in kinds))
    closed = [k for s in sets[called:] for k in s] + [pair, pair]
    melds = [{"type": "pon" if s[0] == s[1] else "chi", "tiles": _text(s)} for s in sets[:called]]
    doc = {
        "rules": {"preset": "tenhou", "aka_dora": 0},  # four plain fives may be drawn
        "closed": _text(closed),
        "win_tile": _text([closed[win % len(closed)]]),
        "melds": melds,
        "tsumo": tsumo,
        "riichi": riichi and not melds,
        "seat_wind": seat,
        "round_wind": round_wind,
    }
    hand = HandInput.from_json(doc)
    assert ours(hand) == estimated(hand)


def _text(kinds: Sequence[int]) -> str:
    return "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in kinds)
