"""A win's ``yaku``, ``dora`` and ``open`` in record form (``docs/game-record.md``):
read strictly, each refusal a ``RecordError`` naming the field, and written back.

- ``yaku``: a list of the calculator's yaku names (``scoring.yaku``), each once. Dora lines
  (``Dora``, ``Ura Dora``, ``Aka Dora``) are not yaku: they go in ``dora``.
- ``dora``: a count of dora, ura dora and red fives together, or an object counting each on
  its own, ``{"dora": 2, "ura": 1, "aka": 1}`` (a kind left out counts 0); with three
  players the object may count the kita (North tiles set aside, each a dora) too,
  ``{"dora": 1, "aka": 1, "kita": 2}``, and a plain count includes them (RULES.md, version 3).
- ``open``: ``true`` for an open hand (a called set), ``false`` for a closed one.

Whether they agree with the win's han and the rules is checked when the hand is played
(``scoring.win_details``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from scoring.errors import RecordError, describe_value, excerpt, shown
from scoring.outcomes import Win
from scoring.yaku import BY_NAME, DORA_LINES, YAKU, sort_yaku

WIN_DETAIL_KEYS: Final = frozenset({"yaku", "dora", "open"})
#: The dora kinds of ``dora`` as an object, in the order of the engine's triple.
DORA_KINDS: Final = ("dora", "ura", "aka")
#: The key of ``dora`` as an object that counts the kita (``Win.kita``).
KITA_KEY: Final = "kita"
#: The most kita a win may have: the four North tiles.
MAX_KITA: Final = 4
#: The most dora of one kind a record may count (four kan dora indicators and the first, each
#: showing a tile held four times, make 20; a margin above that).
MAX_DORA: Final = 40


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(
            where,
            f"expected a whole number, got {describe_value(value)}",
            code="record.not_whole_number",
            values={"got": shown(value)},
        )
    if not 0 <= value <= MAX_DORA:
        raise RecordError(
            where,
            f"expected 0..{MAX_DORA}, got {value}",
            code="record.out_of_range",
            values={"low": 0, "high": MAX_DORA, "got": value},
        )
    return value


def read_yaku(value: Any, where: str) -> tuple[str, ...]:
    """The yaku a win names, in the table's order; ``()`` where none are given.

    >>> read_yaku(["Tanyao", "Riichi"], "yaku")
    ('Riichi', 'Tanyao')
    """
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RecordError(
            where,
            f"expected a list of yaku names, got {describe_value(value)}",
            code="yaku.not_list",
            values={"got": shown(value)},
        )
    if len(value) > len(YAKU):
        raise RecordError(
            where,
            f"{len(value)} yaku: no hand has more than {len(YAKU)}",
            code="yaku.too_many",
            values={"count": len(value), "most": len(YAKU)},
        )
    seen: set[str] = set()
    for i, name in enumerate(value):
        if not isinstance(name, str) or name not in BY_NAME:
            if isinstance(name, str) and name in DORA_LINES:
                raise RecordError(
                    f"{where}[{i}]",
                    f"{name} is not a yaku: count it in dora",
                    code="yaku.is_dora",
                    values={"yaku": name},
                )
            raise RecordError(
                f"{where}[{i}]",
                f"unknown yaku {describe_value(name)} (names as the hand calculator writes them, "
                "e.g. Riichi, Pinfu, Seat Wind)",
                code="yaku.unknown",
                values={"got": shown(name)},
            )
        if name in seen:
            raise RecordError(
                f"{where}[{i}]",
                f"{name} is listed twice",
                code="yaku.listed_twice",
                values={"yaku": name},
            )
        seen.add(name)
    return sort_yaku(value)


def read_dora(value: Any, where: str) -> int | tuple[int, int, int] | None:
    """A win's dora: one count, or (dora, ura dora, red fives).

    >>> read_dora(3, "dora"), read_dora({"ura": 1}, "dora")
    (3, (0, 1, 0))
    """
    if value is None:
        return None
    if isinstance(value, Mapping):
        for key in value:
            if key not in DORA_KINDS and key != KITA_KEY:
                name = str(key)
                raise RecordError(
                    f"{where}.{name if len(name) <= 20 else excerpt(name)}",
                    "unknown field (dora counts dora, ura, aka and kita)",
                    code="dora.unknown_field",
                    values={"field": name},
                )
        dora, ura, aka = (_count(value.get(kind, 0), f"{where}.{kind}") for kind in DORA_KINDS)
        return dora, ura, aka
    return _count(value, where)


def read_kita(value: Any, where: str) -> int:
    """The kita a win's ``dora`` object counts (0 where it does not count them apart).

    >>> read_kita({"dora": 1, "kita": 2}, "dora"), read_kita(3, "dora")
    (2, 0)
    """
    if not isinstance(value, Mapping) or KITA_KEY not in value:
        return 0
    count = _count(value[KITA_KEY], f"{where}.{KITA_KEY}")
    if count > MAX_KITA:
        raise RecordError(
            f"{where}.{KITA_KEY}",
            f"{count} kita: there are {MAX_KITA} North tiles",
            code="dora.too_many_kita",
            values={"kita": count, "most": MAX_KITA},
        )
    return count


def read_open(value: Any, where: str) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise RecordError(
        where,
        f"expected true or false, got {describe_value(value)}",
        code="record.not_bool",
        values={"got": shown(value)},
    )


def win_details_json(win: Win) -> dict[str, Any]:
    """The win's yaku, dora and open as the record writes them (only those it has).

    >>> win_details_json(Win(0, han=2, fu=30, yaku=("Riichi",), dora=(1, 0, 0), open=False))
    {'yaku': ['Riichi'], 'dora': {'dora': 1, 'ura': 0, 'aka': 0}, 'open': False}
    >>> win_details_json(Win(0, han=3, fu=30, dora=(0, 0, 0), kita=2))
    {'dora': {'dora': 0, 'ura': 0, 'aka': 0, 'kita': 2}}
    """
    out: dict[str, Any] = {}
    if win.yaku:
        out["yaku"] = list(win.yaku)
    if isinstance(win.dora, tuple):
        out["dora"] = dict(zip(DORA_KINDS, win.dora, strict=True))
        if win.kita:
            out["dora"][KITA_KEY] = win.kita
    elif win.dora is not None:
        out["dora"] = win.dora
    if win.open is not None:
        out["open"] = win.open
    return out


__all__ = [
    "DORA_KINDS",
    "KITA_KEY",
    "WIN_DETAIL_KEYS",
    "read_dora",
    "read_kita",
    "read_open",
    "read_yaku",
]
