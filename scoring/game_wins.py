"""A win paid in a game: a ron with one to three winners (head bump, multi-ron), a tsumo, a
liable player's (pao) share, chips, and the checks of a win's seats and value that refuse it
(``refuse(field, message, code=..., values=...)``), for ``scoring.game``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scoring.errors import IllegalWin, Refuse
from scoring.outcomes import Ron, Tsumo, Win
from scoring.payments import ron_deltas, tsumo_deltas, win_value
from scoring.rule_values import MultiRon
from scoring.rules import Ruleset
from scoring.seats import Seat
from scoring.state import STICK, GameState
from scoring.win_details import check_win_details

#: The order of the winners of a ron with one.
_FIRST: Final = (0,)


def check_seat(value: int, rules: Ruleset, refuse: Refuse, field: str) -> Seat:
    """``value`` if it is a seat of the game (0-3, or 0-2 with three players)."""
    seating = rules.seating
    if value not in seating.seats:
        refuse(
            field,
            f"seat {value} does not exist (seats are 0-{seating.last_seat})",
            code="seat.unknown",
            values={"seat": value, "players": seating.players, "last_seat": seating.last_seat},
        )
    return value


def _add_to(deltas: list[int], paid: list[int]) -> None:
    """Add one payment's changes to the hand's, seat by seat."""
    for seat, change in enumerate(paid):
        deltas[seat] += change


def win_field(at: int | None) -> str:
    """The place of a win in its hand: ``tsumo``, or ``ron.wins[i]`` (built only for an error)."""
    return "tsumo" if at is None else f"ron.wins[{at}]"


def _win_basic(rules: Ruleset, win: Win, tsumo: bool, refuse: Refuse, at: int | None) -> int:
    try:
        return win_value(rules, han=win.han, fu=win.fu, yakuman=win.yakuman, tsumo=tsumo).basic
    except IllegalWin as error:
        refuse(win_field(at), str(error), code=error.code, values=error.values)
        raise  # pragma: no cover (refuse always raises)


def _check_win(win: Win, rules: Ruleset, refuse: Refuse, at: int | None) -> None:
    if not 0 <= win.winner < rules.players:
        check_seat(win.winner, rules, refuse, f"{win_field(at)}.winner")
    if win.pao is not None:
        field = f"{win_field(at)}.pao"
        check_seat(win.pao, rules, refuse, field)
        if win.pao == win.winner:
            refuse(field, "the winner cannot be liable (pao) for their own hand", code="pao.winner")
        if not win.yakuman:
            refuse(field, "only a yakuman has a liable player (pao)", code="pao.not_yakuman")
    if win.chips and not rules.chip_value:
        refuse(
            f"{win_field(at)}.chips",
            "these rules have no chips (chip_value is 0)",
            code="rules_say.no_chips",
        )


def _pao_parts(
    rules: Ruleset, win: Win, basic: int, honba: int
) -> tuple[tuple[int, Seat | None, int], ...]:
    """(basic points, liable seat, honba) for each part of a win with a liable player paid
    separately: under ``pao_scope`` ``one_yakuman`` the liable player's share is one
    yakuman (with the honba) and the rest of a composite yakuman is paid as if nobody were
    liable. No parts for a win without one: the caller pays it as a plain win."""
    if win.pao is None:
        return ()
    if rules.pao_scope == "whole" or basic <= 8000:
        return ((basic, win.pao, honba),)
    return ((8000, win.pao, honba), (basic - 8000, None, 0))


def pay_ron(
    state: GameState,
    ron: Ron,
    riichi: tuple[Seat, ...],
    rules: Ruleset,
    refuse: Refuse,
    deltas: list[int],
    chips: list[int],
) -> Seat:
    """Pay a ron with one to three winners; return the winner nearest the discarder."""
    discarder = check_seat(ron.discarder, rules, refuse, "ron.from")
    count = len(ron.wins)
    if count == 0:
        refuse("ron.wins", "a ron needs at least one winner", code="ron.no_winner")
    limit = rules.multi_ron.max_winners if count > 1 else 1
    most = rules.seating.most_ron_winners
    if count > most:
        # Checked first: with three players a triple ron cannot happen at all (there is no
        # sanchahou to record instead; RULES.md, version 3).
        refuse(
            "ron.wins",
            f"{count} winners: a discard has {most} other players to win on it",
            code="ron.more_winners_than_players",
            values={"count": count, "most": most},
        )
    if count > limit:
        if rules.multi_ron is MultiRon.DOUBLE and count == 3:
            refuse(
                "ron.wins",
                "three winners: under these rules a triple ron is an abortive draw "
                "(record it as abort reason sanchahou)",
                code="ron.triple_is_abort",
            )
        refuse(
            "ron.wins",
            f"{count} winners: these rules ({rules.multi_ron}) allow {limit}; "
            "only the winner nearest the discarder wins (head bump)"
            if limit == 1
            else f"{count} winners: these rules allow at most {limit}",
            code="ron.head_bump" if limit == 1 else "ron.too_many_winners",
            values={"count": count, "most": limit},
        )
    seen: set[Seat] = set()
    for i, win in enumerate(ron.wins):
        _check_win(win, rules, refuse, i)
        if win.yaku or win.dora is not None or win.open is not None:
            check_win_details(
                win, rules, refuse, win_field(i), tsumo=False, riichi=riichi, dealer=state.dealer
            )
        if win.winner == discarder:
            refuse(
                f"ron.wins[{i}].winner",
                "a player cannot ron their own discard",
                code="ron.own_discard",
            )
        if win.winner in seen:
            refuse(
                f"ron.wins[{i}].winner",
                f"seat {win.winner} wins twice",
                code="ron.wins_twice",
                values={"seat": win.winner},
            )
        seen.add(win.winner)
    order: Sequence[int] = (
        sorted(
            range(count),
            key=lambda i: rules.seating.turn_distance(discarder, ron.wins[i].winner),
        )
        if count > 1
        else _FIRST
    )
    dealer = state.dealer
    pot = state.sticks + len(riichi)
    for rank, i in enumerate(order):
        win = ron.wins[i]
        basic = _win_basic(rules, win, False, refuse, i)
        honba = state.honba if rank == 0 or rules.multi_ron_honba == "each" else 0
        if win.pao is None:
            paid = ron_deltas(
                rules, basic, winner=win.winner, discarder=discarder, dealer=dealer, honba=honba
            )
            _add_to(deltas, paid)
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
            _add_to(deltas, paid)
        if win.chips:
            chips[win.winner] += win.chips
            chips[discarder] -= win.chips
    nearest = ron.wins[order[0]].winner
    if count > 1 and rules.multi_ron_sticks == "own_back":
        for win in ron.wins:
            if win.winner in riichi:
                deltas[win.winner] += STICK
                pot -= 1
    deltas[nearest] += pot * STICK
    return nearest


def pay_tsumo(
    state: GameState,
    tsumo: Tsumo,
    riichi: tuple[Seat, ...],
    rules: Ruleset,
    refuse: Refuse,
    deltas: list[int],
    chips: list[int],
) -> Seat:
    win = tsumo.win
    _check_win(win, rules, refuse, None)
    if win.yaku or win.dora is not None or win.open is not None:
        check_win_details(
            win, rules, refuse, "tsumo", tsumo=True, riichi=riichi, dealer=state.dealer
        )
    basic = _win_basic(rules, win, True, refuse, None)
    if win.pao is None:
        paid = tsumo_deltas(rules, basic, winner=win.winner, dealer=state.dealer, honba=state.honba)
        _add_to(deltas, paid)
    for part, pao, honba in _pao_parts(rules, win, basic, state.honba):
        paid = tsumo_deltas(
            rules, part, winner=win.winner, dealer=state.dealer, honba=honba, pao=pao
        )
        _add_to(deltas, paid)
    deltas[win.winner] += (state.sticks + len(riichi)) * STICK
    if win.chips:
        payers = rules.players - 1
        for seat in rules.seating.seats:
            chips[seat] += payers * win.chips if seat == win.winner else -win.chips
    return win.winner
