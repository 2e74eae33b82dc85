"""A platform's log as the readers leave it: the hands as engine values, each with what the log
itself recorded around it (the round, honba, sticks and scores it started from, the score
changes it made), the lobby's rules as far as the log names them, and the final points and
results. ``scoring.logs.convert`` makes the game record from it and checks it against them.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, Final, NamedTuple

from scoring.errors import LogError, describe_value
from scoring.outcomes import Hand

#: The seats a log's attributes hold: four (a three-player mjlog leaves the fourth empty).
SEATS: Final = 4
#: The most hands a log may hold: far more than any game plays (a record's own bound).
MAX_LOG_HANDS: Final = 500


class Stated(NamedTuple):
    """A number a log states inside a hand, besides the scores it starts from and its change,
    checked against the replay: ``kind`` says which (mjlog XML, and ``value`` in JSON too):

    - ``riichi``: each seat's points once the ``order``-th riichi stick of the hand is placed
      (``<REACH step="2" ten>``);
    - ``before``: each seat's points before the ``order``-th end of the hand (``sc``'s even
      places: the hand's start less the sticks placed, less the earlier winner's payments of
      a double ron), ``values`` then ``previous`` (the earlier ends' changes, each seat);
    - ``ba``: the honba and the sticks on the table at the ``order``-th end (``ba``: the
      second winner of a double ron finds none);
    - ``value``: what the ``order``-th win is worth before honba and sticks (``ten``'s second
      number: a ron's payment, a tsumo's payments added up; in tenhou.net/6 JSON, the points
      its text states).
    """

    where: str
    kind: str
    order: int
    values: tuple[int, ...]
    #: ``before``: the earlier ends' changes added up, each seat; ``riichi``: the seats whose
    #: sticks are placed so far, in order.
    previous: tuple[int, ...] = ()


class LogHand(NamedTuple):
    """One hand of a log: the engine's hand, and what the log recorded around it."""

    hand: Hand
    #: The place in the log the hand was read from (``<INIT> 3``, ``log[2]``).
    where: str
    round_index: int
    honba: int
    sticks: int
    #: Each seat's points at the start of the hand.
    scores: tuple[int, ...]
    #: Each seat's whole change over the hand (riichi sticks placed included), where the
    #: log says (a tenhou.net/6 abortive draw does not).
    deltas: tuple[int, ...] | None
    #: The other numbers the log states inside the hand.
    stated: tuple[Stated, ...] = ()


class LogFinal(NamedTuple):
    """The log's end of the game: final points (leftover sticks given) and results, in points
    of result (``-46.0`` is ``-46000``)."""

    where: str
    points: tuple[int, ...]
    results: tuple[int, ...]


class LogGame(NamedTuple):
    """A log read: where it came from, the names, the preset of its lobby and the rule
    parameters the log names, the hands and the end."""

    platform: str
    log_id: str
    names: tuple[str, ...]
    preset: str
    overrides: dict[str, Any]
    hands: tuple[LogHand, ...]
    final: LogFinal | None


def damaged(where: str, message: str) -> LogError:
    """A log that breaks its format at ``where`` (a wrong type, a missing or extra field, a
    number out of bounds, a hand without a result): refused as damaged, naming the place."""
    return LogError(where, message, code="log.damaged", values={"where": where})


def unknown_yaku(where: str, name: str) -> LogError:
    """A yaku the record has no name for (renhou, a local yaku, a misspelt name)."""
    return LogError(
        where,
        f"the yaku {name[:40]!r} has no name in the record",
        code="log.unknown_yaku",
        values={"where": where, "name": name[:40]},
    )


def log_int(value: Any, where: str, low: int = -10_000_000, high: int = 10_000_000) -> int:
    """A whole number of a log (a JSON number, or the text of an XML attribute), bounded.

    >>> log_int("250", "<INIT> 1.ten")
    250
    """
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if digits.isascii() and digits.isdigit() and len(digits) <= 9:
            value = int(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise damaged(where, f"expected a whole number, got {describe_value(value)}")
    if not low <= value <= high:
        raise damaged(where, f"expected {low}..{high}, got {value}")
    return value


def log_result(value: Any, where: str) -> int:
    """A final result of a log (thousands, one decimal at most) in points of result.

    >>> log_result("-46.0", "owari"), log_result(63.8, "sc[1]")
    (-46000, 63800)
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float | str)
        or (isinstance(value, str) and len(value) > 20)
    ):
        raise damaged(where, f"expected a result, got {describe_value(value)}")
    try:
        number = Decimal(str(value).strip()) * 1000
    except InvalidOperation:
        number = Decimal("NaN")
    if not number.is_finite() or number != number.to_integral_value() or abs(number) > 10**9:
        raise damaged(where, f"expected a result, got {describe_value(value)}")
    return int(number)


def player_names(names: list[str]) -> tuple[str, ...]:
    """The log's names as a record takes them: blank ones become ``Player 1``..., each cut to a
    record's length, and a name that comes twice (Tenhou's anonymous ``NoName``) numbered.

    >>> player_names(["NoName", "", "NoName", "Aki"])
    ('NoName', 'Player 2', 'NoName (2)', 'Aki')
    """
    out: list[str] = []
    for i, raw in enumerate(names):
        name = " ".join(raw.replace("\x00", "").split())[:90] or f"Player {i + 1}"
        base, count = name, 1
        while name in out:
            count += 1
            name = f"{base} ({count})"
        out.append(name)
    return tuple(out)


__all__ = [
    "MAX_LOG_HANDS",
    "SEATS",
    "LogFinal",
    "LogGame",
    "LogHand",
    "Stated",
    "damaged",
    "log_int",
    "log_result",
    "player_names",
    "unknown_yaku",
]
