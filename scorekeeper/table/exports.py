"""A game's hand log as files: one line per win (a hand nobody won is one line too), with
what each win was made of (yaku, dora, open) beside its han and fu, and every player's
change and score after the hand. CSV as the standings' files are written
(``history.exports``: byte order mark, no formulas), and JSON."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final, assert_never

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scorekeeper.spreadsheets import csv_lines, safe_cell
from scorekeeper.table.services.hands import Scoreboard
from scoring.outcomes import Abort, Chombo, Draw, Ron, Tsumo, Win
from scoring.record_win import DORA_KINDS
from scoring.state import HandResult
from scoring.win_details import dora_total

#: The CSV file's column headers, for people: in the reader's language.
HAND_HEADER: Final = (
    pgettext_lazy("hand log column: the hand's number", "Hand"),
    pgettext_lazy("hand log column: East 1 and so on", "Round"),
    gettext_lazy("Honba"),
    gettext_lazy("Outcome"),
    gettext_lazy("Riichi"),
    gettext_lazy("Winner"),
    pgettext_lazy("who dealt in", "From"),
    gettext_lazy("Han"),
    gettext_lazy("Fu"),
    gettext_lazy("Yakuman"),
    gettext_lazy("Yaku"),
    gettext_lazy("Dora"),
    gettext_lazy("Ura dora"),
    gettext_lazy("Red fives"),
    pgettext_lazy("a hand with calls", "Open"),
)


def _dora_parts(win: Win) -> list[int | None]:
    """Dora, ura dora and red fives where counted on their own; the dora count alone where
    the record gives them together."""
    if isinstance(win.dora, tuple):
        return list(win.dora)
    return [win.dora, None, None]


def _open_word(value: bool | None) -> str:
    if value is None:
        return ""
    return pgettext("a hand with calls", "open") if value else pgettext("a hand", "closed")


def _wins(result: HandResult) -> tuple[tuple[Win, int | None], ...]:
    outcome = result.hand.outcome
    match outcome:
        case Ron():
            return tuple((win, outcome.discarder) for win in outcome.wins)
        case Tsumo():
            return ((outcome.win, None),)
        case Draw() | Abort() | Chombo():
            return ()
        case _:
            assert_never(outcome)


def hand_log_lines(board: Scoreboard) -> Iterator[str]:
    """The hand log as CSV lines, player names in the header of the changes and scores."""
    names = board.record.players
    header = [
        *(str(cell) for cell in HAND_HEADER),
        *(_("%(name)s change") % {"name": n} for n in names),
        *(_("%(name)s score") % {"name": n} for n in names),
    ]
    # The players' names head columns: no spreadsheet may run one as a formula.
    return csv_lines([safe_cell(cell) for cell in header], _csv_rows(board))


def _csv_rows(board: Scoreboard) -> Iterator[list[Any]]:
    names = board.record.players
    for index, result in enumerate(board.replay.results):
        before = result.before
        head = [
            index + 1,
            before.round_label,
            before.honba,
            result.hand.kind,
            " ".join(names[seat] for seat in result.hand.riichi),
        ]
        tail = [*result.deltas, *result.after.scores]
        wins = _wins(result) or ((None, None),)
        for win, discarder in wins:
            if win is None:
                yield [*head, *([""] * (len(HAND_HEADER) - len(head))), *tail]
                continue
            yield [
                *head,
                names[win.winner],
                "" if discarder is None else names[discarder],
                "" if win.han is None else win.han,
                "" if win.fu is None else win.fu,
                win.yakuman or "",
                "; ".join(win.yaku),
                *("" if count is None else count for count in _dora_parts(win)),
                _open_word(win.open),
                *tail,
            ]


def _win_json(win: Win, discarder: int | None) -> dict[str, Any]:
    return {
        "winner": win.winner,
        "from": discarder,
        "han": win.han,
        "fu": win.fu,
        "yakuman": win.yakuman,
        "pao": win.pao,
        "yaku": list(win.yaku),
        "dora": dora_total(win),
        "dora_parts": dict(zip(DORA_KINDS, win.dora, strict=True))
        if isinstance(win.dora, tuple)
        else None,
        "open": win.open,
    }


def hand_log_document(board: Scoreboard) -> dict[str, Any]:
    """The hand log as one JSON document: the players in seat order, then each hand."""
    hands = []
    for index, result in enumerate(board.replay.results):
        before = result.before
        hands.append(
            {
                "hand": index + 1,
                "round": before.round_label,
                "honba": before.honba,
                "sticks": before.sticks,
                "outcome": result.hand.kind,
                "riichi": list(result.hand.riichi),
                "wins": [_win_json(win, discarder) for win, discarder in _wins(result)],
                "deltas": list(result.deltas),
                "scores": list(result.after.scores),
            }
        )
    return {"game": board.game.pk, "players": list(board.record.players), "hands": hands}
