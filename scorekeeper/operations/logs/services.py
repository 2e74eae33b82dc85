"""Games played online, imported from the platforms' logs (``docs/log-import.md``).

An organiser sends a log (Tenhou's mjlog XML or tenhou.net/6 JSON), a ZIP of several (a
night's session of a lobby) or a pasted tenhou.net/6 JSON (one log, or a list of them). The
logs sent are kept on the server until they are confirmed (``LogUpload``, an hour at most),
so the confirmation names them by a token. Each is made into a record by the engine
(``scoring.logs``), which refuses a log whose numbers the record does not reproduce, under
the platform's rules or the saved ruleset chosen. Every file gets a verdict: a new game, a
game already in the club, a log that cannot be reproduced (and why), a file that is not a
log (skipped); hidden files (a Mac's ``__MACOSX/._*``, ``.DS_Store``) are left out without a
word. The organiser maps each distinct name to a club player (the one an earlier import
mapped it to, or of that name, is proposed) and confirms; each new game is stored in its
own transaction, so a refusal of one never undoes another.
"""

from __future__ import annotations

import enum
import io
import json
import uuid
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Final

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import load_json, name_key, normal_name
from scorekeeper.club.models import (
    Game,
    ImportedName,
    LogUpload,
    Player,
    SavedRuleset,
)
from scorekeeper.errors import ServiceError
from scorekeeper.format import name_list
from scorekeeper.refusals import located_refusal_text, refusal_text
from scorekeeper.registry.identities import players_for_platform_names
from scorekeeper.registry.services import player_named, remember_platform_name
from scorekeeper.table.services.games import store_record
from scoring.errors import RulesError, ScoringError
from scoring.logs.convert import MAX_LOG_BYTES, ImportedLog, convert_log, log_digest
from scoring.record import Source
from scoring.rules import Ruleset

#: The most logs a pasted list holds (a long night's session of a lobby).
MAX_LOGS: Final = 30
#: The most files a ZIP may hold, hidden ones aside (a night's logs, a photo, notes).
MAX_FILES: Final = 40
#: The most entries a ZIP may hold, hidden ones and folders included.
MAX_ENTRIES: Final = 200
#: The most bytes a ZIP of logs may unpack to, all its files together.
MAX_UNPACKED: Final = 4 * MAX_LOG_BYTES
#: How many times smaller than its size a ZIP's file may be packed: a log packs some ten
#: times; far more is a file made to grow when unpacked.
MAX_RATIO: Final = 100
#: How long logs sent are kept for their confirmation.
UPLOAD_LIFETIME: Final = timedelta(hours=1)
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
        "log.stated_differs",
        "log.stated_points_differ",
    }
)
#: The refusals of the final points or results, where the lobby's own rules may differ.
FINAL_DIFFERS: Final = frozenset({"log.final_points_differ", "log.final_results_differ"})
#: The engine's refusals of a file that is no log at all (a photo, notes).
NOT_A_LOG: Final = frozenset({"log.unknown_format", "log.not_utf8"})
#: The engine's refusal of rules for another number of players than the game's.
PLAYERS_DIFFER: Final = "hand.players_differ"


@dataclass(frozen=True, slots=True)
class LogFile:
    """One file sent: the name it came under (a file, a ZIP's member, ``pasted``), its
    bytes, and why it was not read where the ZIP's limits refused it."""

    name: str
    data: bytes
    refusal: str = ""


@dataclass(frozen=True, slots=True)
class LogGame:
    """A log made into a record that reproduces it, ready to be stored."""

    file: LogFile
    imported: ImportedLog
    digest: str


