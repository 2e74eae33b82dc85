"""Every write to a game goes through here: small keyword-only functions, each in one
transaction with the game row locked, replaying with the engine and saving the projection.
Recording a hand first tries a lighter way: a write that goes in only if the game row is
still at the revision the hand was played from (``record_hand``).

A submission carries the sequence number it expects (the number of hands the phone saw).
If the game has moved on (a double tap, a retry, another phone), the write is refused with
``StaleGame`` and nothing changes.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from scorekeeper.club.models import (
    Game,
    HandRecord,
    Player,
    Seat,
    fetch_game,
    insert_row,
    update_row,
    update_then_insert,
)
from scoring.errors import IllegalHand
from scoring.game import GameState, HandResult, Replay, play_hand, replay
from scoring.outcomes import Hand
from scoring.record import GameRecord, read_record, record_to_json
from scoring.rules import Ruleset
from scoring.standings import Standing, final_standings
from scoring.stats import seat_stats


class ServiceError(Exception):
    """A refused write; ``message`` is for the person who tried it."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class StaleGame(ServiceError):
    """The game is not at the sequence the submission expected."""


class GameClosed(ServiceError):
    """The game is finished or abandoned."""


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
        return final_standings(self.state, self.record.rules)


def _locked(game_id: int) -> Game:
    return fetch_game(game_id, lock=True)


def _check_sequence(game: Game, expected_sequence: int) -> None:
    if game.hand_count != expected_sequence:
        raise StaleGame(
            f"The game has moved on: it has {game.hand_count} hands, this form was for "
            f"{expected_sequence}. Nothing was recorded; here is the current table."
        )


def _check_open(game: Game, *, allow_finished: bool) -> None:
    if game.status == Game.Status.ABANDONED:
        raise GameClosed("This game was abandoned; it cannot be changed.")
    if game.status == Game.Status.FINISHED and not allow_finished:
        raise GameClosed("This game is finished; only an organiser can correct it.")


