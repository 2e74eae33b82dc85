"""Games played online, imported from the platforms' logs (``shared/spec/log-import.md``).

An organiser sends a log (Tenhou's mjlog XML or tenhou.net/6 JSON), a ZIP of several (a
night's session of a lobby) or a pasted tenhou.net/6 JSON (one log, or a list of them). Each
is made into a record by the engine (``scoring.logs``), which refuses a log whose numbers the
record does not reproduce, under the platform's rules or the saved ruleset chosen. The
organiser then maps each name of the logs to a club player (or a new one) and confirms; the
games are stored all together or not at all, and a log already in the club is refused.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.db import transaction
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import load_json, name_key, normal_name
from scorekeeper.club.models import Game, Player, SavedRuleset
from scorekeeper.errors import ImportedTwice, ServiceError
from scorekeeper.refusals import located_refusal_text, refusal_text
from scorekeeper.registry.services import player_named
from scorekeeper.table.services.games import store_record
from scoring.errors import ScoringError
from scoring.logs.convert import MAX_LOG_BYTES, ImportedLog, convert_log, log_digest
from scoring.rules import Ruleset

#: The most logs one upload holds (a long night's session of a lobby).
MAX_LOGS: Final = 30
#: The refusals whose wording names the hand (or the final results) they are about.
NAMES_ITS_HAND: Final = frozenset(
    {
        "log.plays_on",
        "log.ends_early",
        "log.round_differs",
        "log.scores_differ",
        "log.deltas_differ",
        "log.final_points_differ",
        "log.final_results_differ",
    }
)
#: The engine's refusal of rules for another number of players than the game's.
PLAYERS_DIFFER: Final = "hand.players_differ"
#: The most bytes a ZIP of logs may unpack to.
MAX_UNPACKED: Final = 4 * MAX_LOG_BYTES


@dataclass(frozen=True, slots=True)
class LogFile:
    """One log sent: the name it came under (a file, a ZIP's member, ``pasted``) and its
    bytes."""

    name: str
    data: bytes


@dataclass(frozen=True, slots=True)
class LogGame:
    """A log made into a record that reproduces it, ready to be stored."""

    file: LogFile
    imported: ImportedLog
    digest: str


def _refused(name: str, message: str) -> ServiceError:
    return ServiceError(_("%(file)s: %(error)s") % {"file": name, "error": message})


def _log_id(name: str) -> str:
    """The log id a file's name gives (``2019021004gm-00a9-0000-e2f6516d.xml``)."""
    stem = name.rsplit("/", 1)[-1].split(".")[0].split("&")[0]
    return stem if len(stem) > 10 and "gm-" in stem else ""


def sent_logs(*, name: str = "", content: bytes = b"", pasted: str = "") -> list[LogFile]:
    """The logs an upload holds: one log, or each member of a ZIP; and the pasted text's,
    one tenhou.net/6 JSON or a list of them. Refused with the file's name when there is
    nothing, too much, or a ZIP that cannot be read."""
    files: list[LogFile] = []
    if content:
        if zipfile.is_zipfile(io.BytesIO(content)):
            files += _unzipped(name, content)
        else:
            files.append(LogFile(name or _("the file"), content))
    text = pasted.strip()
    if text:
        files += _pasted(text)
    if not files:
        raise ServiceError(_("Send a log file or paste a tenhou.net/6 JSON log."))
    if len(files) > MAX_LOGS:
        raise ServiceError(_("At most %(most)s logs at once.") % {"most": MAX_LOGS})
    return files


def _unzipped(name: str, content: bytes) -> list[LogFile]:
    files = []
    total = 0
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
            if len(members) > MAX_LOGS:
                raise ServiceError(_("At most %(most)s logs at once.") % {"most": MAX_LOGS})
            for info in members:
                # Read no further than the bounds, whatever the archive says of its sizes.
                with archive.open(info) as member:
                    data = member.read(MAX_LOG_BYTES + 1)
                total += len(data)
                if len(data) > MAX_LOG_BYTES or total > MAX_UNPACKED:
                    raise _refused(
                        f"{name}/{info.filename}",
                        _("larger than %(most)s bytes unpacked") % {"most": f"{MAX_LOG_BYTES:,}"},
                    )
                files.append(LogFile(f"{name}/{info.filename}", data))
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
        raise _refused(name, _("a ZIP that cannot be unpacked")) from None
    return files


def _pasted(text: str) -> list[LogFile]:
    name = _("the pasted log")
    if text.startswith("["):
        try:
            logs = load_json(text)
        except ValueError:  # not JSON, or JSON the site's reader refuses
            logs = None
        if isinstance(logs, list) and all(isinstance(log, dict) for log in logs):
            return [
                LogFile(f"{name} {i}", json.dumps(log, ensure_ascii=False).encode())
                for i, log in enumerate(logs, 1)
            ]
    return [LogFile(name, text.encode())]


def read_logs(
    files: Sequence[LogFile], *, rules: Ruleset | None = None, ruleset_name: str = ""
) -> list[LogGame]:
    """Each log made into a record that reproduces it (under ``rules`` where given, the
    platform's otherwise, so that each log is of its own number of players); the first
    refusal names its file and the place in it. Rules of another number of players than a
    log's are refused as such. A log already in the club (by its id, or by its players and
    hands) is refused."""
    games = []
    for file in files:
        try:
            imported = convert_log(file.data, rules=rules, log_id=_log_id(file.name))
        except ScoringError as error:
            if error.code == PLAYERS_DIFFER and rules is not None:
                raise _refused(file.name, _kinds_differ(error.values, ruleset_name)) from None
            # A difference's wording names its hand and round itself; other refusals need
            # the place in the log in front.
            named = error.code in NAMES_ITS_HAND
            text = refusal_text(error, str(error)) if named else located_refusal_text(error)
            raise _refused(file.name, text) from None
        if not imported.whole:
            raise _refused(file.name, _("not a whole game: the log has no final results"))
        record = imported.record
        digest = log_digest(record)
        source = record.source
        already = Game.objects.filter(source_digest=digest).first()
        if already is None and source is not None and source.log:
            already = Game.objects.filter(
                source_platform=source.platform, source_log=source.log
            ).first()
        if already is not None:
            raise _refused(
                file.name, _("this log is already in the club: %(game)s") % {"game": already}
            )
        games.append(LogGame(file, imported, digest))
    return games


def _kinds_differ(values: Mapping[str, Any], ruleset_name: str) -> str:
    words = {3: _("three players"), 4: _("four players")}
    log, rules = values.get("count", 0), values.get("players", 0)
    return _(
        "a game of %(log)s, and the rules chosen (%(ruleset)s) are for %(rules)s: choose "
        "rules for %(log)s, or the platform’s"
    ) % {
        "log": words.get(log, log),
        "rules": words.get(rules, rules),
        "ruleset": ruleset_name or "?",
    }


def log_names(games: Sequence[LogGame]) -> list[str]:
    """The players' names of the logs, each once, in the order they first sit."""
    names: list[str] = []
    for game in games:
        for name in game.imported.record.players:
            if name not in names:
                names.append(name)
    return names


def proposed_players(names: Sequence[str]) -> dict[str, Player | None]:
    """The club player each log name matches (regardless of case), or ``None`` (a new one)."""
    return {name: Player.objects.filter(name_key=name_key(name)).first() for name in names}


def saved_rules(saved: SavedRuleset | None) -> Ruleset | None:
    return None if saved is None else saved.to_rules()


def import_logs(
    *,
    games: Sequence[LogGame],
    players: Mapping[str, Player | None],
    ruleset_name: str | None = None,
    created_by: Any = None,
) -> list[Game]:
    """Store the logs' games, each log name as the player it is mapped to (``None``: a new
    player of that name, made once); all or nothing. A log already in the club is refused."""
    stored: list[Game] = []
    with transaction.atomic():
        made: dict[str, Player] = {}
        for game in games:
            record = game.imported.record
            seats = []
            for name in record.players:
                player = players.get(name)
                if player is None:
                    player = made.get(name)
                if player is None:
                    player = player_named(name=normal_name(name))
                    made[name] = player
                seats.append(player)
            if len({player.pk for player in seats}) != len(seats):
                raise _refused(
                    game.file.name, _("two of its players are mapped to the same club player")
                )
            try:
                stored.append(
                    store_record(
                        record=record,
                        replayed=game.imported.replay,
                        players=seats,
                        digest=game.digest,
                        created_by=created_by,
                        ruleset_name=ruleset_name,
                    )
                )
            except ImportedTwice as error:
                raise _refused(game.file.name, error.message) from None
    return stored


def is_log(content: bytes) -> bool:
    """Whether a file is a platform's log (an mjlog XML, a ZIP of logs, a tenhou.net/6 JSON:
    an object with ``log`` and no ``format``) rather than a game record; anything else is
    read as a record, and refused as one."""
    head = content[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head[:1] == b"<" or zipfile.is_zipfile(io.BytesIO(content)):
        return True
    if head[:1] != b"{":
        return False
    try:
        doc = load_json(content)
    except ValueError:
        return False
    return isinstance(doc, dict) and "log" in doc and "format" not in doc


def import_log_file(*, name: str, content: bytes, created_by: Any = None) -> list[Game]:
    """A log file (or a ZIP of logs) stored as new games under the platform's rules, each
    name the club player of that name (made when missing): ``manage.py import_game``'s way."""
    games = read_logs(sent_logs(name=name, content=content))
    names = log_names(games)
    return import_logs(games=games, players=proposed_players(names), created_by=created_by)


__all__ = [
    "MAX_LOGS",
    "LogFile",
    "LogGame",
    "import_log_file",
    "import_logs",
    "is_log",
    "log_names",
    "proposed_players",
    "read_logs",
    "saved_rules",
    "sent_logs",
]
