"""The yaku of one reading, asked of the ``mahjong`` library's yaku one by one.

The library's ``HandCalculator.estimate_hand_value`` checks the tiles make a winning hand,
splits them, counts fu and payments and keeps the reading it likes best; the calculator
already has the reading (``scoring.calculator.readings``), its fu and its payments. So it
asks the library's yaku (``HandConfig.yaku``, their public ``is_condition_met``) in the
order and under the conditions ``estimate_hand_value`` (mahjong 1.4) asks them, for the
situations a ``HandInput`` can hold: no open riichi, renhou, paarenchan, nagashi mangan,
daisharin or daichisei (the ruleset has none of them). ``tests/scoring`` holds every real
Tenhou hand to what Tenhou paid, and checks these yaku against ``estimate_hand_value``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mahjong.constants import CHUN, EAST, HAKU, HATSU, NORTH, SOUTH, WEST
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld

#: The yakuhai yaku by the kind of their triplet (winds are the seat's or the round's).
_DRAGONS: Final = ((HAKU, "haku"), (HATSU, "hatsu"), (CHUN, "chun"))
_WINDS: Final = ((EAST, "east"), (SOUTH, "south"), (WEST, "west"), (NORTH, "north"))
_FU: Final = FuCalculator()


def reading_yaku(
    config: HandConfig,
    groups: list[list[int]] | None,
    win_group: list[int],
    *,
    tiles_34: Sequence[int],
    win_id: int,
    melds: list[Meld],
    is_open: bool,
) -> list[Any]:
    """The library's yaku objects for one reading (``groups`` ``None`` for kokushi), dora
    left out; empty for a reading without yaku.

    >>> from scoring.calculator.input import HandInput
    >>> from scoring.calculator.readings import library_config
    >>> hand = HandInput.from_json({"closed": "123456789m11222z", "win_tile": "2z"})
    >>> config = library_config(hand)
    >>> groups = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [27, 27], [28, 28, 28]]
    >>> tiles_34 = [1] * 9 + [0] * 18 + [2, 3] + [0] * 5
    >>> found = reading_yaku(config, groups, [28, 28, 28], tiles_34=tiles_34, win_id=113,
    ...                      melds=[], is_open=False)
    >>> [str(y.name) for y in found]
    ['Honitsu', 'Ittsu']
    """
    yaku: Any = config.yaku  # always made by HandConfig, typed optional
    win = win_id // 4
    if groups is None:
        found = [yaku.daburu_kokushi if tiles_34[win] == 2 else yaku.kokushi]
        if config.is_tenhou:
            found.append(yaku.tenhou)
        if config.is_chiihou:
            found.append(yaku.chiihou)
        return found
    found = []
    chiitoitsu = yaku.chiitoitsu.is_condition_met(groups)
    valued: list[Any] = [HAKU, HATSU, CHUN, config.player_wind, config.round_wind]
    fu_details, _ = _FU.calculate_fu(groups, win_id, win_group, config, valued, melds)
    triplets = [g for g in groups if len(g) >= 3 and g[0] == g[1]]
    has_chi = any(g[0] != g[1] for g in groups)
    if config.is_tsumo and not is_open:
        found.append(yaku.tsumo)
    if len(fu_details) == 1 and not chiitoitsu and not is_open:
        found.append(yaku.pinfu)
    if chiitoitsu:
        found.append(yaku.chiitoitsu)
    open_tanyao = config.options is not None and config.options.has_open_tanyao
    if yaku.tanyao.is_condition_met(groups) and (not is_open or open_tanyao):
        found.append(yaku.tanyao)
    if config.is_daburu_riichi:
        found.append(yaku.daburu_riichi)
    elif config.is_riichi:
        found.append(yaku.riichi)
    for flag, one in (
        (config.is_ippatsu, yaku.ippatsu),
        (config.is_rinshan, yaku.rinshan),
        (config.is_chankan, yaku.chankan),
        (config.is_haitei, yaku.haitei),
        (config.is_houtei, yaku.houtei),
        (config.is_tenhou, yaku.tenhou),
        (config.is_chiihou, yaku.chiihou),
    ):
        if flag:
            found.append(one)
    for one in (yaku.honitsu, yaku.chinitsu, yaku.tsuisou, yaku.honroto, yaku.chinroto):
        if one.is_condition_met(groups):
            found.append(one)
    if yaku.ryuisou.is_condition_met(groups):
        found.append(yaku.ryuisou)
    if has_chi:
        for one in (yaku.chantai, yaku.junchan, yaku.ittsu):
            if one.is_condition_met(groups):
                found.append(one)
        if not is_open:
            if yaku.ryanpeiko.is_condition_met(groups):
                found.append(yaku.ryanpeiko)
            elif yaku.iipeiko.is_condition_met(groups):
                found.append(yaku.iipeiko)
        if yaku.sanshoku.is_condition_met(groups):
            found.append(yaku.sanshoku)
    if triplets:
        found += _triplet_yaku(config, groups, triplets, tiles_34, win_id, melds, is_open)
    yakuman = [one for one in found if one.is_yakuman]
    return yakuman or found


def _triplet_yaku(
    config: HandConfig,
    groups: list[list[int]],
    triplets: list[list[int]],
    tiles_34: Sequence[int],
    win_id: int,
    melds: list[Meld],
    is_open: bool,
) -> list[Any]:
    """The yaku ``estimate_hand_value`` asks only of a hand with a triplet or a kan."""
    yaku: Any = config.yaku  # always made by HandConfig, typed optional
    win = win_id // 4
    found = []
    if yaku.toitoi.is_condition_met(groups):
        found.append(yaku.toitoi)
    if yaku.sanankou.is_condition_met(groups, win_id, melds, config.is_tsumo):
        found.append(yaku.sanankou)
    if yaku.sanshoku_douko.is_condition_met(groups):
        found.append(yaku.sanshoku_douko)
    if yaku.shosangen.is_condition_met(groups):
        found.append(yaku.shosangen)
    # A yakuhai needs a triplet of its tile: the others are not asked.
    kinds = {g[0] for g in triplets}
    for kind, name in _DRAGONS:
        if kind in kinds and getattr(yaku, name).is_condition_met(groups):
            found.append(getattr(yaku, name))
    for kind, name in _WINDS:
        if kind in kinds and getattr(yaku, name).is_condition_met(
            groups, config.player_wind, config.round_wind
        ):
            if config.player_wind == kind:
                found.append(yaku.yakuhai_place)
            if config.round_wind == kind:
                found.append(yaku.yakuhai_round)
    for one in (yaku.daisangen, yaku.shosuushi, yaku.daisuushi):
        if one.is_condition_met(groups):
            found.append(one)
    if not melds and yaku.chuuren_poutou.is_condition_met(groups):
        double = tiles_34[win] in (2, 4)
        found.append(yaku.daburu_chuuren_poutou if double else yaku.chuuren_poutou)
    if not is_open and yaku.suuankou.is_condition_met(groups, win_id, config.is_tsumo):
        found.append(yaku.suuankou_tanki if tiles_34[win] == 2 else yaku.suuankou)
    if yaku.sankantsu.is_condition_met(groups, melds):
        found.append(yaku.sankantsu)
    if yaku.suukantsu.is_condition_met(groups, melds):
        found.append(yaku.suukantsu)
    return found
