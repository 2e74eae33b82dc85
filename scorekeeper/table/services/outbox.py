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
- a hand that waited is never refused for what happened to the game meanwhile: one that
  arrives after the game was finished, abandoned or ended by time, or that the game as it is
  now makes impossible (a hand before it corrected or undone), is kept as a conflict too,
  with why (``SentHand.reason``); one for a deleted game is kept on the deleted game's line
  (``keep_for_deleted``), whose page lists it and gives it back as a record;
- a conflict is settled by keeping one version: the other is discarded and the hand log says
  so (``settle_conflict``); the version kept is put at its place and the game replayed, on
  any game state (organisers settle on a closed game; members and a table's phone while it
  is in play), the hand counted as entered by whoever entered it.

A game holds at most ``MAX_OPEN_CONFLICTS`` hands to settle (one more is refused, naming the
bound; the phone keeps it) and keeps the latest ``MAX_SETTLED`` settled ones (older ones are
pruned as others are settled), so that its page and its backup line stay bounded; a deleted
game's line holds at most ``MAX_OPEN_CONFLICTS`` hands that waited.

The keys of hands stored as they were sent (recorded or merged) are needed only while a phone
may still send the hand again; ``prune_sent_keys`` removes them after some days (a phone
that sends one later has it merged with the same hand at its place). Conflicts are never
pruned here: those to settle wait for a member, and the latest settled are the hand log's.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.club.models import MAX_HANDS, DeletedGame, Game, HandRecord
from scorekeeper.club.projection import project_game
from scorekeeper.errors import GameFull, ServiceError, StaleGame
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.hands import (
    HandChange,
    check_open,
    check_sequence,
    locked_as_read,
    locked_game,
    record_hand,
    save_projection,
)
from scoring.errors import IllegalHand
from scoring.game import replay
from scoring.outcomes import Hand, Ron, Tsumo, Win

#: What a phone's hand was taken as.
TAKEN = (SentHand.Outcome.RECORDED, SentHand.Outcome.MERGED, SentHand.Outcome.KEPT)
#: The most hands to settle a game holds, and hands that waited a deleted game's line holds:
#: two phones a whole hanchan apart (some 25 hands each) fit; a flood does not.
MAX_OPEN_CONFLICTS = 50
#: The settled conflicts a game keeps for its hand log, the latest.
MAX_SETTLED = 50
#: The hands sent again that a game takes as the hands it has (their keys, until pruned).
MAX_MERGED = 2 * MAX_HANDS

Reason = SentHand.Reason


