"""Rulesets: every rule variant a club plays, as the fields of one frozen ``Ruleset``.

The five presets hold the values of ``shared/RULES.md`` (which cites the EMA 2016 and WRC
rulebooks, Tenhou's rule page and real logs, Mahjong Soul and M-League summaries). A club's
ruleset is a preset plus overrides: ``resolve_rules({"preset": "ema", "kiriage": True})``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, Final, TypeAlias

from scoring.errors import RulesError, excerpt
from scoring.outcomes import ABORT_REASONS, AbortReason

#: The bound of every points value a ruleset holds (uma, oka, penalties, targets).
MAX_POINTS: Final = 1_000_000
#: The longest name or word a ruleset spec holds (``double_yakuman_hands`` is 20): longer
#: texts are refused before they are looked up.
_MAX_WORD: Final = 24


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


class Renchan(StrEnum):
    """When the dealer keeps the deal besides a win: also ``tenpai`` at an exhaustive draw,
    or on a ``win`` only (JPML)."""

    TENPAI = "tenpai"
    WIN = "win"


#: Uma by place (1st..4th), in points.
Uma: TypeAlias = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class FloatingUma:
    """Uma that depends on how many players end below ``return_points`` (JPML): one list
    for 1, 2 and 3 players below; where nobody is below, the list for 2 applies (RULES.md,
    version 2 parameters), and so it does where all four are, which only a ruleset whose
    return points exceed its start points allows and which no rulebook covers."""

    below_1: Uma
    below_2: Uma
    below_3: Uma

    def for_below(self, count: int) -> Uma:
        """The uma list when ``count`` players are below the return points.

        >>> FloatingUma((1, 0, 0, -1), (2, 0, 0, -2), (3, 0, 0, -3)).for_below(0)
        (2, 0, 0, -2)
        """
        return self.below_1 if count == 1 else self.below_3 if count == 3 else self.below_2

    def to_json(self) -> dict[str, list[int]]:
        return {"1": list(self.below_1), "2": list(self.below_2), "3": list(self.below_3)}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every parameter of a ruleset. Points are in points (not thousands)."""

    #: The preset this ruleset starts from (``custom`` clubs still name one).
    preset: str
    #: ``hanchan`` (East and South rounds) or ``tonpuusen`` (East round only).
    length: Length
    #: Each player's points at East 1.
    start_points: int
    #: Subtracted from the final points to make the +/- result.
    return_points: int
    #: Points that end an extension round and allow agari-yame; ``None`` where unused.
    target_points: int | None
    #: Uma by place (1st..4th), in points, or floating uma.
    uma: Uma | FloatingUma
    #: Bonus to 1st, in points (normally ``4 x (return - start)``).
    oka: int
    #: ``none``: exact results; ``tenhou``: places 2-4 rounded to 1000, 1st takes the rest.
    result_rounding: ResultRounding
    #: ``seat_order``: equal points are ranked by seat (East 1 order); ``split``: tied
    #: places share their uma and oka.
    ties: Ties
    #: Riichi sticks still on the table at the end: ``first`` (to 1st, shared by tied
    #: firsts, floored to 100), ``lost``, or ``split_all`` (250 a stick to each seat).
    leftover_sticks: LeftoverSticks
    #: ``reverse_mangan``: the offender pays a mangan at the table; ``penalty``: points
    #: are taken off the final result.
    chombo: ChomboStyle
    #: Points off the final result per chombo (``penalty`` style).
    chombo_penalty: int
    #: The game ends when a score goes below 0 (exactly 0 plays on unless ``tobi_at_zero``).
    tobi: bool
    #: Riichi may be declared with fewer than 1000 points.
    riichi_below_1000: bool
    #: All-last dealer who wins while 1st (with ``target_points`` where there is one):
    #: plays on, may stop, or the game ends.
    agari_yame: Yame
    #: Same for a tenpai dealer at an exhaustive draw.
    tenpai_yame: Yame
    #: Play on into the next wind while nobody has ``target_points``, until the deal passes
    #: from that wind's fourth dealer.
    extension: bool
    #: Per honba counter on a ron (a tsumo takes a third of it from each payer).
    honba_value: int
    #: Total paid by noten players to tenpai players at an exhaustive draw.
    noten_payment: int
    #: ``head_bump``: only the winner nearest the discarder; ``double``: up to two
    #: winners, a triple ron is an abortive draw; ``triple``: up to three winners.
    multi_ron: MultiRon
    #: In a multi-ron: ``nearest`` takes every stick, or ``own_back`` (winners take back
    #: the sticks they placed this hand, the rest goes to the nearest).
    multi_ron_sticks: MultiRonSticks
    #: In a multi-ron: honba to the ``nearest`` winner only, or to ``each`` winner.
    multi_ron_honba: MultiRonHonba
    #: Which abortive draws exist.
    abortive_draws: tuple[AbortReason, ...]
    #: Nagashi mangan is paid as a mangan tsumo instead of the noten payments.
    nagashi_mangan: bool
    #: 4 han 30 fu and 3 han 60 fu are paid as mangan.
    kiriage: bool
    #: 13+ han without a yakuman: ``yakuman`` (kazoe) or ``sanbaiman``.
    kazoe: Kazoe
    #: Several yakuman in one hand add up (otherwise one yakuman at most).
    multiple_yakuman: bool
    #: Suuankou tanki, 13-wait kokushi, junsei chuuren and daisuushii count double.
    double_yakuman_hands: bool
    #: Fu for a pair of a wind that is both the seat and the round wind (2 or 4).
    double_wind_fu: int
    #: Who pays the honba when a third player is liable (pao) on a ron.
    pao_ron_honba: PaoRonHonba
    #: A composite yakuman with a liable player: ``whole`` (the whole hand follows pao, as
    #: on Tenhou) or ``one_yakuman`` (only one yakuman's share does; the rest is paid as
    #: usual, as on Mahjong Soul; reference 2.6).
    pao_scope: PaoScope
    #: Number of red fives.
    aka_dora: int
    #: Open tanyao counts.
    kuitan: bool
    #: In an extension, reaching ``target_points`` ends the game after a hand in which the
    #: deal passes (Tenhou) or after any hand.
    extension_end: ExtensionEnd = ExtensionEnd.DEAL_PASSES
    #: The dealer keeps the deal when tenpai at an exhaustive draw, or on a win only.
    renchan: Renchan = Renchan.TENPAI
    #: With ``tobi``, a score of exactly 0 also ends the game.
    tobi_at_zero: bool = False
    #: With ``tobi``, points of result each player who went out pays to the winner of the
    #: hand that did it (to 1st after a hand nobody won); not points on the table.
    tobi_bonus: int = 0
    #: Points of result per chip (shuugi); 0: no chips.
    chip_value: int = 0
    #: Points off the result of each player who won no hand in the game.
    yakitori_penalty: int = 0

    def to_json(self) -> dict[str, Any]:
        """Every parameter, resolved, as JSON values.

        >>> PRESETS["ema"].to_json()["uma"]
        [15000, 5000, -5000, -15000]
        """
        out: dict[str, Any] = {}
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            if isinstance(value, tuple):
                value = [str(v) if isinstance(v, StrEnum) else v for v in value]
            elif isinstance(value, FloatingUma):
                value = value.to_json()
            elif isinstance(value, StrEnum):
                value = value.value
            out[name] = value
        return out

    def overrides(self) -> dict[str, Any]:
        """The parameters where this ruleset differs from its preset (JSON values)."""
        base = _PRESET_JSON[self.preset]
        return {k: v for k, v in self.to_json().items() if k != "preset" and base[k] != v}

    def to_spec(self) -> str | dict[str, Any]:
        """The shortest record form: the preset name, or the preset plus overrides."""
        extra = self.overrides()
        return {"preset": self.preset, **extra} if extra else self.preset

    @property
    def last_round(self) -> int:
        """Index of the all-last round (South 4 = 7 for a hanchan, East 4 = 3 for tonpuusen)."""
        return 7 if self.length == Length.HANCHAN else 3

    def uma_for(self, below: int) -> Uma:
        """The uma list when ``below`` players end below ``return_points``."""
        uma = self.uma
        return uma.for_below(below) if isinstance(uma, FloatingUma) else uma


