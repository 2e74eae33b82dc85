"""Tenhou's mjlog XML read into a ``LogGame`` (``docs/log-import.md``).

The format, as Tenhou writes it and its viewer, mjx and fastmaj read it: ``<GO type>`` the
lobby's bits (0x02 no red fives, 0x04 no open tanyao, 0x08 East and South, 0x10 three
players), ``<UN n0..n3>`` the names (URL-encoded), then per hand ``<INIT seed="round,honba,
sticks,..." ten="points/100,...">``, ``<REACH who step="2">`` a riichi accepted (its stick
placed: a riichi whose declaring discard is ronned has no step 2), ``<AGARI>`` a win (one tag
per winner of a double ron; ``ten="fu,points,limit"``, ``yaku="id,han,..."`` or
``yakuman="id,..."``, ``who``, ``fromWho``, ``paoWho``, ``m`` the winner's calls, ``sc`` each
seat's points/100 before and change), ``<RYUUKYOKU>`` a draw (``type`` an abortive draw or
``nm`` nagashi mangan; ``hai0``..``hai3`` the tenpai hands shown); ``owari`` on the last tag
holds the final points/100 and results.

A three-player log (``<GO type>`` bit 0x10; its attributes still hold four seats, the fourth
empty) is read over three seats under ``tenhou_sanma``; its round numbers skip the fourth round
of each wind, as the record's round indices do. A kita (``<N m>`` with bit 0x20 and neither
the chi nor the pon bits) is counted for its player: Tenhou's dora line (yaku 52) includes the
winner's kita, which the record counts apart (RULES.md, version 3).

The XML is read with ``defusedxml``: a document type, entities and external references are
refused, so a log cannot expand itself (the "billion laughs") or reach outside.
"""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import unquote
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from scoring.errors import LogError
from scoring.logs.names import TENHOU_ABORTS, TENHOU_DORA, TENHOU_NAGASHI, TENHOU_YAKU
from scoring.logs.values import (
    MAX_LOG_HANDS,
    SEATS,
    LogFinal,
    LogGame,
    LogHand,
    Stated,
    damaged,
    log_int,
    log_result,
    player_names,
    unknown_yaku,
)
from scoring.outcomes import Abort, Draw, Hand, Outcome, Ron, Tsumo, Win
from scoring.seats import SEATINGS
from scoring.yaku import sort_yaku

#: ``<GO type>`` bits.
NO_RED_FIVES: Final = 0x02
NO_KUITAN: Final = 0x04
HANCHAN: Final = 0x08
THREE_PLAYERS: Final = 0x10
#: ``ten``'s limit of a yakuman.
YAKUMAN_LIMIT: Final = 5


def _attr(element: Element, name: str, where: str) -> str:
    value = element.get(name)
    if value is None:
        raise damaged(f"{where}.{name}", "missing")
    return value


def _ints(element: Element, name: str, where: str, count: int | None = None) -> list[int]:
    text = _attr(element, name, where)
    parts = text.split(",") if text else []
    if count is not None and len(parts) != count:
        raise damaged(f"{where}.{name}", f"expected {count} numbers, got {len(parts)}")
    if len(parts) > 64:
        raise damaged(f"{where}.{name}", "too many numbers")
    return [log_int(part, f"{where}.{name}[{i}]") for i, part in enumerate(parts)]


def _seat(element: Element, name: str, where: str, players: int = SEATS) -> int:
    return log_int(_attr(element, name, where), f"{where}.{name}", 0, players - 1)


def is_kita(meld: int) -> bool:
    """Whether a call of ``<N m>`` is a kita (a North tile set aside, three players).

    >>> is_kita(31264), is_kita(51753), is_kita(0x2200)
    (True, False, False)
    """
    return bool(meld & 0x20) and not meld & 0x4 and not meld & 0x18


