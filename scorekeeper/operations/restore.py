"""Restoring a backup (``backup.py``) into an empty database, all or nothing.

The loader reads the lines in order and checks each one, refusing with the line and the field.
Each row is read by its declared fields (``Field``, ``read_row``): a field's key, the reader of
its value and what a field left out is; what holds between fields is checked after them. It
reads every game through the engine (``scoring.record.read_record``) and stores hands, seats
and projections in bulk, all in one transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db import DatabaseError, models, transaction
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import (
    ID_MAX,
    INTEGER_MAX,
    day_error,
    load_json,
    moment_error,
    name_error,
    name_key,
    penalties_error,
    seats_error,
    text_error,
)
from scorekeeper.club.models import (
    MAX_HANDS,
    DeletedGame,
    Game,
    HandRecord,
    PlatformName,
    Player,
    SavedRuleset,
    Season,
    Seat,
)
from scorekeeper.club.projection import project
from scorekeeper.club.signals import games_changed_since
from scorekeeper.club.wins import StoredWin, store_wins, stored_wins
from scorekeeper.errors import JsonRefused, RestoreError
from scorekeeper.operations.backup import (
    CHUNK,
    COUNTED,
    FORMAT,
    MAX_LINE,
    PARTS,
    SENT_KEPT,
    sections,
)
from scorekeeper.operations.bulk import game_ids_past, reset_sequences, stored_seats
from scorekeeper.refusals import located_refusal_text, refusal_text
from scorekeeper.registry.identities import PLATFORMS, Identity, identity_errors
from scorekeeper.request_numbers import request_number
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.outbox import MAX_OPEN_CONFLICTS, waiting_item
from scoring.errors import LocatedError, RulesError
from scoring.logs.convert import log_digest
from scoring.outcomes import Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.record import penalty_json, read_record, start_json
from scoring.record_hand import hand_to_json, parse_hand
from scoring.rule_values import PLAYER_COUNTS
from scoring.rules import PRESETS, Ruleset
from scoring.state import Replay

Progress = Callable[[int, int], None]


def database_is_empty() -> bool:
    return not (
        Player.objects.exists()
        or Game.objects.exists()
        or SavedRuleset.objects.exists()
        or Season.objects.exists()
        or DeletedGame.objects.exists()
    )


def restore(
    lines: Iterable[str], *, progress: Progress | None = None, every: int = 1000
) -> dict[str, int]:
    """Load a backup into an empty database, all or nothing; return the counts stored.
    ``progress(done, total)`` is called every ``every`` games and at the end."""
    with transaction.atomic():
        if not database_is_empty():
            raise RestoreError(
                0,
                "",
                _(
                    "the database already holds players or games; a backup is restored only "
                    "into an empty database (migrate a new one first)"
                ),
            )
        loader = BackupLoader(progress, every)
        try:
            for number, text in enumerate(lines, 1):
                if text.strip():
                    loader.line(number, text)
            counts = loader.finish()
            reset_sequences(loader.kept_ids.values())
            # A deleted game's id is never given again: the games' ids go on past it.
            game_ids_past(max(loader.deleted_ids, default=0))
            games_changed_since(None, everything=True)
        except (DatabaseError, OverflowError, ValueError) as error:
            if isinstance(error, RestoreError):
                raise
            # What the checks above let through and the database still refused: the
            # lines stored last are those up to this one.
            raise RestoreError(
                loader.number,
                "",
                _("the database refused it: %(error)s") % {"error": str(error).splitlines()[0]},
            ) from None
    return counts


class BackupLoader:
    """Reads lines in order, keeping games in batches and the rest until the games start."""

    def __init__(self, progress: Progress | None, every: int) -> None:
        self.progress = progress
        self.every = every
        self.number = 0
        self.total_games = 0
        self.reported = 0
        self.section = -1
        self.counts = dict.fromkeys(COUNTED, 0)
        self.players: dict[str, int] = {}
        #: Each kind's names lower-cased and ids so far, for refusing a second one.
        self.names: dict[str, dict[str, str]] = {"player": {}, "ruleset": {}, "season": {}}
        self.ids: dict[str, set[int]] = {"player": set(), "ruleset": set(), "season": set()}
        self.pending: list[Player | SavedRuleset] = []
        self.platform_names: list[PlatformName] = []
        #: Each EMA number and platform name so far, with its player's id.
        self.ema_numbers: dict[str, int] = {}
        self.platform_holders: dict[tuple[str, str], int] = {}
        self.seasons: list[tuple[int, Season, list[int]]] = []
        self.game_ids: set[int] = set()
        #: The ids the deleted games had (their lines in the history).
        self.deleted_ids: set[int] = set()
        self.deleted: list[DeletedGame] = []
        #: The row with the largest id of each table stored with kept ids.
        self.kept_ids: dict[type[models.Model], models.Model] = {}
        self.batch: list[tuple[Game, list[Seat], list[HandRecord]]] = []
        self.sent: list[SentHand] = []
        self.wins: list[StoredWin] = []
        self.ended = False

    def fail(self, where: str, message: str) -> RestoreError:
        return RestoreError(self.number, where, message)

    def line(self, number: int, text: str) -> None:
        self.number = number
        if len(text) > MAX_LINE:
            raise self.fail(
                "",
                _("a line of %(count)s characters; a backup's line holds at most %(most)s")
                % {"count": f"{len(text):,}", "most": f"{MAX_LINE:,}"},
            )
        try:
            obj = load_json(text)
        except JsonRefused as error:
            raise self.fail("", _("not a backup line: %(error)s") % {"error": error}) from None
        except ValueError as error:
            raise self.fail("", _("not a JSON object (%(error)s)") % {"error": error}) from None
        if not isinstance(obj, dict):
            raise self.fail("", _("expected a JSON object"))
        if self.ended:
            raise self.fail("", _("a line after the end line"))
        if self.section == -1:
            self.header(obj)
            return
        kind = obj.get("type")
        known = sections()
        if kind not in known:
            raise self.fail(
                "type",
                _("expected one of %(values)s, got %(value)s")
                % {"values": ", ".join(known), "value": repr(kind)},
            )
        section = known.index(kind)
        if section < self.section:
            raise self.fail(
                "type",
                _("a %(kind)s line after the %(section)s lines")
                % {"kind": kind, "section": known[self.section]},
            )
        if section >= known.index("season") and self.pending:
            self.store_pending()
        self.section = section
        if kind in PARTS:
            # A room's rows name the players and games: those are all stored first.
            self.store_games()
            self.keep_ids(PARTS[kind].read(obj, self))
            self.counts[kind + "s"] = self.counts.get(kind + "s", 0) + 1
            return
        getattr(self, f"read_{kind}")(obj)

    def header(self, obj: dict[str, Any]) -> None:
        if obj.get("format") != FORMAT:
            raise self.fail(
                "format",
                _("expected %(format)s: is this a scorekeeper backup?") % {"format": repr(FORMAT)},
            )
        counts = obj.get("counts")
        if isinstance(counts, dict) and isinstance(counts.get("games"), int):
            self.total_games = counts["games"]
        self.section = 0

    def unique(self, kind: str, pk: int, name: str) -> None:
        """Refuse a second row of ``kind`` with this id, or with a name the club takes for
        the same (``bounds.name_key``: as the forms refuse "AKI", "ＡＫＩ" or "Aki " beside
        "Aki"), here, naming the line and the field, before the database would."""
        if pk in self.ids[kind]:
            raise self.fail("id", _("a second %(kind)s with id %(id)s") % {"kind": kind, "id": pk})
        self.ids[kind].add(pk)
        key = name_key(name)
        first = self.names[kind].get(key)
        if first is not None:
            if first == name:
                words = _("a second %(kind)s named %(name)s")
            elif first.casefold() == name.casefold():
                words = _(
                    "a second %(kind)s whose name differs only in case from %(first)s: %(name)s"
                )
            else:
                words = _("a second %(kind)s whose name is %(first)s written otherwise: %(name)s")
            raise self.fail(
                "name", words % {"kind": kind, "name": repr(name), "first": repr(first)}
            )
        self.names[kind][key] = name

    def read_player(self, obj: dict[str, Any]) -> None:
        row = read_row(obj, PLAYER, self, apart={"type", *IDENTITY_FIELDS})
        pk, name = row["id"], row["name"]
        self.unique("player", pk, name)
        self.players[name] = pk
        identity = read_identity(obj, self)
        player = Player(
            **row,
            given_name=identity.given_name,
            family_name=identity.family_name,
            country=identity.country,
            ema_number=identity.ema_number,
        )
        self.pending.append(player)
        self.platform_names += [
            PlatformName(player_id=pk, platform=platform, name=platform_name)
            for platform, platform_name in sorted(identity.pairs())
        ]
        self.counts["players"] += 1

    def read_ruleset(self, obj: dict[str, Any]) -> None:
        ruleset = SavedRuleset(**read_row(obj, RULESET, self, apart={"type"}))
        if "preset" in ruleset.overrides:
            raise self.fail("overrides.preset", _("the preset is given beside the overrides"))
        self.unique("ruleset", ruleset.pk, ruleset.name)
        try:
            ruleset.to_rules()
        except RulesError as error:
            raise self.fail("overrides", located_refusal_text(error)) from None
        self.pending.append(ruleset)
        self.counts["rulesets"] += 1

    def read_season(self, obj: dict[str, Any]) -> None:
        season = Season(**read_row(obj, SEASON, self, apart={"type", "games"}))
        games = obj.get("games")
        if not isinstance(games, list):
            raise self.fail("games", _("expected a list of game ids"))
        listed: set[int] = set()  # a set: the check of each id takes the same time
        for i, game_id in enumerate(games):
            read_id(game_id, f"games[{i}]", self)
            if game_id in listed:
                raise self.fail(f"games[{i}]", _("game %(id)s is listed twice") % {"id": game_id})
            listed.add(game_id)
        # As the season form refuses them.
        start, end = season.start_date, season.end_date
        if start and end and end < start:
            raise self.fail("end_date", _("the last day comes before the first"))
        if games and (start or end):
            raise self.fail("games", _("chosen games and a date range: a season has one of them"))
        if not games and not (start or end):
            raise self.fail("start_date", _("no date range and no games"))
        self.unique("season", season.pk, season.name)
        self.seasons.append((self.number, season, games))
        self.counts["seasons"] += 1

    def read_game(self, obj: dict[str, Any]) -> None:
        check_fields(obj, {"type", "meta", "record"}, self)
        meta = obj.get("meta")
        if not isinstance(meta, dict):
            raise self.fail("meta", _("expected an object"))
        try:
            record, replayed = read_record(obj.get("record"))
        except LocatedError as error:
            where = f"record.{error.where}" if error.where else "record"
            raise self.fail(where, refusal_text(error, error.message)) from None
        except RulesError as error:
            raise self.fail("record.rules", located_refusal_text(error)) from None
        if len(record.hands) > MAX_HANDS:
            raise self.fail(
                "record.hands",
                _("%(count)s hands; at most %(most)s")
                % {"count": len(record.hands), "most": MAX_HANDS},
            )
        rules = record.rules
        player_ids = []
        for i, name in enumerate(record.players):
            if name not in self.players:
                raise self.fail(
                    f"record.players[{i}]",
                    _("no player named %(name)s in this backup") % {"name": repr(name)},
                )
            player_ids.append(self.players[name])
        game = game_from_meta(meta, self, rules, replayed)
        if game.pk in self.game_ids:
            raise self.fail("meta.id", _("a second game with id %(id)s") % {"id": game.pk})
        self.game_ids.add(game.pk)
        wrong = penalties_error(p.reason for p in record.penalties)
        if wrong:
            where, _colon, message = wrong.partition(": ")
            raise self.fail(f"record.{where}", message)
        game.start = None if record.start is None else start_json(record.start)
        game.penalties = [penalty_json(p) for p in record.penalties]
        game.stopped_by_time = record.end is not None
        if record.source is not None:
            game.source_platform, game.source_log = record.source.platform, record.source.log
            game.source_digest = log_digest(record)
        projection = project(
            rules,
            record.hands,
            stopped_early=game.stopped_early,
            abandoned=game.status == Game.Status.ABANDONED,
            played=replayed,
            penalties=record.penalties,
            ended=record.end,
        )
        wrong = seats_error(projection.seats)
        if wrong:
            raise self.fail(
                "record.hands", _("the standings cannot be stored: %(error)s") % {"error": wrong}
            )
        seats = stored_seats(game, player_ids, projection)
        hands = hands_from_meta(meta, self, game, record.hands)
        self.sent += sent_from_meta(meta, self, game, rules.players)
        self.batch.append((game, seats, hands))
        self.wins += stored_wins(game, player_ids, projection)
        self.counts["games"] += 1
        self.counts["hands"] += len(hands)
        if len(self.batch) >= CHUNK:
            self.store_games()

    def read_deleted_game(self, obj: dict[str, Any]) -> None:
        """A deleted game's line in the history, naming an id no game of the backup has."""
        row = read_row(obj, DELETED_GAME, self, apart={"type", "players", "record", "waiting"})
        game_id = row["game_id"]
        if game_id in self.game_ids:
            raise self.fail(
                "game_id", _("game %(id)s is both in the backup and deleted") % {"id": game_id}
            )
        if game_id in self.deleted_ids:
            raise self.fail("game_id", _("a second deleted game with id %(id)s") % {"id": game_id})
        players = obj.get("players")
        if not isinstance(players, list) or len(players) not in PLAYER_COUNTS:
            raise self.fail("players", _("expected a list of three or four names"))
        record = obj.get("record")
        players_of_record = len(players)
        if record is not None:
            try:
                players_of_record = read_record(record)[0].rules.players
            except LocatedError as error:
                where = f"record.{error.where}" if error.where else "record"
                raise self.fail(where, located_refusal_text(error)) from None
            except RulesError as error:
                raise self.fail("record.rules", located_refusal_text(error)) from None
        waiting = self.read_waiting(obj.get("waiting", []), players_of_record)
        self.deleted_ids.add(game_id)
        self.deleted.append(
            DeletedGame(
                **row,
                players=[
                    read_text(name, f"players[{i}]", self, 100, blank=False)
                    for i, name in enumerate(players)
                ],
                record=record,
                waiting=waiting,
            )
        )
        self.counts["deleted_games"] = self.counts.get("deleted_games", 0) + 1

    def read_waiting(self, value: Any, players: int) -> list[dict[str, Any]]:
        """The hands that waited on phones for a deleted game (``waiting``)."""
        if not isinstance(value, list):
            raise self.fail("waiting", _("expected a list"))
        if len(value) > MAX_OPEN_CONFLICTS:
            raise self.fail(
                "waiting", _("expected at most %(most)s") % {"most": MAX_OPEN_CONFLICTS}
            )
        schema = waiting_schema(players)
        items, keys = [], set()
        for i, item in enumerate(value):
            where = f"waiting[{i}]"
            row = read_row(item, schema, self, where)
            key = row["key"]
            if key in keys:
                raise self.fail(
                    f"{where}.key", _("a second hand sent with key %(key)s") % {"key": key}
                )
            keys.add(key)
            items.append(waiting_item(**row))
        return items

    def read_end(self, obj: dict[str, Any]) -> None:
        self.store_pending()
        self.store_games()
        DeletedGame.objects.bulk_create(self.deleted)
        if obj.get("counts") != self.counts:
            raise self.fail(
                "counts",
                _("the end line counts %(counts)s, but the file holds %(held)s")
                % {"counts": obj.get("counts"), "held": self.counts},
            )
        self.ended = True

    def store_pending(self) -> None:
        Player.objects.bulk_create(p for p in self.pending if isinstance(p, Player))
        PlatformName.objects.bulk_create(self.platform_names)
        self.platform_names = []
        SavedRuleset.objects.bulk_create(r for r in self.pending if isinstance(r, SavedRuleset))
        self.keep_ids(self.pending)
        self.pending = []

    def keep_ids(self, rows: Iterable[models.Model]) -> None:
        for row in rows:
            kept = self.kept_ids.get(type(row))
            if kept is None or row.pk > kept.pk:
                self.kept_ids[type(row)] = row

    def store_games(self) -> None:
        if not self.batch:
            return
        Game.objects.bulk_create(game for game, _, _ in self.batch)
        self.keep_ids(game for game, _, _ in self.batch)
        Seat.objects.bulk_create(seat for _, seats, _ in self.batch for seat in seats)
        HandRecord.objects.bulk_create(hand for _, _, hands in self.batch for hand in hands)
        SentHand.objects.bulk_create(self.sent)
        store_wins(self.wins)
        self.batch = []
        self.wins = []
        self.sent = []
        done = self.counts["games"]
        if self.progress and done - self.reported >= self.every:
            self.reported = done // self.every * self.every
            self.progress(done, max(self.total_games, done))

    def finish(self) -> dict[str, int]:
        if not self.ended:
            raise RestoreError(
                self.number,
                "",
                _(
                    "the backup stops before its end line: the file is incomplete, nothing was "
                    "restored"
                ),
            )
        Season.objects.bulk_create(season for _, season, _ in self.seasons)
        self.keep_ids(season for _, season, _ in self.seasons)
        links = []
        for number, season, games in self.seasons:
            for game_id in games:
                if game_id not in self.game_ids:
                    raise RestoreError(
                        number, "games", _("no game with id %(id)s in the backup") % {"id": game_id}
                    )
                links.append(Season.games.through(season_id=season.pk, game_id=game_id))
        Season.games.through.objects.bulk_create(links)
        if self.progress and self.reported != self.counts["games"]:
            self.progress(self.counts["games"], self.counts["games"])
        return self.counts