_FIELD_NAMES: Final = tuple(f.name for f in fields(Ruleset))

_COMMON: Final[dict[str, Any]] = {
    "length": "hanchan",
    "pao_scope": "whole",
    "honba_value": 300,
    "noten_payment": 3000,
    "kuitan": True,
}

_PRESET_VALUES: Final[dict[str, dict[str, Any]]] = {
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


def _name(name: object) -> str:
    """A parameter name as given, cut short if it is long (it is quoted in the error)."""
    return excerpt(name).strip("'") if isinstance(name, str) else excerpt(name)


def _whole(value: Any) -> bool:
    """A JSON whole number: not a bool, not a float (``2.0`` included)."""
    return type(value) is int


def _uma_list(value: Any, where: str) -> Uma:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 4
        or not all(_whole(v) and not v % 100 and -MAX_POINTS <= v <= MAX_POINTS for v in value)
    ):
        raise RulesError(
            f"{where}: expected four whole hundreds of points within +/-{MAX_POINTS:,}, "
            f"got {excerpt(value)}"
        )
    if sum(value):
        raise RulesError(f"{where}: the four values must sum to 0, they sum to {sum(value)}")
    return (value[0], value[1], value[2], value[3])


def _uma(value: Any) -> Uma | FloatingUma:
    if not isinstance(value, Mapping):
        return _uma_list(value, "rules.uma")
    if set(value) != {"1", "2", "3"}:
        raise RulesError(
            'rules.uma: floating uma is an object keyed "1", "2" and "3" (players below the '
            f"return points), got the keys {excerpt(sorted(map(str, value))[:4])}"
        )
    return FloatingUma(*(_uma_list(value[key], f"rules.uma.{key}") for key in ("1", "2", "3")))


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
            f"{', '.join(ABORT_REASONS)}; got {excerpt(value)}"
        )
    return tuple(r for r in ABORT_REASONS if r in value)


