"""One winning hand as it lies on the table: the input of ``docs/hand.md``.

``HandInput.from_json`` reads a ``scorekeeper.hand/1`` document and refuses, with a
``HandError`` naming the field, whatever no real table can show: wrong types or unknown keys,
a tile count that is not 14 (a kan counting as 3), a meld that is not a set, a win tile that is
not among the closed tiles, a fifth copy of a tile, red fives the ruleset does not have, and
flags that cannot hold together. The flag rules are the standard ones (seed 000's yaku list;
``rules/reference.md``): riichi only with a closed hand (closed kans allowed), ippatsu only
after riichi and never with rinshan, rinshan only on a tsumo after a kan, chankan and houtei
only on a ron, haitei only on a tsumo, tenhou for the dealer and chiihou for a non-dealer,
both on a tsumo with no call and no riichi. With three players (RULES.md, version 3;
``docs/rules/sanma.md`` 1a) the tiles 2m-8m do not exist and nobody calls chi, and the kita
(North tiles set aside) are counted with the hand's North tiles. Each value of the document
is read and bounded by ``scoring.calculator.input_values`` before the hand is built; the
checks of red fives and of the rarer flags close this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, assert_never

from scoring.calculator.input_values import (
    MAX_COUNTER,
    MAX_INDICATORS,
    as_wind,
    read_bool,
    read_counter,
    read_indicators,
    read_list,
    read_rules,
    read_tile,
    read_tiles,
    read_wind,
    shown_key,
    shown_value,
)
from scoring.calculator.tiles import (
    COPIES,
    FIVE_KINDS,
    HandError,
    Tile,
    check_copies,
    format_tiles,
)
from scoring.rule_values import PLAYER_COUNTS
from scoring.rules import PRESETS, Ruleset
from scoring.seats import FOUR, SEATINGS, Seating, Wind

FORMAT: Final = "scorekeeper.hand/1"
FLAGS: Final = (
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
)
_KEYS: Final = frozenset(
    {"format", "rules", "closed", "melds", "win_tile", "seat_wind", "round_wind"}
    | {"dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks", "players", "kita"}
    | set(FLAGS)
)
#: The most kita a hand can have set aside: the four North tiles.
MAX_KITA: Final = 4
#: The kind of the North tile (kita).
NORTH_KIND: Final = 30
#: The man tiles three players do not play: 2m-8m (kinds 1-7).
SANMA_MISSING: Final = frozenset(range(1, 8))
_MELD_KEYS: Final = frozenset({"type", "tiles", "opened"})
_MELD_TYPES: Final = frozenset({"chi", "pon", "kan"})
#: At most four melds: four sets and the pair make a hand.
MAX_MELDS: Final = 4
#: The kinds of 5m, 5p and 5s, in the order of ``REDS_IN_SET``'s suits.
_FIVES: Final = (4, 13, 22)


class MeldType(StrEnum):
    CHI = "chi"
    PON = "pon"
    KAN = "kan"


@dataclass(frozen=True, slots=True)
class HandMeld:
    """A called or declared set; ``opened`` is false only for a closed kan."""

    type: MeldType
    tiles: tuple[Tile, ...]
    opened: bool = True

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type.value, "tiles": format_tiles(self.tiles)}
        if not self.opened:
            out["opened"] = False
        return out


def _meld_problem(meld: HandMeld) -> tuple[str, str] | None:
    """Why ``meld`` is not the set its type says, and the refusal's code; or ``None``."""
    kinds = sorted(t.kind for t in meld.tiles)
    equal = len(set(kinds)) == 1
    match meld.type:
        case MeldType.CHI:
            first = kinds[0] if kinds else 0
            run = [first, first + 1, first + 2]
            if len(kinds) == 3 and first < 27 and first % 9 <= 6 and kinds == run:
                return None
            return (
                f"{format_tiles(meld.tiles)} is not a chi (three consecutive tiles of one suit)",
                "meld.not_chi",
            )
        case MeldType.PON:
            if len(kinds) == 3 and equal:
                return None
            return f"{format_tiles(meld.tiles)} is not a pon (three equal tiles)", "meld.not_pon"
        case MeldType.KAN:
            if len(kinds) == 4 and equal:
                return None
            return f"{format_tiles(meld.tiles)} is not a kan (four equal tiles)", "meld.not_kan"
        case _:
            assert_never(meld.type)