IDENTITY_FIELDS = ("given_name", "family_name", "country", "ema_number", "platform_names")


def read_identity(obj: Mapping[str, Any], loader: BackupLoader) -> Identity:
    """A player line's identity (each field may be left out), checked as the player form
    checks it; an EMA number or platform name already another player's is refused."""
    texts = {}
    for key in IDENTITY_FIELDS[:4]:
        value = obj.get(key, "")
        if not isinstance(value, str):
            raise loader.fail(key, _("expected a text, got %(value)s") % {"value": _short(value)})
        texts[key] = value
    names = obj.get("platform_names", {})
    platforms = check_object(names, set(PLATFORMS), loader, "platform_names")
    for platform, value in platforms.items():
        if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
            raise loader.fail(f"platform_names.{platform}", _("expected a list of names"))
        if len(set(value)) != len(value):
            raise loader.fail(f"platform_names.{platform}", _("a name twice"))
    identity = Identity(**texts, platform_names=platforms)
    wrong = identity_errors(identity)
    if wrong:
        key, message = next(iter(wrong.items()))
        where = f"platform_names.{key}" if key in PLATFORMS else key
        raise loader.fail(where, message)
    pk = obj.get("id")
    assert isinstance(pk, int)
    if identity.ema_number:
        first = loader.ema_numbers.setdefault(identity.ema_number, pk)
        if first != pk:
            raise loader.fail(
                "ema_number",
                _("the EMA number %(number)s is already player %(id)s's")
                % {"number": identity.ema_number, "id": first},
            )
    for platform, name in sorted(identity.pairs()):
        first = loader.platform_holders.setdefault((platform, name), pk)
        if first != pk:
            raise loader.fail(
                f"platform_names.{platform}",
                _("%(name)s is already player %(id)s's name on this platform")
                % {"name": repr(name), "id": first},
            )
    return identity


