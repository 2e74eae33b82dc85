"""Reading the values of a backup's lines for the restore, each refusal naming the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from django.db import models
from django.utils.translation import gettext as _

from scorekeeper.club.limits import (
    ID_MAX,
    INTEGER_MAX,
    day_error,
    moment_error,
    name_error,
    text_error,
)
from scorekeeper.club.models import Game, HandRecord
from scoring.outcomes import Hand
from scoring.record_hand import hand_to_json
from scoring.rules import Ruleset
from scoring.state import Replay

if TYPE_CHECKING:
    from scorekeeper.operations.restore import BackupLoader


def check_fields(
    obj: Mapping[str, Any], allowed: set[str], loader: BackupLoader, prefix: str = ""
) -> None:
    for key in obj:
        if key not in allowed:
            raise loader.fail(f"{prefix}{key}", _("unknown field"))


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
    wrong = name_error(value.strip(), size)
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


def game_from_meta(
    meta: Mapping[str, Any], loader: BackupLoader, rules: Ruleset, replayed: Replay
) -> Game:
    allowed = {"id", "table_label", "ruleset_name", "status", "stopped_early", "revision"}
    times = {"created_at", "updated_at", "finished_at", "recorded_at", "edited_at"}
    check_fields(meta, allowed | times, loader, "meta.")
    status = meta.get("status")
    if status not in Game.Status.values:
        raise loader.fail(
            "meta.status",
            _("expected one of %(values)s") % {"values": ", ".join(Game.Status.values)},
        )
    stopped_early = meta.get("stopped_early")
    revision = meta.get("revision")
    if not isinstance(stopped_early, bool):
        raise loader.fail("meta.stopped_early", _("expected true or false"))
    if isinstance(revision, bool) or not isinstance(revision, int) or revision < 0:
        raise loader.fail("meta.revision", _("expected a whole number"))
    if revision > INTEGER_MAX:
        raise loader.fail("meta.revision", _("expected at most %(most)s") % {"most": INTEGER_MAX})
    ended = replayed.state.finished or stopped_early
    if status == Game.Status.FINISHED and not ended:
        raise loader.fail("meta.status", _("finished, but the hands do not end the game"))
    if status == Game.Status.IN_PLAY and ended:
        raise loader.fail("meta.status", _("in play, but the game has ended"))
    finished_at = meta.get("finished_at")
    return Game(
        id=read_id(meta.get("id"), "meta.id", loader),
        table_label=read_text(meta.get("table_label"), "meta.table_label", loader, 50, blank=True),
        ruleset_name=read_text(
            meta.get("ruleset_name"), "meta.ruleset_name", loader, 100, blank=False
        ),
        rules=rules.to_json(),
        status=status,
        hand_count=len(replayed.results),
        revision=revision,
        state=replayed.state.to_json(),
        stopped_early=stopped_early,
        created_at=read_moment(meta.get("created_at"), "meta.created_at", loader),
        updated_at=read_moment(meta.get("updated_at"), "meta.updated_at", loader),
        finished_at=(
            None if finished_at is None else read_moment(finished_at, "meta.finished_at", loader)
        ),
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
        if not (key.isascii() and key.isdigit()) or int(key) >= len(hands):
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
