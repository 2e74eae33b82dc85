"""The reference client's grammar (docs/api.md): each line a bot may read from a chat, and
the game record's hand it says (docs/game-record.md); a line it cannot read is refused
naming the word."""

from __future__ import annotations

import doctest

import pytest

import scorekeeper_client.grammar
from scorekeeper_client.grammar import GrammarError, parse_line

NAMES = ("Aki", "Ben", "Chie", "Dan")

LINES = [
    (
        "ron E 3 30 from S riichi E",
        {"riichi": [0], "ron": {"from": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}},
    ),
    (
        "riichi W N ron W 2 40 and N 1 30 from E",
        {
            "riichi": [2, 3],
            "ron": {
                "from": 0,
                "wins": [{"winner": 2, "han": 2, "fu": 40}, {"winner": 3, "han": 1, "fu": 30}],
            },
        },
    ),
    (
        "ron e 3han 30fu, w mangan from s",
        {"ron": {"from": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}, {"winner": 2, "han": 5}]}},
    ),
    ("tsumo South 4 han 30 fu", {"tsumo": {"winner": 1, "han": 4, "fu": 30}}),
    ("tsumo 北 haneman", {"tsumo": {"winner": 3, "han": 6}}),
    ("tsumo N yakuman 2 pao W", {"tsumo": {"winner": 3, "yakuman": 2, "pao": 2}}),
    ("ron chie yakuman from dan", {"ron": {"from": 3, "wins": [{"winner": 2, "yakuman": 1}]}}),
    ("draw", {"draw": {"tenpai": []}}),
    ("riichi E draw tenpai E W", {"riichi": [0], "draw": {"tenpai": [0, 2]}}),
    ("draw tenpai E nagashi S", {"draw": {"tenpai": [0], "nagashi": [1]}}),
    ("abort kyuushu", {"abort": {"reason": "kyuushu_kyuuhai"}}),
    ("abort", {"abort": {}}),
    ("chombo W", {"chombo": {"offender": 2}}),
    ("tsumo E 1 30 end", {"tsumo": {"winner": 0, "han": 1, "fu": 30}, "end": True}),
]


@pytest.mark.parametrize(("line", "hand"), LINES, ids=[line for line, _ in LINES])
def test_a_line_says_the_record_hand(line, hand):
    assert parse_line(line, players=NAMES) == hand


@pytest.mark.parametrize(
    ("line", "word", "says"),
    [
        ("ron X 3 30 from S", 2, "expected a seat"),
        ("ron E 3 30 to S", 5, "expected 'from'"),
        ("ron E lots from S", 3, "expected the han"),
        ("tsumo E 3 30 ron S 1 30 from E", 5, "one outcome"),
        ("riichi E", 0, "needs an outcome"),
        ("abort tired", 2, "expected an abortive draw"),
        ("ron aki 3 30 from ben", 2, "expected a seat (E, S, W, N)"),
        ("tsumo", 0, "ends too soon"),
    ],
)
def test_a_line_the_grammar_cannot_read_is_refused_naming_the_word(line, word, says):
    players = () if "aki" in line else NAMES
    with pytest.raises(GrammarError) as refused:
        parse_line(line, players=players)
    assert refused.value.word == word
    assert says in refused.value.message


def test_the_grammars_examples_hold():
    assert doctest.testmod(scorekeeper_client.grammar).failed == 0
