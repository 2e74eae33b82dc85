"""A club's data as JSON lines (``scorekeeper.backup/1``): the format, and writing a backup.

One object a line, in a fixed order: a header (``format`` and the counts, for progress), the
players, the saved rulesets, the seasons, every game, the lines deleted games left in the
history (``deleted_game``: the id the game had, what it was, who deleted it when, and where
kept its record and the hands that waited on phones for it; counted as
``deleted_games`` only where there are any, so a club that never deleted a game backs up as
before), and an ``end`` line that counts what came before, so that a cut-off file is refused
instead of half restored. Each game line holds the
game's record (``scorekeeper.game/1``, the rules in full as they were frozen when the game
started, so a later change to a preset cannot change an old game) and, beside it, what the
record has no place for (``meta``: id, table, status, timestamps, revision, hand times, and
``sent``: the hands phones sent for a place another phone's hand took, still to settle or
settled, with why each was kept apart and when the phone says it was entered, so that a
version waiting for a member's choice is not lost and the hand log still says what was kept;
left out where the game has none). The bounds of the hands a game holds and of its conflicts
(``table/services/outbox.py``) keep a game's line far below ``MAX_LINE``.

Keys are sorted, separators fixed and everything ordered by id, so a backup restored into an
empty database backs up again to the same bytes. Ids are kept: a restored game has its old
id, so links to it keep working and the table's ETags (``id-revision``) never repeat; and a
game started after a restore takes an id past every one a game ever had, a deleted game's
included, so a deleted game's line keeps naming that game alone.
A player's line carries their identity where it is known (names in Latin letters, country,
EMA number, and ``platform_names``: each platform's names, as ``{"tenhou": ["A", "B"]}``).
Accounts are not part of a backup; who created a game, recorded a hand or settled a
conflict is left empty. The keys of hands stored or merged as they were sent are not kept
either: they only keep a hand sent again from being stored twice, and a phone that sends one
again after a restore has it merged with the hand at its place, or kept as a conflict.
Reading one back is ``restore.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from django.db import models

from scorekeeper.club.models import (
    DeletedGame,
    Game,
    HandRecord,
    PlatformName,
    Player,
    SavedRuleset,
    Season,
    Seat,
)
from scorekeeper.registry.identities import Identity
from scorekeeper.table.models import SentHand
from scoring.record import source_json

FORMAT: Final = "scorekeeper.backup/1"
#: Games read (for a backup) or stored (on restore) at a time.
CHUNK: Final = 500
#: The sections of a backup, in the order they come.
SECTIONS: Final = ("player", "ruleset", "season", "game", "deleted_game", "end")
COUNTED: Final = ("players", "rulesets", "seasons", "games", "hands")
#: The most characters a line may hold. A game of the most hands a game may hold, with long
#: names and every yaku, is some 150,000; a season's list of every game of a club of 50,000
#: games some 400,000. Every check of a line takes time in proportion to its length, so
#: this bounds the time a line can take.
MAX_LINE: Final = 1_000_000
#: The hands sent under a phone's key that a backup keeps: those the table page shows.
SENT_KEPT: Final = (
    SentHand.Outcome.CONFLICT,
    SentHand.Outcome.KEPT,
    SentHand.Outcome.DISCARDED,
)


@dataclass(frozen=True)
class Part:
    """A room's own rows in the backup, for a room above this one (the tournaments), which
    registers it when it starts (``register_part``): its lines come after the games, one
    ``kind`` line per ``lines()`` object, counted in the end line under ``kind`` + "s"
    where there are any. On restore ``read(obj, loader)`` checks a line and stores its rows
    (the players and games are stored by then), refusing a wrong one with ``loader.fail``,
    and returns the rows stored with their ids kept."""

    kind: str
    lines: Callable[[], Iterator[dict[str, Any]]]
    #: ``(obj, loader)``: the loader is ``restore.BackupLoader`` (which imports this).
    read: Callable[[dict[str, Any], Any], list[models.Model]]


#: The rooms' parts, in the order registered.
PARTS: dict[str, Part] = {}


def register_part(part: Part) -> None:
    PARTS[part.kind] = part


def sections() -> tuple[str, ...]:
    """The sections in the order they come: the club's, the rooms' parts, the end."""
    return (*SECTIONS[:-1], *PARTS, SECTIONS[-1])


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
    deleted = DeletedGame.objects.count()
    if deleted:
        total["deleted_games"] = deleted
    yield dumps({"format": FORMAT, "counts": total}) + "\n"
    written = dict.fromkeys(COUNTED, 0)
    names: dict[int, str] = {}
    platform_names: dict[int, list[PlatformName]] = {}
    for named in PlatformName.objects.all():
        platform_names.setdefault(named.player_id, []).append(named)
    for player in Player.objects.order_by("pk"):
        names[player.pk] = player.name
        written["players"] += 1
        identity = Identity.of(player, platform_names.get(player.pk, []))
        yield dumps(_player_json(player, identity)) + "\n"
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
    for row in DeletedGame.objects.order_by("game_id"):
        written["deleted_games"] = written.get("deleted_games", 0) + 1
        yield dumps(_deleted_json(row)) + "\n"
    for part in PARTS.values():
        for obj in part.lines():
            written[part.kind + "s"] = written.get(part.kind + "s", 0) + 1
            yield dumps({"type": part.kind, **obj}) + "\n"
    yield dumps({"type": "end", "counts": written}) + "\n"


def _player_json(player: Player, identity: Identity) -> dict[str, Any]:
    """A player's line: their id, name and when they were added; and what of their identity
    is known (``IDENTITY``, each field left out where blank, so a club that keeps none backs
    up as before)."""
    known = {
        "given_name": identity.given_name,
        "family_name": identity.family_name,
        "country": identity.country,
        "ema_number": identity.ema_number,
        "platform_names": {p: list(n) for p, n in identity.platform_names.items()},
    }
    return {
        "type": "player",
        "id": player.pk,
        "name": player.name,
        "created_at": _iso(player.created_at),
        **{key: value for key, value in known.items() if value},
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


def _deleted_json(row: DeletedGame) -> dict[str, Any]:
    """A deleted game's line in the history. Who deleted it is kept by name only, as
    accounts are not part of a backup."""
    return {
        "type": "deleted_game",
        "game_id": row.game_id,
        "table_label": row.table_label,
        "ruleset_name": row.ruleset_name,
        "players": row.players,
        "status": row.status,
        "hand_count": row.hand_count,
        "started_at": _iso(row.started_at),
        "deleted_at": _iso(row.deleted_at),
        "deleted_by_name": row.deleted_by_name,
        # The game's record and the hands that waited on phones for it, only where kept, so
        # that a line of a game deleted before they were kept is as it was.
        **({"record": row.record} if row.record is not None else {}),
        **({"waiting": row.waiting} if row.waiting else {}),
    }


def _game_lines(names: Mapping[int, str]) -> Iterator[tuple[str, int]]:
    """Each game's line and its number of hands, four queries per chunk of games."""
    last = 0
    while True:
        games = list(Game.objects.filter(pk__gt=last).order_by("pk")[:CHUNK])
        if not games:
            return
        last = games[-1].pk
        ids = [game.pk for game in games]
        seats: dict[int, list[str]] = {game.pk: [""] * game.players for game in games}
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
        sent: dict[int, list[dict[str, Any]]] = {pk: [] for pk in ids}
        for row in SentHand.objects.filter(game_id__in=ids, outcome__in=SENT_KEPT).order_by(
            "game_id", "sent_at", "pk"
        ):
            sent[row.game_id].append(_sent_json(row))
        for game in games:
            own = hands[game.pk]
            yield dumps(_game_json(game, seats[game.pk], own, sent[game.pk])) + "\n", len(own)


