"""tenhou.net/6 JSON read into a ``LogGame`` (``docs/log-import.md``), as Tenhou writes it
(``tenhou.net/5/mjlog2json.cgi``) and as Mahjong Soul converters (tensoul and its kin) write a
Mahjong Soul game.

``{"log": [round, ...], "name": [...], "rule": {"disp", "aka"...}, "sc": [points, result, ...],
"ref": id}``. A round is ``[[kyoku, honba, sticks], scores, dora, ura dora, then per seat
its first hand, draws and discards, and the result]``: ``["和了", deltas, [who, from, pao,
"30符4飜3900点", "立直(1飜)", ...], deltas, [...]]`` (one pair per winner), ``["流局",
deltas]``, ``["流し満貫", deltas]`` or an abortive draw's name. The deltas leave out the
riichi sticks placed in the round. A discard written ``r..`` declares riichi; its stick is
placed unless that very discard is ronned (or, for a triple ron, unless the next round's
scores show it was not). A call (``c`` chii, ``p`` pon, ``m`` open kan among the draws)
opens the hand; a closed kan (``a``) does not.

A three-player game has a fourth name of ``""`` (its scores, changes and seat arrays keep
four places, the fourth empty; three places are read as well); it is read over three seats
under ``tenhou_sanma`` (``mahjongsoul_sanma`` for a Mahjong Soul room). A kita is a discard
written ``f44``: Tenhou's ``ドラ`` line counts the winner's kita, which the record counts apart
(RULES.md, version 3); a converter's own kita line (``抜きドラ``) is the kita themselves.

The JSON gives no fu for a limit hand: one of 5 han and more needs none, and a mangan of 3 or 4
han is written with the least fu that makes it one (70 or 40), which pays the same.
"""

from __future__ import annotations

import re
from typing import Any, Final

from scoring.logs.names import (
    HANCHAN_WORDS,
    JSON_ABORTS,
    JSON_ALL_TENPAI,
    JSON_DORA,
    JSON_DRAW,
    JSON_KITA,
    JSON_NAGASHI,
    JSON_NONE_TENPAI,
    JSON_WIN,
    JSON_YAKU,
    MAHJONGSOUL_ROOMS,
    TONPUUSEN_WORDS,
)
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
from scoring.outcomes import Abort, AbortReason, Draw, Hand, Outcome, Ron, Tsumo, Win
from scoring.rule_values import PLAYER_COUNTS
from scoring.rules import PRESETS
from scoring.seats import SEATINGS
from scoring.yaku import BY_NAME, sort_yaku, yakuman_count

#: A round's entries: the header, scores, dora, ura dora, three per seat, the result.
ROUND_LENGTH: Final = 4 + 3 * SEATS + 1
#: The longest text of a round's result read (a yaku line, a point text).
MAX_TEXT: Final = 60
#: The least fu that makes a mangan of 3 and of 4 han (basic points 2000).
MANGAN_FU: Final = {3: 70, 4: 40}
#: What a point text says when the hand is a limit hand (tensoul's words too).
LIMIT_WORDS: Final = ("満貫", "跳満", "倍満", "役満", "Mangan", "Haneman", "Baiman", "Yakuman")


def _list(value: Any, where: str, length: int | None = None, most: int = 200) -> list[Any]:
    if not isinstance(value, list):
        raise damaged(where, "expected a list")
    if (length is not None and len(value) != length) or len(value) > most:
        raise damaged(
            where,
            f"expected {length} items, got {len(value)}"
            if length is not None
            else f"expected at most {most} items, got {len(value)}",
        )
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise damaged(where, f"expected a text of at most {MAX_TEXT} characters")
    return value


def _seats(value: Any, where: str, players: int = SEATS) -> tuple[int, ...]:
    """A value per seat: four places (with three players the fourth is left out), or
    exactly ``players`` places."""
    items = _list(value, where, most=SEATS)
    if len(items) not in (players, SEATS):
        raise damaged(where, f"expected {SEATS} items, got {len(items)}")
    if players < SEATS and len(items) == SEATS and items[SEATS - 1] not in (0, None):
        raise damaged(f"{where}[{SEATS - 1}]", "a fourth seat in a three-player game")
    return tuple(log_int(v, f"{where}[{i}]") for i, v in enumerate(items[:players]))


