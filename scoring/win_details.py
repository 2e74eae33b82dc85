"""What a win was made of, checked against its value and the rules: its yaku, dora and
whether the hand was open (``docs/game-record.md``, a win's ``yaku``, ``dora``,
``open``).

All three are optional. Where they are given they must hold together, as the standard rules
and the ruleset say (``scoring.yaku`` lists the yaku, their han and the pairs no hand has):

- the han of the yaku (closed or open) plus the dora equal the win's han; yakuman yaku make
  the win's yakuman count (``double_yakuman_hands``, ``multiple_yakuman``); 13 han and more
  without a yakuman yaku are one yakuman only under ``kazoe: yakuman``. Without dora, the
  yaku may not make more han than the win has (the rest are dora nobody counted), and a
  kazoe yakuman needs no more of them;
- a yaku that needs a closed hand is not open; open tanyao needs ``kuitan``;
- Riichi, Double Riichi, Ippatsu and ura dora need the winner's riichi in the hand, and a
  winner who declared riichi has a closed hand with Riichi or Double Riichi among its yaku
  (seed 004: ura dora only for riichi);
- a closed tsumo has Menzen Tsumo; yaku of a tsumo are not named on a ron and the other way
  round; Tenhou is the dealer's, Chiihou a non-dealer's;
- yakuman yaku are listed alone (a yakuman's other yaku do not count), no more red fives than
  the ruleset's ``aka_dora``.
"""

from __future__ import annotations

from typing import Final

from scoring.errors import Refuse
from scoring.outcomes import Win
from scoring.rule_values import Kazoe
from scoring.rules import Ruleset
from scoring.seats import Seat
from scoring.yaku import (
    BY_NAME,
    DRAGONS,
    RIICHI_YAKU,
    RON_ONLY,
    TSUMO_ONLY,
    clashes,
    yaku_han,
    yakuman_count,
)

#: Han from which a hand without a yakuman yaku is a kazoe yakuman (where the rules say so).
KAZOE_HAN: Final = 13


def dora_total(win: Win) -> int | None:
    """The han the win's dora add, ``None`` where the record does not say.

    >>> dora_total(Win(0, han=3, fu=30, dora=(1, 0, 1)))
    2
    >>> dora_total(Win(0, han=4, fu=30, dora=(1, 0, 1), kita=2))
    4
    """
    dora = win.dora
    if dora is None or isinstance(dora, int):
        return dora
    return dora[0] + dora[1] + dora[2] + win.kita


def is_closed(win: Win) -> bool:
    """Whether a win whose record gives yaku counts them closed: ``open`` says so, or is left
    out (a hand is closed unless said otherwise)."""
    return win.open is not True


def check_win_details(
    win: Win,
    rules: Ruleset,
    refuse: Refuse,
    where: str,
    *,
    tsumo: bool,
    riichi: tuple[Seat, ...],
    dealer: Seat,
) -> None:
    """Refuse (``refuse(field, message)``) a win whose yaku, dora or open/closed do not hold
    together, with its value or with the rules; ``where`` is the win's place in the hand
    (``tsumo``, ``ron.wins[1]``).

    >>> from scoring.errors import Refusal, raise_refusal
    >>> from scoring.rules import PRESETS
    >>> win = Win(0, han=3, fu=30, yaku=("Riichi", "Pinfu"), dora=0)
    >>> try:
    ...     check_win_details(win, PRESETS["tenhou"], raise_refusal, "ron.wins[0]", tsumo=False,
    ...                       riichi=(0,), dealer=0)
    ... except Refusal as refusal:
    ...     print(refusal.field, refusal.message)
    ron.wins[0].yaku Riichi 1 + Pinfu 1 + dora 0 make 2 han, but the win has 3 han
    """
    declared = win.winner in riichi
    if declared and win.open is True:
        refuse(f"{where}.open", "a hand with riichi is closed", code="win.riichi_open")
    total = dora_total(win)
    if win.kita and not rules.seating.sets_aside_kita:
        # Kita are North tiles set aside, which only three players do (RULES.md, version 3).
        refuse(
            f"{where}.dora.kita",
            "kita are set aside only with three players",
            code="dora.kita_four_players",
        )
    if isinstance(win.dora, tuple):
        _check_dora_parts(win.dora, rules, refuse, f"{where}.dora", declared=declared)
    if win.yaku:
        _check_yaku(
            win, rules, refuse, f"{where}.yaku", tsumo=tsumo, declared=declared, dealer=dealer
        )
        _check_value(win, rules, refuse, f"{where}.yaku", total)
    elif total is not None and not win.yakuman and win.han is not None and total >= win.han:
        refuse(
            f"{where}.dora",
            f"{total} dora leave none of the win's {win.han} han for a yaku (dora are not yaku)",
            code="dora.no_han_for_yaku",
            values={"dora": total, "han": win.han},
        )


def _check_dora_parts(
    parts: tuple[int, int, int], rules: Ruleset, refuse: Refuse, field: str, *, declared: bool
) -> None:
    _dora, ura, aka = parts
    if ura and not declared:
        refuse(
            field,
            "ura dora count only for a winner who declared riichi",
            code="dora.ura_without_riichi",
        )
    if aka > rules.aka_dora:
        refuse(
            field,
            "these rules have no red fives"
            if not rules.aka_dora
            else f"{aka} red fives: these rules have {rules.aka_dora}",
            code="dora.no_red_fives" if not rules.aka_dora else "dora.too_many_red_fives",
            values={"aka": aka, "most": rules.aka_dora},
        )


