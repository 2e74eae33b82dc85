"""The scored output document of ``docs/game-record.md``: a record with every
computed field (each hand's round, dealer, honba, sticks, deltas and scores; the end and the
final standings).

``scored_json`` builds the document; ``scored_text`` writes the same JSON as text straight from
the replay, for the command line. The final rows follow ``scoring.standings`` (uma, oka, chips,
tobi bonus and penalties as the ruleset has them).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from scoring.outcomes import Hand
from scoring.record import FORMAT, GameRecord, optional_fields, read_record
from scoring.record_hand import hand_to_json
from scoring.rules import Ruleset
from scoring.standings import Standing, final_standings
from scoring.state import Replay


def _thousands(points: int) -> int | float:
    """Points as a JSON number of thousands: whole numbers as ints. Dividing two ints rounds
    correctly, so ``51200`` gives the float written ``51.2``."""
    return points // 1000 if points % 1000 == 0 else points / 1000


def _final_row(record: GameRecord, row: Standing) -> dict[str, Any]:
    """One final row: the result and, where the ruleset or the record has them, its parts
    (spec ``final``)."""
    rules = record.rules
    out: dict[str, Any] = {
        "seat": row.seat,
        "name": record.players[row.seat],
        "points": row.points,
        "place": row.place,
        "result": _thousands(row.result_points),
        "uma": _thousands(row.uma_points),
    }
    if rules.oka:
        out["oka"] = _thousands(row.oka_points)
    if rules.chip_value:
        out["chips"] = row.chips
    if rules.tobi_bonus:
        out["tobi_bonus"] = _thousands(row.tobi_points)
    if _shows_penalty(record):
        out["penalty"] = _thousands(-row.penalty_points)
    return out


#: Each ruleset's JSON, by identity: resolved rulesets are shared (``resolve_rules`` caches
#: them), and writing one out costs more than scoring a short game.
_RULES_JSON: dict[int, tuple[Ruleset, dict[str, Any]]] = {}


def _rules_json(rules: Ruleset) -> dict[str, Any]:
    cached = _RULES_JSON.get(id(rules))
    if cached is None or cached[0] is not rules:
        if len(_RULES_JSON) >= 256:
            _RULES_JSON.clear()
        cached = _RULES_JSON[id(rules)] = (rules, rules.to_json())
    return {k: list(v) if isinstance(v, list) else v for k, v in cached[1].items()}


def scored_json(record: GameRecord, replay: Replay) -> dict[str, Any]:
    """The output document: the record with every computed field."""
    hands = []
    for result in replay.results:
        out = hand_to_json(result.hand)
        before = result.before
        out["round"] = before.round_label
        out["dealer"] = before.dealer
        out["honba"] = before.honba
        out["sticks"] = before.sticks
        out["deltas"] = list(result.deltas)
        out["scores"] = list(result.after.scores)
        hands.append(out)
    state = replay.state
    final = None
    if state.finished:
        final = [
            _final_row(record, row)
            for row in final_standings(state, record.rules, record.penalties)
        ]
    return {
        "format": FORMAT,
        "rules": _rules_json(record.rules),
        "players": list(record.players),
        **optional_fields(record),
        "hands": hands,
        "finished": state.finished,
        "end_reason": state.end_reason.value if state.end_reason else None,
        "final": final,
    }


_ENCODE: Final = json.JSONEncoder(ensure_ascii=False).encode

#: Each hand's record form as JSON text, by the hand: many hands of many games are alike
#: (a draw with nobody tenpai, a 1 han 30 fu ron), and a hand is an immutable value.
_HAND_TEXT: dict[Hand, str] = {}
_HAND_TEXT_MAX: Final = 4096


def _hand_text(hand: Hand) -> str:
    text = _HAND_TEXT.get(hand)
    if text is None:
        if len(_HAND_TEXT) >= _HAND_TEXT_MAX:
            _HAND_TEXT.clear()
        text = _HAND_TEXT[hand] = _ENCODE(hand_to_json(hand))
    return text


def _rules_text(rules: Ruleset) -> str:
    cached = _RULES_TEXT.get(id(rules))
    if cached is None or cached[0] is not rules:
        if len(_RULES_TEXT) >= 256:
            _RULES_TEXT.clear()
        cached = _RULES_TEXT[id(rules)] = (rules, _ENCODE(rules.to_json()))
    return cached[1]


_RULES_TEXT: dict[int, tuple[Ruleset, str]] = {}


_FORMAT_TEXT: Final = '{\n "format": ' + _ENCODE(FORMAT)
_string: Final = json.encoder.encode_basestring


def _number_text(points: int) -> str:
    """``_thousands(points)`` as JSON writes it (a float as its ``repr``)."""
    return str(points // 1000) if points % 1000 == 0 else repr(points / 1000)


def _final_row_text(record: GameRecord, row: Standing) -> str:
    """``_final_row`` as JSON text, written field by field (the encoder's set-up costs more
    than a row)."""
    rules = record.rules
    text = (
        f'  {{"seat": {row.seat}, "name": {_string(record.players[row.seat])}, '
        f'"points": {row.points}, "place": {row.place}, '
        f'"result": {_number_text(row.result_points)}, "uma": {_number_text(row.uma_points)}'
    )
    if rules.oka:
        text += f', "oka": {_number_text(row.oka_points)}'
    if rules.chip_value:
        text += f', "chips": {row.chips}'
    if rules.tobi_bonus:
        text += f', "tobi_bonus": {_number_text(row.tobi_points)}'
    if _shows_penalty(record):
        text += f', "penalty": {_number_text(-row.penalty_points)}'
    return text + "}"


def _shows_penalty(record: GameRecord) -> bool:
    rules = record.rules
    return bool(
        (rules.chombo == "penalty" and rules.chombo_penalty)
        or rules.yakitori_penalty
        or record.penalties
    )


def _lines(items: Sequence[str]) -> str:
    return "[\n" + ",\n".join(items) + "\n ]" if items else "[]"


def scored_text(record: GameRecord, replay: Replay) -> str:
    """The output document as JSON text, one hand and one final row a line: the same JSON
    as ``scored_json``, written straight from the replay without building the document
    first (the command line's path, where building and encoding it took most of the time).

    >>> import json
    >>> doc = {"format": FORMAT, "rules": "ema", "players": ["A", "B", "C", "D"],
    ...        "hands": [{"draw": {"tenpai": [1]}}]}
    >>> json.loads(scored_text(*read_record(doc))) == score_document(doc)
    True
    """
    parts = [
        _FORMAT_TEXT,
        ',\n "rules": ',
        _rules_text(record.rules),
        ',\n "players": ',
        _ENCODE(list(record.players)),
    ]
    for key, value in optional_fields(record).items():
        parts += [f',\n "{key}": ', _ENCODE(value)]
    hands = []
    for result in replay.results:
        before = result.before
        d = result.deltas
        p = result.after.scores
        hands.append(
            f'  {_hand_text(result.hand)[:-1]}, "round": "{before.round_label}", '
            f'"dealer": {before.dealer}, "honba": {before.honba}, '
            f'"sticks": {before.sticks}, "deltas": [{", ".join(map(str, d))}], '
            f'"scores": [{", ".join(map(str, p))}]}}'
        )
    state = replay.state
    parts += [',\n "hands": ', _lines(hands), ',\n "finished": ']
    parts.append("true" if state.finished else "false")
    parts.append(
        f',\n "end_reason": "{state.end_reason.value}"'
        if state.end_reason
        else ',\n "end_reason": null'
    )
    parts.append(',\n "final": ')
    if state.finished:
        rows = final_standings(state, record.rules, record.penalties)
        parts.append(_lines([_final_row_text(record, row) for row in rows]))
    else:
        parts.append("null")
    parts.append("\n}")
    return "".join(parts)


def score_document(doc: Any) -> dict[str, Any]:
    """Score a game record: the output document of ``spec/game-record.md``.

    >>> out = score_document({"format": FORMAT, "rules": "tenhou",
    ...     "players": ["Aki", "Ben", "Chie", "Dan"],
    ...     "hands": [{"tsumo": {"winner": 1, "han": 1, "fu": 30}}]})
    >>> out["hands"][0]["deltas"], out["hands"][0]["round"], out["finished"]
    ([-500, 1100, -300, -300], 'E1', False)
    """
    record, replay = read_record(doc)
    return scored_json(record, replay)


__all__: Sequence[str] = ["score_document", "scored_json", "scored_text"]