#: A kita as a discard of tenhou.net/6 (the North tile, 44, set aside).
KITA_DISCARD: Final = "f44"


def _number_before(text: str, marks: tuple[str, ...]) -> int | None:
    """The number written just before the first of ``marks`` in ``text``.

    >>> _number_before("30符4飜3900点", ("符",)), _number_before("満貫8000点", ("符",))
    (30, None)
    """
    for mark in marks:
        end = text.find(mark)
        if end > 0:
            start = end
            while start > 0 and text[start - 1].isascii() and text[start - 1].isdigit():
                start -= 1
            if start < end:
                return int(text[start:end])
    return None


#: The points a win's text states, as Tenhou writes them: ``3900点`` (a ron), ``1000-2000点``
#: (a tsumo: each non-dealer's and the dealer's payment), ``2600点∀`` (a dealer's tsumo: what
#: each pays).
POINTS_TEXT: Final = re.compile(r"(\d{1,6})(?:-(\d{1,6}))?点(∀)?$")


def stated_worth(text: str, players: int) -> int | None:
    """What a win's text says the win is worth before honba and sticks (a tsumo's payments
    added up), where it is written as Tenhou writes it; ``None`` otherwise.

    >>> stated_worth("30符4飜3900点∀", 4), stated_worth("跳満3000-6000点", 4)
    (11700, 12000)
    >>> stated_worth("満貫8000点", 3), stated_worth("Mangan", 4)
    (8000, None)
    """
    found = POINTS_TEXT.search(text)
    if found is None:
        return None
    each, dealer, everyone = found.groups()
    if dealer is not None:
        return int(each) * (players - 2) + int(dealer)
    if everyone:
        return int(each) * (players - 1)
    return int(each)


def _yaku_line(line: str, where: str) -> tuple[str, int, int]:
    """A yaku line's name, han and yakuman: ``立直(1飜)`` is ``('立直', 1, 0)``."""
    name, bracket, value = line.removesuffix(")").rpartition("(")
    if not bracket or not line.endswith(")"):
        raise damaged(where, f"expected name(han), got {line!r}")
    value = value.strip()
    if value in ("役満", "Yakuman"):
        return name.strip(), 0, 1
    if value in ("ダブル役満", "Double Yakuman"):
        return name.strip(), 0, 2
    han = _number_before(value + "飜", ("飜", "han", "Han"))
    if han is None or han > 26:
        raise damaged(where, f"expected name(han), got {line!r}")
    return name.strip(), han, 0


