"""Hands sent with a key made on the phone (``SentHand``): each stored once however often it
is sent, and none lost when another phone took its place meanwhile.

A phone without the network keeps the hands entered at the table and sends them, in order,
when it is back; an answer lost on the way makes it send a hand again. The key decides:

- a key the game has seen gets the answer its first sending got, and nothing changes;
- a hand sent for the place the game is at is recorded (``record_hand``);
- a hand that waited on the phone, whose place another phone's hand took, is *merged*
  with that hand when it is the same hand (``same_hand``: the same outcome, winners,
  discarder, han, fu, riichi, tenpai: everything the points come from; only the yaku and
  dora it was entered with may differ), and kept as a *conflict* when it differs, as is a
  hand entered after one that was not taken (its points were counted from a hand the game
  does not have); a hand sent as it was entered, by someone looking at the answer, is
  refused as before (``StaleGame``): they see the table as it is now;
- a member settles a conflict by keeping one version: the other is discarded and the hand
  log says so (``settle_conflict``).

The keys of hands stored as they were sent (recorded or merged) are needed only while a phone
may still send the hand again; ``prune_sent_keys`` removes them after some days (a phone
that sends one later has it merged with the same hand at its place). Conflicts are never
pruned: those to settle wait for a member, and those settled are the hand log's.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.club.models import Game, HandRecord, SentHand
from scorekeeper.errors import ServiceError, StaleGame
from scorekeeper.table.services.hands import (
    HandChange,
    check_open,
    check_sequence,
    edit_hand,
    locked_as_read,
    locked_game,
    record_hand,
)
from scoring.outcomes import Hand, Ron, Tsumo, Win

#: What a phone's hand was taken as.
TAKEN = (SentHand.Outcome.RECORDED, SentHand.Outcome.MERGED, SentHand.Outcome.KEPT)


@dataclass(frozen=True)
class Sent:
    """What became of a sent hand: its row, the change when this sending recorded it, and
    whether the key had been seen before (then this is the first sending's answer again)."""

    sent: SentHand
    change: HandChange | None = None
    repeated: bool = False


def _points_part(win: Win) -> Win:
    return win._replace(yaku=(), dora=None, open=None)


def same_hand(one: Hand, other: Hand) -> bool:
    """Whether two hands are the same hand for the game: equal in everything but the yaku,
    dora and open the wins were entered with (which only explain the han already given)."""

    def bare(hand: Hand) -> Hand:
        outcome = hand.outcome
        if isinstance(outcome, Ron):
            outcome = outcome._replace(wins=tuple(_points_part(w) for w in outcome.wins))
        elif isinstance(outcome, Tsumo):
            outcome = outcome._replace(win=_points_part(outcome.win))
        return hand._replace(outcome=outcome)

    return bare(one) == bare(other)


def send_hand(
    *,
    game: Game,
    hand: Hand,
    expected_sequence: int,
    key: uuid.UUID,
    after: uuid.UUID | None = None,
    waited: bool = True,
    user: Any = None,
) -> Sent:
    """Record, merge or keep apart a hand sent with ``key`` (see the module). Raises what
    ``record_hand`` raises for a hand recorded at the game's place (then nothing is kept: the
    phone is told why). A hand that did not wait on the phone (``waited`` off: sent as it was
    entered, by someone looking at the answer) whose place was taken is refused with
    ``StaleGame`` as a hand sent without a key is: that person sees the table as it is now."""
    try:
        with transaction.atomic():
            locked = locked_as_read(game)
            earlier = SentHand.objects.filter(game=locked, key=key).first()
            if earlier is not None:
                return Sent(earlier, repeated=True)
            change = None
            if after is not None and not _taken(locked, after):
                outcome = SentHand.Outcome.CONFLICT
            elif expected_sequence == locked.hand_count and locked.is_open:
                change = record_hand(
                    game=locked, hand=hand, expected_sequence=expected_sequence, user=user
                )
                outcome = SentHand.Outcome.RECORDED
            elif not waited:
                check_sequence(locked, expected_sequence)
                check_open(locked, allow_finished=False)
                raise AssertionError("a game at the sequence sent, open, records the hand")
            else:
                stored = locked.hands.filter(sequence=expected_sequence).first()
                merged = stored is not None and same_hand(stored.to_hand(), hand)
                outcome = SentHand.Outcome.MERGED if merged else SentHand.Outcome.CONFLICT
            sent = SentHand.objects.create(
                game=locked,
                key=key,
                after=after,
                sequence=expected_sequence,
                data=HandRecord.data_from(hand),
                outcome=outcome,
                sent_by=user,
            )
    except IntegrityError:
        # The same key sent at the same moment, where the row lock did not order the two
        # (SQLite's write lock does): the twin's transaction failed whole; its answer is the
        # first one's.
        earlier = SentHand.objects.filter(game=game, key=key).first()
        if earlier is None:
            raise
        return Sent(earlier, repeated=True)
    return Sent(sent, change)


def _taken(game: Game, key: uuid.UUID) -> bool:
    return SentHand.objects.filter(game=game, key=key, outcome__in=TAKEN).exists()


def settle_conflict(
    *, game: Game, sent_id: int, keep: bool, user: Any = None, allow_finished: bool = False
) -> SentHand:
    """Settle a conflict: ``keep`` the phone's version (it replaces the hand stored at its
    place, or is recorded there when the place is empty), or discard it (the stored one
    stays). Refused when the hands before its place are missing, or when keeping it makes a
    later hand impossible (``IllegalHand``, from the replay)."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        sent = (
            SentHand.objects.select_for_update()
            .filter(game=locked, pk=sent_id, outcome=SentHand.Outcome.CONFLICT)
            .first()
        )
        if sent is None:
            raise StaleGame(_("This conflict was settled already; nothing was changed."))
        if keep:
            sent.replaced = _keep(locked, sent, user, allow_finished=allow_finished)
            sent.outcome = SentHand.Outcome.KEPT
        else:
            sent.outcome = SentHand.Outcome.DISCARDED
        sent.settled_by = user
        sent.settled_at = timezone.now()
        sent.save(update_fields=["outcome", "replaced", "settled_by", "settled_at"])
    return sent


def _keep(game: Game, sent: SentHand, user: Any, *, allow_finished: bool) -> dict[str, Any] | None:
    """Put the phone's version at its place; the version it replaced, if any."""
    hand = sent.to_hand()
    if sent.sequence > game.hand_count:
        raise ServiceError(
            _("Hand %(number)s cannot be kept before the hands before it are recorded.")
            % {"number": sent.sequence + 1}
        )
    if sent.sequence == game.hand_count:
        record_hand(game=game, hand=hand, expected_sequence=game.hand_count, user=user)
        return None
    stored = game.hands.get(sequence=sent.sequence)
    edit_hand(
        game=game,
        sequence=sent.sequence,
        hand=hand,
        expected_sequence=game.hand_count,
        user=user,
        allow_finished=allow_finished,
    )
    data: dict[str, Any] = stored.data
    return data


def conflicts_of(game: Game) -> list[SentHand]:
    """The game's conflicts still to settle and those settled, in the order they were sent."""
    settled = (SentHand.Outcome.CONFLICT, SentHand.Outcome.KEPT, SentHand.Outcome.DISCARDED)
    return list(
        SentHand.objects.filter(game=game, outcome__in=settled)
        .select_related("sent_by", "settled_by")
        .order_by("sent_at", "pk")
    )


def sent_before(game: Game, key: uuid.UUID) -> SentHand | None:
    """The hand sent before with ``key``, if the game has one."""
    return SentHand.objects.filter(game=game, key=key).first()


#: What ``prune_sent_keys`` removes: keys whose hand the game holds as it was sent.
PRUNED = (SentHand.Outcome.RECORDED, SentHand.Outcome.MERGED)


def prune_sent_keys(*, before: datetime) -> int:
    """Remove the keys of hands recorded or merged as they were sent, sent before ``before``;
    return how many were removed."""
    removed, _by_model = SentHand.objects.filter(outcome__in=PRUNED, sent_at__lt=before).delete()
    return removed
