"""Every write to a game's hands goes through here, and what they share with the writes of
the game's life (``services/games.py``): small keyword-only functions, each in one
transaction with the game row locked (``select_for_update``), playing or replaying the hands
with the engine and saving what ``projection.project`` makes of them. The ones that change a
hand return what they did (``HandChange``), so that no page plays the hand again.

A submission carries the sequence number it expects (the number of hands the phone saw).
If the game has moved on (a double tap, a retry, another phone), the write is refused with
``StaleGame`` and nothing changes.
"""

from __future__ import annotations

from copy import copy
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import seats_error
from scorekeeper.club.models import MAX_HANDS, Game, HandRecord, Seat
from scorekeeper.club.projection import (
    RESULT_FIELDS,
    Projection,
    project_game,
    project_hand,
    seats_change,
)
from scorekeeper.club.signals import game_saved
from scorekeeper.club.wins import replace_wins
from scorekeeper.errors import GameClosed, GameFull, GameGone, ServiceError, StaleGame, Unstorable
from scorekeeper.refusals import correction_refusal, english_text
from scoring.errors import IllegalHand
from scoring.game import play_hand, replay
from scoring.outcomes import Hand
from scoring.record import GameRecord
from scoring.rules import Ruleset
from scoring.standings import Standing, final_standings
from scoring.state import GameState, HandResult, Replay


@dataclass(frozen=True)
class Scoreboard:
    """A game's replay with its record: what the pages show."""

    game: Game
    record: GameRecord
    replay: Replay

    @property
    def state(self) -> GameState:
        return self.replay.state

    def standings(self) -> tuple[Standing, ...]:
        return final_standings(self.state, self.record.rules, self.record.penalties)