def _win(
    details: Any, where: str, preset: str, is_open: list[bool], kita: list[int]
) -> tuple[Win, int]:
    """One winner's details: the win and who it was won from (the winner on a tsumo);
    ``kita``: each seat's kita in the round."""
    items = _list(details, where, most=40)
    if len(items) < 5:
        raise damaged(where, "a win needs who, from, pao, points and a yaku")
    last = len(is_open) - 1
    winner, discarder, pao = (log_int(items[i], f"{where}[{i}]", 0, last) for i in range(3))
    point_text = _text(items[3], f"{where}[3]")
    names: list[str] = []
    dora = [0, 0, 0]
    han = 0
    yakuman = 0
    kita_line: int | None = None
    for i, item in enumerate(items[4:], start=4):
        at = f"{where}[{i}]"
        name, value, count = _yaku_line(_text(item, at), at)
        if name in JSON_DORA:
            dora[JSON_DORA[name]] += value
            han += value
            continue
        if name in JSON_KITA:
            if len(is_open) == SEATS:
                raise damaged(at, "a kita in a four-player game")
            kita_line = (kita_line or 0) + value
            han += value
            continue
        project = JSON_YAKU.get(name)
        if project is None:
            raise unknown_yaku(at, name)
        if project in names:
            raise damaged(at, f"{project} twice")
        if count or BY_NAME[project].yakuman:
            yakuman += max(count, 1)
        elif value:
            han += value
        if value or count or BY_NAME[project].yakuman:
            names.append(project)
    liable = None if pao == winner else pao
    if yakuman:
        rules = PRESETS[preset]
        named = [name for name in names if BY_NAME[name].yakuman]
        count = yakuman_count(
            named, double_hands=rules.double_yakuman_hands, multiple=rules.multiple_yakuman
        )
        win = Win(
            winner, yakuman=max(count, 1), pao=liable, yaku=sort_yaku(named), open=is_open[winner]
        )
        return win, discarder
    if not names:
        raise damaged(where, "a win without a yaku")
    # The kita: a converter's own line, or those Tenhou counts in its dora line.
    taken = kita[winner] if kita_line is None else kita_line
    if kita_line is None and taken > dora[0]:
        raise damaged(where, f"{taken} kita but {dora[0]} dora")
    if kita_line is None:
        dora[0] -= taken
    fu = _number_before(point_text, ("符", "Fu", "fu"))
    if fu is None and han < 5:
        if not any(word in point_text for word in LIMIT_WORDS) or han not in MANGAN_FU:
            raise damaged(f"{where}[3]", f"no fu in {point_text!r}")
        fu = MANGAN_FU[han]
    if fu is not None and not 20 <= fu <= 200:
        raise damaged(f"{where}[3]", f"{fu} fu is no hand's fu")
    win = Win(
        winner,
        han=han,
        fu=fu if han < 5 else None,
        pao=liable,
        yaku=sort_yaku(names),
        dora=(dora[0], dora[1], dora[2]),
        open=is_open[winner],
        kita=taken,
    )
    return win, discarder


