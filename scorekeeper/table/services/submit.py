"""Recording a hand, whoever sends it: the table's form, a phone's outbox, any other client.

``submit_hand`` is the one way in. It decides what a submission is and what becomes of it:

- the hand is read and checked as a game record would read it before anything is stored
  (``storable``): a hand the club could not show or restore is refused (``IllegalHand``);
- without a key, the hand is recorded at the place the sender saw (``record_hand``); a
  game that has moved on is refused (``StaleGame``), saying whether the game's last hand
  is this very hand (a double tap, a retry) or something else changed the game;
- with a key, the outbox decides (``services/outbox.py``): the same key again gets its first
  answer, a hand that waited on a phone is recorded, merged or kept as a conflict; the same
  key sent with another hand is refused (``KeyReused``), naming the hand it was first sent
  with.

``entered_at`` is when the hand was entered (on a phone that waited without the network,
earlier than it arrives). It is taken as the sender's word within what the server knows:
never later than now, never before the game started (``entered_moment``); the tournament's
end policy counts a table's hands by it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.club.models import Game, HandRecord
from scorekeeper.errors import StaleGame
from scorekeeper.table.display import describe_hand
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.hands import HandChange, record_hand
from scorekeeper.table.services.outbox import send_hand
from scoring.errors import IllegalHand, RecordError
from scoring.outcomes import Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.record_hand import hand_to_json, parse_hand
from scoring.seats import SEATINGS


class Taken(StrEnum):
    """What became of a submitted hand."""

    #: Stored at its place in the game.
    RECORDED = "recorded"
    #: Its place held the same hand (recorded by another phone): taken as that one.
    MERGED = "merged"
    #: Its place held another hand (or the hand before it was not taken): kept apart for a
    #: member to settle.
    CONFLICT = "conflict"


@dataclass(frozen=True)
class Submitted:
    """A submitted hand's answer: what became of it, its place (``sequence``, from 0), the
    hand as stored, the change when this submission recorded it, and whether the key had
    been seen before (then this is the first sending's answer again)."""

    taken: Taken
    sequence: int
    hand: Hand
    change: HandChange | None = None
    repeated: bool = False
    #: Why a hand was kept apart (``SentHand.Reason``; blank for the others).
    reason: str = ""

    @property
    def number(self) -> int:
        return self.sequence + 1


class KeyReused(StaleGame):
    """A key sent again with another hand than the one it was first sent with. Nothing
    changes; ``sequence`` is the place of the hand it was first sent with."""

    def __init__(self, message: str, *, sequence: int) -> None:
        super().__init__(message)
        self.sequence = sequence


def storable(hand: Hand, game: Game, *, index: int) -> None:
    """Refuse (``IllegalHand``) a hand whose record the club could not read back: a seat
    listed twice, a seat the game has not got, a number out of the record's bounds. What is
    stored, as a hand or as a conflict, can always be shown and restored."""
    try:
        read = parse_hand(hand_to_json(hand))
        seating = SEATINGS[game.players]
        for seat in (*read.riichi, *_seats_of(read)):
            if seat not in seating.seats:
                raise RecordError(
                    "hand",
                    f"seat {seat} does not exist (seats are 0-{seating.last_seat})",
                    code="seat.unknown",
                    values={
                        "seat": seat,
                        "players": seating.players,
                        "last_seat": seating.last_seat,
                    },
                )
    except RecordError as error:
        raise IllegalHand(
            index, "", error.where, error.message, code=error.code, values=error.values
        ) from None


def _seats_of(hand: Hand) -> tuple[int, ...]:
    """Every seat a hand's outcome names."""
    outcome = hand.outcome
    if isinstance(outcome, Ron):
        wins: tuple[Win, ...] = outcome.wins
        seats = [outcome.discarder]
    elif isinstance(outcome, Tsumo):
        wins, seats = (outcome.win,), []
    elif isinstance(outcome, Draw):
        return (*outcome.tenpai, *outcome.nagashi)
    elif isinstance(outcome, Chombo):
        return (outcome.offender,)
    else:
        return ()
    for win in wins:
        seats.append(win.winner)
        if win.pao is not None:
            seats.append(win.pao)
    return tuple(seats)


def entered_moment(game: Game, entered_at: datetime | None, now: datetime) -> datetime | None:
    """When the hand was entered, as the server takes it: the sender's moment, never later
    than ``now`` (its arrival) and never before the game started; none if none was sent
    (then it was entered when it arrived)."""
    if entered_at is None:
        return None
    return max(min(entered_at, now), game.created_at)


def submit_hand(
    *,
    game: Game,
    hand: Hand,
    expected_sequence: int,
    key: uuid.UUID | None = None,
    entered_at: datetime | None = None,
    user: Any = None,
    after: uuid.UUID | None = None,
    waited: bool = False,
) -> Submitted:
    """Record ``hand`` at the place the sender saw (``expected_sequence``, the number of
    hands it had); see the module. ``key``: the sender's key for this hand (an outbox's
    UUID); ``after``: the key of the hand before it where that one waited on the phone too;
    ``waited``: the hand waited on the phone (its place may have been taken meanwhile).
    Raises ``IllegalHand`` (the rules or the record refuse it), ``StaleGame`` (the game moved
    on; ``KeyReused``: the key came with another hand), or another ``ServiceError``."""
    storable(hand, game, index=expected_sequence)
    moment = entered_moment(game, entered_at, timezone.now())
    if key is None:
        try:
            change = record_hand(
                game=game,
                hand=hand,
                expected_sequence=expected_sequence,
                user=user,
                entered_at=moment,
            )
        except StaleGame:
            raise StaleGame(_stale_message(game, hand, expected_sequence)) from None
        return Submitted(Taken.RECORDED, expected_sequence, hand, change)
    # The key is looked for once, under the game's lock (``send_hand``).
    try:
        sent = send_hand(
            game=game,
            hand=hand,
            expected_sequence=expected_sequence,
            key=key,
            after=after,
            waited=waited,
            user=user,
            entered_at=moment,
        )
    except StaleGame:
        raise StaleGame(_stale_message(game, hand, expected_sequence)) from None
    row = sent.sent
    if not sent.repeated:
        return Submitted(_taken(row), row.sequence, hand, sent.change, reason=row.reason)
    if row.sequence != expected_sequence or row.data != HandRecord.data_from(hand):
        raise KeyReused(_key_reused(game, row), sequence=row.sequence)
    return Submitted(_taken(row), row.sequence, row.to_hand(), repeated=True, reason=row.reason)


def _taken(sent: SentHand) -> Taken:
    if sent.outcome == SentHand.Outcome.RECORDED:
        return Taken.RECORDED
    if sent.outcome == SentHand.Outcome.MERGED:
        return Taken.MERGED
    return Taken.CONFLICT


def _names(game: Game) -> tuple[str, ...]:
    return tuple(seat.player.name for seat in sorted(game.seats.all(), key=lambda s: s.number))


def _key_reused(game: Game, earlier: SentHand) -> str:
    words = describe_hand(earlier.to_hand(), _names(game), game.ruleset())
    return _(
        "This key was sent before with another hand (hand %(number)s: %(words)s): nothing "
        "was recorded. A new hand is sent with a new key."
    ) % {"number": earlier.sequence + 1, "words": words}


def _stale_message(game: Game, hand: Hand, expected: int) -> str:
    """Why a hand for a game that has moved on was not recorded. If the game's last hand is
    this very hand, sent for the same place in the game, it is a double tap or a retry (on
    this phone or another) and the hand is in; otherwise something else changed the game
    and this hand is not in it."""
    last = game.hands.order_by("-sequence").first()
    if last is not None and last.sequence == expected and last.data == HandRecord.data_from(hand):
        return _(
            "This hand was already recorded (by this or another phone) — here is the current table."
        )
    return _("The game changed on another phone — nothing was recorded; here is the current table.")