@dataclass(frozen=True, slots=True)
class HandInput:
    """A winning hand and its situation. Constructing one checks that the table can show it.

    >>> hand = HandInput.from_json({"closed": "123456789m11222z", "win_tile": "2z"})
    >>> format_tiles(hand.closed), hand.dealer, hand.is_open
    ('123456789m11222z', True, False)
    """

    closed: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[HandMeld, ...] = ()
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: Wind = Wind.EAST
    round_wind: Wind = Wind.EAST
    dora_indicators: tuple[Tile, ...] = ()
    ura_dora_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    rules: Ruleset = PRESETS["tenhou"]
    #: North tiles set aside (three players only): each a dora.
    kita: int = 0

    def __post_init__(self) -> None:
        # A form may give the winds as their letters: they are kept as Wind.
        if type(self.seat_wind) is not Wind:
            object.__setattr__(self, "seat_wind", as_wind(self.seat_wind, "seat_wind"))
        if type(self.round_wind) is not Wind:
            object.__setattr__(self, "round_wind", as_wind(self.round_wind, "round_wind"))
        self._check_tiles()
        self._check_flags()

    @property
    def dealer(self) -> bool:
        return self.seat_wind is Wind.EAST

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def seating(self) -> Seating:
        return self.rules.seating

    @property
    def is_open(self) -> bool:
        """Any called meld (a closed kan keeps the hand closed)."""
        return any(m.opened for m in self.melds)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand, the four of each kan included."""
        return self.closed + tuple(t for m in self.melds for t in m.tiles)

    def _check_tiles(self) -> None:
        if len(self.melds) > MAX_MELDS:
            raise HandError(
                "melds",
                f"at most {MAX_MELDS} melds, got {len(self.melds)}",
                code="calc.too_many_items",
                values={"most": MAX_MELDS, "count": len(self.melds)},
            )
        for index, meld in enumerate(self.melds):
            problem = _meld_problem(meld)
            if problem:
                raise HandError(
                    f"melds[{index}].tiles",
                    problem[0],
                    code=problem[1],
                    values={"tiles": format_tiles(meld.tiles)},
                )
            if not meld.opened and meld.type is not MeldType.KAN:
                raise HandError(
                    f"melds[{index}].opened",
                    f"only a kan can be closed, not a {meld.type}",
                    code="meld.closed_not_kan",
                    values={"type": str(meld.type)},
                )
        expected = 14 - 3 * len(self.melds)
        if len(self.closed) != expected:
            melds = f" beside {len(self.melds)} meld(s)" if self.melds else ""
            raise HandError(
                "closed",
                f"expected {expected} tiles{melds} (the winning tile included), "
                f"got {len(self.closed)}: {format_tiles(self.closed)}",
                code="hand.closed_count",
                values={
                    "expected": expected,
                    "melds": len(self.melds),
                    "count": len(self.closed),
                    "tiles": format_tiles(self.closed),
                },
            )
        if self.win_tile not in self.closed:
            twins = [t for t in self.closed if t.kind == self.win_tile.kind]
            hint = f" (the closed tiles have {twins[0]})" if twins else ""
            raise HandError(
                "win_tile",
                f"{self.win_tile} is not among the closed tiles{hint}",
                code="hand.win_tile_missing",
                values={"tile": str(self.win_tile)},
            )
        if len(self.dora_indicators) > MAX_INDICATORS:
            raise HandError(
                "dora_indicators",
                f"at most {MAX_INDICATORS} indicators",
                code="calc.too_many_items",
                values={"most": MAX_INDICATORS, "count": len(self.dora_indicators)},
            )
        if len(self.ura_dora_indicators) > MAX_INDICATORS:
            raise HandError(
                "ura_dora_indicators",
                f"at most {MAX_INDICATORS} indicators",
                code="calc.too_many_items",
                values={"most": MAX_INDICATORS, "count": len(self.ura_dora_indicators)},
            )
        groups: list[tuple[str, Sequence[Tile]]] = [("closed", self.closed)]
        groups += [(f"melds[{i}].tiles", m.tiles) for i, m in enumerate(self.melds)]
        groups += [("dora_indicators", self.dora_indicators)]
        groups += [("ura_dora_indicators", self.ura_dora_indicators)]
        if self.seating.sets_aside_kita or self.kita:
            self._check_without_north(groups)
        if not self._counts_fit(groups):
            # Only a refused hand pays for finding the tile and the field to name.
            check_copies(groups)
            check_red_fives(self.rules.aka_dora, groups)

    def _check_without_north(self, groups: Sequence[tuple[str, Sequence[Tile]]]) -> None:
        """Three players play without 2m-8m and without chi; kita are theirs alone, and
        are North tiles, so they count with the hand's own (RULES.md, version 3)."""
        seating = self.seating
        if not seating.sets_aside_kita:
            raise HandError(
                "kita",
                "kita are set aside only with three players",
                code="dora.kita_four_players",
            )
        for name, tiles in groups:
            for tile in tiles:
                if tile.kind in SANMA_MISSING and not seating.has_2m_to_8m:
                    raise HandError(
                        name,
                        f"{tile} is not played with three players (no 2m-8m)",
                        code="tiles.not_in_sanma",
                        values={"tile": str(tile)},
                    )
        for index, meld in enumerate(self.melds):
            if meld.type is MeldType.CHI and not seating.has_chi:
                raise HandError(
                    f"melds[{index}].type",
                    "three players do not call chi",
                    code="meld.chi_three",
                )
        if not 0 <= self.kita <= MAX_KITA:
            raise HandError(
                "kita",
                f"expected a whole number 0..{MAX_KITA}",
                code="calc.out_of_range",
                values={"low": 0, "high": MAX_KITA, "got": self.kita},
            )
        north = sum(tile.kind == NORTH_KIND for _, tiles in groups for tile in tiles)
        if self.kita and north + self.kita > COPIES:
            raise HandError(
                "kita",
                f"{self.kita} kita and {north} more North tiles: there are {COPIES}",
                code="dora.too_many_kita",
                values={"kita": north + self.kita, "most": COPIES},
            )

    def _counts_fit(self, groups: Sequence[tuple[str, Sequence[Tile]]]) -> bool:
        """One pass over every tile: no fifth copy, and the red and plain fives within what
        the set holds (``check_red_fives``, which says what is wrong when this is false)."""
        counts = [0] * 34
        reds = [0, 0, 0]
        for _, tiles in groups:
            for tile in tiles:
                counts[tile.kind] += 1
                if tile.red:
                    reds[tile.kind // 9] += 1
        if max(counts) > COPIES:
            return False
        aka = self.rules.aka_dora
        if sum(reds) > aka:
            return False
        in_set = REDS_IN_SET.get(aka)
        return in_set is None or all(
            red <= most and counts[kind] - red <= COPIES - most
            for kind, red, most in zip(_FIVES, reds, in_set.values(), strict=True)
        )

    def _check_flags(self) -> None:
        for name, count in (("honba", self.honba), ("riichi_sticks", self.riichi_sticks)):
            if not 0 <= count <= MAX_COUNTER:
                raise HandError(
                    name,
                    f"expected a whole number 0..{MAX_COUNTER}",
                    code="calc.out_of_range",
                    values={"low": 0, "high": MAX_COUNTER, "got": count},
                )
        riichi = self.riichi or self.double_riichi
        if riichi and self.is_open:
            name = "riichi" if self.riichi else "double_riichi"
            raise HandError(
                name,
                "riichi needs a closed hand (only closed kans allowed)",
                code="flags.riichi_open",
            )
        if (
            self.ippatsu
            or self.rinshan
            or self.chankan
            or self.haitei
            or self.houtei
            or self.tenhou
            or self.chiihou
        ):
            check_rare_flags(self, riichi)
        if self.ura_dora_indicators and not riichi:
            raise HandError(
                "ura_dora_indicators",
                "ura dora count only for a riichi hand",
                code="dora.ura_without_riichi",
            )

    @classmethod
    def from_json(cls, doc: object) -> HandInput:
        """A hand from a ``scorekeeper.hand/1`` document (``docs/hand.md``)."""
        if not isinstance(doc, Mapping):
            raise HandError(
                "",
                f"a hand is a JSON object, got {type(doc).__name__}",
                code="calc.not_object",
                values={"got": type(doc).__name__},
            )
        for key in doc:
            if key not in _KEYS:
                raise HandError(
                    shown_key(key),
                    "unknown field",
                    code="record.unknown_field",
                    values={"field": shown_key(key)},
                )
        if "format" in doc and doc["format"] != FORMAT:
            raise HandError(
                "format",
                f"expected {FORMAT!r}, got {shown_value(doc['format'])}",
                code="record.format",
                values={"expected": FORMAT, "got": shown_value(doc["format"])},
            )
        for key in ("closed", "win_tile"):
            if key not in doc:
                raise HandError(key, "missing", code="record.missing")
        flags = {name: read_bool(doc, name) for name in FLAGS if name in doc}
        rules = _rules_for_players(doc)
        return cls(
            closed=read_tiles(doc["closed"], "closed"),
            win_tile=read_tile(doc["win_tile"], "win_tile"),
            melds=_melds(doc.get("melds", [])),
            **flags,
            seat_wind=read_wind(doc, "seat_wind"),
            round_wind=read_wind(doc, "round_wind"),
            dora_indicators=read_indicators(doc, "dora_indicators"),
            ura_dora_indicators=read_indicators(doc, "ura_dora_indicators"),
            honba=read_counter(doc, "honba"),
            riichi_sticks=read_counter(doc, "riichi_sticks"),
            rules=rules,
            kita=read_counter(doc, "kita"),
        )

    def to_json(self) -> dict[str, Any]:
        """The document again (flags that are false left out), ``from_json``'s inverse."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules.to_spec(),
            "closed": format_tiles(self.closed),
            "melds": [m.to_json() for m in self.melds],
            "win_tile": str(self.win_tile),
        }
        out |= {name: True for name in FLAGS if getattr(self, name)}
        out |= {
            "seat_wind": self.seat_wind.value,
            "round_wind": self.round_wind.value,
            "dora_indicators": [str(t) for t in self.dora_indicators],
            "ura_dora_indicators": [str(t) for t in self.ura_dora_indicators],
            "honba": self.honba,
            "riichi_sticks": self.riichi_sticks,
        }
        if self.seating is not FOUR:
            # Four players are the default the JSON leaves out.
            out |= {"players": self.players, "kita": self.kita}
        return out


def _rules_for_players(doc: Mapping[str, Any]) -> Ruleset:
    """The hand's ruleset: ``rules`` (``tenhou`` when left out, ``tenhou_sanma`` for a hand
    of ``"players": 3``), whose number of players must be the hand's."""
    players = doc.get("players")
    if players is None:
        return read_rules(doc.get("rules", "tenhou"))
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise HandError(
            "players",
            f"expected 3 or 4, got {shown_value(players)}",
            code="rules.players",
            values={"parameter": "players", "got": shown_value(players)},
        )
    rules = read_rules(doc.get("rules", "tenhou" + SEATINGS[players].preset_suffix))
    if rules.players != players:
        raise HandError(
            "players",
            f"{players} players, but the rules ({rules.preset}) are for {rules.players}",
            code="calc.players_differ",
            values={"players": players, "rules": rules.players},
        )
    return rules