def check_fields(
    obj: Mapping[str, Any], allowed: set[str], loader: BackupLoader, prefix: str = ""
) -> None:
    for key in obj:
        if key not in allowed:
            raise loader.fail(f"{prefix}{key}", _("unknown field"))


def check_object(value: Any, allowed: set[str], loader: BackupLoader, where: str) -> dict[str, Any]:
    """``value`` at ``where`` as an object of no field but ``allowed``, or refused there."""
    if not isinstance(value, dict):
        raise loader.fail(where, _("expected an object"))
    check_fields(value, allowed, loader, f"{where}.")
    return value


def _short(value: Any) -> str:
    """A value as an error quotes it: a long one cut, so the message stays one line."""
    text = repr(value)
    if len(text) <= 80:
        return text
    return _("%(start)s… (%(count)s characters)") % {"start": text[:60], "count": f"{len(text):,}"}


def read_id(value: Any, where: str, loader: BackupLoader, most: int = ID_MAX) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise loader.fail(
            where,
            _("expected a whole number from 1 to %(most)s, got %(value)s")
            % {"most": most, "value": _short(value)},
        )
    return value


def read_text(value: Any, where: str, loader: BackupLoader, size: int, *, blank: bool) -> str:
    if not isinstance(value, str) or (not blank and not value.strip()):
        raise loader.fail(where, _("expected a text, got %(value)s") % {"value": _short(value)})
    wrong = text_error(value, size)
    if wrong:
        raise loader.fail(where, _got(wrong, _short(value)))
    return value