def _sent_json(row: SentHand) -> dict[str, Any]:
    return {
        "key": str(row.key),
        "after": None if row.after is None else str(row.after),
        "sequence": row.sequence,
        "hand": row.data,
        "outcome": row.outcome,
        "sent_at": _iso(row.sent_at),
        "settled_at": _iso(row.settled_at),
        "replaced": row.replaced,
        # Why a conflict was kept apart, and when the phone says it was entered: only where
        # known, so that a backup of hands sent before they were kept is as it was.
        **({"reason": row.reason} if row.reason else {}),
        **({"entered_at": _iso(row.entered_at)} if row.entered_at else {}),
    }


def _game_json(
    game: Game,
    players: list[str],
    hands: list[tuple[Any, datetime, datetime | None]],
    sent: list[dict[str, Any]],
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
    if sent:
        meta["sent"] = sent
    record = {
        "format": "scorekeeper.game/1",
        "rules": game.rules,
        "players": players,
        "hands": [data for data, _, _ in hands],
    }
    # As the record has them (left out where the game has none, as a record leaves them).
    if game.start is not None:
        record["start"] = game.start
    if game.penalties:
        record["penalties"] = game.penalties
    source = game.record_source()
    if source is not None:
        record["source"] = source_json(source)
    end = game.record_end()
    if end is not None:
        record["end"] = end.value
    return {"type": "game", "meta": meta, "record": record}
