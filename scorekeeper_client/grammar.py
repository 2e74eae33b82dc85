"""A hand said in one line, as a bot reads it from a chat, made into the game record's hand
(docs/game-record.md). The grammar is documented in docs/api.md; in short:

    ron E 3 30 from S riichi E        East wins 3 han 30 fu off South; East declared riichi
    ron E 3 30, W mangan from S       a double ron
    tsumo S 4 30                      South draws the winning tile
    tsumo N yakuman pao W             North's yakuman, West liable for it
    draw tenpai E W                   an exhaustive draw, East and West tenpai
    abort kyuushu                     an abortive draw
    chombo W

A seat is the wind its player sat at when the game started (E, S, W, N; East, South, ...;
東 南 西 北), or a player's name (one word, any case) when the names are given: the record
numbers seats by where the players sat at the start, whoever deals now.

>>> parse_line("ron E 3 30 from S riichi E")
{'riichi': [0], 'ron': {'from': 1, 'wins': [{'winner': 0, 'han': 3, 'fu': 30}]}}
>>> parse_line("tsumo aki mangan", players=["Aki", "Ben", "Chie", "Dan"])
{'tsumo': {'winner': 0, 'han': 5}}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: The seats by the wind their player started at.
WINDS = {
    "e": 0, "east": 0, "東": 0,
    "s": 1, "south": 1, "南": 1,
    "w": 2, "west": 2, "西": 2,
    "n": 3, "north": 3, "北": 3,
}  # fmt: skip
#: A limit said by name, as its han (the least han that makes it under every ruleset).
LIMITS = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11}
#: The abortive draws, by their record name and a short one.
ABORTS = {
    "kyuushu": "kyuushu_kyuuhai",
    "kyuushu_kyuuhai": "kyuushu_kyuuhai",
    "suufon": "suufon_renda",
    "suufon_renda": "suufon_renda",
    "suucha": "suucha_riichi",
    "suucha_riichi": "suucha_riichi",
    "suukaikan": "suukaikan",
    "sanchahou": "sanchahou",
}
OUTCOMES = ("ron", "tsumo", "draw", "abort", "chombo")
#: Words that end a list of seats or wins.
KEYWORDS = frozenset({*OUTCOMES, "riichi", "from", "tenpai", "nagashi", "pao", "end", "and"})


class GrammarError(ValueError):
    """A line the grammar does not read: ``word`` is the 1-based position of the word at
    fault (0: the line as a whole)."""

    def __init__(self, word: int, message: str) -> None:
        self.word = word
        self.message = message
        super().__init__(f"word {word}: {message}" if word else message)


class _Words:
    def __init__(self, line: str) -> None:
        self.words = line.replace(",", " , ").split()
        self.at = 0

    def peek(self) -> str | None:
        return self.words[self.at].lower() if self.at < len(self.words) else None

    def take(self) -> str:
        word = self.peek()
        if word is None:
            raise GrammarError(0, "the line ends too soon")
        self.at += 1
        return word

    def error(self, message: str) -> GrammarError:
        shown = self.words[self.at - 1] if 0 < self.at <= len(self.words) else ""
        return GrammarError(self.at, f"{shown!r}: {message}" if shown else message)


def _seat(words: _Words, players: Sequence[str]) -> int:
    word = words.take()
    if word in WINDS:
        return WINDS[word]
    names = [name.lower() for name in players]
    if word in names:
        return names.index(word)
    known = "E, S, W, N" + (" or a player's name" if players else "")
    raise words.error(f"expected a seat ({known})")


def _seats(words: _Words, players: Sequence[str]) -> list[int]:
    seats = []
    while words.peek() is not None and words.peek() not in KEYWORDS:
        seats.append(_seat(words, players))
    return seats


def _number(word: str, suffix: str) -> int | None:
    word = word.removesuffix(suffix)
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 3 else None


def _win(words: _Words, players: Sequence[str]) -> dict[str, Any]:
    win: dict[str, Any] = {"winner": _seat(words, players)}
    word = words.take()
    if word == "yakuman":
        count = words.peek()
        win["yakuman"] = 1
        if count is not None and _number(count, "x") is not None:
            win["yakuman"] = _number(words.take(), "x")
    elif word in LIMITS:
        win["han"] = LIMITS[word]
    else:
        han = _number(word, "han")
        if han is None:
            raise words.error("expected the han (a number), a limit (mangan...) or yakuman")
        win["han"] = han
        if words.peek() == "han":
            words.take()
        fu = words.peek()
        if fu is not None and _number(fu, "fu") is not None:
            win["fu"] = _number(words.take(), "fu")
            if words.peek() == "fu":
                words.take()
    if words.peek() == "pao":
        words.take()
        win["pao"] = _seat(words, players)
    return win


def _outcome(kind: str, words: _Words, players: Sequence[str]) -> dict[str, Any]:
    if kind == "ron":
        wins = [_win(words, players)]
        while words.peek() in (",", "and"):
            words.take()
            wins.append(_win(words, players))
        if words.take() != "from":
            raise words.error("expected 'from' and the seat that discarded")
        return {"from": _seat(words, players), "wins": wins}
    if kind == "tsumo":
        return _win(words, players)
    if kind == "draw":
        draw: dict[str, Any] = {"tenpai": []}
        while words.peek() in ("tenpai", "nagashi"):
            part = words.take()
            draw[part] = _seats(words, players)
        return draw
    if kind == "abort":
        reason = words.peek()
        if reason is None or reason in KEYWORDS:
            return {}
        words.take()
        if reason not in ABORTS:
            raise words.error(f"expected an abortive draw: {', '.join(sorted(set(ABORTS)))}")
        return {"reason": ABORTS[reason]}
    return {"offender": _seat(words, players)}


def parse_line(line: str, *, players: Sequence[str] = ()) -> dict[str, Any]:
    """The hand a line says, as the game record writes a hand; ``players``: the game's
    names in seat order, so that a seat may be said by name."""
    words = _Words(line)
    hand: dict[str, Any] = {}
    riichi: list[int] = []
    while words.peek() is not None:
        word = words.take()
        if word == "riichi":
            riichi.extend(_seats(words, players))
        elif word == "end":
            hand["end"] = True
        elif word in OUTCOMES:
            if any(kind in hand for kind in OUTCOMES):
                raise words.error("a hand has one outcome")
            hand[word] = _outcome(word, words, players)
        else:
            raise words.error(f"expected {', '.join(OUTCOMES)}, riichi or end")
    if not any(kind in hand for kind in OUTCOMES):
        raise GrammarError(0, f"a hand needs an outcome: {', '.join(OUTCOMES)}")
    return {"riichi": riichi, **hand} if riichi else hand
