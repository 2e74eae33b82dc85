"""A game at a moment: its state between hands, the result of one hand, and a replay.

East 1 starts on the ruleset's ``start_points`` with no honba and no sticks (RULES.md); a
game begun on paper may start elsewhere if its round is one the game can reach and its
points add up (``docs/game-record.md``, ``start``). Round labels ``E1``..``N4`` are the
record format's; a three-player game has no fourth round in a wind (``E1``..``E3``, ``S1``..),
and its round indices skip them (``scoring.seats``). Per-seat values hold one item a seat.
How a hand moves the game from one state to the next is ``scoring.game``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple

from scoring.outcomes import Hand
from scoring.rules import Ruleset
from scoring.seats import FOUR, ROUNDS_PER_WIND, SEATINGS, Seat, Wind

STICK: Final = 1000
#: The most honba counters and sticks a start may hold (a real game has a dozen at most).
MAX_COUNTER: Final = 100


class EndReason(StrEnum):
    """Why a game ended."""

    LAST_HAND = "last_hand"
    TOBI = "tobi"
    AGARI_YAME = "agari_yame"
    TENPAI_YAME = "tenpai_yame"
    EXTENSION_OVER = "extension_over"
    #: Time was up (a tournament's clock): the game ends after the hand being played, where
    #: its hands would have gone on (a record's ``"end": "time"``).
    TIME = "time"


def round_label(round_index: int) -> str:
    """``E1``.. for a round index (0 = East 1, 4 = South 1, 8 = West 1).

    >>> round_label(0), round_label(7), round_label(8)
    ('E1', 'S4', 'W1')
    """
    return _ROUND_LABELS[round_index % len(_ROUND_LABELS)]


def round_wind(round_index: int) -> Wind:
    """The wind of the round (East from East 1 to East 4).

    >>> round_wind(0), round_wind(7)
    (<Wind.EAST: 'E'>, <Wind.SOUTH: 'S'>)
    """
    return Wind.of_index(round_index // ROUNDS_PER_WIND)


def round_number(round_index: int) -> int:
    """The round's number within its wind, 1..4 (South 3 is 3): the dealer's seat plus one.

    >>> round_number(0), round_number(6)
    (1, 3)
    """
    return round_index % ROUNDS_PER_WIND + 1


_ROUND_LABELS: Final = tuple(
    f"{round_wind(i).value}{round_number(i)}" for i in range(len(Wind) * ROUNDS_PER_WIND)
)


def parse_round_label(label: str) -> int | None:
    """The round index of ``E1``..``N4``, or ``None`` for anything else.

    >>> parse_round_label("S2"), parse_round_label("X9")
    (5, None)
    """
    try:
        return _ROUND_LABELS.index(label)
    except ValueError:
        return None


class GameState(NamedTuple):
    """Everything the hands so far have made: points, round, honba, sticks, chombos, chips,
    who has won a hand, and the end.

    An immutable named tuple rather than a frozen dataclass: every hand makes one, and a
    frozen dataclass of nine fields costs ten times as much to build.
    """

    #: Points per seat: four, or three with three players (the number of players).
    scores: tuple[int, ...]
    round_index: int = 0
    honba: int = 0
    #: Riichi sticks on the table.
    sticks: int = 0
    #: Chombos per seat (for penalties taken off the final result).
    chombos: tuple[int, ...] = FOUR.zeros()
    end_reason: EndReason | None = None
    #: Net chips per seat (won less paid).
    chips: tuple[int, ...] = FOUR.zeros()
    #: Whether each seat has won a hand (for the yakitori penalty).
    won: tuple[bool, ...] = FOUR.per_seat(False)
    #: Who receives the tobi bonus when the game ended by tobi: the winner of the hand that
    #: did it, or ``None`` (1st place) after a hand nobody won.
    tobi_to: Seat | None = None

    @property
    def dealer(self) -> Seat:
        # Round indices are ``wind * 4 + dealer`` with three players too (``scoring.seats``).
        return self.round_index % ROUNDS_PER_WIND

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def round_wind(self) -> Wind:
        return round_wind(self.round_index)

    @property
    def round_label(self) -> str:
        return _ROUND_LABELS[self.round_index % 16]

    @property
    def finished(self) -> bool:
        return self.end_reason is not None

    def to_json(self) -> dict[str, Any]:
        """The state as JSON values, for a stored projection.

        >>> GameState.from_json(GameState((1, 2, 3, 4), sticks=2).to_json()).sticks
        2
        """
        return {
            "scores": list(self.scores),
            "round_index": self.round_index,
            "honba": self.honba,
            "sticks": self.sticks,
            "chombos": list(self.chombos),
            "end_reason": self.end_reason.value if self.end_reason else None,
            "chips": list(self.chips),
            "won": list(self.won),
            "tobi_to": self.tobi_to,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameState:
        """A state from ``to_json``; projections stored before chips and yakitori read as none.
        The number of players is the number of scores."""
        scores = tuple(data["scores"])
        seats = range(len(scores))
        chips = data.get("chips") or [0 for _ in seats]
        won = data.get("won") or [False for _ in seats]
        return cls(
            scores,
            data["round_index"],
            data["honba"],
            data["sticks"],
            tuple(data["chombos"]),
            EndReason(data["end_reason"]) if data["end_reason"] else None,
            tuple(chips),
            tuple(bool(w) for w in won),
            data.get("tobi_to"),
        )


def start_state(rules: Ruleset) -> GameState:
    """East 1, no honba, no sticks, everyone on the starting points.

    >>> from scoring.rules import PRESETS
    >>> start_state(PRESETS["tenhou"]).scores
    (25000, 25000, 25000, 25000)
    >>> start_state(PRESETS["tenhou_sanma"]).scores
    (35000, 35000, 35000)
    """
    return _STARTS[rules.players]._replace(scores=(rules.start_points,) * rules.players)


_STARTS: Final = {
    players: GameState(
        (), chombos=seating.zeros(), chips=seating.zeros(), won=seating.per_seat(False)
    )
    for players, seating in SEATINGS.items()
}


def check_start(rules: Ruleset, start: GameState) -> str | None:
    """Why a game cannot start from ``start`` under ``rules`` (a game begun on paper), or
    ``None``: its round must be one the game can reach, and its scores plus the sticks on
    the table must hold exactly the points the players began with (spec ``start``).

    >>> from scoring.rules import PRESETS
    >>> check_start(PRESETS["ema"], GameState((31000, 29000, 30000, 30000), 9))
    'round W2: these rules play no further than S4'
    """
    problem = start_problem(rules, start)
    return None if problem is None else problem[0]


def start_problem(rules: Ruleset, start: GameState) -> tuple[str, str, dict[str, object]] | None:
    """``check_start``'s refusal as the message, its code and its values, or ``None``.

    >>> from scoring.rules import PRESETS
    >>> start_problem(PRESETS["ema"], GameState((31000, 29000, 30000, 20000), 1))[1:]
    ('start.points', {'total': 110000, 'expected': 120000, 'players': 4})
    """
    seating = rules.seating
    if len(start.scores) != seating.players:
        return (
            f"{len(start.scores)} scores for {seating.players} players",
            "start.scores_count",
            {"players": seating.players, "count": len(start.scores)},
        )
    last = rules.last_round + (ROUNDS_PER_WIND if rules.extension else 0)
    if not 0 <= start.round_index <= last:
        return (
            f"round {start.round_label}: these rules play no further than {round_label(last)}",
            "start.round_beyond_end",
            {"round": start.round_label, "last": round_label(last)},
        )
    if not seating.has_round(start.round_index):
        return (
            f"round {start.round_label}: a game of {seating.players} players has no such round",
            "start.round_not_for_players",
            {"round": start.round_label, "players": seating.players},
        )
    if not (0 <= start.honba <= MAX_COUNTER and 0 <= start.sticks <= MAX_COUNTER):
        return (
            f"honba and sticks are 0..{MAX_COUNTER}",
            "start.counters_out_of_range",
            {"high": MAX_COUNTER},
        )
    total = sum(start.scores) + start.sticks * STICK
    expected = seating.players * rules.start_points
    if total != expected:
        return (
            f"the scores and sticks hold {total} points; "
            f"{seating.count_word} players begin with {expected}",
            "start.points",
            {"total": total, "expected": expected, "players": seating.players},
        )
    return None


class HandResult(NamedTuple):
    """One hand played: the state before and after, and each seat's whole change
    (riichi sticks paid and collected included). A named tuple, like ``GameState``."""

    hand: Hand
    before: GameState
    after: GameState
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """A game replayed: the start, every hand's result, and the state now."""

    start: GameState
    results: tuple[HandResult, ...]
    #: Why the game ended where its hands did not end it (time): ``None`` where they did,
    #: or where it goes on.
    ended: EndReason | None = None

    @property
    def state(self) -> GameState:
        last = self.results[-1].after if self.results else self.start
        if self.ended is not None and last.end_reason is None:
            return last._replace(end_reason=self.ended)
        return last