def _melds(value: object) -> tuple[HandMeld, ...]:
    items = read_list(value, "melds", MAX_MELDS, "melds")
    melds: list[HandMeld] = []
    for index, item in enumerate(items):
        where = f"melds[{index}]"
        if not isinstance(item, Mapping):
            raise HandError(
                where,
                f'expected {{"type", "tiles"}}, got {shown_value(item)}',
                code="meld.not_object",
                values={"got": shown_value(item)},
            )
        for key in item:
            if key not in _MELD_KEYS:
                raise HandError(
                    f"{where}.{shown_key(key)}",
                    "unknown field",
                    code="record.unknown_field",
                    values={"field": shown_key(key)},
                )
        kind = item.get("type")
        if not isinstance(kind, str) or kind not in _MELD_TYPES:
            raise HandError(
                f"{where}.type",
                f"expected chi, pon or kan, got {shown_value(kind)}",
                code="meld.not_type",
                values={"got": shown_value(kind)},
            )
        opened = item.get("opened", True)
        if not isinstance(opened, bool):
            raise HandError(
                f"{where}.opened",
                f"expected true or false, got {shown_value(opened)}",
                code="calc.not_bool",
                values={"got": shown_value(opened)},
            )
        if "tiles" not in item:
            raise HandError(f"{where}.tiles", "missing", code="record.missing")
        tiles = read_tiles(item["tiles"], f"{where}.tiles")
        melds.append(HandMeld(MeldType(kind), tiles, opened))
    return tuple(melds)


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
