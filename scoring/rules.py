"""Rulesets: every rule variant a club plays, as the fields of one frozen ``Ruleset``.

The five presets hold the values of ``shared/RULES.md`` (which cites the EMA 2016 and WRC
rulebooks, Tenhou's rule page and real logs, Mahjong Soul and M-League summaries). A club's
ruleset is a preset plus overrides: ``resolve_rules({"preset": "ema", "kiriage": True})``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Final

from scoring.errors import RulesError

ABORT_REASONS: Final = (
    "kyuushu_kyuuhai",
    "suufon_renda",
    "suucha_riichi",
    "suukaikan",
    "sanchahou",
)

#: Each parameter's allowed values, for those that are a choice among words.
CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "length": ("hanchan", "tonpuusen"),
    "result_rounding": ("none", "tenhou"),
    "ties": ("seat_order", "split"),
    "leftover_sticks": ("first", "lost"),
    "chombo": ("reverse_mangan", "penalty"),
    "multi_ron": ("head_bump", "double", "triple"),
    "multi_ron_sticks": ("nearest", "own_back"),
    "multi_ron_honba": ("nearest", "each"),
    "kazoe": ("yakuman", "sanbaiman"),
    "pao_ron_honba": ("discarder", "liable"),
    "pao_scope": ("whole", "one_yakuman"),
}

BOOLEANS: Final = (
    "tobi",
    "riichi_below_1000",
    "agari_yame",
    "tenpai_yame",
    "extension",
    "nagashi_mangan",
    "kiriage",
    "multiple_yakuman",
    "double_yakuman_hands",
    "kuitan",
)

#: Integer parameters and their inclusive bounds.
INTEGERS: Final[dict[str, tuple[int, int]]] = {
    "start_points": (0, 1_000_000),
    "return_points": (0, 1_000_000),
    "oka": (0, 1_000_000),
    "chombo_penalty": (0, 1_000_000),
    "honba_value": (0, 3_000),
    "noten_payment": (0, 30_000),
    "aka_dora": (0, 4),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every parameter of a ruleset. Points are in points (not thousands)."""

    #: The preset this ruleset starts from (``custom`` clubs still name one).
    preset: str
    #: ``hanchan`` (East and South rounds) or ``tonpuusen`` (East round only).
    length: str
    #: Each player's points at East 1.
    start_points: int
    #: Subtracted from the final points to make the +/- result.
    return_points: int
    #: Points that end an extension round and allow agari-yame; ``None`` where unused.
    target_points: int | None
    #: Uma by place (1st..4th), in points.
    uma: tuple[int, int, int, int]
    #: Bonus to 1st, in points (normally ``4 x (return - start)``).
    oka: int
    #: ``none``: exact results; ``tenhou``: places 2-4 rounded to 1000, 1st takes the rest.
    result_rounding: str
    #: ``seat_order``: equal points are ranked by seat (East 1 order); ``split``: tied
    #: places share their uma and oka.
    ties: str
    #: Riichi sticks still on the table at the end: ``first`` (to 1st, shared by tied
    #: firsts, floored to 100) or ``lost``.
    leftover_sticks: str
    #: ``reverse_mangan``: the offender pays a mangan at the table; ``penalty``: points
    #: are taken off the final result.
    chombo: str
    #: Points off the final result per chombo (``penalty`` style).
    chombo_penalty: int
    #: The game ends when a score goes below 0 (exactly 0 plays on).
    tobi: bool
    #: Riichi may be declared with fewer than 1000 points.
    riichi_below_1000: bool
    #: All-last dealer who wins while 1st with ``target_points`` or more ends the game.
    agari_yame: bool
    #: Same for a tenpai dealer at an exhaustive draw.
    tenpai_yame: bool
    #: Sudden death into the next wind while nobody has ``target_points`` (at most 4 hands).
    extension: bool
    #: Per honba counter on a ron (a tsumo takes a third of it from each payer).
    honba_value: int
    #: Total paid by noten players to tenpai players at an exhaustive draw.
    noten_payment: int
    #: ``head_bump``: only the winner nearest the discarder; ``double``: up to two
    #: winners, a triple ron is an abortive draw; ``triple``: up to three winners.
    multi_ron: str
    #: In a multi-ron: ``nearest`` takes every stick, or ``own_back`` (winners take back
    #: the sticks they placed this hand, the rest goes to the nearest).
    multi_ron_sticks: str
    #: In a multi-ron: honba to the ``nearest`` winner only, or to ``each`` winner.
    multi_ron_honba: str
    #: Which abortive draws exist.
    abortive_draws: tuple[str, ...]
    #: Nagashi mangan is paid as a mangan tsumo instead of the noten payments.
    nagashi_mangan: bool
    #: 4 han 30 fu and 3 han 60 fu are paid as mangan.
    kiriage: bool
    #: 13+ han without a yakuman: ``yakuman`` (kazoe) or ``sanbaiman``.
    kazoe: str
    #: Several yakuman in one hand add up (otherwise one yakuman at most).
    multiple_yakuman: bool
    #: Suuankou tanki, 13-wait kokushi, junsei chuuren and daisuushii count double.
    double_yakuman_hands: bool
    #: Fu for a pair of a wind that is both the seat and the round wind (2 or 4).
    double_wind_fu: int
    #: Who pays the honba when a third player is liable (pao) on a ron.
    pao_ron_honba: str
    #: A composite yakuman with a liable player: ``whole`` (the whole hand follows pao, as
    #: on Tenhou) or ``one_yakuman`` (only one yakuman's share does; the rest is paid as
    #: usual, as on Mahjong Soul; reference 2.6).
    pao_scope: str
    #: Number of red fives.
    aka_dora: int
    #: Open tanyao counts.
    kuitan: bool

    def to_json(self) -> dict[str, Any]:
        """Every parameter, resolved, as JSON values.

        >>> PRESETS["ema"].to_json()["uma"]
        [15000, 5000, -5000, -15000]
        """
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def overrides(self) -> dict[str, Any]:
        """The parameters where this ruleset differs from its preset (JSON values)."""
        base = PRESETS[self.preset].to_json()
        return {k: v for k, v in self.to_json().items() if k != "preset" and base[k] != v}

    def to_spec(self) -> str | dict[str, Any]:
        """The shortest record form: the preset name, or the preset plus overrides."""
        extra = self.overrides()
        return {"preset": self.preset, **extra} if extra else self.preset

    @property
    def last_round(self) -> int:
        """Index of the all-last round (South 4 = 7 for a hanchan, East 4 = 3 for tonpuusen)."""
        return 7 if self.length == "hanchan" else 3


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