def is_open_call(meld: int) -> bool:
    """Whether a call of ``<N m>`` opens the hand: a chii, pon, added kan or open kan does,
    a closed kan and a kita do not (the bits as Tenhou's viewer decodes them).

    >>> is_open_call(51753), is_open_call(1131), is_open_call(0x2200)
    (True, True, False)
    """
    if meld & 0x4 or meld & 0x18:
        return True
    if meld & 0x20:
        return False
    return meld & 0x3 != 0


def _win(agari: Element, where: str, kita: list[int]) -> tuple[Win, bool]:
    """One ``<AGARI>``'s win and whether it was a tsumo; ``kita``: each seat's kita so far."""
    players = len(kita)
    winner = _seat(agari, "who", where, players)
    discarder = _seat(agari, "fromWho", where, players)
    ten = _ints(agari, "ten", where, 3)
    calls = _ints(agari, "m", where) if agari.get("m") else []
    is_open = any(is_open_call(meld) for meld in calls)
    pao = _seat(agari, "paoWho", where, players) if agari.get("paoWho") is not None else None
    if pao == winner:
        pao = None
    if agari.get("yakuman"):
        ids = _ints(agari, "yakuman", where)
        yakuman = [_yaku_name(i, f"{where}.yakuman") for i in ids]
        win = Win(winner, yakuman=len(ids), pao=pao, yaku=sort_yaku(yakuman), open=is_open)
        return win, winner == discarder
    values = _ints(agari, "yaku", where)
    if len(values) % 2:
        raise damaged(f"{where}.yaku", "expected id,han pairs")
    names: list[str] = []
    dora = [0, 0, 0]
    han = 0
    for i in range(0, len(values), 2):
        yaku_id, value = values[i], values[i + 1]
        if not 0 <= value <= 26:
            raise damaged(f"{where}.yaku[{i + 1}]", f"expected 0..26 han, got {value}")
        han += value
        if yaku_id in TENHOU_DORA:
            dora[TENHOU_DORA[yaku_id]] += value
        elif value:
            name = _yaku_name(yaku_id, f"{where}.yaku[{i}]")
            if name in names:  # a double wind is one Seat Wind and one Round Wind
                raise damaged(f"{where}.yaku[{i}]", f"{name} twice")
            names.append(name)
    if not names or han < 1:
        raise damaged(f"{where}.yaku", "a win without a yaku")
    # Tenhou's dora line counts the winner's kita: the record counts them apart.
    taken = kita[winner]
    if taken > dora[0]:
        raise damaged(f"{where}.yaku", f"{taken} kita but {dora[0]} dora")
    # Fu only where they count (below 5 han), as tenhou.net/6 writes a limit hand: the same
    # game gives the same record from either format.
    win = Win(
        winner,
        han=han,
        fu=ten[0] if 20 <= ten[0] <= 200 and han < 5 else None,
        pao=pao,
        yaku=sort_yaku(names),
        dora=(dora[0] - taken, dora[1], dora[2]),
        open=is_open,
        kita=taken,
    )
    if win.fu is None and han < 5:
        raise damaged(f"{where}.ten", f"{ten[0]} fu is no hand's fu")
    return win, winner == discarder


def _yaku_name(yaku_id: int, where: str) -> str:
    name = TENHOU_YAKU.get(yaku_id)
    if name is None:
        raise unknown_yaku(where, f"{yaku_id} (Tenhou's id)")
    return name


