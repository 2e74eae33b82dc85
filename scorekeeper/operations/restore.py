"""Restoring a backup (``backup.py``) into an empty database, all or nothing.

The loader reads the lines in order and checks each one, refusing with the line and the field
(``restore_fields.py`` reads the values). It reads every game through the engine
(``scoring.record.read_record``) and stores hands, seats and projections in bulk, all in one
transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db import DatabaseError, models, transaction

from scorekeeper.club.limits import TooDeep, load_json, seats_error, unstored_part
from scorekeeper.club.models import MAX_HANDS, Game, HandRecord, Player, SavedRuleset, Season, Seat
from scorekeeper.club.projection import project
from scorekeeper.operations.backup import CHUNK, COUNTED, FORMAT, SECTIONS
from scorekeeper.operations.bulk import keeping_timestamps, reset_sequences, stored_seats
from scorekeeper.operations.restore_fields import (
    check_fields,
    game_from_meta,
    hands_from_meta,
    read_day,
    read_id,
    read_moment,
    read_name,
    read_text,
)
from scoring.errors import LocatedError, RulesError
from scoring.record import read_record
from scoring.rules import PRESETS

Progress = Callable[[int, int], None]


class RestoreError(ValueError):
    """A backup that cannot be restored; ``line`` is 1-based (0: not about a line)."""

    def __init__(self, line: int, where: str, message: str) -> None:
        self.line = line
        self.where = where
        self.message = message
        place = f"{where}: " if where else ""
        super().__init__(f"line {line}: {place}{message}" if line else f"{place}{message}")


def database_is_empty() -> bool:
    return not (
        Player.objects.exists()
        or Game.objects.exists()
        or SavedRuleset.objects.exists()
        or Season.objects.exists()
    )


def restore(
    lines: Iterable[str], *, progress: Progress | None = None, every: int = 1000
) -> dict[str, int]:
    """Load a backup into an empty database, all or nothing; return the counts stored.
    ``progress(done, total)`` is called every ``every`` games and at the end."""
    with transaction.atomic(), keeping_timestamps():
        if not database_is_empty():
            raise RestoreError(
                0,
                "",
                "the database already holds players or games; a backup is restored only "
                "into an empty database (migrate a new one first)",
            )
        loader = BackupLoader(progress, every)
        try:
            for number, text in enumerate(lines, 1):
                if text.strip():
                    loader.line(number, text)
            counts = loader.finish()
            reset_sequences(loader.kept_ids.values())
        except (DatabaseError, OverflowError, ValueError) as error:
            if isinstance(error, RestoreError):
                raise
            # What the checks above let through and the database still refused: the
            # lines stored last are those up to this one.
            raise RestoreError(
                loader.number, "", f"the database refused it: {str(error).splitlines()[0]}"
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
        self.seasons: list[tuple[int, Season, list[int]]] = []
        self.game_ids: set[int] = set()
        #: The row with the largest id of each table stored with kept ids.
        self.kept_ids: dict[type[models.Model], models.Model] = {}
        self.batch: list[tuple[Game, list[Seat], list[HandRecord]]] = []
        self.ended = False

    def fail(self, where: str, message: str) -> RestoreError:
        return RestoreError(self.number, where, message)

    def line(self, number: int, text: str) -> None:
        self.number = number
        try:
            obj = load_json(text)
        except TooDeep as error:
            raise self.fail("", f"not a backup line: {error}") from None
        except ValueError as error:
            raise self.fail("", f"not a JSON object ({error})") from None
        if not isinstance(obj, dict):
            raise self.fail("", "expected a JSON object")
        if self.ended:
            raise self.fail("", "a line after the end line")
        if self.section == -1:
            self.header(obj)
            return
        kind = obj.get("type")
        if kind not in SECTIONS:
            raise self.fail("type", f"expected one of {', '.join(SECTIONS)}, got {kind!r}")
        section = SECTIONS.index(kind)
        if section < self.section:
            raise self.fail("type", f"a {kind} line after the {SECTIONS[self.section]} lines")
        if section >= SECTIONS.index("season") and self.pending:
            self.store_pending()
        self.section = section
        getattr(self, f"read_{kind}")(obj)

    def header(self, obj: dict[str, Any]) -> None:
        if obj.get("format") != FORMAT:
            raise self.fail("format", f"expected {FORMAT!r}: is this a scorekeeper backup?")
        counts = obj.get("counts")
        if isinstance(counts, dict) and isinstance(counts.get("games"), int):
            self.total_games = counts["games"]
        self.section = 0

    def unique(self, kind: str, pk: int, name: str) -> None:
        """Refuse a second row of ``kind`` with this id, or with this name in any case (as
        the forms refuse "AKI" beside "Aki")."""
        if pk in self.ids[kind]:
            raise self.fail("id", f"a second {kind} with id {pk}")
        self.ids[kind].add(pk)
        first = self.names[kind].get(name.lower())
        if first is not None:
            same = "named" if first == name else f"whose name differs only in case from {first!r}:"
            raise self.fail("name", f"a second {kind} {same} {name!r}")
        self.names[kind][name.lower()] = name

    def read_player(self, obj: dict[str, Any]) -> None:
        check_fields(obj, {"type", "id", "name", "created_at"}, self)
        name = read_name(obj.get("name"), "name", self, Player)
        pk = read_id(obj.get("id"), "id", self)
        self.unique("player", pk, name)
        self.players[name] = pk
        created = read_moment(obj.get("created_at"), "created_at", self)
        self.pending.append(Player(id=pk, name=name, created_at=created))
        self.counts["players"] += 1

    def read_ruleset(self, obj: dict[str, Any]) -> None:
        check_fields(obj, {"type", "id", "name", "preset", "overrides", "created_at"}, self)
        preset = obj.get("preset")
        ruleset = SavedRuleset(
            id=read_id(obj.get("id"), "id", self),
            name=read_name(obj.get("name"), "name", self, SavedRuleset),
            preset=preset if isinstance(preset, str) else "",
            overrides=obj.get("overrides"),
            created_at=read_moment(obj.get("created_at"), "created_at", self),
        )
        if ruleset.preset not in PRESETS:
            raise self.fail("preset", f"expected one of {', '.join(PRESETS)}")
        if not isinstance(ruleset.overrides, dict):
            raise self.fail("overrides", "expected an object")
        if "preset" in ruleset.overrides:
            raise self.fail("overrides.preset", "the preset is given beside the overrides")
        self.unique("ruleset", ruleset.pk, ruleset.name)
        try:
            ruleset.to_rules()
        except RulesError as error:
            raise self.fail("overrides", str(error)) from None
        self.pending.append(ruleset)
        self.counts["rulesets"] += 1

    def read_season(self, obj: dict[str, Any]) -> None:
        keys = {"type", "id", "name", "start_date", "end_date", "ruleset_name", "games"}
        check_fields(obj, keys | {"created_at"}, self)
        games = obj.get("games")
        if not isinstance(games, list):
            raise self.fail("games", "expected a list of game ids")
        for i, game_id in enumerate(games):
            read_id(game_id, f"games[{i}]", self)
            if game_id in games[:i]:
                raise self.fail(f"games[{i}]", f"game {game_id} is listed twice")
        season = Season(
            id=read_id(obj.get("id"), "id", self),
            name=read_name(obj.get("name"), "name", self, Season),
            start_date=read_day(obj.get("start_date"), "start_date", self),
            end_date=read_day(obj.get("end_date"), "end_date", self),
            ruleset_name=read_text(obj.get("ruleset_name"), "ruleset_name", self, 100, blank=True),
            created_at=read_moment(obj.get("created_at"), "created_at", self),
        )
        # As the season form refuses them.
        start, end = season.start_date, season.end_date
        if start and end and end < start:
            raise self.fail("end_date", "the last day comes before the first")
        if games and (start or end):
            raise self.fail("games", "chosen games and a date range: a season has one of them")
        if not games and not (start or end):
            raise self.fail("start_date", "no date range and no games")
        self.unique("season", season.pk, season.name)
        self.seasons.append((self.number, season, games))
        self.counts["seasons"] += 1

    def read_game(self, obj: dict[str, Any]) -> None:
        check_fields(obj, {"type", "meta", "record"}, self)
        meta = obj.get("meta")
        if not isinstance(meta, dict):
            raise self.fail("meta", "expected an object")
        try:
            record, replayed = read_record(obj.get("record"))
        except LocatedError as error:
            where = f"record.{error.where}" if error.where else "record"
            raise self.fail(where, error.message) from None
        except RulesError as error:
            raise self.fail("record.rules", str(error)) from None
        unstored = unstored_part(record)
        if unstored is not None:
            raise self.fail(f"record.{unstored}", "the site cannot store this part of a record yet")
        if len(record.hands) > MAX_HANDS:
            raise self.fail("record.hands", f"{len(record.hands)} hands; at most {MAX_HANDS}")
        rules = record.rules
        player_ids = []
        for i, name in enumerate(record.players):
            if name not in self.players:
                raise self.fail(f"record.players[{i}]", f"no player named {name!r} in this backup")
            player_ids.append(self.players[name])
        game = game_from_meta(meta, self, rules, replayed)
        if game.pk in self.game_ids:
            raise self.fail("meta.id", f"a second game with id {game.pk}")
        self.game_ids.add(game.pk)
        projection = project(
            rules,
            record.hands,
            stopped_early=game.stopped_early,
            abandoned=game.status == Game.Status.ABANDONED,
            played=replayed,
        )
        wrong = seats_error(projection.seats)
        if wrong:
            raise self.fail("record.hands", f"the standings cannot be stored: {wrong}")
        seats = stored_seats(game, player_ids, projection)
        hands = hands_from_meta(meta, self, game, record.hands)
        self.batch.append((game, seats, hands))
        self.counts["games"] += 1
        self.counts["hands"] += len(hands)
        if len(self.batch) >= CHUNK:
            self.store_games()

    def read_end(self, obj: dict[str, Any]) -> None:
        self.store_pending()
        self.store_games()
        if obj.get("counts") != self.counts:
            raise self.fail(
                "counts",
                f"the end line counts {obj.get('counts')}, but the file holds {self.counts}",
            )
        self.ended = True

    def store_pending(self) -> None:
        Player.objects.bulk_create(p for p in self.pending if isinstance(p, Player))
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
        self.batch = []
        done = self.counts["games"]
        if self.progress and done - self.reported >= self.every:
            self.reported = done // self.every * self.every
            self.progress(done, max(self.total_games, done))

    def finish(self) -> dict[str, int]:
        if not self.ended:
            raise RestoreError(
                self.number,
                "",
                "the backup stops before its end line: the file is incomplete, nothing was "
                "restored",
            )
        Season.objects.bulk_create(season for _, season, _ in self.seasons)
        self.keep_ids(season for _, season, _ in self.seasons)
        links = []
        for number, season, games in self.seasons:
            for game_id in games:
                if game_id not in self.game_ids:
                    raise RestoreError(number, "games", f"no game with id {game_id} in the backup")
                links.append(Season.games.through(season_id=season.pk, game_id=game_id))
        Season.games.through.objects.bulk_create(links)
        if self.progress and self.reported != self.counts["games"]:
            self.progress(self.counts["games"], self.counts["games"])
        return self.counts