class Kind(enum.Enum):
    """What becomes of a file sent."""

    NEW = "new"
    ALREADY = "already"
    #: The same game as another file of the upload (its other format, a copy).
    TWICE = "twice"
    REFUSED = "refused"
    SKIPPED = "skipped"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A file's verdict: its game where it is new, the game already in the club, or why it
    is not imported."""

    name: str
    kind: Kind
    game: LogGame | None = None
    already: Game | None = None
    message: str = ""


def _refused(name: str, message: str) -> ServiceError:
    return ServiceError(_("%(file)s: %(error)s") % {"file": name, "error": message})


def _log_id(name: str) -> str:
    """The log id a file's name gives (``2019021004gm-00a9-0000-e2f6516d.xml``)."""
    stem = name.rsplit("/", 1)[-1].split(".")[0].split("&")[0]
    return stem if len(stem) > 10 and "gm-" in stem else ""


def is_hidden(path: str) -> bool:
    """Whether a ZIP's member is a file a system adds beside the ones chosen: a Mac's
    ``__MACOSX/`` folder and ``._`` files, ``.DS_Store``, any name starting with a dot,
    Windows' ``Thumbs.db``.

    >>> is_hidden("__MACOSX/night/._a.xml"), is_hidden("night/.DS_Store"), is_hidden("a.xml")
    (True, True, False)
    """
    parts = [part for part in path.replace("\\", "/").split("/") if part]
    return (
        not parts
        or parts[0] == "__MACOSX"
        or any(part.startswith(".") for part in parts)
        or parts[-1].lower() == "thumbs.db"
    )


def sent_logs(*, name: str = "", content: bytes = b"", pasted: str = "") -> list[LogFile]:
    """The files an upload holds: one file, or each member of a ZIP (hidden ones left out);
    and the pasted text's logs, one tenhou.net/6 JSON or a list of them. Refused with the
    file's name when there is nothing, or a ZIP past its limits or that cannot be read; a
    ZIP's member past a member's limits comes with its refusal."""
    files: list[LogFile] = []
    if content:
        if zipfile.is_zipfile(io.BytesIO(content)):
            files += _unzipped(name or _("the file"), content)
        else:
            files.append(LogFile(name or _("the file"), content))
    text = pasted.strip()
    if text:
        files += _pasted(text)
    if not files:
        raise ServiceError(_("Send a log file or paste a tenhou.net/6 JSON log."))
    return files


def _unzipped(name: str, content: bytes) -> list[LogFile]:
    files = []
    total = 0
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            entries = archive.infolist()
            if len(entries) > MAX_ENTRIES:
                raise _refused(
                    name,
                    _("a ZIP of more than %(most)s entries (folders and hidden files included)")
                    % {"most": MAX_ENTRIES},
                )
            members = [i for i in entries if not i.is_dir() and not is_hidden(i.filename)]
            if len(members) > MAX_FILES:
                raise _refused(
                    name,
                    _("%(count)s files; a ZIP holds at most %(most)s (hidden files aside)")
                    % {"count": len(members), "most": MAX_FILES},
                )
            for info in members:
                where = f"{name}/{info.filename}"
                refusal = _member_refusal(info)
                if refusal:
                    files.append(LogFile(where, b"", refusal))
                    continue
                # Read no further than the bounds, whatever the archive says of its sizes.
                with archive.open(info) as member:
                    data = member.read(MAX_LOG_BYTES + 1)
                total += len(data)
                if total > MAX_UNPACKED:
                    raise _refused(
                        name,
                        _("unpacks to more than %(most)s bytes, all its files together")
                        % {"most": f"{MAX_UNPACKED:,}"},
                    )
                if len(data) > MAX_LOG_BYTES:
                    files.append(LogFile(where, b"", _too_large()))
                elif zipfile.is_zipfile(io.BytesIO(data)):
                    files.append(LogFile(where, b"", _nested()))
                else:
                    files.append(LogFile(where, data))
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
        raise _refused(name, _("a ZIP that cannot be unpacked")) from None
    return files


def _too_large() -> str:
    return _("larger than %(most)s bytes unpacked: not read") % {"most": f"{MAX_LOG_BYTES:,}"}


def _nested() -> str:
    return _("a ZIP inside the ZIP: not read (logs are read one ZIP deep)")


