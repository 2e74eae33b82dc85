"""A club's data as JSON lines (``scorekeeper.backup/1``), and back into an empty database.

One object a line, in a fixed order: a header (``format`` and the counts, for progress), the
players, the saved rulesets, the seasons, every game, and an ``end`` line that counts what came
before, so that a cut-off file is refused instead of half restored. Each game line holds the
game's record (``scorekeeper.game/1``, the rules in full as they were frozen when the game
started, so a later change to a preset cannot change an old game) and, beside it, what the
record has no place for (``meta``: id, table, status, timestamps, revision, hand times).

Keys are sorted, separators fixed and everything ordered by id, so a backup restored into an
empty database backs up again to the same bytes. Ids are kept: a restored game has its old
id, so links to it keep working and the table's ETags (``id-revision``) never repeat.
Accounts are not part of a backup; who created a game or recorded a hand is left empty.

Restoring reads every game through the engine (``scoring.record.read_record``) and stores
hands, seats and projections in bulk, all in one transaction.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Final

from django.core import serializers
from django.core.management import call_command
from django.db import DatabaseError, models, transaction

from scorekeeper.club.limits import (
    ID_MAX,
    INTEGER_MAX,
    TooDeep,
    day_error,
    load_json,
    moment_error,
    name_error,
    seats_error,
    unstored_part,
)
from scorekeeper.club.models import (
    MAX_HANDS,
    Game,
    HandRecord,
    Player,
    SavedRuleset,
    Season,
    Seat,
)
from scorekeeper.club.projection import Projection, project
from scoring.errors import LocatedError, RulesError
from scoring.outcomes import Hand
from scoring.record import read_record
from scoring.record_hand import hand_to_json
from scoring.rules import PRESETS, Ruleset
from scoring.state import Replay

FORMAT: Final = "scorekeeper.backup/1"
#: Games read (for a backup) or stored (on restore) at a time.
CHUNK: Final = 500
#: The sections of a backup, in the order they come.
SECTIONS: Final = ("player", "ruleset", "season", "game", "end")
COUNTED: Final = ("players", "rulesets", "seasons", "games", "hands")

Progress = Callable[[int, int], None]


def dumps(value: Any) -> str:
    """One line of a backup: sorted keys and fixed separators, so equal data is equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat()


# -- Backup -------------------------------------------------------------------------------


def backup_lines() -> Iterator[str]:
    """Every line of a backup of the whole club, each ending in a newline; read in chunks,
    so memory stays flat however many games there are."""
    total = {
        "players": Player.objects.count(),
        "rulesets": SavedRuleset.objects.count(),
        "seasons": Season.objects.count(),
        "games": Game.objects.count(),
        "hands": HandRecord.objects.count(),
    }
    yield dumps({"format": FORMAT, "counts": total}) + "\n"
    written = dict.fromkeys(COUNTED, 0)
    names: dict[int, str] = {}
    for player in Player.objects.order_by("pk"):
        names[player.pk] = player.name
        written["players"] += 1
        yield dumps(_player_json(player)) + "\n"
    for ruleset in SavedRuleset.objects.order_by("pk"):
        written["rulesets"] += 1
        yield dumps(_ruleset_json(ruleset)) + "\n"
    chosen: dict[int, list[int]] = {}
    links = Season.games.through.objects.order_by("season_id", "game_id")
    for season_id, game_id in links.values_list("season_id", "game_id"):
        chosen.setdefault(season_id, []).append(game_id)
    for season in Season.objects.order_by("pk"):
        written["seasons"] += 1
        yield dumps(_season_json(season, chosen.get(season.pk, []))) + "\n"
    for line, hands in _game_lines(names):
        written["games"] += 1
        written["hands"] += hands
        yield line
    yield dumps({"type": "end", "counts": written}) + "\n"


def _player_json(player: Player) -> dict[str, Any]:
    return {
        "type": "player",
        "id": player.pk,
        "name": player.name,
        "created_at": _iso(player.created_at),
    }