class _Hand:
    """A hand being read: its ``<INIT>``, riichi accepted, wins and draw."""

    def __init__(self, init: Element, where: str, players: int) -> None:
        self.where = where
        self.players = players
        seed = _ints(init, "seed", where, 6)
        self.round_index = log_int(seed[0], f"{where}.seed[0]", 0, 15)
        if not SEATINGS[players].has_round(self.round_index):
            raise damaged(f"{where}.seed[0]", "a fourth round with three players")
        self.honba = log_int(seed[1], f"{where}.seed[1]", 0, 100)
        self.sticks = log_int(seed[2], f"{where}.seed[2]", 0, 100)
        self.scores = tuple(100 * v for v in _ints(init, "ten", where, SEATS)[:players])
        self.kita = [0] * players
        self.riichi: list[int] = []
        self.stated: list[Stated] = []
        self.wins: list[tuple[Element, str]] = []
        self.draw: tuple[Element, str] | None = None

    def ended(self) -> bool:
        return bool(self.wins) or self.draw is not None

    def placed(self, reach: Element, where: str) -> None:
        """A riichi stick placed (``<REACH step="2">``), with the points the log states."""
        self.riichi.append(_seat(reach, "who", where, self.players))
        if reach.get("ten") is not None:
            points = tuple(100 * v for v in _ints(reach, "ten", where, SEATS)[: self.players])
            self.stated.append(
                Stated(f"{where}.ten", "riichi", len(self.riichi), points, tuple(self.riichi))
            )

    def result(self) -> LogHand:
        deltas = [0] * self.players
        ends = [*self.wins, *([self.draw] if self.draw else [])]
        for index, (element, where) in enumerate(ends):
            sc = _ints(element, "sc", where, 2 * SEATS)
            before = tuple(100 * sc[2 * seat] for seat in range(self.players))
            self.stated.append(Stated(f"{where}.sc", "before", index, before, tuple(deltas)))
            ba = element.get("ba")
            if ba is not None:
                self.stated.append(
                    Stated(f"{where}.ba", "ba", index, tuple(_ints(element, "ba", where, 2)))
                )
            if element.tag == "AGARI":
                value = _ints(element, "ten", where, 3)[1]
                self.stated.append(Stated(f"{where}.ten", "value", index, (value,)))
            for seat in range(self.players):
                deltas[seat] += 100 * sc[2 * seat + 1]
        for seat in self.riichi:
            deltas[seat] -= 1000
        outcome: Outcome
        if self.wins:
            wins = [_win(element, where, self.kita) for element, where in self.wins]
            if len(wins) == 1 and wins[0][1]:
                outcome = Tsumo(wins[0][0])
            else:
                first, where = self.wins[0]
                discarder = _seat(first, "fromWho", where, self.players)
                outcome = Ron(discarder, tuple(win for win, _ in wins))
        else:
            assert self.draw is not None
            outcome = _draw(*self.draw, deltas)
        hand = Hand(outcome, tuple(sorted(set(self.riichi))))
        return LogHand(
            hand,
            self.where,
            self.round_index,
            self.honba,
            self.sticks,
            self.scores,
            tuple(deltas),
            tuple(self.stated),
        )


def _draw(element: Element, where: str, deltas: list[int]) -> Outcome:
    kind = element.get("type")
    if kind in TENHOU_ABORTS:
        return Abort(TENHOU_ABORTS[kind])
    if kind is not None and kind != TENHOU_NAGASHI:
        raise damaged(f"{where}.type", f"unknown draw {kind[:20]!r}")
    seats = range(len(deltas))
    tenpai = tuple(seat for seat in seats if element.get(f"hai{seat}") is not None)
    if kind == TENHOU_NAGASHI:
        nagashi = tuple(seat for seat in seats if deltas[seat] > 0)
        return Draw(tenpai, nagashi)
    return Draw(tenpai)


def _parse(text: str | bytes) -> Element:
    try:
        root: Element = fromstring(text, forbid_dtd=True)
    except DefusedXmlException as error:
        reason = type(error).__name__
        raise LogError(
            "XML",
            f"refused: {reason} (no entities or document types)",
            code="log.xml_refused",
            values={"reason": reason},
        ) from None
    except ParseError as error:
        line, column = error.position
        raise LogError(
            f"XML line {line}, column {column}",
            "not well-formed (a damaged or cut file?)",
            code="log.xml_damaged",
            values={"line": line, "column": column},
        ) from None
    if root.tag != "mjloggm":
        raise damaged("XML", f"expected <mjloggm>, got <{root.tag[:20]}>")
    return root