def _member_refusal(info: zipfile.ZipInfo) -> str:
    """A member's refusal by what the archive says of it, before it is read."""
    if info.file_size > MAX_LOG_BYTES:
        return _too_large()
    if info.file_size > 64 * 1024 and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        return _(
            "packed more than %(most)s times smaller than its size: not read (a file made "
            "to grow when unpacked?)"
        ) % {"most": MAX_RATIO}
    if info.filename.lower().endswith(".zip"):
        return _nested()
    return ""


def _pasted(text: str) -> list[LogFile]:
    name = _("the pasted log")
    if text.startswith("["):
        try:
            logs = load_json(text)
        except ValueError:  # not JSON, or JSON the site's reader refuses
            logs = None
        if isinstance(logs, list) and all(isinstance(log, dict) for log in logs):
            if len(logs) > MAX_LOGS:
                raise ServiceError(_("At most %(most)s logs at once.") % {"most": MAX_LOGS})
            return [
                LogFile(f"{name} {i}", json.dumps(log, ensure_ascii=False).encode())
                for i, log in enumerate(logs, 1)
            ]
    return [LogFile(name, text.encode())]


def keep_upload(
    *, files: Sequence[LogFile], created_by: Any, ruleset: SavedRuleset | None
) -> LogUpload:
    """Keep the files sent until they are confirmed (an hour at most); uploads older than
    that are removed on the way."""
    LogUpload.objects.filter(created_at__lt=timezone.now() - UPLOAD_LIFETIME).delete()
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for i, file in enumerate(files):
            if not file.refusal:
                archive.writestr(str(i), file.data)
    return LogUpload.objects.create(
        token=uuid.uuid4(),
        created_by=created_by,
        ruleset=ruleset,
        files=[[file.name, file.refusal] for file in files],
        data=packed.getvalue(),
    )


def kept_upload(*, token: object, created_by: Any) -> tuple[LogUpload, list[LogFile]]:
    """The upload a confirmation's token names, sent by the same account within the hour,
    and its files; ``ServiceError`` when there is none (sent too long ago, or already
    imported)."""
    try:
        key = uuid.UUID(str(token))
    except ValueError:
        key = None
    since = timezone.now() - UPLOAD_LIFETIME
    upload = (
        LogUpload.objects.filter(token=key, created_by=created_by, created_at__gte=since).first()
        if key is not None
        else None
    )
    if upload is None:
        raise ServiceError(
            _(
                "The logs sent are no longer kept (they are kept an hour, until they are "
                "imported): send them again"
            )
        )
    files = []
    with zipfile.ZipFile(io.BytesIO(bytes(upload.data))) as archive:
        for i, (name, refusal) in enumerate(upload.files):
            data = b"" if refusal else archive.read(str(i))
            files.append(LogFile(str(name), data, str(refusal)))
    return upload, files


def read_logs(
    files: Sequence[LogFile], *, rules: Ruleset | None = None, ruleset_name: str = ""
) -> list[Verdict]:
    """Each file's verdict: its log made into a record that reproduces it (under ``rules``
    where given, the platform's otherwise, so that each log is of its own number of
    players), or why not, naming the place in the log. Rules of another number of players
    than a log's are refused as such. A log already in the club (by its id, or by its
    players and hands), or twice in the files, is not imported again."""
    verdicts: list[Verdict] = []
    seen: dict[str, str] = {}
    for file in files:
        verdict = _verdict(file, rules, ruleset_name)
        if verdict.game is not None:
            digest = verdict.game.digest
            if digest in seen:
                verdict = Verdict(
                    file.name,
                    Kind.TWICE,
                    message=_("the same game as %(file)s, sent with it") % {"file": seen[digest]},
                )
            else:
                seen[digest] = file.name
        verdicts.append(verdict)
    return verdicts