def _ruleset_json(ruleset: SavedRuleset) -> dict[str, Any]:
    return {
        "type": "ruleset",
        "id": ruleset.pk,
        "name": ruleset.name,
        "preset": ruleset.preset,
        "overrides": ruleset.overrides,
        "created_at": _iso(ruleset.created_at),
    }


def _season_json(season: Season, games: list[int]) -> dict[str, Any]:
    return {
        "type": "season",
        "id": season.pk,
        "name": season.name,
        "start_date": season.start_date.isoformat() if season.start_date else None,
        "end_date": season.end_date.isoformat() if season.end_date else None,
        "ruleset_name": season.ruleset_name,
        "games": games,
        "created_at": _iso(season.created_at),
    }


def _game_lines(names: Mapping[int, str]) -> Iterator[tuple[str, int]]:
    """Each game's line and its number of hands, three queries per chunk of games."""
    last = 0
    while True:
        games = list(Game.objects.filter(pk__gt=last).order_by("pk")[:CHUNK])
        if not games:
            return
        last = games[-1].pk
        ids = [game.pk for game in games]
        seats: dict[int, list[str]] = {pk: ["", "", "", ""] for pk in ids}
        rows = Seat.objects.filter(game_id__in=ids).values_list("game_id", "number", "player_id")
        for game_id, number, player_id in rows:
            seats[game_id][number] = names[player_id]
        hands: dict[int, list[tuple[Any, datetime, datetime | None]]] = {pk: [] for pk in ids}
        for game_id, data, recorded_at, edited_at in (
            HandRecord.objects.filter(game_id__in=ids)
            .order_by("game_id", "sequence")
            .values_list("game_id", "data", "recorded_at", "edited_at")
        ):
            hands[game_id].append((data, recorded_at, edited_at))
        for game in games:
            own = hands[game.pk]
            yield dumps(_game_json(game, seats[game.pk], own)) + "\n", len(own)


def _game_json(
    game: Game, players: list[str], hands: list[tuple[Any, datetime, datetime | None]]
) -> dict[str, Any]:
    meta = {
        "id": game.pk,
        "table_label": game.table_label,
        "ruleset_name": game.ruleset_name,
        "status": game.status,
        "stopped_early": game.stopped_early,
        "revision": game.revision,
        "created_at": _iso(game.created_at),
        "updated_at": _iso(game.updated_at),
        "finished_at": _iso(game.finished_at),
        "recorded_at": [_iso(recorded) for _, recorded, _ in hands],
        "edited_at": {str(i): _iso(edited) for i, (_, _, edited) in enumerate(hands) if edited},
    }
    record = {
        "format": "scorekeeper.game/1",
        "rules": game.rules,
        "players": players,
        "hands": [data for data, _, _ in hands],
    }
    return {"type": "game", "meta": meta, "record": record}


# -- Storing games in bulk (restore and demo data) ---------------------------------------------


@contextmanager
def keeping_timestamps() -> Iterator[None]:
    """Let ``bulk_create`` store the timestamps it is given: ``auto_now``/``auto_now_add``
    would overwrite them with now. Meant for management commands (one thread)."""
    changed = [
        (field, field.auto_now, field.auto_now_add)
        for model in (Player, SavedRuleset, Game, HandRecord, Season)
        for field in model._meta.concrete_fields
        if isinstance(field, models.DateField) and (field.auto_now or field.auto_now_add)
    ]
    for field, _, _ in changed:
        field.auto_now = field.auto_now_add = False
    try:
        yield
    finally:
        for field, auto_now, auto_now_add in changed:
            field.auto_now, field.auto_now_add = auto_now, auto_now_add


def stored_seats(game: Game, player_ids: Sequence[int], projection: Projection) -> list[Seat]:
    """The four seats of a game to store in bulk, each with its row of the projection."""
    return [
        Seat(game=game, number=n, player_id=player_ids[n], **projection.seats[n]) for n in range(4)
    ]


