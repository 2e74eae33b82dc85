"""The values a ruleset's parameters take, and the strict reading of each one.

The words of each choice (``Length``, ``MultiRon``, ``Yame``...), uma as four fixed values or
floating uma, and the checks that turn a spec's JSON value into one of them or refuse it with a
``RulesError`` naming the parameter. What each value means is explained once, on its field of
``scoring.rules.Ruleset``; the values and bounds are those of ``docs/RULES.md`` ("Version 2
parameters").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final, TypeAlias

from scoring.errors import RulesError, excerpt
from scoring.outcomes import ABORT_REASONS, AbortReason
from scoring.seats import SEATINGS

#: The bound of every points value a ruleset holds (uma, oka, penalties, targets).
MAX_POINTS: Final = 1_000_000
#: The longest name or word a ruleset spec holds (``double_yakuman_hands`` is 20): longer
#: texts are refused before they are looked up.
MAX_RULES_WORD: Final = 24


class Length(StrEnum):
    """How many winds a game plays."""

    HANCHAN = "hanchan"
    TONPUUSEN = "tonpuusen"


class ResultRounding(StrEnum):
    NONE = "none"
    TENHOU = "tenhou"


class Ties(StrEnum):
    SEAT_ORDER = "seat_order"
    SPLIT = "split"


class LeftoverSticks(StrEnum):
    FIRST = "first"
    LOST = "lost"
    SPLIT_ALL = "split_all"


class ChomboStyle(StrEnum):
    REVERSE_MANGAN = "reverse_mangan"
    PENALTY = "penalty"


class MultiRon(StrEnum):
    HEAD_BUMP = "head_bump"
    DOUBLE = "double"
    TRIPLE = "triple"

    @property
    def max_winners(self) -> int:
        """The most winners one discard can have: the one limit the engine and the forms use.

        >>> MultiRon.DOUBLE.max_winners
        2
        """
        return _MAX_WINNERS[self]


_MAX_WINNERS: Final[dict[MultiRon, int]] = {
    MultiRon.HEAD_BUMP: 1,
    MultiRon.DOUBLE: 2,
    MultiRon.TRIPLE: 3,
}


class MultiRonSticks(StrEnum):
    NEAREST = "nearest"
    OWN_BACK = "own_back"


class MultiRonHonba(StrEnum):
    NEAREST = "nearest"
    EACH = "each"


class Kazoe(StrEnum):
    YAKUMAN = "yakuman"
    SANBAIMAN = "sanbaiman"


class PaoRonHonba(StrEnum):
    DISCARDER = "discarder"
    LIABLE = "liable"


class PaoScope(StrEnum):
    WHOLE = "whole"
    ONE_YAKUMAN = "one_yakuman"


class Yame(StrEnum):
    """Whether the all-last dealer in 1st may stop (agari-yame, tenpai-yame): never, by
    choice (``end: true`` on the hand), or the game simply ends."""

    NONE = "none"
    OPTIONAL = "optional"
    AUTOMATIC = "automatic"


class ExtensionEnd(StrEnum):
    """In an extension, which hands end the game once somebody has ``target_points``."""

    DEAL_PASSES = "deal_passes"
    ANY_HAND = "any_hand"


class SanmaTsumo(StrEnum):
    """How a tsumo is paid with three players, North's share missing (RULES.md, version 3;
    ``docs/rules/sanma.md`` 1c): ``loss`` (North's share is not paid), ``bisection`` (half
    of it, rounded up to 100, is added to each payer's), ``full`` (the four-player total,
    split equally between the two payers)."""

    LOSS = "loss"
    BISECTION = "bisection"
    FULL = "full"


class Renchan(StrEnum):
    """When the dealer keeps the deal besides a win: also ``tenpai`` at an exhaustive draw,
    or on a ``win`` only (JPML)."""

    TENPAI = "tenpai"
    WIN = "win"


#: Uma by place (1st..4th, or 1st..3rd with three players), in points.
Uma: TypeAlias = tuple[int, ...]

#: The numbers of players a game may have (RULES.md, version 3).
PLAYER_COUNTS: Final = (3, 4)


@dataclass(frozen=True, slots=True)
class FloatingUma:
    """Uma that depends on how many players end below ``return_points`` (JPML): one list
    for 1, 2 and 3 players below; where nobody is below, the list for 2 applies (RULES.md,
    version 2 parameters), and so it does where all four are, which only a ruleset whose
    return points exceed its start points allows and which no rulebook covers. With three
    players there are lists for 1 and 2 only (RULES.md, version 3): ``below_3`` is ``None``
    and the list for 2 applies where nobody or everybody is below."""

    below_1: Uma
    below_2: Uma
    below_3: Uma | None = None

    def for_below(self, count: int) -> Uma:
        """The uma list when ``count`` players are below the return points.

        >>> FloatingUma((1, 0, 0, -1), (2, 0, 0, -2), (3, 0, 0, -3)).for_below(0)
        (2, 0, 0, -2)
        >>> FloatingUma((1, 0, -1), (2, 0, -2)).for_below(3)
        (2, 0, -2)
        """
        if count == 1:
            return self.below_1
        if count == 3 and self.below_3 is not None:
            return self.below_3
        return self.below_2

    @property
    def places(self) -> int:
        """How many places each list has: the number of players."""
        return len(self.below_1)

    def to_json(self) -> dict[str, list[int]]:
        out = {"1": list(self.below_1), "2": list(self.below_2)}
        if self.below_3 is not None:
            out["3"] = list(self.below_3)
        return out


#: The parameters whose value is a choice among words.
_CHOICES: Final[dict[str, type[StrEnum]]] = {
    "length": Length,
    "result_rounding": ResultRounding,
    "ties": Ties,
    "leftover_sticks": LeftoverSticks,
    "chombo": ChomboStyle,
    "multi_ron": MultiRon,
    "multi_ron_sticks": MultiRonSticks,
    "multi_ron_honba": MultiRonHonba,
    "kazoe": Kazoe,
    "pao_ron_honba": PaoRonHonba,
    "pao_scope": PaoScope,
    "agari_yame": Yame,
    "tenpai_yame": Yame,
    "extension_end": ExtensionEnd,
    "renchan": Renchan,
    "sanma_tsumo": SanmaTsumo,
}

_BOOLEANS: Final = frozenset(
    {
        "tobi",
        "tobi_at_zero",
        "riichi_below_1000",
        "extension",
        "nagashi_mangan",
        "kiriage",
        "multiple_yakuman",
        "double_yakuman_hands",
        "kuitan",
    }
)

#: Whole-number parameters: inclusive bounds, and whether the value is whole hundreds.
_INTEGERS: Final[dict[str, tuple[int, int, bool]]] = {
    "start_points": (0, MAX_POINTS, True),
    "return_points": (0, MAX_POINTS, True),
    "oka": (0, MAX_POINTS, True),
    "chombo_penalty": (0, MAX_POINTS, True),
    "honba_value": (0, 3_000, True),
    "noten_payment": (0, 30_000, True),
    "aka_dora": (0, 4, False),
    "tobi_bonus": (0, MAX_POINTS, True),
    "chip_value": (0, MAX_POINTS, True),
    "yakitori_penalty": (0, MAX_POINTS, True),
}


#: Read-only views of the tables above, for what is built from the parameters (a form's
#: fields): each choice's words, the yes/no parameters, each whole number's bounds.
CHOICE_TYPES: Final = MappingProxyType(_CHOICES)
BOOLEANS: Final = _BOOLEANS
INTEGER_BOUNDS: Final = MappingProxyType(_INTEGERS)


def name_excerpt(name: object) -> str:
    """A parameter name as given, cut short if it is long (it is quoted in the error)."""
    return excerpt(name).strip("'") if isinstance(name, str) else excerpt(name)


def _whole(value: Any) -> bool:
    """A JSON whole number: not a bool, not a float (``2.0`` included)."""
    return type(value) is int


def _got(value: Any) -> object:
    """A value given for a number, as a refusal's values hold it: a whole number as it is
    (its reader writes it as numbers are written), anything else quoted and cut.

    >>> _got(99999), _got("5"), _got(2.5)
    (99999, "'5'", '2.5')
    """
    return value if _whole(value) else excerpt(value)


def _uma_list(value: Any, where: str) -> Uma:
    # Three values or four: whether their number is the ruleset's number of players is
    # checked with the whole ruleset (``scoring.rules``).
    if (
        not isinstance(value, list | tuple)
        or len(value) not in PLAYER_COUNTS
        or not all(_whole(v) and not v % 100 and -MAX_POINTS <= v <= MAX_POINTS for v in value)
    ):
        raise RulesError(
            f"{where}: expected four (or, with three players, three) whole hundreds of points "
            f"within +/-{MAX_POINTS:,}, got {excerpt(value)}",
            code="rules.uma_values",
            values={"parameter": where.removeprefix("rules."), "most": MAX_POINTS},
        )
    if sum(value):
        # One value per place: as many as the players.
        seating = SEATINGS[len(value)]
        raise RulesError(
            f"{where}: the {seating.count_word} values must sum to 0, they sum to {sum(value)}",
            code="rules.uma_sum",
            values={
                "parameter": where.removeprefix("rules."),
                "sum": sum(value),
                "players": seating.players,
            },
        )
    return tuple(value)


def _uma(value: Any) -> Uma | FloatingUma:
    if not isinstance(value, Mapping):
        return _uma_list(value, "rules.uma")
    keys = set(value)
    if keys != {"1", "2", "3"} and keys != {"1", "2"}:
        raise RulesError(
            'rules.uma: floating uma is an object keyed "1", "2" and "3" (players below the '
            'return points; "1" and "2" with three players), got the keys '
            f"{excerpt(sorted(map(str, value))[:4])}",
            code="rules.floating_uma_keys",
            values={"parameter": "uma", "got": excerpt(sorted(map(str, value))[:4])},
        )
    lists = [_uma_list(value[key], f"rules.uma.{key}") for key in sorted(keys)]
    if len({len(uma) for uma in lists}) > 1 or len(lists[0]) != len(keys) + 1:
        raise RulesError(
            f"rules.uma: floating uma keyed {', '.join(sorted(keys))} has lists of "
            f"{len(keys) + 1} values (one per player)",
            code="rules.floating_uma_lengths",
            values={"parameter": "uma", "places": len(keys) + 1},
        )
    return FloatingUma(*lists)


def _abortive_draws(value: Any) -> tuple[AbortReason, ...]:
    if value is True:
        return ABORT_REASONS
    if value is False:
        return ()
    if (
        not isinstance(value, list | tuple)
        or len(value) > len(ABORT_REASONS)
        or not all(isinstance(v, str) and v in ABORT_REASONS for v in value)
    ):
        raise RulesError(
            "rules.abortive_draws: expected true, false or a list of "
            f"{', '.join(ABORT_REASONS)}; got {excerpt(value)}",
            code="rules.abortive_draws",
            values={
                "parameter": "abortive_draws",
                "choices": ", ".join(ABORT_REASONS),
                "got": excerpt(value),
            },
        )
    return tuple(r for r in ABORT_REASONS if r in value)


def check_value(name: str, value: Any) -> Any:
    """Return ``value`` converted to the parameter's type, or raise ``RulesError``."""
    choice = _CHOICES.get(name)
    if choice is not None:
        if choice is Yame and isinstance(value, bool):
            # Records from before optional yame wrote true and false.
            return Yame.AUTOMATIC if value else Yame.NONE
        if (
            not isinstance(value, str)
            or len(value) > MAX_RULES_WORD
            or value not in choice._value2member_map_
        ):
            words = ", ".join(member.value for member in choice)
            raise RulesError(
                f"rules.{name}: {excerpt(value)} is not one of {words}",
                code="rules.not_choice",
                values={"parameter": name, "got": excerpt(value), "choices": words},
            )
        return choice(value)
    if name in _BOOLEANS:
        if not isinstance(value, bool):
            raise RulesError(
                f"rules.{name}: expected true or false, got {excerpt(value)}",
                code="rules.not_bool",
                values={"parameter": name, "got": excerpt(value)},
            )
        return value
    bounds = _INTEGERS.get(name)
    if bounds is not None:
        low, high, hundreds = bounds
        if not _whole(value) or not low <= value <= high:
            raise RulesError(
                f"rules.{name}: expected a whole number {low}..{high}, got {excerpt(value)}",
                code="rules.out_of_range",
                values={"parameter": name, "low": low, "high": high, "got": _got(value)},
            )
        if hundreds and value % 100:
            raise RulesError(
                f"rules.{name}: expected a multiple of 100, got {value}",
                code="rules.not_hundreds",
                values={"parameter": name, "got": value},
            )
        return value
    if name == "target_points":
        if value is None:
            return None
        if not _whole(value) or not 0 < value <= MAX_POINTS:
            raise RulesError(
                f"rules.target_points: expected points 1..{MAX_POINTS} or null, "
                f"got {excerpt(value)}",
                code="rules.target_points",
                values={"parameter": "target_points", "high": MAX_POINTS, "got": _got(value)},
            )
        return value
    if name == "uma":
        return _uma(value)
    if name == "abortive_draws":
        return _abortive_draws(value)
    if name == "players":
        if not _whole(value) or value not in PLAYER_COUNTS:
            raise RulesError(
                f"rules.players: expected 3 or 4, got {excerpt(value)}",
                code="rules.players",
                values={"parameter": "players", "got": excerpt(value)},
            )
        return value
    if name == "double_wind_fu":
        if not _whole(value) or value not in (2, 4):
            raise RulesError(
                f"rules.double_wind_fu: expected 2 or 4, got {excerpt(value)}",
                code="rules.double_wind_fu",
                values={"parameter": "double_wind_fu", "got": excerpt(value)},
            )
        return value
    raise RulesError(
        f"rules.{name_excerpt(name)}: unknown parameter",
        code="rules.unknown_parameter",
        values={"parameter": name_excerpt(name)},
    )