class _Round:
    """One round of the JSON as read: its header, the seats that declared riichi (and whose
    declaring discard was their last), the calls, and the result."""

    def __init__(self, value: Any, where: str, players: int = SEATS) -> None:
        entry = _list(value, where, most=ROUND_LENGTH)
        if len(entry) not in (ROUND_LENGTH, 4 + 3 * players + 1):
            raise damaged(where, f"expected {ROUND_LENGTH} items, got {len(entry)}")
        self.where = where
        self.players = players
        header = _list(entry[0], f"{where}[0]", 3)
        self.round_index = log_int(header[0], f"{where}[0][0]", 0, 15)
        if players < SEATS and self.round_index % SEATS >= players:
            raise damaged(f"{where}[0][0]", "a fourth round with three players")
        self.honba = log_int(header[1], f"{where}[0][1]", 0, 100)
        self.sticks = log_int(header[2], f"{where}[0][2]", 0, 100)
        self.scores = _seats(entry[1], f"{where}[1]", players)
        self.declared: list[int] = []
        self.last_declared: set[int] = set()
        self.is_open = [False] * players
        self.kita = [0] * players
        for seat in range(players):
            draws = _list(entry[5 + 3 * seat], f"{where}[{5 + 3 * seat}]", most=60)
            discards = _list(entry[6 + 3 * seat], f"{where}[{6 + 3 * seat}]", most=60)
            calls = [item for item in draws if isinstance(item, str)]
            self.is_open[seat] = any(mark in call for call in calls for mark in "cpm")
            riichi = [
                i for i, item in enumerate(discards) if isinstance(item, str) and item[:1] == "r"
            ]
            self.kita[seat] = sum(item == KITA_DISCARD for item in discards)
            if riichi:
                self.declared.append(seat)
                if riichi[-1] == len(discards) - 1:
                    self.last_declared.add(seat)
        self.end = len(entry) - 1
        self.result = _list(entry[-1], f"{where}[{self.end}]", most=7)
        if not self.result:
            raise damaged(f"{where}[{self.end}]", "no result")
        self.kind = _text(self.result[0], f"{where}[{self.end}][0]")

    def hand(self, preset: str, next_round: _Round | None) -> LogHand:
        where = f"{self.where}[{self.end}]"
        players = self.players
        # A round index is ``wind * 4 + dealer`` with three players too (Tenhou's numbers).
        dealer = self.round_index % SEATS
        riichi = set(self.declared)
        deltas = [0] * players
        logged = True
        stated: list[Stated] = []
        outcome: Outcome
        kind = self.kind
        if kind in JSON_WIN:
            rest = self.result[1:]
            if not rest or len(rest) % 2 or len(rest) > 6:
                raise damaged(where, "expected deltas and details per winner")
            wins: list[Win] = []
            froms: list[int] = []
            for i in range(0, len(rest), 2):
                for seat, delta in enumerate(_seats(rest[i], f"{where}[{i + 1}]", players)):
                    deltas[seat] += delta
                win, discarder = _win(
                    rest[i + 1], f"{where}[{i + 2}]", preset, self.is_open, self.kita
                )
                worth = stated_worth(rest[i + 1][3], players)
                if worth is not None:
                    stated.append(Stated(f"{where}[{i + 2}][3]", "value", len(wins), (worth,)))
                wins.append(win)
                froms.append(discarder)
            if len(wins) == 1 and froms[0] == wins[0].winner:
                outcome = Tsumo(wins[0])
            else:
                if len(set(froms)) != 1 or froms[0] in [win.winner for win in wins]:
                    raise damaged(where, "the winners' discarder differs")
                outcome = Ron(froms[0], tuple(wins))
                # The declaring discard ronned: the stick was never placed.
                if froms[0] in self.last_declared:
                    riichi.discard(froms[0])
        elif kind in JSON_ABORTS:
            reason = JSON_ABORTS[kind]
            outcome = Abort(reason)
            logged = False
            if reason is AbortReason.SANCHAHOU and next_round is not None:
                for seat in self.last_declared:
                    if next_round.scores[seat] == self.scores[seat]:
                        riichi.discard(seat)
        elif kind in JSON_DRAW | JSON_ALL_TENPAI | JSON_NONE_TENPAI | JSON_NAGASHI:
            if len(self.result) > 1:
                for seat, delta in enumerate(_seats(self.result[1], f"{where}[1]", players)):
                    deltas[seat] += delta
            keeps = next_round is not None and next_round.round_index == self.round_index
            if kind in JSON_NAGASHI:
                nagashi = tuple(seat for seat in range(players) if deltas[seat] > 0)
                tenpai = riichi | ({dealer} if keeps else set())
                outcome = Draw(tuple(sorted(tenpai)), nagashi)
            elif any(deltas):
                outcome = Draw(tuple(seat for seat in range(players) if deltas[seat] > 0))
            elif kind in JSON_ALL_TENPAI or (kind in JSON_DRAW and (riichi or keeps)):
                outcome = Draw(tuple(range(players)))
            else:
                outcome = Draw(())
        else:
            raise damaged(f"{where}[0]", f"unknown result {kind!r}")
        if logged:
            for seat in riichi:
                deltas[seat] -= 1000
        return LogHand(
            Hand(outcome, tuple(sorted(riichi))),
            self.where,
            self.round_index,
            self.honba,
            self.sticks,
            self.scores,
            tuple(deltas) if logged else None,
            tuple(stated),
        )


def _rules(rule: Any, players: int) -> tuple[str, dict[str, Any]]:
    """The preset and the parameters the ``rule`` object names."""
    if rule is None:
        rule = {}
    if not isinstance(rule, dict):
        raise damaged("rule", "expected an object")
    disp = rule.get("disp", "")
    disp = _text(disp, "rule.disp") if disp else ""
    platform = "mahjongsoul" if any(room in disp for room in MAHJONGSOUL_ROOMS) else "tenhou"
    seating = SEATINGS[players]
    preset = f"{platform}{seating.preset_suffix}"
    overrides: dict[str, Any] = {}
    if any(word in disp for word in HANCHAN_WORDS):
        overrides["length"] = "hanchan"
    elif any(word in disp for word in TONPUUSEN_WORDS):
        overrides["length"] = "tonpuusen"
    if "aka" in rule:
        # Three players have no red 5m: two red fives (RULES.md, version 3).
        overrides["aka_dora"] = seating.red_fives * log_int(rule["aka"], "rule.aka", 0, 1)
    elif any(f"aka5{suit}" in rule for suit in "123"):
        overrides["aka_dora"] = sum(
            log_int(rule.get(f"aka5{suit}", 0), f"rule.aka5{suit}", 0, 4) for suit in "123"
        )
    if platform == "tenhou" and "length" in overrides and "喰" not in disp:
        overrides["kuitan"] = False
    if platform == "mahjongsoul":
        overrides.update(_room_points(rule, players))
    return preset, overrides