def reset_sequences(last_rows: Iterable[models.Model]) -> None:
    """Move the id sequences of the tables of ``last_rows`` (the row with the largest id of
    each table stored with kept ids) past those ids.

    Django resets the sequences of the tables a fixture was loaded into (``loaddata``, on
    the databases that keep sequences: PostgreSQL; SQLite takes the largest id by itself).
    So these rows pass through ``loaddata`` once more, unchanged; the rest is stored in
    bulk, which ``loaddata``'s row-by-row saves would make many times slower. In XML, whose
    serializer keeps a timestamp's microseconds (the JSON one cuts them to milliseconds)."""
    rows = list(last_rows)
    if not rows:
        return
    with tempfile.TemporaryDirectory() as folder:
        fixture = Path(folder) / "last-rows.xml"
        fixture.write_text(serializers.serialize("xml", rows), encoding="utf-8")
        call_command("loaddata", str(fixture), verbosity=0)


# -- Restore ------------------------------------------------------------------------------


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
        loader = _Loader(progress, every)
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


class _Loader:
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
        _only(obj, {"type", "id", "name", "created_at"}, self)
        name = _name(obj.get("name"), "name", self, Player)
        pk = _id(obj.get("id"), "id", self)
        self.unique("player", pk, name)
        self.players[name] = pk
        created = _moment(obj.get("created_at"), "created_at", self)
        self.pending.append(Player(id=pk, name=name, created_at=created))
        self.counts["players"] += 1

    def read_ruleset(self, obj: dict[str, Any]) -> None:
        _only(obj, {"type", "id", "name", "preset", "overrides", "created_at"}, self)
        preset = obj.get("preset")
        ruleset = SavedRuleset(
            id=_id(obj.get("id"), "id", self),
            name=_name(obj.get("name"), "name", self, SavedRuleset),
            preset=preset if isinstance(preset, str) else "",
            overrides=obj.get("overrides"),
            created_at=_moment(obj.get("created_at"), "created_at", self),
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
        _only(obj, keys | {"created_at"}, self)
        games = obj.get("games")
        if not isinstance(games, list):
            raise self.fail("games", "expected a list of game ids")
        for i, game_id in enumerate(games):
            _id(game_id, f"games[{i}]", self)
            if game_id in games[:i]:
                raise self.fail(f"games[{i}]", f"game {game_id} is listed twice")
        season = Season(
            id=_id(obj.get("id"), "id", self),
            name=_name(obj.get("name"), "name", self, Season),
            start_date=_day(obj.get("start_date"), "start_date", self),
            end_date=_day(obj.get("end_date"), "end_date", self),
            ruleset_name=_text(obj.get("ruleset_name"), "ruleset_name", self, 100, blank=True),
            created_at=_moment(obj.get("created_at"), "created_at", self),
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
        _only(obj, {"type", "meta", "record"}, self)
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
        game = _game_from_meta(meta, self, rules, replayed)
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
        hands = _hands_from_meta(meta, self, game, record.hands)
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


# -- Reading values, each refusal naming the field --------------------------------------------


def _only(obj: Mapping[str, Any], allowed: set[str], loader: _Loader, prefix: str = "") -> None:
    for key in obj:
        if key not in allowed:
            raise loader.fail(f"{prefix}{key}", "unknown field")


def _short(value: Any) -> str:
    """A value as an error quotes it: a long one cut, so the message stays one line."""
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}… ({len(text):,} characters)"


def _id(value: Any, where: str, loader: _Loader, most: int = ID_MAX) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise loader.fail(where, f"expected a whole number from 1 to {most}, got {_short(value)}")
    return value


def _text(value: Any, where: str, loader: _Loader, size: int, *, blank: bool) -> str:
    if not isinstance(value, str) or len(value) > size or (not blank and not value.strip()):
        raise loader.fail(
            where, f"expected a text of at most {size} characters, got {_short(value)}"
        )
    if "\x00" in value:
        raise loader.fail(where, "a text cannot contain a NUL character")
    return value


def _name(value: Any, where: str, loader: _Loader, model: type[models.Model]) -> str:
    """A name as the forms take it (``limits.name_error``) for ``model``'s name column."""
    size = getattr(model._meta.get_field("name"), "max_length", None)
    assert isinstance(size, int)
    if not isinstance(value, str):
        raise loader.fail(where, f"expected a name, got {_short(value)}")
    wrong = name_error(value.strip(), size)
    if wrong:
        raise loader.fail(where, f"{wrong}, got {_short(value)}")
    return value


def _moment(value: Any, where: str, loader: _Loader) -> datetime:
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise loader.fail(
            where, f"expected a date and time with its UTC offset, got {_short(value)}"
        )
    wrong = moment_error(moment)
    if wrong:
        raise loader.fail(where, f"{wrong}, got {_short(value)}")
    return moment


def _day(value: Any, where: str, loader: _Loader) -> date | None:
    if value is None:
        return None
    try:
        day = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        day = None
    if day is None:
        raise loader.fail(where, f"expected a date (YYYY-MM-DD) or null, got {_short(value)}")
    wrong = day_error(day)
    if wrong:
        raise loader.fail(where, f"{wrong}, got {value!r}")
    return day


def _game_from_meta(
    meta: Mapping[str, Any], loader: _Loader, rules: Ruleset, replayed: Replay
) -> Game:
    allowed = {"id", "table_label", "ruleset_name", "status", "stopped_early", "revision"}
    times = {"created_at", "updated_at", "finished_at", "recorded_at", "edited_at"}
    _only(meta, allowed | times, loader, "meta.")
    status = meta.get("status")
    if status not in Game.Status.values:
        raise loader.fail("meta.status", f"expected one of {', '.join(Game.Status.values)}")
    stopped_early = meta.get("stopped_early")
    revision = meta.get("revision")
    if not isinstance(stopped_early, bool):
        raise loader.fail("meta.stopped_early", "expected true or false")
    if isinstance(revision, bool) or not isinstance(revision, int) or revision < 0:
        raise loader.fail("meta.revision", "expected a whole number")
    if revision > INTEGER_MAX:
        raise loader.fail("meta.revision", f"expected at most {INTEGER_MAX}")
    ended = replayed.state.finished or stopped_early
    if status == Game.Status.FINISHED and not ended:
        raise loader.fail("meta.status", "finished, but the hands do not end the game")
    if status == Game.Status.IN_PLAY and ended:
        raise loader.fail("meta.status", "in play, but the game has ended")
    finished_at = meta.get("finished_at")
    return Game(
        id=_id(meta.get("id"), "meta.id", loader),
        table_label=_text(meta.get("table_label"), "meta.table_label", loader, 50, blank=True),
        ruleset_name=_text(meta.get("ruleset_name"), "meta.ruleset_name", loader, 100, blank=False),
        rules=rules.to_json(),
        status=status,
        hand_count=len(replayed.results),
        revision=revision,
        state=replayed.state.to_json(),
        stopped_early=stopped_early,
        created_at=_moment(meta.get("created_at"), "meta.created_at", loader),
        updated_at=_moment(meta.get("updated_at"), "meta.updated_at", loader),
        finished_at=(
            None if finished_at is None else _moment(finished_at, "meta.finished_at", loader)
        ),
    )


def _hands_from_meta(
    meta: Mapping[str, Any], loader: _Loader, game: Game, hands: Sequence[Hand]
) -> list[HandRecord]:
    """The hands in their stored form (the engine's normal form of the record's hands)."""
    recorded = meta.get("recorded_at")
    edited = meta.get("edited_at")
    if not isinstance(recorded, list) or len(recorded) != len(hands):
        raise loader.fail("meta.recorded_at", "expected one date and time per hand")
    if not isinstance(edited, dict):
        raise loader.fail("meta.edited_at", "expected an object")
    for key in edited:
        if not (key.isascii() and key.isdigit()) or int(key) >= len(hands):
            raise loader.fail(f"meta.edited_at.{key}", "no such hand")
    return [
        HandRecord(
            game=game,
            sequence=i,
            data=hand_to_json(hand),
            recorded_at=_moment(recorded[i], f"meta.recorded_at[{i}]", loader),
            edited_at=(
                _moment(edited[str(i)], f"meta.edited_at.{i}", loader) if str(i) in edited else None
            ),
        )
        for i, hand in enumerate(hands)
    ]