def _verdict(file: LogFile, rules: Ruleset | None, ruleset_name: str) -> Verdict:
    if file.refusal:
        return Verdict(file.name, Kind.REFUSED, message=file.refusal)
    try:
        imported = convert_log(file.data, rules=rules, log_id=_log_id(file.name))
    except ScoringError as error:
        if error.code in NOT_A_LOG:
            return Verdict(file.name, Kind.SKIPPED, message=_not_a_log())
        if error.code == PLAYERS_DIFFER and rules is not None:
            return Verdict(
                file.name, Kind.REFUSED, message=_kinds_differ(error.values, ruleset_name)
            )
        # A difference's wording names its hand and round itself; other refusals need
        # the place in the log in front.
        named = error.code in NAMES_ITS_HAND
        text = refusal_text(error, str(error)) if named else located_refusal_text(error)
        if error.code in FINAL_DIFFERS and rules is None:
            text = f"{text} {_rulesets_that_fit(file)}"
        return Verdict(file.name, Kind.REFUSED, message=text)
    if not imported.whole:
        return Verdict(
            file.name,
            Kind.REFUSED,
            message=_("not a whole game: the log has no final results"),
        )
    record = imported.record
    digest = log_digest(record)
    already = already_imported(record.source, digest)
    if already is not None:
        return Verdict(file.name, Kind.ALREADY, already=already)
    return Verdict(file.name, Kind.NEW, game=LogGame(file, imported, digest))


def _rulesets_that_fit(file: LogFile) -> str:
    """Where the platform's rules, as far as the log settles them, do not give its final
    results (a lobby's own return points or uma): the club's saved rulesets under which the
    log comes out, to choose one, or how to make one."""
    fitting = []
    for saved in SavedRuleset.objects.order_by("name"):
        try:
            convert_log(file.data, rules=saved.to_rules(), log_id=_log_id(file.name))
        except (ScoringError, RulesError):
            continue
        fitting.append(saved.name)
    if fitting:
        return _(
            "It comes out under the saved ruleset %(names)s: choose it under Rules and send "
            "the log again."
        ) % {"names": name_list([f"“{name}”" for name in fitting])}
    return _(
        "No saved ruleset gives these results either: save one with the lobby’s start and "
        "return points, uma and oka, choose it under Rules and send the log again."
    )


def _not_a_log() -> str:
    return _("not a log (neither Tenhou’s mjlog XML nor tenhou.net/6 JSON): skipped")


def already_imported(source: Source | None, digest: str) -> Game | None:
    """The club's game imported from the same log: by its players and hands, or its id."""
    already = Game.objects.filter(source_digest=digest).first()
    if already is None and source is not None and source.log:
        already = Game.objects.filter(
            source_platform=source.platform, source_log=source.log
        ).first()
    return already


def new_games(verdicts: Sequence[Verdict]) -> list[LogGame]:
    return [verdict.game for verdict in verdicts if verdict.game is not None]


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
    """The players' names of the logs, each once however many logs it is in, in the order
    they first sit."""
    names: list[str] = []
    for game in games:
        for name in game.imported.record.players:
            if name not in names:
                names.append(name)
    return names


def _platforms(games: Sequence[LogGame]) -> dict[str, str]:
    """The platform each name was first seen on."""
    seen: dict[str, str] = {}
    for game in games:
        source = game.imported.record.source
        for name in game.imported.record.players:
            seen.setdefault(name, source.platform if source else "")
    return seen


def proposed_players(
    names: Sequence[str], games: Sequence[LogGame] = ()
) -> dict[str, Player | None]:
    """The club player each log name is proposed as: the player with that name on the log's
    platform (their platform names), else the one an earlier import mapped the name to (on
    the same platform first), else the player of that name (regardless of case), else
    ``None`` (a new one)."""
    keys = {name: name_key(name) for name in names}
    platforms = _platforms(games)
    known = {
        (platform, name): player
        for platform in set(platforms.values())
        for name, player in players_for_platform_names(platform, names).items()
    }
    earlier: dict[tuple[str, str], Player] = {}
    for row in ImportedName.objects.filter(name_key__in=set(keys.values())).select_related(
        "player"
    ):
        earlier[(row.platform, row.name_key)] = row.player
    by_name = {p.name_key: p for p in Player.objects.filter(name_key__in=set(keys.values()))}
    out: dict[str, Player | None] = {}
    for name, key in keys.items():
        platform = platforms.get(name, "")
        mapped = (
            known.get((platform, name))
            or earlier.get((platform, key))
            or next((player for (_, k), player in sorted(earlier.items()) if k == key), None)
        )
        out[name] = mapped or by_name.get(key)
    return out


