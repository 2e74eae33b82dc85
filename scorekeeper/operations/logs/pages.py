"""What the log import's preview shows: each file's verdict, and of each new game where it
was played, its rules, the players with their final results, and each hand as the table's
hand log writes it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.format import preset_label
from scorekeeper.operations.logs.services import Kind, LogGame, Verdict, verdict_text
from scorekeeper.table.display import HandLine, StandingLine, hand_line, standing_lines
from scoring.standings import final_standings


@dataclass(frozen=True, slots=True)
class GamePreview:
    file: str
    platform: str
    log: str
    rules: str
    #: Whether the rules are the preset's with what the log shows (length, uma, ...).
    adjusted: bool
    players: tuple[str, ...]
    standings: list[StandingLine]
    hands: list[HandLine]


def preview_games(games: Sequence[LogGame]) -> list[GamePreview]:
    out = []
    for game in games:
        record = game.imported.record
        replay = game.imported.replay
        names = record.players
        spec = record.rules.to_spec()
        rows = final_standings(replay.state, record.rules, record.penalties)
        source = record.source
        out.append(
            GamePreview(
                file=game.file.name,
                platform=source.platform if source else "",
                log=source.log if source else "",
                rules=preset_label(record.rules.preset),
                adjusted=not isinstance(spec, str),
                players=names,
                standings=standing_lines(rows, names),
                hands=[
                    hand_line(i, result, names, record.rules)
                    for i, result in enumerate(replay.results)
                ],
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class VerdictLine:
    file: str
    #: ``new``, ``already``, ``refused`` or ``skipped``.
    kind: str
    text: str
    #: The club's game the log already is.
    url: str = ""


def verdict_lines(verdicts: Sequence[Verdict]) -> list[VerdictLine]:
    """Each file sent with what becomes of it, in the order sent."""
    return [
        VerdictLine(
            verdict.name,
            verdict.kind.value,
            "" if verdict.kind is Kind.NEW else verdict_text(verdict),
            verdict.already.get_absolute_url() if verdict.already is not None else "",
        )
        for verdict in verdicts
    ]