def _got(wrong: str, value: str) -> str:
    return _("%(error)s, got %(value)s") % {"error": wrong, "value": value}


def read_name(value: Any, where: str, loader: BackupLoader, model: type[models.Model]) -> str:
    """A name as the forms take it (``limits.name_error``) for ``model``'s name column."""
    size = getattr(model._meta.get_field("name"), "max_length", None)
    assert isinstance(size, int)
    if not isinstance(value, str):
        raise loader.fail(where, _("expected a name, got %(value)s") % {"value": _short(value)})
    # A name stored before names were refused their hidden characters is restored as it was.
    wrong = name_error(value.strip(), size, visible=False)
    if wrong:
        raise loader.fail(where, _got(wrong, _short(value)))
    return value


def read_moment(value: Any, where: str, loader: BackupLoader) -> datetime:
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise loader.fail(
            where,
            _("expected a date and time with its UTC offset, got %(value)s")
            % {"value": _short(value)},
        )
    wrong = moment_error(moment)
    if wrong:
        raise loader.fail(where, _got(wrong, _short(value)))
    return moment


def read_day(value: Any, where: str, loader: BackupLoader) -> date | None:
    if value is None:
        return None
    try:
        day = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        day = None
    if day is None:
        raise loader.fail(
            where,
            _("expected a date (YYYY-MM-DD) or null, got %(value)s") % {"value": _short(value)},
        )
    wrong = day_error(day)
    if wrong:
        raise loader.fail(where, _got(wrong, repr(value)))
    return day


