"""A game's life: starting it, finishing it early, abandoning or reopening it, and a game
as a record, imported or exported. Each write locks the game row and refuses a game that has
moved on as the hands' writes do (``services.py``).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import name_key, normal_name, penalties_error, text_error
from scorekeeper.club.models import MAX_HANDS, Game, HandRecord, Player, Seat
from scorekeeper.club.projection import project_game
from scorekeeper.errors import GameClosed, GameFull, ImportedTwice, ServiceError
from scorekeeper.registry.services import locked_players, player_named
from scorekeeper.table.services.hands import (
    check_open,
    check_revision,
    check_sequence,
    locked_game,
    save_projection,
    scoreboard,
    stored_hands,
)
from scoring.record import (
    GameRecord,
    Source,
    penalty_json,
    read_record,
    record_to_json,
    start_json,
)
from scoring.rules import Ruleset
from scoring.state import GameState, Replay, check_start


def start_game(
    *,
    rules: Ruleset,
    ruleset_name: str,
    players: Sequence[Player],
    table_label: str = "",
    created_by: Any = None,
    shuffle: bool = False,
    rng: random.Random | None = None,
    start_token: uuid.UUID | None = None,
    start: GameState | None = None,
) -> Game:
    """Seat the rules' number of different players (three or four, in the order given, or
    shuffled) under frozen rules
    (the engine has bounded every value of a ``Ruleset``, so its results can be stored).
    ``start``: where a game begun on paper stands (its round, honba, sticks and each
    seat's points), checked by the engine; its seats are as given, never shuffled. A
    ``start_token`` already used (the same form sent twice) returns the game it started
    instead of starting another. A player merged or deleted meanwhile is refused
    (``PlayerRefused``); one merged or deleted after waits for the game and then sees it."""
    count = rules.players
    if len(players) != count or len({p.pk for p in players}) != count:
        raise ServiceError(
            _("A game needs %(players)s different players under these rules.") % {"players": count}
        )
    if start is not None:
        problem = check_start(rules, start)
        if problem:
            raise ServiceError(
                _("The game cannot begin there: %(problem)s.") % {"problem": problem}
            )
        if shuffle:
            raise ServiceError(_("A game begun on paper keeps its seats: they cannot be shuffled."))
    if start_token is not None:
        started = Game.objects.filter(start_token=start_token).first()
        if started is not None:
            return started
    try:
        with transaction.atomic():
            order = locked_players(players)
            if shuffle:
                (rng or random.SystemRandom()).shuffle(order)
            game = Game.objects.create(
                table_label=table_label,
                ruleset_name=ruleset_name,
                rules=rules.to_json(),
                state=Game.initial_state(rules, start),
                created_by=created_by,
                start_token=start_token,
                start=None if start is None else start_json(start),
            )
            Seat.objects.bulk_create(
                Seat(game=game, number=number, player=player) for number, player in enumerate(order)
            )
    except IntegrityError:
        # The same form sent at the same moment: its twin's game is the one it started.
        if start_token is None:
            raise
        return Game.objects.get(start_token=start_token)
    return game


def finish_game(
    *,
    game: Game,
    expected_sequence: int,
    expected_revision: int | None = None,
    user: Any = None,
    by_time: bool = False,
) -> Game:
    """End a game early (organisers): the standings are taken from the points as they are
    after ``expected_sequence`` hands, the number the confirmation showed; a game that has
    moved on since is refused with ``StaleGame``, a closed one with ``GameClosed``.
    ``by_time``: time was up (a tournament's clock), which the record says (``end``)."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        check_open(locked, allow_finished=False)
        check_sequence(locked, expected_sequence)
        check_revision(locked, expected_revision)
        locked.stopped_early = True
        locked.stopped_by_time = by_time
        save_projection(locked, project_game(locked, stored_hands(locked)))
    return locked


def abandon_game(
    *, game: Game, expected_sequence: int, expected_revision: int | None = None, user: Any = None
) -> Game:
    """Abandon a game in play (organisers): it keeps its hands but counts for nothing. A
    finished game is refused (``GameClosed``): abandoning it would silently take it out of
    the standings; it is reopened first (``reopen_game``), on purpose."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        if locked.status == Game.Status.FINISHED:
            raise GameClosed(
                _(
                    "This game is finished and counts in the standings; reopen it first if it "
                    "should be abandoned."
                )
            )
        check_open(locked, allow_finished=False)
        check_sequence(locked, expected_sequence)
        check_revision(locked, expected_revision)
        projection = project_game(locked, stored_hands(locked), abandoned=True)
        locked.finished_at = timezone.now()
        save_projection(locked, projection)
    return locked


def reopen_game(
    *, game: Game, expected_sequence: int, expected_revision: int | None = None, user: Any = None
) -> Game:
    """Put a game that was finished early back in play (organisers): its standings are
    withdrawn until it ends again. A game its own hands ended is reopened by undoing its
    last hand instead (``undo_last_hand``), since with those hands it is over by the rules.
    Raises ``GameClosed`` for a game that is not finished, ``StaleGame`` for one that has
    changed since the confirmation, ``ServiceError`` for one its hands ended."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        if locked.status != Game.Status.FINISHED:
            if locked.status == Game.Status.ABANDONED:
                raise GameClosed(_("Only a finished game can be reopened; this one is abandoned."))
            raise GameClosed(_("Only a finished game can be reopened; this one is in play."))
        check_sequence(locked, expected_sequence)
        check_revision(locked, expected_revision)
        projection = project_game(locked, stored_hands(locked), stopped_early=False)
        if projection.status == Game.Status.FINISHED:
            raise ServiceError(
                _(
                    "This game was ended by its last hand, not stopped early: undo that hand to "
                    "reopen it."
                )
            )
        locked.stopped_early = False
        locked.stopped_by_time = False
        save_projection(locked, projection)
    return locked


def export_record(game: Game) -> dict[str, Any]:
    """The game as a ``scorekeeper.game/1`` input document."""
    return record_to_json(scoreboard(game).record)


def _check_label(value: str, field: str, model: type[Game]) -> None:
    """Refuse a label the column cannot hold (PostgreSQL refuses NUL and over-long text)."""
    size = getattr(model._meta.get_field(field), "max_length", None)
    assert isinstance(size, int)
    wrong = text_error(value, size)
    if wrong:
        raise ServiceError(f"{field}: {wrong}")


def _players_named(names: Sequence[str]) -> list[Player]:
    """The players of these names, matched regardless of case as the registry's forms match
    them ("aki" is Aki), and made when missing; four names that are the same regardless of
    case are refused."""
    seen: dict[str, str] = {}
    for i, name in enumerate(names):
        first = seen.setdefault(name_key(name), name)
        if first != name:
            raise ServiceError(
                f"players[{i}]: {name!r} and {first!r} differ only in case: one player or two?"
            )
    return [player_named(name=normal_name(name)) for name in names]


def _refuse_imported_twice(source: Source, digest: str) -> None:
    games = Game.objects.none()
    if source.log:
        games = Game.objects.filter(source_platform=source.platform, source_log=source.log)
    if digest:
        games = games | Game.objects.filter(source_digest=digest)
    game = games.order_by("pk").first()
    if game is not None:
        raise ImportedTwice(_("this log is already in the club: %(game)s") % {"game": game})


def import_record(
    *,
    doc: Any,
    created_by: Any = None,
    table_label: str = "",
    ruleset_name: str | None = None,
    start_token: uuid.UUID | None = None,
) -> Game:
    """Create a game from a record: players matched by name (created when missing), every
    hand validated by replaying before anything is stored; the record's start, penalties and
    source are stored with it. A ``start_token`` already used (the same import page sent
    twice, or at the same moment) returns the game it imported instead of importing it
    again."""
    if start_token is not None:
        imported = Game.objects.filter(start_token=start_token).first()
        if imported is not None:
            return imported
    record, replayed = read_record(doc)
    try:
        return store_record(
            record=record,
            replayed=replayed,
            created_by=created_by,
            table_label=table_label,
            ruleset_name=ruleset_name,
            start_token=start_token,
        )
    except IntegrityError:
        # The same page sent at the same moment: its twin's game is the one it imported.
        twin = Game.objects.filter(start_token=start_token).first() if start_token else None
        if twin is None:
            raise
        return twin


def store_record(
    *,
    record: GameRecord,
    replayed: Replay,
    players: Sequence[Player] | None = None,
    digest: str = "",
    created_by: Any = None,
    table_label: str = "",
    ruleset_name: str | None = None,
    start_token: uuid.UUID | None = None,
) -> Game:
    """Store a record the engine has read and replayed as a new game: its players as given
    (or matched by name, made when missing), with its start, penalties and source; an
    imported log's ``digest`` too. A game already imported from the same log is refused.
    ``start_token``: the import page's, stored with the rest in one transaction, so that a
    twin sent at the same moment that stored it first makes this one fail whole
    (PostgreSQL waits for the twin's transaction to end before refusing it)."""
    wrong = penalties_error(p.reason for p in record.penalties)
    if wrong:
        raise ServiceError(wrong)
    rules = record.rules
    if len(record.hands) > MAX_HANDS:
        raise GameFull(f"hands: {len(record.hands)} hands; a game holds at most {MAX_HANDS}")
    _check_label(table_label, "table_label", Game)
    if ruleset_name is not None:
        _check_label(ruleset_name, "ruleset_name", Game)
    source = record.source
    try:
        with transaction.atomic():
            if source is not None:
                _refuse_imported_twice(source, digest)
            if players is None:
                players = _players_named(record.players)
            spec = rules.to_spec()
            game = start_game(
                rules=rules,
                ruleset_name=ruleset_name
                or (spec if isinstance(spec, str) else f"{rules.preset} (custom)"),
                players=players,
                table_label=table_label,
                created_by=created_by,
                start=record.start,
            )
            game.penalties = [penalty_json(p) for p in record.penalties]
            if source is not None:
                game.source_platform, game.source_log = source.platform, source.log
                game.source_digest = digest
            game.start_token = start_token
            if record.end is not None:
                game.stopped_early = game.stopped_by_time = True
            game.save(
                update_fields=[
                    "stopped_early",
                    "stopped_by_time",
                    "penalties",
                    "source_platform",
                    "source_log",
                    "source_digest",
                    "start_token",
                ]
            )
            HandRecord.objects.bulk_create(
                HandRecord(
                    game=game, sequence=i, data=HandRecord.data_from(hand), recorded_by=created_by
                )
                for i, hand in enumerate(record.hands)
            )
            save_projection(game, project_game(game, record.hands, played=replayed))
    except IntegrityError:
        # The same log stored by another request in the meantime.
        if source is not None:
            _refuse_imported_twice(source, digest)
        raise
    return game
