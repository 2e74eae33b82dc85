"""A game's hand log as files: one line per win (a hand nobody won is one line too), with
what each win was made of (yaku, dora, open) beside its han and fu, who was tenpai at a
draw, why a hand was aborted, who made a chombo, and every player's change and score after
the hand; then a line per penalty. The facts of the game record, all of them. CSV as the
standings' files are written (``history.exports``: byte order mark, no formulas), and
JSON.

A double ron is two lines, a winner each, but the hand's changes and scores are on its first
line alone (the second's are blank), so the sum of a change column is what the player gained
or lost. Hands are numbered from 1 in both files, and a penalty names the hand it was given
after by that number (in the CSV's "Hand" column, the JSON's ``after_hand``; ``null`` for a
penalty given at no hand in particular)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final, assert_never

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scorekeeper.spreadsheets import csv_lines, safe_cell
from scorekeeper.table.services.hands import Scoreboard
from scoring.outcomes import Abort, Chombo, Draw, Penalty, Ron, Tsumo, Win
from scoring.record_win import DORA_KINDS
from scoring.seats import FOUR, SEATINGS
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
    gettext_lazy("Tenpai"),
    gettext_lazy("Nagashi mangan"),
    gettext_lazy("Abortive draw"),
    gettext_lazy("Chombo"),
    gettext_lazy("Penalty"),
    gettext_lazy("Penalty points"),
    gettext_lazy("Reason"),
)
#: The columns of a hand's own facts, after the columns of its wins.
_FACTS: Final = 4
#: The columns of a penalty, the last ones before the players' changes.
_PENALTY: Final = 3


#: The three-player hand log's one more column: the kita beside the dora (RULES.md, version 3).
KITA_HEADER: Final = pgettext_lazy("dora counter", "Kita")
#: Where the kita column goes: after "Red fives", the 14th column.
_AFTER_DORA: Final = 14


def _header(players: int) -> tuple[Any, ...]:
    """The hand columns: a three-player game's has the kita after the red fives."""
    if not SEATINGS[players].sets_aside_kita:
        return HAND_HEADER
    return (*HAND_HEADER[:_AFTER_DORA], KITA_HEADER, *HAND_HEADER[_AFTER_DORA:])


def _dora_parts(win: Win, players: int = FOUR.players) -> list[int | None]:
    """Dora, ura dora and red fives where counted on their own; the dora count alone where
    the record gives them together; and with three players the kita."""
    parts: list[int | None] = (
        list(win.dora) if isinstance(win.dora, tuple) else [win.dora, None, None]
    )
    return [*parts, win.kita] if SEATINGS[players].sets_aside_kita else parts


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


def _facts(result: HandResult, names: Sequence[str]) -> list[str]:
    """Tenpai, nagashi mangan, the abortive draw's reason and the chombo's offender, in
    the CSV's words (names; the reason's code, as in the game record)."""
    outcome = result.hand.outcome
    match outcome:
        case Draw():
            return [
                " ".join(names[seat] for seat in outcome.tenpai),
                " ".join(names[seat] for seat in outcome.nagashi),
                "",
                "",
            ]
        case Abort():
            return ["", "", outcome.reason or "", ""]
        case Chombo():
            return ["", "", "", names[outcome.offender]]
        case Ron() | Tsumo():
            return ["", "", "", ""]
        case _:
            assert_never(outcome)


def hand_log_lines(board: Scoreboard) -> Iterator[str]:
    """The hand log as CSV lines, player names in the header of the changes and scores."""
    names = board.record.players
    header = [
        *(str(cell) for cell in _header(len(names))),
        *(_("%(name)s change") % {"name": n} for n in names),
        *(_("%(name)s score") % {"name": n} for n in names),
    ]
    # The players' names head columns: no spreadsheet may run one as a formula.
    return csv_lines([safe_cell(cell) for cell in header], _csv_rows(board))


def _csv_rows(board: Scoreboard) -> Iterator[list[Any]]:
    names = board.record.players
    penalties = board.record.penalties
    win_columns = len(_header(len(names))) - _FACTS - _PENALTY
    for index, result in enumerate(board.replay.results):
        before = result.before
        head = [
            index + 1,
            before.round_label,
            before.honba,
            result.hand.kind,
            " ".join(names[seat] for seat in result.hand.riichi),
        ]
        facts = [*_facts(result, names), *([""] * _PENALTY)]
        tail: list[int | str] = [*result.deltas, *result.after.scores]
        wins = _wins(result) or ((None, None),)
        for line, (win, discarder) in enumerate(wins):
            if line:
                # The hand's changes are on its first line only: a column sums to the game.
                tail = [""] * len(tail)
            if win is None:
                yield [*head, *([""] * (win_columns - len(head))), *facts, *tail]
                continue
            yield [
                *head,
                names[win.winner],
                "" if discarder is None else names[discarder],
                "" if win.han is None else win.han,
                "" if win.fu is None else win.fu,
                win.yakuman or "",
                "; ".join(win.yaku),
                *("" if count is None else count for count in _dora_parts(win, len(names))),
                _open_word(win.open),
                *facts,
                *tail,
            ]
        yield from _penalty_rows(penalties, index, names)
    yield from _penalty_rows(penalties, None, names)


def _penalty_rows(
    penalties: tuple[Penalty, ...], after: int | None, names: Sequence[str]
) -> Iterator[list[Any]]:
    """The penalties given after hand ``after`` (an index; ``None``: those given at no
    hand in particular), a line each, numbered as the hand they came after."""
    blank = [""] * (len(_header(len(names))) - 5 - _PENALTY)
    for penalty in penalties:
        if penalty.after_hand == after:
            number = "" if after is None else after + 1
            yield [
                number,
                "",
                "",
                "penalty",
                "",
                *blank,
                names[penalty.seat],
                penalty.points,
                penalty.reason,
                *([""] * (2 * len(names))),
            ]


def _win_json(win: Win, discarder: int | None, players: int) -> dict[str, Any]:
    kita = {"kita": win.kita} if SEATINGS[players].sets_aside_kita else {}
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
        **kita,
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
                "wins": [
                    _win_json(win, discarder, len(board.record.players))
                    for win, discarder in _wins(result)
                ],
                **_facts_json(result),
                "deltas": list(result.deltas),
                "scores": list(result.after.scores),
            }
        )
    penalties = [
        {
            "seat": penalty.seat,
            "points": penalty.points,
            "reason": penalty.reason,
            # Numbered as the hands are (from 1), where the record counts from 0.
            "after_hand": None if penalty.after_hand is None else penalty.after_hand + 1,
        }
        for penalty in board.record.penalties
    ]
    return {
        "game": board.game.pk,
        # Three- and four-player results are different scales: the file says which it is.
        "player_count": len(board.record.players),
        "players": list(board.record.players),
        "hands": hands,
        "penalties": penalties,
    }


def _facts_json(result: HandResult) -> dict[str, Any]:
    """A hand's facts beyond its wins, with the game record's keys."""
    outcome = result.hand.outcome
    match outcome:
        case Draw():
            return {"tenpai": list(outcome.tenpai), "nagashi": list(outcome.nagashi)}
        case Abort():
            return {"reason": outcome.reason}
        case Chombo():
            return {"offender": outcome.offender}
        case Ron() | Tsumo():
            return {}
        case _:
            assert_never(outcome)