#: How a field's value is read: the value, where it is (to name in a refusal), the loader.
Reader = Callable[[Any, str, "BackupLoader"], Any]


@dataclass(frozen=True)
class Field:
    """One field of a row in a backup line: its key (a name in an object, a place in a
    list), the reader of its value, the value it has when left out (``None`` unless said,
    which the reader of a field that must be there refuses) and the model's attribute it
    gives (the key, unless said)."""

    key: str | int
    read: Reader
    missing: Any = None
    attr: str = ""


def read_row(
    value: Any,
    schema: Sequence[Field],
    loader: BackupLoader,
    where: str = "",
    *,
    apart: Iterable[str] = (),
) -> dict[str, Any]:
    """A row by its declared fields, each read by its reader and refused where it is: an
    object of no field but the schema's and those read ``apart`` by the caller (at the top
    of the line where ``where`` is blank), or a list, each field a place in it (its length
    checked by the caller). The values by the model's attributes."""
    values: dict[Any, Any]
    if isinstance(value, list):
        values = dict(enumerate(value))
    else:
        keys = {str(f.key) for f in schema} | set(apart)
        if where:
            check_object(value, keys, loader, where)
        else:
            check_fields(value, keys, loader)
        values = value
    row = {}
    for field in schema:
        if isinstance(field.key, int):
            at = f"{where}[{field.key}]"
        else:
            at = f"{where}.{field.key}" if where else field.key
        row[field.attr or str(field.key)] = field.read(
            values.get(field.key, field.missing), at, loader
        )
    return row


