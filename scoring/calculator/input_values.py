"""The values of a hand document (``docs/hand.md``), each read and bounded on its own.

Booleans, winds, counters, tiles and the ruleset of a ``scorekeeper.hand/1`` document are
checked for their type and size before anything is built from them, and a bad one is a
``HandError`` naming its field that quotes the value cut short. The bounds are the table's:
at most five dora indicators (the first and four kan dora); the ruleset is a preset name or a
preset plus overrides, read by ``scoring.rules.resolve_rules``. The hand these values make up
is ``scoring.calculator.input.HandInput``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from scoring.calculator.tiles import (
    HandError,
    NotationError,
    TextTooLong,
    Tile,
    excerpt,
    parse_tiles,
)
from scoring.rules import Ruleset, resolve_rules
from scoring.seats import Wind

#: At most five dora indicators (the first one and four kan dora).
MAX_INDICATORS: Final = 5
MAX_COUNTER: Final = 1000
#: The longest preset name read (the presets' names are a few letters).
MAX_PRESET_NAME: Final = 32
_WIND_LETTERS: Final = ", ".join(Wind)


def shown_value(value: object) -> str:
    """A value as an error shows it: a text cut short, a list or an object by its size."""
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if abs(value) < 10**12 else "a number that large"
    if isinstance(value, float):
        return excerpt(repr(value))
    if isinstance(value, list | tuple):
        return f"a list of {len(value):,}"
    if isinstance(value, Mapping):
        return f"an object of {len(value):,} field(s)"
    return type(value).__name__


def shown_key(key: object) -> str:
    return excerpt(key)[1:-1] if isinstance(key, str) else shown_value(key)


def read_bool(doc: Mapping[str, Any], name: str) -> bool:
    value = doc.get(name, False)
    if not isinstance(value, bool):
        raise HandError(
            name,
            f"expected true or false, got {shown_value(value)}",
            code="calc.not_bool",
            values={"got": shown_value(value)},
        )
    return value


def as_wind(value: object, name: str) -> Wind:
    if isinstance(value, Wind):
        return value
    if isinstance(value, str) and len(value) == 1:
        try:
            return Wind(value)
        except ValueError:
            pass
    raise HandError(
        name,
        f"expected one of {_WIND_LETTERS}, got {shown_value(value)}",
        code="calc.not_wind",
        values={"choices": _WIND_LETTERS, "got": shown_value(value)},
    )


def read_wind(doc: Mapping[str, Any], name: str) -> Wind:
    return as_wind(doc.get(name, Wind.EAST), name)


def read_counter(doc: Mapping[str, Any], name: str) -> int:
    value = doc.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNTER:
        raise HandError(
            name,
            f"expected a whole number 0..{MAX_COUNTER}, got {shown_value(value)}",
            code="calc.out_of_range",
            values={"low": 0, "high": MAX_COUNTER, "got": shown_value(value)},
        )
    return value


def read_rules(spec: object) -> Ruleset:
    if isinstance(spec, str):
        if len(spec) > MAX_PRESET_NAME:
            raise TextTooLong(
                "rules",
                f"a preset name has at most {MAX_PRESET_NAME} characters, got {len(spec):,}: "
                f"{excerpt(spec)}",
                code="calc.text_too_long",
                values={"most": MAX_PRESET_NAME, "length": len(spec)},
            )
        return resolve_rules(spec)
    if isinstance(spec, Mapping):
        key = _rules_key(spec)
        if key is None:
            return resolve_rules(spec)
        rules = _RULES.get(key)
        if rules is None:
            if len(_RULES) >= _MOST_RULES:
                _RULES.clear()
            rules = _RULES[key] = resolve_rules(spec)
        return rules
    raise HandError(
        "rules",
        f'expected a preset name or {{"preset": ..., overrides}}, got {shown_value(spec)}',
        code="rules.not_spec",
        values={"parameter": "", "got": shown_value(spec)},
    )


#: Rulesets already resolved, by their overrides: a club sends the same few with every hand,
#: and resolving one (checking each value, building the ruleset) costs as much as parsing
#: the hand.
_RULES: Final[dict[tuple[tuple[str, type, object], ...], Ruleset]] = {}
_MOST_RULES: Final = 256
_MOST_OVERRIDES: Final = 64


def _rules_key(spec: Mapping[Any, Any]) -> tuple[tuple[str, type, object], ...] | None:
    """A key for ``spec`` if it is made of plain values (the type is part of the key:
    ``1`` and ``True`` are equal in Python and not as parameters), else ``None``."""
    if len(spec) > _MOST_OVERRIDES:
        return None
    key = []
    for name, value in spec.items():
        if not isinstance(name, str) or not isinstance(value, str | int | float | None):
            return None
        key.append((name, type(value), value))
    return tuple(key)


def read_tiles(value: object, name: str) -> tuple[Tile, ...]:
    if not isinstance(value, str):
        raise NotationError(
            name,
            f"expected tiles as text like '345m22z', got {shown_value(value)}",
            code="tiles.not_text",
            values={"got": shown_value(value)},
        )
    return parse_tiles(value, name)


def read_tile(value: object, name: str) -> Tile:
    if not isinstance(value, str):
        raise NotationError(
            name,
            f"expected one tile as text like '5m', got {shown_value(value)}",
            code="tiles.not_one_tile",
            values={"got": shown_value(value)},
        )
    return Tile.parse(value, name)


def read_list(value: object, name: str, most: int, what: str) -> Sequence[Any]:
    """A JSON list of at most ``most`` items, its length checked before any item is read."""
    if not isinstance(value, list | tuple):
        raise HandError(
            name,
            f"expected a list of {what}, got {shown_value(value)}",
            code="calc.not_list",
            values={"got": shown_value(value)},
        )
    if len(value) > most:
        raise HandError(
            name,
            f"at most {most} {what}, got {len(value):,}",
            code="calc.too_many_items",
            values={"most": most, "count": len(value)},
        )
    return value


def read_indicators(doc: Mapping[str, Any], name: str) -> tuple[Tile, ...]:
    value = read_list(doc.get(name, []), name, MAX_INDICATORS, 'indicators (like ["8s"])')
    return tuple(read_tile(item, f"{name}[{i}]") for i, item in enumerate(value))
