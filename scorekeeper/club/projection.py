"""What a game's hands say is stored beside them: the game's state, hand count and status,
and each seat's standings and statistics. One pure function (``project``), no database:
the services write what it returns, backup/restore and the demo data store it in bulk, and
``verify_games`` compares it with what is stored.

The rule for the seats: a **finished** game stores each seat's final points, place, result
and statistics; a game **in play** or **abandoned** stores none of them (blank). The history
and standings read seats of finished games only, and an abandoned game counts for nothing, so
a seat of any other game has nothing to say that its hands do not say better; a correction
that un-finishes a game blanks its seats again, statistics too, instead of leaving them stale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from scorekeeper.club.models import Game
from scoring.game import replay
from scoring.outcomes import Hand, Penalty
from scoring.rules import Ruleset
from scoring.standings import final_standings
from scoring.state import GameState, HandResult, Replay
from scoring.stats import SeatStats, seat_stats

#: A seat's statistics over its game (``scoring.stats.SeatStats``), as stored on ``Seat``.
STAT_FIELDS: Final = (
    "hands",
    "wins",
    "tsumo_wins",
    "dealer_wins",
    "deal_ins",
    "riichi",
    "win_points",
    "deal_in_points",
    "best_win",
    "best_hand",
    "yakuman",
    "chombos",
    "tobi",
)
STANDING_FIELDS: Final = ("final_points", "place", "result")
#: Everything a seat stores from its game's hands.
RESULT_FIELDS: Final = (*STANDING_FIELDS, *STAT_FIELDS)

_NO_STATS: Final = SeatStats()
#: A seat of a game that is not finished: no standings, no statistics.
BLANK_SEAT: Final[dict[str, Any]] = {
    "final_points": None,
    "place": None,
    "result": None,
    **{name: getattr(_NO_STATS, name) for name in STAT_FIELDS},
}


@dataclass(frozen=True)
class Projection:
    """A game's stored projection: the game row's part and the four seats' rows (each a
    mapping of ``RESULT_FIELDS`` to values), in seat order."""

    state: GameState
    hand_count: int
    status: str
    seats: tuple[dict[str, Any], ...]
    #: The hands played, for a caller that shows them (``None``: only the last was played,
    #: see ``project_hand``).
    played: Replay | None

    @property
    def finished(self) -> bool:
        return self.status == Game.Status.FINISHED


def game_status(state: GameState, *, stopped_early: bool, abandoned: bool) -> str:
    """The status the hands give a game: abandoned stays abandoned (an organiser's word);
    otherwise finished once the rules end it or an organiser stopped it, else in play."""
    if abandoned:
        return Game.Status.ABANDONED.value
    if state.finished or stopped_early:
        return Game.Status.FINISHED.value
    return Game.Status.IN_PLAY.value


def seat_rows(
    rules: Ruleset, played: Replay, status: str, penalties: Sequence[Penalty] = ()
) -> tuple[dict[str, Any], ...]:
    """Each seat's stored row for a game with these hands played, this status and the
    record's ``penalties``."""
    if status != Game.Status.FINISHED:
        return tuple(dict(BLANK_SEAT) for _ in range(4))
    rows = []
    for standing, stats in zip(
        final_standings(played.state, rules, penalties), seat_stats(rules, played), strict=True
    ):
        row: dict[str, Any] = {
            "final_points": standing.points,
            "place": standing.place,
            "result": Decimal(standing.result),
        }
        row.update((name, getattr(stats, name)) for name in STAT_FIELDS)
        rows.append(row)
    return tuple(rows)


def project(
    rules: Ruleset,
    hands: Sequence[Hand],
    *,
    stopped_early: bool = False,
    abandoned: bool = False,
    played: Replay | None = None,
    start: GameState | None = None,
    penalties: Sequence[Penalty] = (),
) -> Projection:
    """The projection of ``hands`` under ``rules`` from ``start`` (East 1 when ``None``),
    with the record's ``penalties`` (``played``: the hands' replay, when the caller has it
    already). Raises the engine's ``IllegalHand`` for a hand that cannot be played.

    >>> from scoring.rules import PRESETS
    >>> from scoring.outcomes import Draw
    >>> p = project(PRESETS["ema"], [Hand(Draw(tenpai=(0,)))])
    >>> p.status, p.hand_count, p.seats[0]["place"], p.seats[0]["hands"]
    ('in_play', 1, None, 0)
    """
    if played is None:
        played = replay(rules, hands, start=start)
    status = game_status(played.state, stopped_early=stopped_early, abandoned=abandoned)
    return Projection(
        state=played.state,
        hand_count=len(played.results),
        status=status,
        seats=seat_rows(rules, played, status, penalties),
        played=played,
    )


def project_game(
    game: Game,
    hands: Sequence[Hand],
    *,
    stopped_early: bool | None = None,
    abandoned: bool | None = None,
    played: Replay | None = None,
) -> Projection:
    """``project`` for a stored game: its rules, start and penalties, its flags unless
    given."""
    return project(
        game.ruleset(),
        hands,
        stopped_early=game.stopped_early if stopped_early is None else stopped_early,
        abandoned=game.status == Game.Status.ABANDONED if abandoned is None else abandoned,
        played=played,
        start=game.record_start(),
        penalties=game.record_penalties(),
    )


def project_hand(
    rules: Ruleset, result: HandResult, hand_count: int, *, stopped_early: bool
) -> Projection | None:
    """The projection after one more hand (``result``, the game's ``hand_count``-th) of a
    game in play, where that hand alone tells it: the game goes on and its seats stay blank.
    ``None`` when the hand ends the game, whose seats need every hand (``project``)."""
    status = game_status(result.after, stopped_early=stopped_early, abandoned=False)
    if status != Game.Status.IN_PLAY:
        return None
    return Projection(
        state=result.after,
        hand_count=hand_count,
        status=status,
        seats=seat_rows(rules, Replay(result.after, ()), status),
        played=None,
    )


def seats_change(before: str, after: str) -> bool:
    """Whether a game's seats may store something else after its status went from
    ``before`` to ``after``: only a finished game's seats are not blank."""
    return Game.Status.FINISHED in (before, after)