def optional(read: Reader) -> Reader:
    """``read``, or null."""
    return lambda value, where, loader: None if value is None else read(value, where, loader)


def text(size: int, *, blank: bool) -> Reader:
    return lambda value, where, loader: read_text(value, where, loader, size, blank=blank)


def name_of(model: type[models.Model]) -> Reader:
    return lambda value, where, loader: read_name(value, where, loader, model)


def one_of(values: Sequence[str]) -> Reader:
    def read(value: Any, where: str, loader: BackupLoader) -> Any:
        if value not in values:
            raise loader.fail(
                where, _("expected one of %(values)s") % {"values": ", ".join(values)}
            )
        return value

    return read


def read_bool(value: Any, where: str, loader: BackupLoader) -> bool:
    if not isinstance(value, bool):
        raise loader.fail(where, _("expected true or false"))
    return value


def read_object(value: Any, where: str, loader: BackupLoader) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise loader.fail(where, _("expected an object"))
    return value


def read_any(value: Any, where: str, loader: BackupLoader) -> Any:
    """A value checked elsewhere (by the engine, with the rest of its row)."""
    return value


def up_to(most: int) -> Reader:
    """A whole number from 0 to ``most``."""

    def read(value: Any, where: str, loader: BackupLoader) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            raise loader.fail(
                where, _("expected a whole number from 0 to %(most)s") % {"most": most}
            )
        return value

    return read


