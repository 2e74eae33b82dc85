"""A hand's outcome applied to the state of a game, and whole-game replay.

Payments, riichi sticks (kyoutaku), honba, dealer rotation (renchan) and the end of the game
follow ``docs/RULES.md`` ("Flow, by result") and ``docs/rules/reference.md`` sections 2.1-2.8:
a dealer win or any draw adds a honba, a non-dealer win resets it; the deal passes unless the
dealer won, was tenpai at an exhaustive draw (under ``renchan: tenpai``), or the hand was
aborted; a chombo replays the hand. Variants (multi-ron, nagashi, tobi, agari-yame, extension
rounds) are ``Ruleset`` fields. Whether a hand ends the game is decided in ``scoring.game_end``;
the state a hand moves from and to is ``scoring.state``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import add
from typing import Final, assert_never

from scoring.errors import IllegalHand, Refusal, Refuse, raise_refusal
from scoring.game_end import next_round
from scoring.game_wins import check_seat, pay_ron, pay_tsumo
from scoring.outcomes import Abort, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.payments import tsumo_deltas
from scoring.rule_values import ChomboStyle, Renchan
from scoring.rules import Ruleset
from scoring.seats import Seat
from scoring.state import STICK, EndReason, GameState, HandResult, Replay, start_state


def _seats(values: Iterable[int], rules: Ruleset, refuse: Refuse, field: str) -> frozenset[Seat]:
    seats: set[Seat] = set()
    for value in values:
        if check_seat(value, rules, refuse, field) in seats:
            refuse(
                field,
                f"seat {value} is listed twice",
                code="seat.listed_twice",
                values={"seat": value},
            )
        seats.add(value)
    return frozenset(seats)


def _draw(state: GameState, draw: Draw, rules: Ruleset, refuse: Refuse, deltas: list[int]) -> bool:
    """Pay an exhaustive draw; return whether the dealer was tenpai."""
    tenpai = _seats(draw.tenpai, rules, refuse, "draw.tenpai")
    nagashi = _seats(draw.nagashi, rules, refuse, "draw.nagashi")
    dealer = state.dealer
    if nagashi:
        if not rules.nagashi_mangan:
            refuse(
                "draw.nagashi", "these rules have no nagashi mangan", code="rules_say.no_nagashi"
            )
        # Paid as a mangan tsumo without honba, instead of the noten payments (Tenhou log
        # upd-aft-nm; reference 2.5); several nagashi players are each paid.
        # With three players it follows the ruleset's ``sanma_tsumo`` as a tsumo does (RULES.md,
        # version 3).
        for seat in nagashi:
            paid = tsumo_deltas(rules, 2000, winner=seat, dealer=dealer, honba=0)
            for other, change in enumerate(paid):
                deltas[other] += change
    elif 0 < len(tenpai) < rules.players:
        # The pool is shared as with four (RULES.md, version 3: 2000 with three players is
        # +2000 / -1000 / -1000 for one tenpai, +1000 / +1000 / -2000 for two).
        gain = rules.noten_payment // len(tenpai)
        loss = rules.noten_payment // (rules.players - len(tenpai))
        for seat in rules.seating.seats:
            deltas[seat] += gain if seat in tenpai else -loss
    return dealer in tenpai


def _abort(abort: Abort, riichi: tuple[Seat, ...], rules: Ruleset, refuse: Refuse) -> None:
    if not rules.abortive_draws:
        refuse("abort", "these rules have no abortive draws", code="rules_say.no_aborts")
    reason = abort.reason
    if reason is None:
        return
    if not rules.seating.has_abortive_draw(reason):
        refuse(
            "abort.reason",
            f"{reason.value} does not exist with three players (RULES.md: only "
            "kyuushu_kyuuhai and suukaikan)",
            code="abort.not_with_three",
            values={"reason": reason.value},
        )
    if reason not in rules.abortive_draws:
        refuse(
            "abort.reason",
            f"these rules have no abortive draw {reason.value}",
            code="rules_say.no_abort_reason",
            values={"reason": reason.value},
        )
    if reason == "suucha_riichi" and len(riichi) != rules.players:
        refuse(
            "riichi",
            "suucha riichi needs all four players' riichi in this hand",
            code="abort.suucha_riichi",
        )


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
    try:
        return _play(state, hand, rules)
    except Refusal as refusal:
        raise IllegalHand(
            index,
            state.round_label,
            refusal.field,
            refusal.message,
            code=refusal.code,
            values=refusal.values,
        ) from None


def _play(state: GameState, hand: Hand, rules: Ruleset) -> HandResult:
    refuse = raise_refusal
    if state.end_reason is not None:
        refuse(
            "",
            f"the game has already ended ({state.end_reason.value})",
            code="hand.after_end",
            values={"reason": state.end_reason.value},
        )
    riichi = hand.riichi
    if riichi:
        _seats(riichi, rules, refuse, "riichi")
    scores = state.scores
    if len(scores) != rules.players:
        refuse(
            "",
            f"a game of {len(scores)} players under rules for {rules.players}",
            code="hand.players_differ",
            values={"players": rules.players, "count": len(scores)},
        )
    deltas = [0] * len(scores)
    outcome = hand.outcome
    if isinstance(outcome, Chombo):
        return _chombo(state, hand, outcome, rules, refuse)
    if riichi and not rules.riichi_below_1000:
        for seat in riichi:
            if scores[seat] < STICK:
                refuse(
                    "riichi",
                    f"seat {seat} has {scores[seat]} points; these rules need 1000 for riichi",
                    code="riichi.below_1000",
                    values={"seat": seat, "points": scores[seat]},
                )
    for seat in riichi:
        deltas[seat] -= STICK
    chips = [0] * len(scores)
    winner: Seat | None = None
    kind: type[Win] | type[Draw] | None
    match outcome:
        case Ron():
            winner = pay_ron(state, outcome, riichi, rules, refuse, deltas, chips)
            keeps = any(win.winner == state.dealer for win in outcome.wins)
            kind = Win
        case Tsumo():
            winner = pay_tsumo(state, outcome, riichi, rules, refuse, deltas, chips)
            keeps = winner == state.dealer
            kind = Win
        case Draw():
            tenpai = _draw(state, outcome, rules, refuse, deltas)
            keeps = tenpai and rules.renchan is Renchan.TENPAI
            kind = Draw
        case Abort():
            _abort(outcome, riichi, rules, refuse)
            keeps = True
            kind = None
        case _:
            assert_never(outcome)
    new_scores = _add(scores, deltas)
    won = state.won
    if winner is not None:
        honba = state.honba + 1 if keeps else 0
        sticks = 0
        if isinstance(outcome, Ron) and len(outcome.wins) > 1:
            won = _mark_won(won, [win.winner for win in outcome.wins])
        elif not won[winner]:
            won = _mark_won(won, (winner,))
    else:
        honba = state.honba + 1
        sticks = state.sticks + len(riichi)
    round_index, reason = next_round(state, hand, rules, new_scores, keeps, kind, refuse)
    after = _new_state(
        (
            new_scores,
            round_index,
            honba,
            sticks,
            state.chombos,
            reason,
            _add(state.chips, chips) if winner is not None and any(chips) else state.chips,
            won,
            winner if reason is not None and reason == "tobi" else None,
        )
    )
    return _new_result((hand, state, after, tuple(deltas)))


#: Build a state or a result from a tuple of every field: the fastest way to make a named
#: tuple, for the one place that makes one every hand.
_new_state: Final = GameState._make
_new_result: Final = HandResult._make


def _add(a: tuple[int, ...], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(map(add, a, b))


def _mark_won(won: tuple[bool, ...], winners: Sequence[Seat]) -> tuple[bool, ...]:
    marks = list(won)
    for seat in winners:
        marks[seat] = True
    return tuple(marks)


def _chombo(
    state: GameState, hand: Hand, chombo: Chombo, rules: Ruleset, refuse: Refuse
) -> HandResult:
    offender = check_seat(chombo.offender, rules, refuse, "chombo.offender")
    deltas = [0] * len(state.scores)
    if rules.chombo is ChomboStyle.REVERSE_MANGAN:
        # A reverse mangan tsumo without honba (reference 2.7), in the ruleset's
        # ``sanma_tsumo`` mode with three players (RULES.md, version 3); riichi sticks of
        # the hand go back to their owners, so nobody pays one.
        paid = tsumo_deltas(rules, 2000, winner=offender, dealer=state.dealer, honba=0)
        deltas = [-d for d in paid]
    chombos = list(state.chombos)
    chombos[offender] += 1
    new_scores = _add(state.scores, deltas)
    _, reason = next_round(state, hand, rules, new_scores, True, None, refuse)
    after = GameState(
        new_scores,
        state.round_index,
        state.honba,
        state.sticks,
        tuple(chombos),
        reason,
        state.chips,
        state.won,
        None,
    )
    return HandResult(hand, state, after, tuple(deltas))


def apply_hand(state: GameState, hand: Hand, rules: Ruleset, *, index: int = 0) -> GameState:
    """The state after one more hand.

    >>> from scoring.rules import PRESETS
    >>> from scoring.outcomes import Draw
    >>> rules = PRESETS["ema"]
    >>> apply_hand(start_state(rules), Hand(Draw(tenpai=(1,))), rules).scores
    (29000, 33000, 29000, 29000)
    """
    return play_hand(state, hand, rules, index=index).after


def replay(
    rules: Ruleset,
    hands: Iterable[Hand],
    *,
    start: GameState | None = None,
    ended: EndReason | None = None,
) -> Replay:
    """Fold the hands from the start of a game (East 1, or ``start`` for a game begun
    elsewhere); ``ended``: the game ended after them by time.

    >>> from scoring.rules import PRESETS
    >>> from scoring.outcomes import Tsumo, Win
    >>> rules = PRESETS["mleague"]
    >>> replay(rules, [Hand(Tsumo(Win(winner=1, han=3, fu=30)))]).state.round_label
    'E2'
    """
    first = start_state(rules) if start is None else start
    state = first
    results = []
    for index, hand in enumerate(hands):
        result = play_hand(state, hand, rules, index=index)
        results.append(result)
        state = result.after
    return Replay(first, tuple(results), ended)