def _check_value(name: str, value: Any) -> Any:
    """Return ``value`` converted to the parameter's type, or raise ``RulesError``."""
    choice = _CHOICES.get(name)
    if choice is not None:
        if choice is Yame and isinstance(value, bool):
            # Records from before optional yame wrote true and false.
            return Yame.AUTOMATIC if value else Yame.NONE
        if (
            not isinstance(value, str)
            or len(value) > _MAX_WORD
            or value not in choice._value2member_map_
        ):
            words = ", ".join(member.value for member in choice)
            raise RulesError(f"rules.{name}: {excerpt(value)} is not one of {words}")
        return choice(value)
    if name in _BOOLEANS:
        if not isinstance(value, bool):
            raise RulesError(f"rules.{name}: expected true or false, got {excerpt(value)}")
        return value
    bounds = _INTEGERS.get(name)
    if bounds is not None:
        low, high, hundreds = bounds
        if not _whole(value) or not low <= value <= high:
            raise RulesError(
                f"rules.{name}: expected a whole number {low}..{high}, got {excerpt(value)}"
            )
        if hundreds and value % 100:
            raise RulesError(f"rules.{name}: expected a multiple of 100, got {value}")
        return value
    if name == "target_points":
        if value is None:
            return None
        if not _whole(value) or not 0 < value <= MAX_POINTS:
            raise RulesError(
                f"rules.target_points: expected points 1..{MAX_POINTS} or null, "
                f"got {excerpt(value)}"
            )
        return value
    if name == "uma":
        return _uma(value)
    if name == "abortive_draws":
        return _abortive_draws(value)
    if name == "double_wind_fu":
        if not _whole(value) or value not in (2, 4):
            raise RulesError(f"rules.double_wind_fu: expected 2 or 4, got {excerpt(value)}")
        return value
    raise RulesError(f"rules.{_name(name)}: unknown parameter")


