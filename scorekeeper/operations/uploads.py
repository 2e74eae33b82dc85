"""Files an organiser sends from the site: a backup to restore, a game record to import.

Each goes through the same code as its management command (``restore.restore``,
``table.services.games.import_record``), so the site refuses what the command refuses, with
the same words: the line and the field for a backup, the place in the record for a game. Nothing is
stored unless everything is right.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from django.db.models import Model
from django.utils.translation import gettext as _
from django.utils.translation import npgettext, pgettext

from scorekeeper.club.bounds import load_json
from scorekeeper.club.models import DeletedGame, Game, Player, SavedRuleset, Season
from scorekeeper.errors import JsonRefused, RestoreError, ServiceError
from scorekeeper.format import name_list
from scorekeeper.operations.restore import database_is_empty, restore
from scorekeeper.refusals import located_refusal_text
from scorekeeper.table.services.games import import_record
from scoring.errors import ScoringError


def club_contents() -> list[str]:
    """What the club holds that a restore would land on ("3 players", "12 games"), or
    nothing for an empty club."""
    kinds: tuple[tuple[type[Model], Callable[[int], str]], ...] = (
        (
            Player,
            lambda n: npgettext("what the club holds", "%(count)s player", "%(count)s players", n),
        ),
        (
            SavedRuleset,
            lambda n: npgettext(
                "what the club holds", "%(count)s saved ruleset", "%(count)s saved rulesets", n
            ),
        ),
        (
            Season,
            lambda n: npgettext("what the club holds", "%(count)s season", "%(count)s seasons", n),
        ),
        (Game, lambda n: npgettext("what the club holds", "%(count)s game", "%(count)s games", n)),
        (
            DeletedGame,
            lambda n: npgettext(
                "what the club holds", "%(count)s deleted game", "%(count)s deleted games", n
            ),
        ),
    )
    held = []
    for model, words in kinds:
        count = model._default_manager.count()
        if count:
            held.append(words(count) % {"count": f"{count:,}"})
    return held


def restored_text(counts: dict[str, int]) -> str:
    """What a restore stored, each count with its word in the singular or the plural:
    ``Restored 1 player, 0 rulesets, 1 season, 1 game and 12 hands.`` (and the tournaments,
    where the backup holds any)."""
    words = {
        "players": lambda n: npgettext("restored", "%(count)s player", "%(count)s players", n),
        "rulesets": lambda n: npgettext("restored", "%(count)s ruleset", "%(count)s rulesets", n),
        "seasons": lambda n: npgettext("restored", "%(count)s season", "%(count)s seasons", n),
        "games": lambda n: npgettext("restored", "%(count)s game", "%(count)s games", n),
        "hands": lambda n: npgettext("restored", "%(count)s hand", "%(count)s hands", n),
        # The parts above the games' (``backup.Part``), where the backup has any.
        "tournaments": lambda n: npgettext(
            "restored", "%(count)s tournament", "%(count)s tournaments", n
        ),
    }
    parts = [
        words[kind](counts[kind]) % {"count": f"{counts[kind]:,}"}
        for kind in words
        if kind in counts
    ]
    return _("Restored %(counts)s.") % {"counts": name_list(parts)}


def held_text(held: list[str]) -> str:
    """``club_contents()`` as a page lists it: ``3 players, 12 games``."""
    return pgettext("list separator", ", ").join(held)


def _text_lines(lines: Iterable[bytes]) -> Iterator[str]:
    """The file's lines as text (UTF-8, with or without a byte order mark); a line that is
    not UTF-8 is refused by its number."""
    for number, raw in enumerate(lines, 1):
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as error:
            raise RestoreError(
                number,
                "",
                _("not UTF-8 text (byte %(byte)s of the line)") % {"byte": error.start + 1},
            ) from None
        yield text


def restore_upload(*, lines: Iterable[bytes]) -> dict[str, int]:
    """Restore a backup sent as a file into an empty club, all or nothing; return the
    counts stored. Raises ``RestoreError`` naming the line and the field."""
    held = club_contents()
    if held or not database_is_empty():
        raise RestoreError(
            0,
            "",
            _("the club already holds %(held)s; a backup is restored only into an empty club")
            % {"held": held_text(held) or _("data")},
        )
    return restore(_text_lines(lines))


def record_document(text: str) -> Any:
    """A game record's text as JSON, or ``ServiceError`` saying where it stops being JSON."""
    try:
        return load_json(text)
    except json.JSONDecodeError as error:
        raise ServiceError(
            _("not JSON: %(error)s at line %(line)s, column %(column)s")
            % {"error": error.msg, "line": error.lineno, "column": error.colno}
        ) from None
    except JsonRefused as error:
        raise ServiceError(_("not a game record: %(error)s") % {"error": error}) from None


def import_text(
    *,
    text: str,
    table_label: str = "",
    ruleset_name: str | None = None,
    created_by: Any = None,
    start_token: uuid.UUID | None = None,
) -> Game:
    """Store a game record's text as a new game: the code ``manage.py import_game`` and the
    site share. Raises ``ServiceError`` saying what is wrong and where."""
    doc = record_document(text)
    try:
        return import_record(
            doc=doc,
            created_by=created_by,
            table_label=table_label,
            ruleset_name=ruleset_name,
            start_token=start_token,
        )
    except ScoringError as error:
        raise ServiceError(located_refusal_text(error)) from None


def import_upload(
    *,
    content: bytes,
    table_label: str = "",
    created_by: Any = None,
    start_token: uuid.UUID | None = None,
) -> Game:
    """Store a game record sent as a file (UTF-8, with or without a byte order mark) as a
    new game, as ``manage.py import_game`` does; the same page sent twice (``start_token``)
    stores it once."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ServiceError(
            _("not UTF-8 text (byte %(byte)s of the file)") % {"byte": error.start + 1}
        ) from None
    return import_text(
        text=text, table_label=table_label, created_by=created_by, start_token=start_token
    )