#: A Mahjong Soul room's point settings, as its own game rules name them (``GameDetailRule``
#: of Mahjong Soul's client protocol, shown in a friendly room's settings): the start points
#: (``init_point``), the points first must reach for the game to end (``fandian``), the
#: points results are counted from (``jingsuanyuandian``) and the uma of second, third and
#: fourth in thousands (``shunweima_2`` ... ``shunweima_4``; first's is what the others'
#: leave to zero). A converter that carries the room's rules copies them into ``rule``.
ROOM_POINTS: Final = ("init_point", "fandian", "jingsuanyuandian")
ROOM_UMA: Final = ("shunweima_2", "shunweima_3", "shunweima_4")


def _room_points(rule: dict[str, Any], players: int) -> dict[str, Any]:
    """What a converted Mahjong Soul log's ``rule`` says of the room's points and uma.
    Results counted from other points than the start would pay the difference to someone
    (an oka) that the room's settings do not say: those points are left for the final
    results to settle."""
    out: dict[str, Any] = {}
    start, target, origin = (
        log_int(rule[key], f"rule.{key}", 1000, 1_000_000) if key in rule else None
        for key in ROOM_POINTS
    )
    if start is not None:
        out["start_points"] = start
        if origin == start:
            out["return_points"] = start
            out["oka"] = 0
    if target is not None:
        out["target_points"] = target
    keys = ROOM_UMA[: players - 1]
    if all(key in rule for key in keys):
        rest = [1000 * log_int(rule[key], f"rule.{key}", -100, 100) for key in keys]
        out["uma"] = [-sum(rest), *rest]
    return out


def read_tenhou6(doc: Any, log_id: str = "") -> LogGame:
    """A tenhou.net/6 JSON document (decoded) read into a ``LogGame``."""
    if not isinstance(doc, dict) or "log" not in doc:
        raise damaged("JSON", 'not a tenhou.net/6 log (no "log")')
    raw_names = doc.get("name", ["", "", "", ""])
    names = _list(raw_names, "name", most=4)
    if len(names) not in PLAYER_COUNTS:
        raise damaged("name", f"expected {SEATS} names, got {len(names)}")
    # A fourth name left empty: a three-player game.
    players = len(names) - (names[3:] == [""])
    clean = player_names([_text(name, f"name[{i}]") for i, name in enumerate(names[:players])])
    preset, overrides = _rules(doc.get("rule"), players)
    ref = doc.get("ref")
    if isinstance(ref, str) and 0 < len(ref) <= 200:
        log_id = ref
    rounds_raw = _list(doc["log"], "log", most=MAX_LOG_HANDS)
    if not rounds_raw:
        raise damaged("log", "no rounds")
    rounds = [_Round(value, f"log[{i}]", players) for i, value in enumerate(rounds_raw)]
    hands = tuple(
        round_.hand(preset, rounds[i + 1] if i + 1 < len(rounds) else None)
        for i, round_ in enumerate(rounds)
    )
    final = None
    if doc.get("sc") is not None:
        sc = _list(doc["sc"], "sc", most=2 * SEATS)
        if len(sc) not in (2 * players, 2 * SEATS):
            raise damaged("sc", f"expected {2 * SEATS} items, got {len(sc)}")
        seats = range(players)
        final = LogFinal(
            "sc",
            tuple(log_int(sc[2 * s], f"sc[{2 * s}]") for s in seats),
            tuple(log_result(sc[2 * s + 1], f"sc[{2 * s + 1}]") for s in seats),
        )
    platform = "mahjongsoul" if preset == "mahjongsoul" else "tenhou"
    return LogGame(platform, log_id, clean, preset, overrides, hands, final)


__all__ = ["read_tenhou6"]