def read_date(value: Any, where: str, loader: BackupLoader) -> date:
    """A day that must be given (``read_day`` takes null for none)."""
    day = read_day(value, where, loader)
    if day is None:
        raise loader.fail(where, _("expected a date (YYYY-MM-DD)"))
    return day


def read_revision(value: Any, where: str, loader: BackupLoader) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise loader.fail(where, _("expected a whole number"))
    if value > INTEGER_MAX:
        raise loader.fail(where, _("expected at most %(most)s") % {"most": INTEGER_MAX})
    return value


def read_sequence(value: Any, where: str, loader: BackupLoader) -> int:
    """A hand's place in its game."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise loader.fail(where, _("expected a whole number"))
    if value >= MAX_HANDS:
        raise loader.fail(where, _("expected less than %(most)s") % {"most": MAX_HANDS})
    return value


def sent_hand_of(players: int) -> Reader:
    """A hand sent for a game of ``players`` (``read_sent_hand``)."""
    return lambda value, where, loader: read_sent_hand(value, where, loader, players)


PLAYER = (
    Field("id", read_id),
    Field("name", name_of(Player)),
    Field("created_at", read_moment),
)
RULESET = (
    Field("id", read_id),
    Field("name", name_of(SavedRuleset)),
    Field("preset", one_of(tuple(PRESETS))),
    Field("overrides", read_object),
    Field("created_at", read_moment),
)
SEASON = (
    Field("id", read_id),
    Field("name", name_of(Season)),
    Field("start_date", read_day),
    Field("end_date", read_day),
    Field("ruleset_name", text(100, blank=True)),
    Field("created_at", read_moment),
)
DELETED_GAME = (
    Field("game_id", read_id),
    Field("table_label", text(50, blank=True)),
    Field("ruleset_name", text(100, blank=False)),
    Field("status", one_of(Game.Status.values)),
    Field("hand_count", up_to(MAX_HANDS)),
    Field("started_at", read_moment),
    Field("deleted_at", read_moment),
    Field("deleted_by_name", text(150, blank=True)),
)
GAME_META = (
    Field("id", read_id),
    Field("table_label", text(50, blank=True)),
    Field("ruleset_name", text(100, blank=False)),
    Field("status", one_of(Game.Status.values)),
    Field("stopped_early", read_bool),
    Field("revision", read_revision),
    Field("created_at", read_moment),
    Field("updated_at", read_moment),
    Field("finished_at", optional(read_moment)),
)


def waiting_schema(players: int) -> tuple[Field, ...]:
    """A hand that waited on a phone for a deleted game (``outbox.waiting_item``)."""
    return (
        Field("key", read_key),
        Field("after", optional(read_key)),
        Field("sequence", up_to(MAX_HANDS - 1)),
        Field("hand", sent_hand_of(players), attr="data"),
        Field("sent_at", read_moment),
        Field("entered_at", optional(read_moment)),
        Field("sent_by", text(150, blank=True)),
    )


def sent_schema(players: int) -> tuple[Field, ...]:
    """A hand sent for a place another phone's hand took (``SentHand``)."""
    return (
        Field("key", read_key),
        Field("after", optional(read_key)),
        Field("sequence", read_sequence),
        Field("hand", sent_hand_of(players), attr="data"),
        Field("outcome", one_of(SENT_KEPT)),
        Field("reason", one_of(("", *SentHand.Reason.values)), missing=""),
        Field("entered_at", optional(read_moment)),
        Field("sent_at", read_moment),
        Field("settled_at", optional(read_moment)),
        Field("replaced", optional(sent_hand_of(players))),
    )


def game_from_meta(
    meta: Mapping[str, Any], loader: BackupLoader, rules: Ruleset, replayed: Replay
) -> Game:
    # The hands' moments are read by ``hands_from_meta``, the hands sent by ``sent_from_meta``.
    row = read_row(meta, GAME_META, loader, "meta", apart={"recorded_at", "edited_at", "sent"})
    status = row["status"]
    ended = replayed.state.finished or row["stopped_early"]
    if status == Game.Status.FINISHED and not ended:
        raise loader.fail("meta.status", _("finished, but the hands do not end the game"))
    if status == Game.Status.IN_PLAY and ended:
        raise loader.fail("meta.status", _("in play, but the game has ended"))
    return Game(
        **row,
        rules=rules.to_json(),
        hand_count=len(replayed.results),
        state=replayed.state.to_json(),
    )


