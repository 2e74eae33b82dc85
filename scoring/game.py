"""A hand's outcome applied to the state of a game, and whole-game replay.

Payments, riichi sticks (kyoutaku), honba, dealer rotation (renchan) and the end of the game
follow ``shared/RULES.md`` ("Flow, by result") and ``shared/rules/reference.md`` sections 2.1-2.8:
a dealer win or any draw adds a honba, a non-dealer win resets it; the deal passes unless the
dealer won, was tenpai at an exhaustive draw, or the hand was aborted; a chombo replays the hand.
Variants (multi-ron, nagashi, tobi, agari-yame, extension rounds) are ``Ruleset`` fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.errors import IllegalHand, IllegalWin
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.payments import ron_deltas, tsumo_deltas, win_value
from scoring.rules import Ruleset

WINDS = "ESWN"
STICK = 1000


class EndReason(StrEnum):
    """Why a game ended."""

    LAST_HAND = "last_hand"
    TOBI = "tobi"
    AGARI_YAME = "agari_yame"
    TENPAI_YAME = "tenpai_yame"
    EXTENSION_OVER = "extension_over"


def round_label(round_index: int) -> str:
    """``E1``.. for a round index (0 = East 1, 4 = South 1, 8 = West 1).

    >>> round_label(0), round_label(7), round_label(8)
    ('E1', 'S4', 'W1')
    """
    return f"{WINDS[round_index // 4 % 4]}{round_index % 4 + 1}"


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the hands so far have made: points, round, honba, sticks, chombos, end."""

    scores: tuple[int, int, int, int]
    round_index: int = 0
    honba: int = 0
    #: Riichi sticks on the table.
    sticks: int = 0
    #: Chombos per seat (for penalties taken off the final result).
    chombos: tuple[int, int, int, int] = (0, 0, 0, 0)
    end_reason: EndReason | None = None

    @property
    def dealer(self) -> int:
        return self.round_index % 4

    @property
    def round_label(self) -> str:
        return round_label(self.round_index)

    @property
    def finished(self) -> bool:
        return self.end_reason is not None

    def to_json(self) -> dict[str, Any]:
        """The state as JSON values, for a stored projection.

        >>> GameState.from_json(GameState((1, 2, 3, 4), sticks=2).to_json()).sticks
        2
        """
        return {
            "scores": list(self.scores),
            "round_index": self.round_index,
            "honba": self.honba,
            "sticks": self.sticks,
            "chombos": list(self.chombos),
            "end_reason": self.end_reason.value if self.end_reason else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameState:
        s, c = data["scores"], data["chombos"]
        return cls(
            (s[0], s[1], s[2], s[3]),
            data["round_index"],
            data["honba"],
            data["sticks"],
            (c[0], c[1], c[2], c[3]),
            EndReason(data["end_reason"]) if data["end_reason"] else None,
        )


def start_state(rules: Ruleset) -> GameState:
    """East 1, no honba, no sticks, everyone on the starting points.

    >>> from scoring.rules import PRESETS
    >>> start_state(PRESETS["tenhou"]).scores
    (25000, 25000, 25000, 25000)
    """
    p = rules.start_points
    return GameState(scores=(p, p, p, p))


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand played: the state before and after, and each seat's whole change
    (riichi sticks paid and collected included)."""

    hand: Hand
    before: GameState
    after: GameState
    deltas: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Replay:
    """A game replayed: the start, every hand's result, and the state now."""

    start: GameState
    results: tuple[HandResult, ...]

    @property
    def state(self) -> GameState:
        return self.results[-1].after if self.results else self.start


def _is_top(scores: Sequence[int], seat: int, rules: Ruleset) -> bool:
    """Whether ``seat`` is alone in 1st (equal points rank by seat under ``seat_order``)."""
    mine = scores[seat]
    for other, points in enumerate(scores):
        if other != seat and (
            points > mine or (points == mine and (rules.ties == "split" or other < seat))
        ):
            return False
    return True


def _seat(value: int, refuse: _Refuse, field: str) -> int:
    if not 0 <= value <= 3:
        refuse(field, f"seat {value} does not exist (seats are 0-3)")
    return value


class _Refuse:
    __slots__ = ("index", "label")

    def __init__(self, index: int, label: str) -> None:
        self.index = index
        self.label = label

    def __call__(self, field: str, message: str) -> None:
        raise IllegalHand(self.index, self.label, field, message)


def _win_basic(rules: Ruleset, win: Win, tsumo: bool, refuse: _Refuse, field: str) -> int:
    try:
        return win_value(rules, han=win.han, fu=win.fu, yakuman=win.yakuman, tsumo=tsumo).basic
    except IllegalWin as error:
        refuse(field, str(error))
        raise  # pragma: no cover (refuse always raises)


def _check_win(win: Win, refuse: _Refuse, field: str) -> None:
    _seat(win.winner, refuse, f"{field}.winner")
    if win.pao is not None:
        _seat(win.pao, refuse, f"{field}.pao")
        if win.pao == win.winner:
            refuse(f"{field}.pao", "the winner cannot be liable (pao) for their own hand")
        if not win.yakuman:
            refuse(f"{field}.pao", "only a yakuman has a liable player (pao)")


def _pao_parts(
    rules: Ruleset, win: Win, basic: int, honba: int
) -> tuple[tuple[int, int | None, int], ...]:
    """(basic points, liable seat, honba) for each part of a win paid separately: under
    ``pao_scope`` ``one_yakuman`` the liable player's share is one yakuman (with the honba)
    and the rest of a composite yakuman is paid as if nobody were liable."""
    if win.pao is None or rules.pao_scope == "whole" or basic <= 8000:
        return ((basic, win.pao, honba),)
    return ((8000, win.pao, honba), (basic - 8000, None, 0))


def _ron(
    state: GameState,
    ron: Ron,
    riichi: tuple[int, ...],
    rules: Ruleset,
    refuse: _Refuse,
    deltas: list[int],
) -> bool:
    """Pay a ron with one to three winners; return whether the dealer won."""
    discarder = _seat(ron.discarder, refuse, "ron.from")
    count = len(ron.wins)
    if count == 0:
        refuse("ron.wins", "a ron needs at least one winner")
    limit = {"head_bump": 1, "double": 2, "triple": 3}[rules.multi_ron]
    if count > limit:
        if rules.multi_ron == "double" and count == 3:
            refuse(
                "ron.wins",
                "three winners: under these rules a triple ron is an abortive draw "
                "(record it as abort reason sanchahou)",
            )
        refuse(
            "ron.wins",
            f"{count} winners: these rules ({rules.multi_ron}) allow {limit}; "
            "only the winner nearest the discarder wins (head bump)"
            if limit == 1
            else f"{count} winners: these rules allow at most {limit}",
        )
    seen: set[int] = set()
    for i, win in enumerate(ron.wins):
        _check_win(win, refuse, f"ron.wins[{i}]")
        if win.winner == discarder:
            refuse(f"ron.wins[{i}].winner", "a player cannot ron their own discard")
        if win.winner in seen:
            refuse(f"ron.wins[{i}].winner", f"seat {win.winner} wins twice")
        seen.add(win.winner)
    order = sorted(range(count), key=lambda i: (ron.wins[i].winner - discarder) % 4)
    dealer = state.dealer
    pot = state.sticks + len(riichi)
    for rank, i in enumerate(order):
        win = ron.wins[i]
        basic = _win_basic(rules, win, False, refuse, f"ron.wins[{i}]")
        honba = state.honba if rank == 0 or rules.multi_ron_honba == "each" else 0
        for part, pao, part_honba in _pao_parts(rules, win, basic, honba):
            paid = ron_deltas(
                rules,
                part,
                winner=win.winner,
                discarder=discarder,
                dealer=dealer,
                honba=part_honba,
                pao=pao,
            )
            for seat in range(4):
                deltas[seat] += paid[seat]
    nearest = ron.wins[order[0]].winner
    if count > 1 and rules.multi_ron_sticks == "own_back":
        for win in ron.wins:
            if win.winner in riichi:
                deltas[win.winner] += STICK
                pot -= 1
    deltas[nearest] += pot * STICK
    return dealer in seen


def _tsumo(
    state: GameState,
    tsumo: Tsumo,
    riichi: tuple[int, ...],
    rules: Ruleset,
    refuse: _Refuse,
    deltas: list[int],
) -> bool:
    win = tsumo.win
    _check_win(win, refuse, "tsumo")
    basic = _win_basic(rules, win, True, refuse, "tsumo")
    for part, pao, honba in _pao_parts(rules, win, basic, state.honba):
        paid = tsumo_deltas(
            rules, part, winner=win.winner, dealer=state.dealer, honba=honba, pao=pao
        )
        for seat in range(4):
            deltas[seat] += paid[seat]
    deltas[win.winner] += (state.sticks + len(riichi)) * STICK
    return win.winner == state.dealer


def _seats(values: Iterable[int], refuse: _Refuse, field: str) -> frozenset[int]:
    seats: set[int] = set()
    for value in values:
        if _seat(value, refuse, field) in seats:
            refuse(field, f"seat {value} is listed twice")
        seats.add(value)
    return frozenset(seats)


def _draw(state: GameState, draw: Draw, rules: Ruleset, refuse: _Refuse, deltas: list[int]) -> bool:
    tenpai = _seats(draw.tenpai, refuse, "draw.tenpai")
    nagashi = _seats(draw.nagashi, refuse, "draw.nagashi")
    dealer = state.dealer
    if nagashi:
        if not rules.nagashi_mangan:
            refuse("draw.nagashi", "these rules have no nagashi mangan")
        # Paid as a mangan tsumo without honba, instead of the noten payments (Tenhou log
        # upd-aft-nm; reference 2.5); several nagashi players are each paid.
        for seat in nagashi:
            paid = tsumo_deltas(rules, 2000, winner=seat, dealer=dealer, honba=0)
            for other in range(4):
                deltas[other] += paid[other]
    elif 0 < len(tenpai) < 4:
        gain = rules.noten_payment // len(tenpai)
        loss = rules.noten_payment // (4 - len(tenpai))
        for seat in range(4):
            deltas[seat] += gain if seat in tenpai else -loss
    return dealer in tenpai


def _next(
    state: GameState,
    hand: Hand,
    rules: Ruleset,
    scores: Sequence[int],
    renchan: bool,
    won: bool,
    refuse: _Refuse,
) -> tuple[int, EndReason | None]:
    """The next round index and why the game ended, if it did (reference 2.8)."""
    r = state.round_index
    last = rules.last_round
    outcome = hand.outcome
    if rules.tobi and min(scores) < 0:
        end: tuple[int, EndReason | None] = (r, EndReason.TOBI)
    elif isinstance(outcome, Abort | Chombo):
        end = (r, None)
    elif r < last:
        end = (r if renchan else r + 1, None)
    elif renchan:
        dealer = r % 4
        top = _is_top(scores, dealer, rules)
        automatic = rules.agari_yame if won else rules.tenpai_yame
        target = rules.target_points
        reached = target is None or scores[dealer] >= target
        reason = EndReason.AGARI_YAME if won else EndReason.TENPAI_YAME
        if top and automatic and reached:
            end = (r, reason)
        elif top and r >= last + 4:
            end = (r, EndReason.EXTENSION_OVER)
        elif hand.end and top:
            end = (r, reason)
        else:
            end = (r, None)
    elif not rules.extension:
        end = (r, EndReason.LAST_HAND)
    elif any(points >= (rules.target_points or 0) for points in scores):
        end = (r, EndReason.LAST_HAND if r == last else EndReason.EXTENSION_OVER)
    elif r >= last + 4:
        end = (r, EndReason.EXTENSION_OVER)
    else:
        end = (r + 1, None)
    if hand.end and end[1] is None:
        refuse(
            "end",
            "the game can be stopped by choice only after an all-last hand that the dealer "
            "wins or is tenpai in while in 1st place",
        )
    return end


def play_hand(state: GameState, hand: Hand, rules: Ruleset, *, index: int = 0) -> HandResult:
    """Apply one hand to a game state; raise ``IllegalHand`` if the rules refuse it.

    >>> from scoring.rules import PRESETS
    >>> from scoring.outcomes import Ron, Win
    >>> rules = PRESETS["tenhou"]
    >>> hand = Hand(Ron(discarder=2, wins=(Win(winner=0, han=2, fu=40),)), riichi=(0,))
    >>> result = play_hand(start_state(rules), hand, rules)
    >>> result.deltas, result.after.round_label, result.after.honba
    ((3900, 0, -3900, 0), 'E1', 1)
    """
    refuse = _Refuse(index, state.round_label)
    if state.end_reason is not None:
        refuse("", f"the game has already ended ({state.end_reason.value})")
    riichi = hand.riichi
    _seats(riichi, refuse, "riichi")
    scores = state.scores
    deltas = [0, 0, 0, 0]
    outcome = hand.outcome
    if isinstance(outcome, Chombo):
        offender = _seat(outcome.offender, refuse, "chombo.offender")
        if rules.chombo == "reverse_mangan":
            # A reverse mangan tsumo without honba (reference 2.7); riichi sticks of the
            # hand go back to their owners, so nobody pays one.
            paid = tsumo_deltas(rules, 2000, winner=offender, dealer=state.dealer, honba=0)
            deltas = [-d for d in paid]
        chombos = list(state.chombos)
        chombos[offender] += 1
        new_scores = (
            scores[0] + deltas[0],
            scores[1] + deltas[1],
            scores[2] + deltas[2],
            scores[3] + deltas[3],
        )
        _, reason = _next(state, hand, rules, new_scores, True, False, refuse)
        after = GameState(
            new_scores,
            state.round_index,
            state.honba,
            state.sticks,
            (chombos[0], chombos[1], chombos[2], chombos[3]),
            reason,
        )
        return HandResult(hand, state, after, (deltas[0], deltas[1], deltas[2], deltas[3]))
    if not rules.riichi_below_1000:
        for seat in riichi:
            if scores[seat] < STICK:
                refuse(
                    "riichi",
                    f"seat {seat} has {scores[seat]} points; these rules need 1000 for riichi",
                )
    for seat in riichi:
        deltas[seat] -= STICK
    won = True
    if isinstance(outcome, Ron):
        renchan = _ron(state, outcome, riichi, rules, refuse, deltas)
    elif isinstance(outcome, Tsumo):
        renchan = _tsumo(state, outcome, riichi, rules, refuse, deltas)
    else:
        won = False
        if isinstance(outcome, Draw):
            renchan = _draw(state, outcome, rules, refuse, deltas)
        else:
            reason_name = AbortReason(outcome.reason).value
            if reason_name not in rules.abortive_draws:
                refuse("abort.reason", f"these rules have no abortive draw {reason_name}")
            if reason_name == "suucha_riichi" and len(riichi) != 4:
                refuse("riichi", "suucha riichi needs all four players' riichi in this hand")
            renchan = True
    new_scores = (
        scores[0] + deltas[0],
        scores[1] + deltas[1],
        scores[2] + deltas[2],
        scores[3] + deltas[3],
    )
    if won:
        honba = state.honba + 1 if renchan else 0
        sticks = 0
    else:
        honba = state.honba + 1
        sticks = state.sticks + len(riichi)
    round_index, reason = _next(state, hand, rules, new_scores, renchan, won, refuse)
    after = GameState(new_scores, round_index, honba, sticks, state.chombos, reason)
    return HandResult(hand, state, after, (deltas[0], deltas[1], deltas[2], deltas[3]))


def apply_hand(state: GameState, hand: Hand, rules: Ruleset, *, index: int = 0) -> GameState:
    """The state after one more hand.

    >>> from scoring.rules import PRESETS
    >>> from scoring.outcomes import Draw
    >>> rules = PRESETS["ema"]
    >>> apply_hand(start_state(rules), Hand(Draw(tenpai=(1,))), rules).scores
    (29000, 33000, 29000, 29000)
    """
    return play_hand(state, hand, rules, index=index).after


def replay(rules: Ruleset, hands: Iterable[Hand]) -> Replay:
    """Fold the hands from the start of a game.

    >>> from scoring.rules import PRESETS
    >>> from scoring.outcomes import Tsumo, Win
    >>> rules = PRESETS["mleague"]
    >>> replay(rules, [Hand(Tsumo(Win(winner=1, han=3, fu=30)))]).state.round_label
    'E2'
    """
    start = start_state(rules)
    state = start
    results = []
    for index, hand in enumerate(hands):
        result = play_hand(state, hand, rules, index=index)
        results.append(result)
        state = result.after
    return Replay(start, tuple(results))