def read_mjlog(text: str | bytes, log_id: str = "") -> LogGame:
    """A Tenhou mjlog XML document read into a ``LogGame``; ``log_id`` is the id the caller
    knows it by (the file's name), as the XML does not hold its own."""
    root = _parse(text)
    counts: dict[str, int] = {}
    lobby: int | None = None
    names: list[str] | None = None
    players = SEATS
    hands: list[LogHand] = []
    current: _Hand | None = None
    final: LogFinal | None = None
    for element in root:
        tag = element.tag
        counts[tag] = counts.get(tag, 0) + 1
        where = f"<{tag}> {counts[tag]}"
        if final is not None and tag in ("INIT", "AGARI", "RYUUKYOKU"):
            raise damaged(where, "play goes on after the final results")
        if tag == "GO":
            lobby = log_int(_attr(element, "type", where), f"{where}.type", 0, 0xFFFF)
            players = 3 if lobby & THREE_PLAYERS else SEATS
        elif tag == "UN" and names is None and element.get("n0") is not None:
            names = [unquote(element.get(f"n{seat}", "")) for seat in range(players)]
        elif tag == "INIT":
            if current is not None:
                if not current.ended():
                    raise damaged(current.where, "a hand without a result")
                hands.append(current.result())
            if len(hands) >= MAX_LOG_HANDS:
                raise damaged(where, f"more than {MAX_LOG_HANDS} hands")
            current = _Hand(element, where, players)
        elif tag in ("REACH", "AGARI", "RYUUKYOKU"):
            if current is None or (tag == "REACH" and current.ended()):
                raise damaged(where, "outside a hand")
            if tag == "REACH":
                if element.get("step") == "2":
                    current.placed(element, where)
            elif tag == "AGARI":
                if current.draw is not None or len(current.wins) >= 3:
                    raise damaged(where, "a win after the hand's end")
                current.wins.append((element, where))
            else:
                if current.ended():
                    raise damaged(where, "a draw after the hand's end")
                current.draw = (element, where)
            if element.get("owari") is not None:
                final = _final(element, where, players)
        elif (
            tag == "N"
            and current is not None
            and SEATINGS[players].sets_aside_kita
            and not current.ended()
        ):
            meld = log_int(_attr(element, "m", where), f"{where}.m", 0, 0xFFFF)
            if is_kita(meld):
                current.kita[_seat(element, "who", where, players)] += 1
    if current is not None:
        if not current.ended():
            raise damaged(current.where, "a hand without a result (a cut file?)")
        hands.append(current.result())
    if lobby is None or names is None or not hands:
        missing = "<GO>" if lobby is None else "<UN>" if names is None else "<INIT>"
        raise damaged("XML", f"not a whole Tenhou log: no {missing}")
    overrides: dict[str, Any] = {"length": "hanchan" if lobby & HANCHAN else "tonpuusen"}
    if lobby & NO_RED_FIVES:
        overrides["aka_dora"] = 0
    if lobby & NO_KUITAN:
        overrides["kuitan"] = False
    preset = "tenhou" + SEATINGS[players].preset_suffix
    return LogGame("tenhou", log_id, player_names(names), preset, overrides, tuple(hands), final)


def _final(element: Element, where: str, players: int) -> LogFinal:
    parts = _attr(element, "owari", where).split(",")
    if len(parts) != 2 * SEATS:
        raise damaged(f"{where}.owari", f"expected {2 * SEATS} numbers, got {len(parts)}")
    seats = range(players)
    points = tuple(100 * log_int(parts[2 * s], f"{where}.owari[{2 * s}]") for s in seats)
    results = tuple(log_result(parts[2 * s + 1], f"{where}.owari[{2 * s + 1}]") for s in seats)
    return LogFinal(f"{where}.owari", points, results)


__all__ = ["is_kita", "is_open_call", "read_mjlog"]