def hands_from_meta(
    meta: Mapping[str, Any], loader: BackupLoader, game: Game, hands: Sequence[Hand]
) -> list[HandRecord]:
    """The hands in their stored form (the engine's normal form of the record's hands)."""
    recorded = meta.get("recorded_at")
    edited = meta.get("edited_at")
    if not isinstance(recorded, list) or len(recorded) != len(hands):
        raise loader.fail("meta.recorded_at", _("expected one date and time per hand"))
    if not isinstance(edited, dict):
        raise loader.fail("meta.edited_at", _("expected an object"))
    for key in edited:
        number = request_number(key, digits=9)
        if number is None or number >= len(hands):
            raise loader.fail(f"meta.edited_at.{key}", _("no such hand"))
    return [
        HandRecord(
            game=game,
            sequence=i,
            data=hand_to_json(hand),
            recorded_at=read_moment(recorded[i], f"meta.recorded_at[{i}]", loader),
            edited_at=(
                read_moment(edited[str(i)], f"meta.edited_at.{i}", loader)
                if str(i) in edited
                else None
            ),
        )
        for i, hand in enumerate(hands)
    ]


def sent_from_meta(
    meta: Mapping[str, Any], loader: BackupLoader, game: Game, players: int
) -> list[SentHand]:
    """The hands phones sent for a place another phone's hand took (``meta.sent``, left out
    where there are none): the conflicts still to settle and those settled, each naming
    only the game's seats (the table page names them)."""
    sent = meta.get("sent", [])
    if not isinstance(sent, list):
        raise loader.fail("meta.sent", _("expected a list"))
    schema = sent_schema(players)
    rows, keys = [], set()
    for i, item in enumerate(sent):
        where = f"meta.sent[{i}]"
        row = read_row(item, schema, loader, where)
        key = row["key"]
        if key in keys:
            raise loader.fail(
                f"{where}.key", _("a second hand sent with key %(key)s") % {"key": key}
            )
        keys.add(key)
        if (row["settled_at"] is None) != (row["outcome"] == SentHand.Outcome.CONFLICT):
            raise loader.fail(
                f"{where}.settled_at",
                _("expected a date and time for a settled hand, and none for a conflict"),
            )
        rows.append(SentHand(game=game, **row))
    return rows


def read_key(value: Any, where: str, loader: BackupLoader) -> uuid.UUID:
    if isinstance(value, str) and len(value) <= 36:
        try:
            return uuid.UUID(value)
        except ValueError:
            pass
    raise loader.fail(where, _got(_("expected a UUID"), _short(value)))


def read_sent_hand(value: Any, where: str, loader: BackupLoader, players: int) -> dict[str, Any]:
    """A hand in its stored form, checked for form and for the game's seats (it is played
    only when a member keeps it)."""
    try:
        hand = parse_hand(value, where)
    except LocatedError as error:
        raise loader.fail(error.where or where, refusal_text(error, error.message)) from None
    beyond = sorted(seat for seat in _hand_seats(hand) if seat >= players)
    if beyond:
        raise loader.fail(
            where,
            _("seat %(seat)s in a game of %(players)s players")
            % {"seat": beyond[0], "players": players},
        )
    return hand_to_json(hand)


def _hand_seats(hand: Hand) -> set[int]:
    """Every seat a hand names."""
    outcome = hand.outcome
    seats = set(hand.riichi)
    wins: tuple[Win, ...] = ()
    if isinstance(outcome, Ron):
        seats.add(outcome.discarder)
        wins = outcome.wins
    elif isinstance(outcome, Tsumo):
        wins = (outcome.win,)
    elif isinstance(outcome, Draw):
        seats |= {*outcome.tenpai, *outcome.nagashi}
    elif isinstance(outcome, Chombo):
        seats.add(outcome.offender)
    for win in wins:
        seats.add(win.winner)
        if win.pao is not None:
            seats.add(win.pao)
    return seats
