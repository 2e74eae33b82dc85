"""What a game's hands say is stored beside them: the game's state, hand count and status,
each seat's standings and statistics, and what each win was made of. One pure function
(``project``), no database: the services write what it returns, backup/restore and the demo
data store it in bulk, and ``verify_games`` compares it with what is stored.

The rule for the seats: a **finished** game stores each seat's final points, place, result
and statistics; a game **in play** or **abandoned** stores none of them (blank). The history
and standings read seats of finished games only, and an abandoned game counts for nothing, so
a seat of any other game has nothing to say that its hands do not say better; a correction
that un-finishes a game blanks its seats again, statistics too, instead of leaving them stale.
The wins (``WinRecord``, ``WIN_FIELDS``) follow the same rule: a finished game stores one
row per win, any other game none, so the statistics add up rows of finished games only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final, assert_never

from scorekeeper.club.models import Game
from scoring.game import replay
from scoring.outcomes import Abort, Chombo, Draw, Hand, Penalty, Ron, Tsumo, Win
from scoring.rules import Ruleset
from scoring.standings import final_standings
from scoring.state import EndReason, GameState, HandResult, Replay
from scoring.stats import SeatStats, seat_stats
from scoring.win_details import dora_total
from scoring.yaku_stats import win_style

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
    "best_han",
    "best_fu",
    "best_yakuman",
    "yakuman",
    "chombos",
    "tobi",
)
STANDING_FIELDS: Final = ("final_points", "place", "result")
#: Everything a seat stores from its game's hands.
RESULT_FIELDS: Final = (*STANDING_FIELDS, *STAT_FIELDS)

#: What a win row (``WinRecord``) stores, beside its game, its players and its ``yaku``
#: (the names, in the record's order).
WIN_FIELDS: Final = (
    "hand",
    "seat",
    "discarder_seat",
    "han",
    "fu",
    "yakuman",
    "dora",
    "style",
    "with_yaku",
)

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
    """A game's stored projection: the game row's part, the seats' rows (each a
    mapping of ``RESULT_FIELDS`` to values), in seat order, and the wins' rows (``WIN_FIELDS``
    and ``yaku``), in the order played."""

    state: GameState
    hand_count: int
    status: str
    seats: tuple[dict[str, Any], ...]
    #: The hands played, for a caller that shows them (``None``: only the last was played,
    #: see ``project_hand``).
    played: Replay | None
    wins: tuple[dict[str, Any], ...] = ()

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
        return tuple(dict(BLANK_SEAT) for _ in rules.seating.seats)
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


def win_row(sequence: int, win: Win, hand: Hand, discarder: int | None) -> dict[str, Any]:
    """The stored row of one win of the hand ``sequence`` (``discarder``: on a ron)."""
    return {
        "hand": sequence,
        "seat": win.winner,
        "discarder_seat": discarder,
        "han": win.han,
        "fu": win.fu,
        "yakuman": win.yakuman,
        "dora": dora_total(win),
        "style": win_style(win, hand.riichi) or "",
        "with_yaku": bool(win.yaku),
        "yaku": win.yaku,
    }


def win_rows(played: Replay, status: str) -> tuple[dict[str, Any], ...]:
    """The stored rows of the wins of a game with these hands played and this status: one
    per win of a finished game (each winner of a ron on several), none for another game.

    >>> from scoring.rules import PRESETS
    >>> rules = PRESETS["tenhou"]
    >>> hand = Hand(Ron(2, (Win(1, han=2, fu=30, yaku=("Riichi", "Pinfu")),)), riichi=(1,))
    >>> row = win_rows(replay(rules, [hand]), "finished")[0]
    >>> row["seat"], row["discarder_seat"], row["style"], row["yaku"]
    (1, 2, 'riichi', ('Riichi', 'Pinfu'))
    """
    if status != Game.Status.FINISHED:
        return ()
    rows: list[dict[str, Any]] = []
    for sequence, result in enumerate(played.results):
        hand = result.hand
        outcome = hand.outcome
        match outcome:
            case Ron():
                rows += (win_row(sequence, win, hand, outcome.discarder) for win in outcome.wins)
            case Tsumo():
                rows.append(win_row(sequence, outcome.win, hand, None))
            case Draw() | Abort() | Chombo():
                pass
            case _:
                assert_never(outcome)
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
    ended: EndReason | None = None,
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
        played = replay(rules, hands, start=start, ended=ended)
    elif played.ended != ended:
        played = Replay(played.start, played.results, ended)
    status = game_status(played.state, stopped_early=stopped_early, abandoned=abandoned)
    return Projection(
        state=played.state,
        hand_count=len(played.results),
        status=status,
        seats=seat_rows(rules, played, status, penalties),
        played=played,
        wins=win_rows(played, status),
    )


def project_game(
    game: Game,
    hands: Sequence[Hand],
    *,
    stopped_early: bool | None = None,
    abandoned: bool | None = None,
    played: Replay | None = None,
) -> Projection:
    """``project`` for a stored game: its rules, start, penalties and end, its flags unless
    given (a game no longer stopped early is no longer ended by time either)."""
    stopped = game.stopped_early if stopped_early is None else stopped_early
    return project(
        game.ruleset(),
        hands,
        stopped_early=stopped,
        ended=game.record_end() if stopped else None,
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