def locked_game(game_id: int) -> Game:
    """The game, its row locked until the transaction ends (PostgreSQL; SQLite takes the
    whole database for writing when the transaction begins). A game deleted since it was
    read is refused with ``GameGone``."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise GameGone(_("Game %(id)s was deleted: nothing was changed.") % {"id": game_id})
    return game


def locked_as_read(game: Game) -> Game:
    """``game`` with its row locked until the transaction ends: a copy of it as the caller
    read it when nothing has written it since (the revision is the same: every write bumps
    it), or else the row read again. Most hands are the first, and then only the revision
    is read under the lock, not the whole row again."""
    rows = Game.objects.select_for_update().filter(pk=game.pk).values_list("revision", flat=True)
    revisions = list(rows)
    if not revisions:
        raise GameGone(_("Game %(id)s was deleted: nothing was changed.") % {"id": game.pk})
    if revisions[0] == game.revision:
        return copy(game)
    return locked_game(game.pk)


def check_sequence(game: Game, expected_sequence: int) -> None:
    if game.hand_count != expected_sequence:
        raise StaleGame(
            _(
                "The game has moved on: it has %(count)s hands, this form was for "
                "%(expected)s. Nothing was recorded; here is the current table."
            )
            % {"count": game.hand_count, "expected": expected_sequence}
        )


def check_revision(game: Game, expected_revision: int | None) -> None:
    """Refuse a write confirmed on a page that showed the game at another revision: a hand
    corrected, or a penalty given, on another phone since changes no number of hands."""
    if expected_revision is not None and game.revision != expected_revision:
        raise StaleGame(_("The game changed since this page was shown; nothing was changed."))


def check_open(game: Game, *, allow_finished: bool) -> None:
    if game.status == Game.Status.ABANDONED:
        raise GameClosed(_("This game was abandoned; it cannot be changed."))
    if game.status == Game.Status.FINISHED and not allow_finished:
        raise GameClosed(_("This game is finished; only an organiser can correct it."))


#: What ``save_projection`` writes on the game row (and only those).
PROJECTION_FIELDS = (
    "state",
    "revision",
    "hand_count",
    "status",
    "finished_at",
    "stopped_early",
    "stopped_by_time",
    "updated_at",
)


@dataclass(frozen=True)
class HandChange:
    """What a service did to a hand: the game row as it wrote it, the hand as played where
    it now stands in the game (recorded, corrected, or the one undone), and the whole game
    replayed when the service replayed it (a correction, an undo, a hand that ended the
    game), so that no page plays the hand again."""

    game: Game
    result: HandResult
    played: Replay | None = None
    #: The hand's stored row, where the service wrote one (who recorded it and when).
    record: HandRecord | None = None


def save_projection(game: Game, projection: Projection, *, as_read: int | None = None) -> bool:
    """Write the projection: the game row (with the next revision, and the moment the game
    finished, if it just did) and, where they change, the four seats and the wins. A seat
    value that no column can hold is refused (``Unstorable``) before anything is written.
    ``as_read``: write only if the row is still at that revision (then the write takes the
    row's lock, as ``select_for_update`` would have); whether it was written."""
    wrong = seats_error(projection.seats)
    if wrong:
        raise Unstorable(
            _("This game's standings cannot be stored: %(problem)s.") % {"problem": wrong}
        )
    before = game.status
    game.state = projection.state.to_json()
    game.hand_count = projection.hand_count
    game.status = projection.status
    game.revision += 1
    game.updated_at = timezone.now()
    if projection.status == Game.Status.FINISHED and before != Game.Status.FINISHED:
        game.finished_at = timezone.now()
    elif projection.status == Game.Status.IN_PLAY:
        game.finished_at = None
    if as_read is None:
        game.save(update_fields=PROJECTION_FIELDS)
    else:
        fields = {name: getattr(game, name) for name in PROJECTION_FIELDS}
        if not Game.objects.filter(pk=game.pk, revision=as_read).update(**fields):
            return False
    if seats_change(before, projection.status):
        seats = sorted(game.seats.all(), key=lambda seat: seat.number)
        for seat, row in zip(seats, projection.seats, strict=True):
            for name, value in row.items():
                setattr(seat, name, value)
        Seat.objects.bulk_update(seats, RESULT_FIELDS)
        replace_wins(game, [seat.player_id for seat in seats], projection)
        game_saved.send(sender=Game, game=game)
    return True


def stored_hands(game: Game) -> list[Hand]:
    return [record.to_hand() for record in game.hands.order_by("sequence")]


def hands_entered_since(game: Game, moment: datetime) -> int:
    """The game's hands entered from ``moment`` on (a hand stored without the moment it was
    entered counts by when it was recorded)."""
    return game.hands.filter(
        Q(entered_at__gte=moment) | Q(entered_at__isnull=True, recorded_at__gte=moment)
    ).count()


def hands_left(game: Game, now: datetime) -> int | None:
    """``None`` while the game's time is not up (or it has no clock); from then on, the
    hands it may still record under its end policy, the one being played included (1: the
    last hand). The hand being played when time was up is the first entered after it."""
    ends = game.time_ends_at
    if ends is None or now < ends:
        return None
    return max(game.hands_after_time - hands_entered_since(game, ends), 0)


def _time_ends(game: Game, entered_at: datetime | None) -> bool:
    """Whether the hand being appended, entered at ``entered_at`` (now, if not said), is the
    last its game's clock allows: the game ends by time after it. A game without a clock
    asks nothing more."""
    ends = game.time_ends_at
    if ends is None or (entered_at or timezone.now()) < ends:
        return False
    return hands_entered_since(game, ends) + 1 >= game.hands_after_time


def record_hand(
    *,
    game: Game,
    hand: Hand,
    expected_sequence: int,
    user: Any = None,
    entered_at: datetime | None = None,
) -> HandChange:
    """Append one hand. The engine applies it to the stored projection, so the work is the
    same at hand 60 as at hand 1 (only the hand that ends the game replays them all, for
    the standings; so does a hand after which the game's clock ends it, ``_time_ends``).
    ``entered_at``: when the hand was entered, where earlier than now (bounded by the
    caller); the clock's end policy counts hands by it. Raises
    ``IllegalHand``, ``StaleGame``, ``GameClosed`` or ``GameFull``."""
    try:
        # Inside a caller's transaction this block is a savepoint: a refused hand row
        # leaves the caller's transaction usable.
        with transaction.atomic():
            # Most hands are appended to the game as the caller read it: the hand is
            # played on that copy and the row written only if no one wrote it since (its
            # revision unchanged), which takes the row's lock as it writes; otherwise, or
            # where the copy refuses the hand, it is judged again on the row locked.
            try:
                played: _Appended | None = _append(
                    copy(game), hand, entered_at, expected_sequence, as_read=game.revision
                )
            except (ServiceError, IllegalHand):
                played = None
            if played is None:
                played = _append(locked_game(game.pk), hand, entered_at, expected_sequence)
            assert played is not None  # the row locked is written whatever its revision
            locked, result, projection = played
            stored = HandRecord.objects.create(
                game=locked,
                sequence=expected_sequence,
                data=HandRecord.data_from(hand),
                recorded_by=user,
                entered_at=entered_at,
            )
    except IntegrityError:
        # Two phones appending the same sequence where the row lock did not order them:
        # the unique (game, sequence) refuses the second whole.
        raise StaleGame(
            _("Another phone recorded this hand first; nothing was recorded.")
        ) from None
    return HandChange(locked, result, projection.played, stored)


_Appended = tuple[Game, HandResult, Projection]


def _append(
    game: Game,
    hand: Hand,
    entered_at: datetime | None,
    expected_sequence: int,
    *,
    as_read: int | None = None,
) -> _Appended | None:
    """Play ``hand`` after ``game``'s hands and write the game row; ``None`` where
    ``as_read`` (the revision the game was read at) is given and the row has been written
    since (nothing is written then)."""
    check_open(game, allow_finished=False)
    check_sequence(game, expected_sequence)
    if game.hand_count >= MAX_HANDS:
        raise GameFull(
            _(
                "This game has %(count)s hands, the most a game may hold: "
                "finish it and start another."
            )
            % {"count": MAX_HANDS}
        )
    rules = game.ruleset()
    result = play_hand(game.game_state(), hand, rules, index=game.hand_count)
    projection = project_hand(rules, result, game.hand_count + 1, stopped_early=game.stopped_early)
    if projection is not None and _time_ends(game, entered_at):
        game.stopped_early = game.stopped_by_time = True
        projection = None
    if projection is None:  # the hand ends the game: the standings need them all
        projection = project_game(game, [*stored_hands(game), hand])
    if not save_projection(game, projection, as_read=as_read):
        return None
    return game, result, projection


def _replace_hands(
    hands: list[Hand], rules: Ruleset, stored: list[Hand], start: GameState | None
) -> Replay:
    """Replay a corrected list of hands; an impossible hand is refused naming it, and
    the round it was played in as the game stands (``stored``, the hands before the
    correction), not the round the correction would have moved it to."""
    try:
        return replay(rules, hands, start=start)
    except IllegalHand as error:
        before = replay(rules, stored[: error.index + 1], start=start).results[error.index].before
        refusal = correction_refusal(error.index, before, error)
        raise IllegalHand(
            error.index,
            before.round_label,
            error.field,
            english_text(refusal),
            code=refusal.code,
            values=refusal.values,
        ) from None


def undo_last_hand(
    *,
    game: Game,
    expected_sequence: int,
    expected_revision: int | None = None,
    user: Any = None,
    allow_finished: bool = False,
) -> HandChange:
    """Remove the last hand and replay the rest; ``result``: the hand undone. A penalty
    given after it moves to the hand before (``keep_penalties_within``). ``expected_revision``:
    the game's revision the confirmation showed; a game changed since is refused."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        check_open(locked, allow_finished=allow_finished)
        check_sequence(locked, expected_sequence)
        check_revision(locked, expected_revision)
        if locked.hand_count == 0:
            raise ServiceError(_("There is no hand to undo."))
        rules = locked.ruleset()
        everything = replay(rules, stored_hands(locked), start=locked.record_start())
        undone = everything.results[-1]
        rest = Replay(everything.start, everything.results[:-1])
        locked.hands.filter(sequence=locked.hand_count - 1).delete()
        if keep_penalties_within(locked, len(rest.results)):
            locked.save(update_fields=["penalties"])
        projection = project_game(locked, [r.hand for r in rest.results], played=rest)
        save_projection(locked, projection)
    return HandChange(locked, undone, rest)


def edit_hand(
    *,
    game: Game,
    sequence: int,
    hand: Hand,
    expected_sequence: int,
    expected_revision: int | None = None,
    user: Any = None,
    allow_finished: bool = False,
) -> HandChange:
    """Replace hand ``sequence`` and replay the game; refused (nothing changes) if the
    correction makes this or a later hand impossible. ``expected_revision``: the game's
    revision when the correction was started; any change since (another correction of
    any hand too, which leaves the sequence as it was) refuses it with ``StaleGame``."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        check_open(locked, allow_finished=allow_finished)
        check_sequence(locked, expected_sequence)
        if expected_revision is not None and locked.revision != expected_revision:
            raise StaleGame(
                _("The game changed since this correction was started; nothing was changed.")
            )
        records = list(locked.hands.order_by("sequence"))
        if not 0 <= sequence < len(records):
            raise ServiceError(_("There is no hand %(number)s to edit.") % {"number": sequence + 1})
        stored = [r.to_hand() for r in records]
        hands = [*stored]
        hands[sequence] = hand
        rules = locked.ruleset()
        played = _replace_hands(hands, rules, stored, locked.record_start())
        target = records[sequence]
        target.data = HandRecord.data_from(hand)
        target.edited_by = user
        target.edited_at = timezone.now()
        target.save(update_fields=["data", "edited_by", "edited_at"])
        projection = project_game(locked, hands, played=played)
        save_projection(locked, projection)
    return HandChange(locked, played.results[sequence], played)


def scoreboard(game: Game, *, played: Replay | None = None) -> Scoreboard:
    """A game replayed from its stored hands (for the hand log and the standings), or
    from ``played``, its hands as a service has just replayed them. The seats and their
    players, and the hands, are best prefetched (``pages.load_game``)."""
    seats = sorted(game.seats.all(), key=lambda s: s.number)
    names = tuple(seat.player.name for seat in seats)
    rules = game.ruleset()
    start = game.record_start()
    if played is None:
        hands = [h.to_hand() for h in sorted(game.hands.all(), key=lambda h: h.sequence)]
        played = replay(rules, hands, start=start, ended=game.record_end())
    else:
        hands = [result.hand for result in played.results]
    record = GameRecord(
        rules,
        names,
        tuple(hands),
        start,
        game.record_penalties(),
        game.record_source(),
        game.record_end(),
    )
    return Scoreboard(game, record, played)


def keep_penalties_within(game: Game, hand_count: int) -> bool:
    """Move the penalties given after a hand the game no longer has (an undone hand) to
    its last hand (before the first hand when none is left): a penalty stays in the game
    at the place in time nearest to when it was given. Whether any moved (the caller saves
    ``penalties``)."""
    last = hand_count - 1 if hand_count else None
    moved = False
    for penalty in game.penalties:
        after = penalty.get("after_hand")
        if after is not None and after >= hand_count:
            if last is None:
                penalty.pop("after_hand")
            else:
                penalty["after_hand"] = last
            moved = True
    return moved