def _check_yaku(
    win: Win,
    rules: Ruleset,
    refuse: Refuse,
    field: str,
    *,
    tsumo: bool,
    declared: bool,
    dealer: Seat,
) -> None:
    names = win.yaku
    closed = is_closed(win)
    yakuman = [name for name in names if BY_NAME[name].yakuman]
    if yakuman and len(yakuman) < len(names):
        other = next(name for name in names if not BY_NAME[name].yakuman)
        refuse(
            field,
            f"{other} does not count beside the yakuman {yakuman[0]}: list it alone",
            code="yaku.beside_yakuman",
            values={"yaku": other, "yakuman": yakuman[0]},
        )
    pair = clashes(names)
    if pair:
        refuse(
            field,
            f"{pair[0]} and {pair[1]} cannot go together",
            code="yaku.clash",
            values={"yaku": pair[0], "other": pair[1]},
        )
    for name in names:
        if not closed and BY_NAME[name].open is None:
            refuse(
                field,
                f"{name} needs a closed hand, and this one is open",
                code="yaku.needs_closed",
                values={"yaku": name},
            )
        if tsumo and name in RON_ONLY:
            refuse(
                field,
                f"{name} is won on a discard, not by tsumo",
                code="yaku.ron_only",
                values={"yaku": name},
            )
        if not tsumo and name in TSUMO_ONLY:
            refuse(
                field,
                f"{name} is won by tsumo, not on a discard",
                code="yaku.tsumo_only",
                values={"yaku": name},
            )
    if not closed and "Tanyao" in names and not rules.kuitan:
        refuse(field, "these rules have no open tanyao (kuitan)", code="rules_say.no_kuitan")
    riichi_yaku = RIICHI_YAKU.intersection(names)
    if riichi_yaku and not declared:
        refuse(
            field,
            f"{min(riichi_yaku)} needs the winner to declare riichi in this hand",
            code="yaku.needs_riichi",
            values={"yaku": min(riichi_yaku)},
        )
    if "Ippatsu" in names and not riichi_yaku:
        refuse(field, "Ippatsu needs Riichi or Double Riichi", code="yaku.ippatsu_without_riichi")
    if "Tenhou" in names and win.winner != dealer:
        refuse(
            field,
            "Tenhou is the dealer's: a non-dealer's first-draw win is Chiihou",
            code="yaku.tenhou_non_dealer",
        )
    if "Chiihou" in names and win.winner == dealer:
        refuse(
            field,
            "Chiihou is a non-dealer's: the dealer's first-draw win is Tenhou",
            code="yaku.chiihou_dealer",
        )
    if yakuman:
        return
    if declared and not riichi_yaku:
        refuse(
            field,
            "the winner declared riichi: add Riichi (or Double Riichi)",
            code="yaku.riichi_missing",
        )
    if tsumo and closed and "Menzen Tsumo" not in names:
        refuse(
            field, "a closed hand won by tsumo has Menzen Tsumo", code="yaku.menzen_tsumo_missing"
        )
    dragons = sum(name in DRAGONS for name in names)
    if "Shousangen" in names and dragons != 2:
        refuse(
            field,
            "Shousangen has two dragon triplets: add the two of Haku, Hatsu, Chun",
            code="yaku.shousangen_dragons",
        )


def _check_value(win: Win, rules: Ruleset, refuse: Refuse, field: str, dora: int | None) -> None:
    names = win.yaku
    if BY_NAME[names[0]].yakuman:
        count = yakuman_count(
            names, double_hands=rules.double_yakuman_hands, multiple=rules.multiple_yakuman
        )
        if count != win.yakuman:
            made = f"{' + '.join(names)} make {_yakuman_words(count)}"
            refuse(
                field,
                f"{made}, but the win has {_value_words(win)}",
                code="yaku.yakuman_count_differs",
                values={
                    "yaku": " + ".join(names),
                    "names": tuple(names),
                    "count": count,
                    "yakuman": win.yakuman,
                },
            )
        return
    closed = is_closed(win)
    parts = [(name, yaku_han(name, is_open=not closed) or 0) for name in names]
    han = sum(value for _, value in parts)
    words = " + ".join(f"{name} {value}" for name, value in parts)
    # The yaku and their han as values too, so that a page words them in its own language.
    made_of: dict[str, object] = {"parts": tuple(parts), "dora": dora}
    if dora is not None:
        han += dora
        words += f" + dora {dora}"
    if win.yakuman:
        # Kazoe: 13 han and more, where the dora say so (without them the rest is unknown).
        kazoe = rules.kazoe is Kazoe.YAKUMAN and (dora is None or han >= KAZOE_HAN)
        if not kazoe or win.yakuman != 1:
            refuse(
                field,
                f"{words} make {han} han, but the win has {_value_words(win)}",
                code="yaku.han_not_kazoe",
                values={"yaku": words, **made_of, "han": han, "yakuman": win.yakuman},
            )
        return
    if win.han is None:  # pragma: no cover (a win has han or yakuman)
        return
    if dora is not None and han != win.han:
        refuse(
            field,
            f"{words} make {han} han, but the win has {win.han} han",
            code="yaku.han_differs",
            values={"yaku": words, **made_of, "han": han, "win_han": win.han},
        )
    if dora is None and han > win.han:
        refuse(
            field,
            f"{words} make {han} han, more than the win's {win.han} han",
            code="yaku.han_exceeds",
            values={"yaku": words, **made_of, "han": han, "win_han": win.han},
        )


def _yakuman_words(count: int) -> str:
    return "a yakuman" if count == 1 else f"{count} yakuman"


def _value_words(win: Win) -> str:
    return _yakuman_words(win.yakuman) if win.yakuman else f"{win.han} han"


__all__ = ["KAZOE_HAN", "check_win_details", "dora_total", "is_closed"]
