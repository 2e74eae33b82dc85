"""Rulesets: every rule variant a club plays, as the fields of one frozen ``Ruleset``.

The five presets hold the values of ``docs/RULES.md`` (which cites the EMA 2016 and WRC
rulebooks, Tenhou's rule page and real logs, Mahjong Soul and M-League summaries); their data
is ``scoring.presets``, and the words and bounds each parameter takes are
``scoring.rule_values``. A club's ruleset is a preset plus overrides, read strictly here:
``resolve_rules({"preset": "ema", "kiriage": True})``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, Final

from scoring.errors import RulesError, excerpt
from scoring.outcomes import AbortReason
from scoring.presets import COMMON_VALUES, PRESET_VALUES
from scoring.rule_values import (
    MAX_RULES_WORD,
    ChomboStyle,
    ExtensionEnd,
    FloatingUma,
    Kazoe,
    LeftoverSticks,
    Length,
    MultiRon,
    MultiRonHonba,
    MultiRonSticks,
    PaoRonHonba,
    PaoScope,
    Renchan,
    ResultRounding,
    SanmaTsumo,
    Ties,
    Uma,
    Yame,
    check_value,
    name_excerpt,
)
from scoring.seats import NORTHLESS_ABORTIVE_DRAWS, SEATINGS, Seating


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
    #: How many players the game has: 4, or 3 (sanma: East, South and West; RULES.md,
    #: version 3). Everything that depends on it is asked of ``seating``.
    players: int = 4
    #: With three players, how a tsumo is paid with North's share missing: ``loss``,
    #: ``bisection`` or ``full`` (``SanmaTsumo``); also nagashi mangan, a reverse-mangan
    #: chombo and pao on a tsumo. No effect with four players.
    sanma_tsumo: SanmaTsumo = SanmaTsumo.LOSS

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
    def seating(self) -> Seating:
        """The seats, winds and rounds of a game of ``players`` players."""
        return SEATINGS[self.players]

    @property
    def last_round(self) -> int:
        """Index of the all-last round (South 4 = 7 for a hanchan, East 4 = 3 for tonpuusen;
        South 3 = 6 and East 3 = 2 with three players)."""
        return self.seating.last_round_of(2 if self.length == Length.HANCHAN else 1)

    @property
    def tsumo_honba(self) -> int:
        """What each payer of a tsumo pays per honba counter: ``honba_value`` shared by the
        payers (300 -> 100 each of three; 200 -> 100 each of two; RULES.md, version 3). A
        value that does not share into whole hundreds is floored, as games stored before
        such rulesets were refused were played (``check_new_ruleset``)."""
        return self.honba_value // (self.players - 1)

    def uma_for(self, below: int) -> Uma:
        """The uma list when ``below`` players end below ``return_points``."""
        uma = self.uma
        return uma.for_below(below) if isinstance(uma, FloatingUma) else uma


_FIELD_NAMES: Final = tuple(f.name for f in fields(Ruleset))


def _preset(name: str, values: Mapping[str, Any]) -> Ruleset:
    return Ruleset(preset=name, **{key: check_value(key, value) for key, value in values.items()})


PRESETS: Final[dict[str, Ruleset]] = {
    name: _preset(name, {**COMMON_VALUES, **values}) for name, values in PRESET_VALUES.items()
}


def presets_for(players: int) -> tuple[str, ...]:
    """The names of the presets for a game of ``players`` players, in the order they are
    listed.

    >>> presets_for(3)
    ('tenhou_sanma', 'mahjongsoul_sanma')
    """
    return tuple(name for name, rules in PRESETS.items() if rules.players == players)


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
        if len(spec) > MAX_RULES_WORD or spec not in PRESETS:
            raise RulesError(
                f"rules: unknown preset {excerpt(spec)}; presets are {', '.join(PRESETS)}",
                code="rules.unknown_preset",
                values={"parameter": "", "got": excerpt(spec), "presets": ", ".join(PRESETS)},
            )
        return PRESETS[spec]
    if not isinstance(spec, Mapping):
        raise RulesError(
            "rules: expected a preset name or an object with a 'preset'",
            code="rules.not_spec",
            values={"parameter": ""},
        )
    if len(spec) > len(_FIELD_NAMES):
        raise RulesError(
            f"rules: more parameters than a ruleset has ({len(spec)})",
            code="rules.too_many_parameters",
            values={"parameter": "", "count": len(spec)},
        )
    for name in spec:
        # Lengths first: a name is looked up (hashed) only once it is known to be short.
        if not isinstance(name, str) or len(name) > MAX_RULES_WORD or name not in _FIELD_SET:
            raise RulesError(
                f"rules.{name_excerpt(name)}: unknown parameter",
                code="rules.unknown_parameter",
                values={"parameter": name_excerpt(name)},
            )
    key: tuple[tuple[str, type, Any], ...] = ()
    cached = None
    if all(not isinstance(value, str) or len(value) <= MAX_RULES_WORD for value in spec.values()):
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
            f"rules.preset: expected one of {', '.join(PRESETS)}, got {excerpt(preset)}",
            code="rules.not_choice",
            values={"parameter": "preset", "got": excerpt(preset), "choices": ", ".join(PRESETS)},
        )
    changes: dict[str, Any] = {}
    for name, value in spec.items():
        if name == "preset":
            continue
        if name not in _PARAMETER_SET:
            raise RulesError(
                f"rules.{name_excerpt(name)}: unknown parameter",
                code="rules.unknown_parameter",
                values={"parameter": name_excerpt(name)},
            )
        changes[name] = check_value(name, value)
    rules = replace(PRESETS[preset], **changes)
    _check_players(rules)
    if rules.extension and rules.target_points is None:
        raise RulesError(
            "rules.target_points: an extension round needs target points",
            code="rules.extension_needs_target",
            values={"parameter": "target_points"},
        )
    if not rules.tobi:
        for name in ("tobi_at_zero", "tobi_bonus"):
            if getattr(rules, name):
                raise RulesError(
                    f"rules.{name}: applies only with tobi",
                    code="rules.needs_tobi",
                    values={"parameter": name},
                )
    return rules


def _check_players(rules: Ruleset) -> None:
    """Refuse the parameters that do not fit the ruleset's number of players (RULES.md,
    version 3): uma with one value per place; with three players no ``split_all``, at most a
    double ron, two abortive draws, and honba that share between the two payers of a
    tsumo."""
    seating = rules.seating
    players = seating.players
    uma = rules.uma
    places = uma.places if isinstance(uma, FloatingUma) else len(uma)
    if places != players:
        raise RulesError(
            f"rules.uma: {places} values for {players} players (one per place)",
            code="rules.uma_length",
            values={"parameter": "uma", "players": players, "places": places},
        )
    if isinstance(uma, FloatingUma) and tuple(uma.to_json()) != seating.floating_uma_keys:
        raise RulesError(
            'rules.uma: floating uma is keyed "1", "2" with three players, "1", "2", "3" with four',
            code="rules.floating_uma_keys",
            values={
                "parameter": "uma",
                "got": ", ".join(uma.to_json()),
                "keys": ", ".join(seating.floating_uma_keys),
            },
        )
    if rules.leftover_sticks is LeftoverSticks.SPLIT_ALL and not seating.splits_all_sticks:
        raise RulesError(
            "rules.leftover_sticks: split_all shares a stick among four players; three "
            "players cannot split it",
            code="rules.split_all_three",
            values={"parameter": "leftover_sticks"},
        )
    if rules.multi_ron.max_winners > seating.most_ron_winners:
        raise RulesError(
            "rules.multi_ron: three players have at most a double ron",
            code="rules.multi_ron_three",
            values={"parameter": "multi_ron"},
        )
    extra = [reason for reason in rules.abortive_draws if not seating.has_abortive_draw(reason)]
    if extra:
        raise RulesError(
            f"rules.abortive_draws: {extra[0].value} does not exist with three players "
            f"(only {', '.join(NORTHLESS_ABORTIVE_DRAWS)})",
            code="rules.abort_three",
            values={"parameter": "abortive_draws", "reason": extra[0].value},
        )
    if not seating.has_north:
        # Checked on replay since three-player games came (version 3); a four-player
        # ruleset stored before the check keeps replaying (``check_new_ruleset``).
        _check_honba(rules)


def _check_honba(rules: Ruleset) -> None:
    payers = rules.players - 1
    if rules.honba_value % (payers * 100):
        raise RulesError(
            f"rules.honba_value: {rules.honba_value} does not share into whole hundreds "
            f"between the {payers} payers of a tsumo",
            code="rules.honba_not_divisible",
            values={"parameter": "honba_value", "payers": payers, "got": rules.honba_value},
        )


def check_new_ruleset(rules: Ruleset) -> None:
    """Refuse a ruleset a club is making whose ``honba_value`` does not share into whole
    hundreds between the payers of a tsumo (RULES.md, version 3). Replay does not ask it:
    a game already stored keeps the amounts it was played with.

    >>> from scoring.errors import RulesError
    >>> try:
    ...     check_new_ruleset(resolve_rules({"preset": "ema", "honba_value": 1000}))
    ... except RulesError as error:
    ...     print(error.code, error.values["payers"])
    rules.honba_not_divisible 3
    """
    _check_honba(rules)