class TooManyConflicts(ServiceError):
    """A game (or a deleted game's line) holds the most hands to settle it may."""


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
    entered_at: datetime | None = None,
) -> Sent:
    """Record, merge or keep apart a hand sent with ``key`` (see the module). A hand that did
    not wait on the phone (``waited`` off: sent as it was entered, by someone looking at the
    answer) is refused as a hand sent without a key is: with what ``record_hand`` raises, or
    ``StaleGame`` where its place was taken; that person sees the table as it is now. A hand
    that waited is refused only when the game holds the most conflicts it may
    (``TooManyConflicts``) or is full (``GameFull``): the phone keeps it."""
    try:
        with transaction.atomic():
            locked = locked_as_read(game)
            earlier = SentHand.objects.filter(game=locked, key=key).first()
            if earlier is not None:
                return Sent(earlier, repeated=True)
            change = None
            reason = ""
            if after is not None and not _taken(locked, after):
                reason = Reason.AFTER
            elif expected_sequence == locked.hand_count and locked.is_open:
                try:
                    change = record_hand(
                        game=locked,
                        hand=hand,
                        expected_sequence=expected_sequence,
                        user=user,
                        entered_at=entered_at,
                    )
                except IllegalHand:
                    # Refused as it is (the game has not changed since it was entered): the
                    # phone keeps it and shows why. Refused by a game changed under it: kept.
                    if not waited or not _changed_since(locked, entered_at):
                        raise
                    reason = Reason.CHANGED
            elif not waited:
                check_sequence(locked, expected_sequence)
                check_open(locked, allow_finished=False)
                raise AssertionError("a game at the sequence sent, open, records the hand")
            else:
                reason = _why_apart(locked, hand, expected_sequence)
            if change is not None:
                outcome = SentHand.Outcome.RECORDED
            elif reason:
                outcome = SentHand.Outcome.CONFLICT
                _check_room(locked)
            else:
                outcome = SentHand.Outcome.MERGED
                _check_merged(locked)
            sent = SentHand.objects.create(
                game=locked,
                key=key,
                after=after,
                sequence=expected_sequence,
                data=HandRecord.data_from(hand),
                outcome=outcome,
                reason=reason,
                entered_at=entered_at,
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


def _changed_since(game: Game, entered_at: datetime | None) -> bool:
    """Whether the game was written after the hand was entered on the phone (a hand
    corrected, undone, recorded by another phone); not known without the moment."""
    return entered_at is not None and game.updated_at > entered_at


def _why_apart(game: Game, hand: Hand, sequence: int) -> str:
    """Why a hand that waited is not recorded at its place (blank: it is the same hand as
    the one there, and is taken as it)."""
    stored = game.hands.filter(sequence=sequence).first()
    if stored is not None:
        return "" if same_hand(stored.to_hand(), hand) else Reason.TAKEN
    if not game.is_open and sequence >= game.hand_count:
        return Reason.LATE if game.stopped_by_time else Reason.CLOSED
    return Reason.CHANGED  # its place is past the game's hands: hands were undone


def _check_room(game: Game) -> None:
    count = SentHand.objects.filter(game=game, outcome=SentHand.Outcome.CONFLICT).count()
    if count >= MAX_OPEN_CONFLICTS:
        raise TooManyConflicts(
            _(
                "This game holds %(count)s hands to settle, the most it may: settle them on "
                "the table page, then send this one again (it stays on the phone)."
            )
            % {"count": count}
        )


def _check_merged(game: Game) -> None:
    """A game takes a bounded number of hands sent again as the hands it has (some phones a
    hanchan over, many times over; not a flood of fresh keys)."""
    count = SentHand.objects.filter(game=game, outcome=SentHand.Outcome.MERGED).count()
    if count >= MAX_MERGED:
        raise TooManyConflicts(
            _(
                "This game has taken %(count)s hands sent again as hands it has, the most it "
                "may: this one is not kept (the game has it already)."
            )
            % {"count": count}
        )


def keep_for_deleted(
    *,
    deleted: DeletedGame,
    hand: Hand,
    sequence: int,
    key: uuid.UUID,
    after: uuid.UUID | None = None,
    user: Any = None,
    entered_at: datetime | None = None,
) -> bool:
    """Keep a hand that waited on a phone for a game deleted since, on the deleted game's
    line (once per key); whether this sending added it."""
    with transaction.atomic():
        line = DeletedGame.objects.select_for_update().get(pk=deleted.pk)
        if any(item.get("key") == str(key) for item in line.waiting):
            return False
        if len(line.waiting) >= MAX_OPEN_CONFLICTS:
            raise TooManyConflicts(
                _(
                    "Game %(id)s was deleted, and its line holds %(count)s hands that waited, "
                    "the most it may: this one stays on the phone."
                )
                % {"id": line.game_id, "count": len(line.waiting)}
            )
        line.waiting = [
            *line.waiting,
            waiting_item(
                key=key,
                after=after,
                sequence=sequence,
                data=HandRecord.data_from(hand),
                sent_at=timezone.now(),
                entered_at=entered_at,
                sent_by=user.get_username() if user is not None else "",
            ),
        ]
        line.save(update_fields=["waiting"])
    return True


def waiting_item(
    *,
    key: uuid.UUID,
    after: uuid.UUID | None,
    sequence: int,
    data: dict[str, Any],
    sent_at: datetime,
    entered_at: datetime | None,
    sent_by: str,
) -> dict[str, Any]:
    """A hand that waited, as a deleted game's line keeps it (``DeletedGame.waiting``)."""
    return {
        "key": str(key),
        "after": str(after) if after else None,
        "sequence": sequence,
        "hand": data,
        "sent_at": sent_at.isoformat(),
        "entered_at": entered_at.isoformat() if entered_at else None,
        "sent_by": sent_by,
    }


def waiting_record(deleted: DeletedGame) -> dict[str, Any] | None:
    """The deleted game with the hands that waited for it: its record, its hands followed by
    those that waited for the places after them, in order (the first sent for each place),
    so that an organiser can import it again; a hand sent for a place the game had is
    listed on the page, not put in the record. ``None`` where the game's record was not
    kept (a game deleted before records were kept with the line)."""
    if deleted.record is None:
        return None
    hands = list(deleted.record.get("hands", []))
    places: dict[int, dict[str, Any]] = {}
    for item in deleted.waiting:
        places.setdefault(int(item["sequence"]), item["hand"])
    while len(hands) in places:
        hands.append(places[len(hands)])
    record = {key: value for key, value in deleted.record.items() if key != "end"}
    record["hands"] = hands
    penalties = [p for p in record.get("penalties", []) if p.get("after_hand", 0) <= len(hands)]
    if penalties or "penalties" in record:
        record["penalties"] = penalties
    return record


def _taken(game: Game, key: uuid.UUID) -> bool:
    return SentHand.objects.filter(game=game, key=key, outcome__in=TAKEN).exists()


def settle_conflict(
    *, game: Game, sent_id: int, keep: bool, user: Any = None, allow_closed: bool = False
) -> SentHand:
    """Settle a conflict: ``keep`` the phone's version (it replaces the hand stored at its
    place, or is appended there when the place is the next; the game is replayed), or discard
    it (the stored one stays). A closed game (finished, abandoned, ended by time) is settled
    only with ``allow_closed`` (organisers), and stays closed: a hand kept at its end is
    played after its hands, as if it had arrived in time. Refused when the hands before its
    place are missing, or when keeping it makes it or a later hand impossible
    (``IllegalHand``, from the replay). The hand kept counts as entered by whoever sent it."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        sent = (
            SentHand.objects.select_for_update()
            .filter(game=locked, pk=sent_id, outcome=SentHand.Outcome.CONFLICT)
            .first()
        )
        if sent is None:
            raise StaleGame(_("This conflict was settled already; nothing was changed."))
        if not allow_closed:
            check_open(locked, allow_finished=False)
        if keep:
            sent.replaced = _keep(locked, sent)
            sent.outcome = SentHand.Outcome.KEPT
        else:
            sent.outcome = SentHand.Outcome.DISCARDED
        sent.settled_by = user
        sent.settled_at = timezone.now()
        sent.save(update_fields=["outcome", "replaced", "settled_by", "settled_at"])
        _prune_settled(locked)
    return sent


def _keep(game: Game, sent: SentHand) -> dict[str, Any] | None:
    """Put the phone's version at its place and replay the game, its flags (stopped early,
    by time, abandoned) as they are; the version it replaced, if any."""
    hand = sent.to_hand()
    records = list(game.hands.order_by("sequence"))
    if sent.sequence > len(records):
        raise ServiceError(
            _("Hand %(number)s cannot be kept before the hands before it are recorded.")
            % {"number": sent.sequence + 1}
        )
    hands = [record.to_hand() for record in records]
    if sent.sequence == len(records):
        if len(records) >= MAX_HANDS:
            raise GameFull(
                _("This game has %(count)s hands, the most a game may hold.") % {"count": MAX_HANDS}
            )
        hands.append(hand)
    else:
        hands[sent.sequence] = hand
    played = replay(game.ruleset(), hands, start=game.record_start())
    save_projection(game, project_game(game, hands, played=played))
    if sent.sequence == len(records):
        HandRecord.objects.create(
            game=game,
            sequence=sent.sequence,
            data=sent.data,
            recorded_by=sent.sent_by,
            entered_at=sent.entered_at,
        )
        return None
    target = records[sent.sequence]
    replaced: dict[str, Any] = target.data
    target.data = sent.data
    target.edited_by = sent.sent_by
    target.edited_at = timezone.now()
    target.save(update_fields=["data", "edited_by", "edited_at"])
    return replaced


def _prune_settled(game: Game) -> None:
    """Keep the latest ``MAX_SETTLED`` settled conflicts of the game."""
    settled = SentHand.objects.filter(
        game=game, outcome__in=(SentHand.Outcome.KEPT, SentHand.Outcome.DISCARDED)
    )
    old = settled.order_by("-settled_at", "-pk").values_list("pk", flat=True)[MAX_SETTLED:]
    if old:
        SentHand.objects.filter(pk__in=list(old)).delete()


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