PRESETS: Final[dict[str, Ruleset]] = {
    name: Ruleset(preset=name, **{**_COMMON, **values}) for name, values in _PRESET_VALUES.items()
}

PARAMETERS: Final = tuple(f.name for f in fields(Ruleset) if f.name != "preset")


def _check_value(name: str, value: Any) -> Any:
    """Return ``value`` converted to the parameter's type, or raise ``RulesError``."""
    if name in CHOICES:
        if value not in CHOICES[name]:
            raise RulesError(f"rules.{name}: {value!r} is not one of {', '.join(CHOICES[name])}")
        return value
    if name in BOOLEANS:
        if not isinstance(value, bool):
            raise RulesError(f"rules.{name}: expected true or false, got {value!r}")
        return value
    if name in INTEGERS:
        low, high = INTEGERS[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError(f"rules.{name}: expected a whole number {low}..{high}, got {value!r}")
        if name in ("start_points", "return_points", "oka", "chombo_penalty") and value % 100:
            raise RulesError(f"rules.{name}: expected a multiple of 100, got {value}")
        return value
    if name == "target_points":
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= 1_000_000:
            raise RulesError(f"rules.target_points: expected points or null, got {value!r}")
        return value
    if name == "uma":
        if (
            not isinstance(value, list | tuple)
            or len(value) != 4
            or any(isinstance(v, bool) or not isinstance(v, int) or v % 100 for v in value)
        ):
            raise RulesError(
                f"rules.uma: expected four points values (multiples of 100), got {value!r}"
            )
        return tuple(value)
    if name == "abortive_draws":
        if value is True:
            return ABORT_REASONS
        if value is False:
            return ()
        if not isinstance(value, list | tuple) or any(v not in ABORT_REASONS for v in value):
            raise RulesError(
                "rules.abortive_draws: expected true, false or a list of "
                f"{', '.join(ABORT_REASONS)}; got {value!r}"
            )
        return tuple(r for r in ABORT_REASONS if r in value)
    if name == "double_wind_fu":
        if value not in (2, 4) or isinstance(value, bool):
            raise RulesError(f"rules.double_wind_fu: expected 2 or 4, got {value!r}")
        return value
    raise RulesError(f"rules.{name}: unknown parameter")  # pragma: no cover


def resolve_rules(spec: str | Mapping[str, Any]) -> Ruleset:
    """A ruleset from a preset name or ``{"preset": name, **overrides}``.

    >>> resolve_rules({"preset": "ema", "kiriage": True}).kiriage
    True
    """
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise RulesError(f"rules: unknown preset {spec!r}; presets are {', '.join(PRESETS)}")
        return PRESETS[spec]
    if not isinstance(spec, Mapping):
        raise RulesError("rules: expected a preset name or an object with a 'preset'")
    preset = spec.get("preset")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise RulesError(f"rules.preset: expected one of {', '.join(PRESETS)}, got {preset!r}")
    changes: dict[str, Any] = {}
    for name, value in spec.items():
        if name == "preset":
            continue
        if name not in PARAMETERS:
            raise RulesError(f"rules.{name}: unknown parameter")
        changes[name] = _check_value(name, value)
    rules = replace(PRESETS[preset], **changes)
    if rules.extension and rules.target_points is None:
        raise RulesError("rules.target_points: an extension round needs target points")
    return rules
