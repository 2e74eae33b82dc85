"""The checks of a hand's red fives and of its rarer flags, for ``HandInput``: each refuses
with a ``HandError`` naming the field."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from scoring.calculator.tiles import COPIES, FIVE_KINDS, HandError, Tile

if TYPE_CHECKING:
    from scoring.calculator.input import HandInput

#: Red fives per suit in a set of three or four (rules/reference.md: Tenhou one per suit).
REDS_IN_SET: Final = {3: {"m": 1, "p": 1, "s": 1}, 4: {"m": 1, "p": 2, "s": 1}}


def check_red_fives(aka: int, groups: Sequence[tuple[str, Sequence[Tile]]]) -> None:
    """The set has ``aka_dora`` red fives (RULES.md). Three are one per suit (Tenhou,
    Mahjong Soul, M-League: rules/reference.md) and four add a second red 5p; with
    those, a suit's plain fives are only the rest: a fourth plain 5m is a red one
    written as plain, and would lose its han."""
    reds_in_set = REDS_IN_SET.get(aka)
    reds = {"m": 0, "p": 0, "s": 0}
    plain = {"m": 0, "p": 0, "s": 0}
    for name, tiles in groups:
        for tile in tiles:
            if tile.kind not in FIVE_KINDS:
                continue
            if tile.red and aka == 0:
                raise HandError(
                    name,
                    f"{tile} is a red five, and this ruleset has none",
                    code="dora.no_red_fives",
                    values={"tile": str(tile)},
                )
            count = reds if tile.red else plain
            count[tile.suit] += 1
            most = reds_in_set[tile.suit] if reds_in_set else aka
            if tile.red and (sum(reds.values()) > aka or reds[tile.suit] > most):
                raise HandError(
                    name,
                    f"one {tile} too many: the set has {aka} red five(s)",
                    code="tiles.red_five_too_many",
                    values={"tile": str(tile), "most": aka},
                )
            if reds_in_set and plain[tile.suit] > COPIES - reds_in_set[tile.suit]:
                raise HandError(
                    name,
                    f"too many plain {tile}: {reds_in_set[tile.suit]} of the four is red "
                    f"under this ruleset (write it 0{tile.suit})",
                    code="tiles.plain_five_too_many",
                    values={"tile": str(tile), "red": f"0{tile.suit}"},
                )


def check_rare_flags(hand: HandInput, riichi: bool) -> None:
    """The flags most hands leave false, checked (their messages built) only when set."""
    checks = (
        (
            "ippatsu",
            hand.ippatsu and not riichi,
            "ippatsu needs riichi",
            "flags.ippatsu_without_riichi",
        ),
        (
            "ippatsu",
            hand.ippatsu and hand.rinshan,
            "a kan ends ippatsu, so it cannot come with rinshan",
            "flags.ippatsu_with_rinshan",
        ),
        (
            "rinshan",
            hand.rinshan and not hand.tsumo,
            "rinshan kaihou is a tsumo on the replacement tile, not a ron",
            "flags.rinshan_ron",
        ),
        (
            "rinshan",
            hand.rinshan and not any(m.type == "kan" for m in hand.melds),
            "rinshan kaihou needs a kan among the melds",
            "flags.rinshan_without_kan",
        ),
        (
            "chankan",
            hand.chankan and hand.tsumo,
            "chankan is a ron on a kan, not a tsumo",
            "flags.chankan_tsumo",
        ),
        (
            "haitei",
            hand.haitei and not hand.tsumo,
            "haitei is a tsumo (houtei is the ron)",
            "flags.haitei_ron",
        ),
        (
            "haitei",
            hand.haitei and hand.rinshan,
            "the last tile from the wall is not a replacement tile (rinshan)",
            "flags.haitei_rinshan",
        ),
        (
            "houtei",
            hand.houtei and hand.tsumo,
            "houtei is a ron (haitei is the tsumo)",
            "flags.houtei_tsumo",
        ),
        (
            "houtei",
            hand.houtei and hand.chankan,
            "houtei is the last discard, not a kan robbed",
            "flags.houtei_chankan",
        ),
        (
            "tenhou",
            hand.tenhou and not hand.dealer,
            f"tenhou is the dealer's (seat_wind E), not {hand.seat_wind.value}'s",
            "flags.tenhou_non_dealer",
        ),
        (
            "chiihou",
            hand.chiihou and hand.dealer,
            "chiihou is a non-dealer's (the dealer's is tenhou)",
            "flags.chiihou_dealer",
        ),
    )
    for name, wrong, message, code in checks:
        if wrong:
            raise HandError(name, message, code=code, values={"flag": name})
    for name in ("tenhou", "chiihou"):
        if not getattr(hand, name):
            continue
        if not hand.tsumo:
            raise HandError(
                name,
                f"{name} is a tsumo on the first draw",
                code="flags.first_draw_tsumo",
                values={"flag": name},
            )
        if hand.melds:
            raise HandError(
                name,
                f"{name} is won before any call or kan",
                code="flags.first_draw_melds",
                values={"flag": name},
            )
        if riichi:
            raise HandError(
                name,
                f"{name} is won before any riichi",
                code="flags.first_draw_riichi",
                values={"flag": name},
            )