def saved_rules(saved: SavedRuleset | None) -> Ruleset | None:
    return None if saved is None else saved.to_rules()


@dataclass(frozen=True, slots=True)
class Stored:
    """What became of a new game on confirmation: stored, or refused (and why)."""

    name: str
    game: Game | None
    message: str = ""


def import_logs(
    *,
    games: Sequence[LogGame],
    players: Mapping[str, Player | None],
    ruleset_name: str | None = None,
    created_by: Any = None,
) -> list[Stored]:
    """Store the logs' games, each log name as the player it is mapped to (``None``: a new
    player of that name, made once), each game in its own transaction: a game refused (one
    imported meanwhile, two of its names mapped to one player) is reported and undoes none
    of the others. Each name's mapping is kept, for the next import to propose."""
    return [
        _import_one(game, players, ruleset_name=ruleset_name, created_by=created_by)
        for game in games
    ]


def _import_one(
    game: LogGame,
    players: Mapping[str, Player | None],
    *,
    ruleset_name: str | None,
    created_by: Any,
) -> Stored:
    record = game.imported.record
    try:
        with transaction.atomic():
            seats = [
                players.get(name) or player_named(name=normal_name(name)) for name in record.players
            ]
            if len({player.pk for player in seats}) != len(seats):
                raise ServiceError(_("two of its players are mapped to the same club player"))
            stored = store_record(
                record=record,
                replayed=game.imported.replay,
                players=seats,
                digest=game.digest,
                created_by=created_by,
                ruleset_name=ruleset_name,
            )
            platform = record.source.platform if record.source else ""
            for name, player in zip(record.players, seats, strict=True):
                # The player's identity learns the name, where it is no one's there yet.
                remember_platform_name(player=player, platform=platform, name=name)
                ImportedName.objects.update_or_create(
                    platform=platform,
                    name_key=name_key(name),
                    defaults={"name": name[:100], "player": player, "updated_at": timezone.now()},
                )
    except ServiceError as error:
        return Stored(game.file.name, None, error.message)
    return Stored(game.file.name, stored)


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
    name the club player proposed for it (made when missing): ``manage.py import_game``'s
    way. All or nothing: the first file that is not a new game refuses the whole, by name."""
    verdicts = read_logs(sent_logs(name=name, content=content))
    for verdict in verdicts:
        if verdict.kind is not Kind.NEW:
            raise _refused(verdict.name, verdict_text(verdict))
    games = new_games(verdicts)
    names = log_names(games)
    with transaction.atomic():
        stored = import_logs(
            games=games, players=proposed_players(names, games), created_by=created_by
        )
        for one in stored:
            if one.game is None:
                raise _refused(one.name, one.message)
    return [one.game for one in stored if one.game is not None]


def verdict_text(verdict: Verdict) -> str:
    """A verdict in words: why a file is not imported, or the game it already is."""
    if verdict.kind is Kind.ALREADY and verdict.already is not None:
        return _("this log is already in the club: %(game)s") % {"game": verdict.already}
    return verdict.message


__all__ = [
    "MAX_ENTRIES",
    "MAX_FILES",
    "MAX_LOGS",
    "MAX_RATIO",
    "MAX_UNPACKED",
    "UPLOAD_LIFETIME",
    "Kind",
    "LogFile",
    "LogGame",
    "Stored",
    "Verdict",
    "already_imported",
    "import_log_file",
    "import_logs",
    "is_hidden",
    "is_log",
    "keep_upload",
    "kept_upload",
    "log_names",
    "new_games",
    "proposed_players",
    "read_logs",
    "saved_rules",
    "sent_logs",
    "verdict_text",
]