def _preset(name: str, values: Mapping[str, Any]) -> Ruleset:
    return Ruleset(preset=name, **{key: _check_value(key, value) for key, value in values.items()})


PRESETS: Final[dict[str, Ruleset]] = {
    name: _preset(name, {**_COMMON, **values}) for name, values in _PRESET_VALUES.items()
}
_PRESET_JSON: Final[dict[str, dict[str, Any]]] = {
    name: rules.to_json() for name, rules in PRESETS.items()
}

PARAMETERS: Final = tuple(name for name in _FIELD_NAMES if name != "preset")
_FIELD_SET: Final = frozenset(_FIELD_NAMES)
_PARAMETER_SET: Final = frozenset(PARAMETERS)

#: Rulesets already resolved, by their spec's items: a game's rules are resolved once
#: for every record read, and most records name the same few.
_RESOLVED: dict[tuple[tuple[str, type, Any], ...], Ruleset] = {}
_RESOLVED_MAX: Final = 256


def resolve_rules(spec: str | Mapping[str, Any]) -> Ruleset:
    """A ruleset from a preset name or ``{"preset": name, **overrides}``.

    >>> resolve_rules({"preset": "ema", "kiriage": True}).kiriage
    True
    """
    if isinstance(spec, str):
        if len(spec) > _MAX_WORD or spec not in PRESETS:
            raise RulesError(
                f"rules: unknown preset {excerpt(spec)}; presets are {', '.join(PRESETS)}"
            )
        return PRESETS[spec]
    if not isinstance(spec, Mapping):
        raise RulesError("rules: expected a preset name or an object with a 'preset'")
    if len(spec) > len(_FIELD_NAMES):
        raise RulesError(f"rules: more parameters than a ruleset has ({len(spec)})")
    for name in spec:
        # Lengths first: a name is looked up (hashed) only once it is known to be short.
        if not isinstance(name, str) or len(name) > _MAX_WORD or name not in _FIELD_SET:
            raise RulesError(f"rules.{_name(name)}: unknown parameter")
    key: tuple[tuple[str, type, Any], ...] = ()
    cached = None
    if all(not isinstance(value, str) or len(value) <= _MAX_WORD for value in spec.values()):
        # The type is part of the key: 0 == False and 2 == 2.0, but only one of each is valid.
        # A list (an uma) is keyed by its items and their types (15000 and 15000.0 are
        # equal, but only one is valid): a record's rules are decoded afresh each time.
        key = tuple(
            (
                name,
                type(value),
                tuple((type(v), v) for v in value) if type(value) is list else value,
            )
            for name, value in spec.items()
        )
        try:
            cached = _RESOLVED.get(key)
        except TypeError:  # a list or object among the values: resolved every time
            key = ()
    if cached is not None:
        return cached
    rules = _resolve(spec)
    if key:
        if len(_RESOLVED) >= _RESOLVED_MAX:
            _RESOLVED.clear()
        _RESOLVED[key] = rules
    return rules


def _resolve(spec: Mapping[str, Any]) -> Ruleset:
    preset = spec.get("preset")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise RulesError(
            f"rules.preset: expected one of {', '.join(PRESETS)}, got {excerpt(preset)}"
        )
    changes: dict[str, Any] = {}
    for name, value in spec.items():
        if name == "preset":
            continue
        if name not in _PARAMETER_SET:
            raise RulesError(f"rules.{_name(name)}: unknown parameter")
        changes[name] = _check_value(name, value)
    rules = replace(PRESETS[preset], **changes)
    if rules.extension and rules.target_points is None:
        raise RulesError("rules.target_points: an extension round needs target points")
    if not rules.tobi:
        for name in ("tobi_at_zero", "tobi_bonus"):
            if getattr(rules, name):
                raise RulesError(f"rules.{name}: applies only with tobi")
    return rules