STAT_FIELDS = (
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
RESULT_FIELDS = ("final_points", "place", "result", *STAT_FIELDS)
#: What ``_save_projection`` may change on the game row (and only those are written).
PROJECTION_FIELDS = (
    "state",
    "revision",
    "hand_count",
    "status",
    "finished_at",
    "stopped_early",
    "updated_at",
)


def _save_projection(
    game: Game, state: GameState, rules: Ruleset, hands: Sequence[Hand] | None = None
) -> None:
    """Store the state and, when the game ends (or is un-ended by a correction), each
    seat's standings and statistics and the game's status. ``hands`` saves a reload when
    the caller has them."""
    was_finished = game.status == Game.Status.FINISHED
    _save_state(game, state)
    _save_standings(game, state, rules, hands, was_finished=was_finished)


def _save_state(game: Game, state: GameState) -> None:
    """Write the game row: the state, the next revision, and the status the state gives."""
    _project(game, state)
    update_row(game, PROJECTION_FIELDS)


def _project(game: Game, state: GameState) -> None:
    """Set the game row's projection (``PROJECTION_FIELDS``) to ``state``, in memory."""
    game.state = state.to_json()
    game.revision += 1
    if state.finished or game.stopped_early:
        if game.status != Game.Status.FINISHED:
            game.status = Game.Status.FINISHED
            game.finished_at = timezone.now()
    elif game.status == Game.Status.FINISHED:
        game.status = Game.Status.IN_PLAY
        game.finished_at = None


def _save_standings(
    game: Game,
    state: GameState,
    rules: Ruleset,
    hands: Sequence[Hand] | None = None,
    *,
    was_finished: bool,
) -> None:
    """Each seat's standings and statistics when the game is over (from ``hands``, or the
    stored hands), or none when a correction un-ended it."""
    if game.status == Game.Status.FINISHED:
        if hands is None:
            hands = [h.to_hand() for h in game.hands.order_by("sequence")]
        rows = final_standings(state, rules)
        stats = seat_stats(rules, replay(rules, hands))
        seats = list(game.seats.all())
        for seat in seats:
            row, counts = rows[seat.number], stats[seat.number]
            seat.final_points, seat.place, seat.result = row.points, row.place, row.result
            for name in STAT_FIELDS:
                setattr(seat, name, getattr(counts, name))
        Seat.objects.bulk_update(seats, RESULT_FIELDS)
    elif was_finished:
        game.seats.update(final_points=None, place=None, result=None)


def start_game(
    *,
    rules: Ruleset,
    ruleset_name: str,
    players: Sequence[Player],
    table_label: str = "",
    created_by: Any = None,
    shuffle: bool = False,
    rng: random.Random | None = None,
) -> Game:
    """Seat four different players (in the order given, or shuffled) under frozen rules."""
    if len(players) != 4 or len({p.pk for p in players}) != 4:
        raise ServiceError("A game needs four different players.")
    order = list(players)
    if shuffle:
        (rng or random.SystemRandom()).shuffle(order)
    with transaction.atomic():
        game = Game.objects.create(
            table_label=table_label,
            ruleset_name=ruleset_name,
            rules=rules.to_json(),
            state=Game.initial_state(rules),
            created_by=created_by,
        )
        Seat.objects.bulk_create(
            Seat(game=game, number=number, player=player) for number, player in enumerate(order)
        )
    return game


def record_hand(*, game: Game, hand: Hand, expected_sequence: int, user: Any = None) -> Game:
    """Append one hand. The engine applies it to the stored projection, so the work is the
    same at hand 60 as at hand 1. Raises ``IllegalHand``, ``StaleGame`` or ``GameClosed``.

    ``game`` as the caller loaded it is tried first (``_append_as_loaded``); if the game
    changed since, or ``game`` says the hand cannot go in, or the hand ends the game, the
    game is read again under its lock and the hand judged on that (``_append_locked``)."""
    try:
        try:
            return _append_as_loaded(game, hand, expected_sequence, user)
        except (_Moved, ServiceError, IllegalHand):
            return _append_locked(game, hand, expected_sequence, user)
    except IntegrityError:
        # Two phones appending the same sequence: the unique (game, sequence) refuses the
        # second whole, once the first has written.
        raise StaleGame("Another phone recorded this hand first; nothing was recorded.") from None


class _Moved(Exception):
    """The hand is not for ``_append_as_loaded``: the game row is no longer at the revision
    the hand was played from, or the hand ends the game."""


def _append_as_loaded(game: Game, hand: Hand, expected_sequence: int, user: Any) -> Game:
    """The hand played from ``game`` as the caller loaded it, and written (the game row
    and the hand's row, both or neither) only if the row is still at that revision: the
    usual hand costs no second read of the game, and on PostgreSQL one statement."""
    current = copy.copy(game)
    result, record = _next_hand(current, hand, expected_sequence, user)
    if result.after.finished:
        raise _Moved  # the standings are written under the lock
    _project(current, result.after)
    if not update_then_insert(
        current, PROJECTION_FIELDS, match={"revision": game.revision}, new=record
    ):
        raise _Moved
    return current


def _append_locked(game: Game, hand: Hand, expected_sequence: int, user: Any) -> Game:
    with transaction.atomic():
        current = _locked(game.pk)
        result, record = _next_hand(current, hand, expected_sequence, user)
        _save_state(current, result.after)
        insert_row(record)
        _save_standings(current, result.after, current.ruleset(), was_finished=False)
    return current


def _next_hand(
    game: Game, hand: Hand, expected_sequence: int, user: Any
) -> tuple[HandResult, HandRecord]:
    """``hand`` played as ``game``'s next (refused if the game is closed or not at the
    sequence expected): what it did, and its row to store; ``game`` counts it."""
    _check_open(game, allow_finished=False)
    _check_sequence(game, expected_sequence)
    result = play_hand(game.game_state(), hand, game.ruleset(), index=game.hand_count)
    record = HandRecord(
        game=game, sequence=game.hand_count, data=HandRecord.data_from(hand), recorded_by=user
    )
    game.hand_count += 1
    return result, record


def _replace_hands(game: Game, hands: list[Hand], rules: Ruleset) -> Replay:
    """Replay a corrected list of hands; an impossible hand is refused naming it."""
    try:
        return replay(rules, hands)
    except IllegalHand as error:
        raise IllegalHand(
            error.index,
            error.round_label,
            error.field,
            f"this correction makes hand {error.index + 1} ({error.round_label}) impossible: "
            f"{error.message.split(': ', 1)[-1]}",
        ) from None


def undo_last_hand(
    *, game: Game, expected_sequence: int, user: Any = None, allow_finished: bool = False
) -> Game:
    """Remove the last hand and replay the rest."""
    with transaction.atomic():
        locked = _locked(game.pk)
        _check_open(locked, allow_finished=allow_finished)
        _check_sequence(locked, expected_sequence)
        if locked.hand_count == 0:
            raise ServiceError("There is no hand to undo.")
        rules = locked.ruleset()
        locked.hands.filter(sequence=locked.hand_count - 1).delete()
        hands = [h.to_hand() for h in locked.hands.order_by("sequence")]
        locked.hand_count -= 1
        _save_projection(locked, replay(rules, hands).state, rules, hands)
    return locked


def edit_hand(
    *,
    game: Game,
    sequence: int,
    hand: Hand,
    expected_sequence: int,
    expected_revision: int | None = None,
    user: Any = None,
    allow_finished: bool = False,
) -> Game:
    """Replace hand ``sequence`` and replay the game; refused (nothing changes) if the
    correction makes this or a later hand impossible. ``expected_revision``: the game's
    revision when the correction was started; any change since (another correction of
    any hand too, which leaves the sequence as it was) refuses it with ``StaleGame``."""
    with transaction.atomic():
        locked = _locked(game.pk)
        _check_open(locked, allow_finished=allow_finished)
        _check_sequence(locked, expected_sequence)
        if expected_revision is not None and locked.revision != expected_revision:
            raise StaleGame(
                "The game changed since this correction was started; nothing was changed."
            )
        records = list(locked.hands.order_by("sequence"))
        if not 0 <= sequence < len(records):
            raise ServiceError(f"There is no hand {sequence + 1} to edit.")
        hands = [r.to_hand() for r in records]
        hands[sequence] = hand
        rules = locked.ruleset()
        state = _replace_hands(locked, hands, rules).state
        target = records[sequence]
        target.data = HandRecord.data_from(hand)
        target.edited_by = user
        target.edited_at = timezone.now()
        target.save(update_fields=["data", "edited_by", "edited_at"])
        _save_projection(locked, state, rules, hands)
    return locked


def finish_game(*, game: Game, user: Any = None) -> Game:
    """End a game early (organisers): the standings are taken from the points as they are."""
    with transaction.atomic():
        locked = _locked(game.pk)
        _check_open(locked, allow_finished=False)
        locked.stopped_early = True
        _save_projection(locked, locked.game_state(), locked.ruleset())
    return locked


def abandon_game(*, game: Game, user: Any = None) -> Game:
    """Abandon a game (organisers): it keeps its hands but counts for nothing."""
    with transaction.atomic():
        locked = _locked(game.pk)
        locked.status = Game.Status.ABANDONED
        locked.finished_at = timezone.now()
        locked.revision += 1
        locked.save()
        locked.seats.update(final_points=None, place=None, result=None)
    return locked


def scoreboard(game: Game) -> Scoreboard:
    """Replay a game from its stored hands (for the hand log and the standings)."""
    # The names read with the game, if they were (``load_game`` without the hands).
    if game.names is not None:
        a, b, c, d = game.names
    else:
        seats = sorted(game.seats.all(), key=lambda s: s.number)
        a, b, c, d = (seat.player.name for seat in seats)
    hands = [h.to_hand() for h in sorted(game.hands.all(), key=lambda h: h.sequence)]
    rules = game.ruleset()
    record = GameRecord(rules, (a, b, c, d), tuple(hands))
    return Scoreboard(game, record, replay(rules, hands))


def export_record(game: Game) -> dict[str, Any]:
    """The game as a ``scorekeeper.game/1`` input document."""
    return record_to_json(scoreboard(game).record)


def import_record(
    *, doc: Any, created_by: Any = None, table_label: str = "", ruleset_name: str | None = None
) -> Game:
    """Create a game from a record: players matched by name (created when missing), every
    hand validated by replaying before anything is stored."""
    record, replayed = read_record(doc)
    rules = record.rules
    with transaction.atomic():
        players = [Player.objects.get_or_create(name=name)[0] for name in record.players]
        spec = rules.to_spec()
        game = start_game(
            rules=rules,
            ruleset_name=ruleset_name
            or (spec if isinstance(spec, str) else f"{rules.preset} (custom)"),
            players=players,
            table_label=table_label,
            created_by=created_by,
        )
        HandRecord.objects.bulk_create(
            HandRecord(
                game=game, sequence=i, data=HandRecord.data_from(hand), recorded_by=created_by
            )
            for i, hand in enumerate(record.hands)
        )
        game.hand_count = len(record.hands)
        _save_projection(game, replayed.state, rules, record.hands)
    return game
