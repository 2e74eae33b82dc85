"""Tile notation (docs/hand.md): parsing, printing, copies, the library's tile ids."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.constants import FIVE_RED_MAN, FIVE_RED_PIN, FIVE_RED_SOU
from mahjong.tile import TilesConverter
from real_data import DATA as REAL_DATA

from scoring.calculator.tiles import (
    HandError,
    NotationError,
    Tile,
    TooManyCopies,
    check_copies,
    dora_of,
    excerpt,
    format_tiles,
    parse_tiles,
    to_136,
)
from scoring.errors import ScoringError

DATA = REAL_DATA


def tiles(text: str) -> tuple[Tile, ...]:
    return parse_tiles(text)


@pytest.mark.parametrize(
    ("text", "kinds", "reds"),
    [
        ("345m234p22s", [2, 3, 4, 10, 11, 12, 19, 19], []),
        ("0m", [4], [0]),
        ("0p0s", [13, 22], [0, 1]),
        ("1234567z", [27, 28, 29, 30, 31, 32, 33], []),
        ("19m19p19s", [0, 8, 9, 17, 18, 26], []),
        ("1m 2m", [0, 1], []),
        ("", [], []),
    ],
)
def test_the_notation_reads_digits_then_a_suit_letter(text, kinds, reds):
    parsed = tiles(text)
    assert [t.kind for t in parsed] == kinds
    assert [i for i, t in enumerate(parsed) if t.red] == reds


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("345", "ends with digits '345' and no suit letter"),
        ("m", "suit letter 'm' at position 0 has no digits"),
        ("12x", "'x' at position 2 of '12x' is not a digit or m/p/s/z"),
        ("8z", "8z is not a tile (honors are 1z-7z)"),
        ("0z", "0z is not a tile (honors are 1z-7z)"),
        ("1M", "'M' at position 1"),
        ("١m", "is not a digit or m/p/s/z"),
    ],
)
def test_text_that_is_not_tiles_is_refused_naming_the_field(text, problem):
    with pytest.raises(NotationError, match=r"^closed: ") as error:
        parse_tiles(text, "closed")
    assert problem in str(error.value)
    assert error.value.field == "closed"
    assert isinstance(error.value, ScoringError)


def test_one_tile_means_exactly_one():
    assert Tile.parse("0s") == Tile(22, red=True)
    with pytest.raises(NotationError, match="win_tile: expected one tile, got '12m'"):
        Tile.parse("12m", "win_tile")


def test_only_fives_can_be_red_and_kinds_are_0_to_33():
    with pytest.raises(NotationError):
        Tile(3, red=True)
    with pytest.raises(NotationError):
        Tile(34)


def test_printing_is_canonical_suits_in_order_red_five_first():
    assert format_tiles(tiles("22s234p5305m")) == "3055m234p22s"
    assert format_tiles(tiles("7z1z0p")) == "0p17z"
    assert [str(t) for t in tiles("50m1z")] == ["5m", "0m", "1z"]


def test_tile_properties():
    five = Tile.parse("0p")
    assert (five.suit, five.number, five.plain, five.is_terminal_or_honor) == (
        "p",
        5,
        Tile(13),
        False,
    )
    assert Tile.parse("9s").is_terminal_or_honor
    assert Tile.parse("5z").is_honor and Tile.parse("5z").is_terminal_or_honor


def test_every_closed_hand_of_the_real_tenhou_hands_prints_back_as_written():
    cases = json.loads((DATA / "tenhou-hands.json").read_text())["cases"]
    assert len(cases) == 354
    for case in cases:
        assert format_tiles(tiles(case["closed_tiles"])) == case["closed_tiles"]
        assert format_tiles(tiles(case["tiles_all"])) == case["tiles_all"]


tile_st = st.builds(
    lambda kind, red: Tile(kind, red and kind in (4, 13, 22)),
    st.integers(0, 33),
    st.booleans(),
)


@given(st.lists(tile_st, max_size=20))
def test_parse_of_print_gives_the_tiles_back_sorted(hand):
    printed = format_tiles(hand)
    assert list(parse_tiles(printed)) == sorted(hand, key=lambda t: t.sort_key)
    assert format_tiles(parse_tiles(printed)) == printed


@given(st.lists(tile_st, max_size=20))
def test_print_of_parse_is_the_canonical_text(hand):
    text = "".join(f"{str(t)[0]}{t.suit}" for t in hand)
    assert format_tiles(parse_tiles(text)) == format_tiles(hand)


@st.composite
def physical_tiles(draw: st.DrawFn) -> list[Tile]:
    """Tiles a set can hold together: at most four of a kind and one red five per suit."""
    kinds = draw(st.lists(st.integers(0, 33), max_size=30))
    out: list[Tile] = []
    reds: set[int] = set()
    for kind in kinds:
        if sum(1 for t in out if t.kind == kind) == 4:
            continue
        red = kind in (4, 13, 22) and kind not in reds and draw(st.booleans())
        if red:
            reds.add(kind)
        out.append(Tile(kind, red))
    return out


@given(physical_tiles())
def test_library_ids_are_distinct_and_translate_back(hand):
    ids = to_136(hand)
    assert len(set(ids)) == len(ids)
    assert [tile_id // 4 for tile_id in ids] == [t.kind for t in hand]
    assert [tile_id in (FIVE_RED_MAN, FIVE_RED_PIN, FIVE_RED_SOU) for tile_id in ids] == [
        t.red for t in hand
    ]
    assert TilesConverter.to_34_array(ids) == [sum(t.kind == k for t in hand) for k in range(34)]


def test_red_fives_take_the_library_red_ids_and_plain_fives_never_do():
    assert to_136(tiles("0m0p0s")) == [FIVE_RED_MAN, FIVE_RED_PIN, FIVE_RED_SOU]
    assert FIVE_RED_PIN not in to_136(tiles("555p"))
    assert to_136(tiles("5555p"))[-1] == FIVE_RED_PIN  # a fourth plain 5p is the last id left
    assert TilesConverter.to_one_line_string(to_136(tiles("05m")), print_aka_dora=True) == "05m"


def test_a_fifth_copy_is_refused_naming_the_tile_and_where_it_was_seen():
    with pytest.raises(TooManyCopies) as error:
        check_copies([("closed", tiles("1112m")), ("melds[0].tiles", tiles("11m"))])
    assert error.value.field == "melds[0].tiles"
    assert str(error.value) == (
        "melds[0].tiles: a fifth 1m (a set has four; 111m in closed, 1m in melds[0].tiles)"
    )
    with pytest.raises(TooManyCopies, match="a fifth 5s"):
        check_copies([("closed", tiles("0555s")), ("dora_indicators", tiles("5s"))])
    check_copies([("closed", tiles("0555s1111z")), ("dora_indicators", tiles("9m"))])
    with pytest.raises(TooManyCopies):
        to_136(tiles("11111m"))
    assert issubclass(TooManyCopies, HandError)


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("9m", "1m"),
        ("0p", "6p"),
        ("9s", "1s"),
        ("4z", "1z"),
        ("1z", "2z"),
        ("5z", "6z"),
        ("7z", "5z"),
    ],
)
def test_an_indicator_makes_the_next_tile_dora(indicator, dora):
    assert dora_of(Tile.parse(indicator)) == Tile.parse(dora).kind


def test_a_tile_text_longer_than_the_limit_is_refused_before_it_is_read():
    assert len(tiles("1m " * 21)) == 21  # 63 characters: the limit leaves room for spaces
    with pytest.raises(NotationError) as error:
        parse_tiles("1m" * 1_200_000, "closed")
    message = str(error.value)
    assert message.startswith("closed: 2,400,000 characters is too long for tiles (at most 64)")
    assert message.endswith(": '1m1m1m1m1m1m1m1m1m1m…'")
    assert len(message) < 120
    with pytest.raises(NotationError, match=r"^win_tile: 65 characters is too long"):
        Tile.parse("5" * 64 + "m", "win_tile")


@pytest.mark.parametrize(
    "text",
    ["x" * 10_000, "1" * 60 + "x" * 4, "1" * 64],
    ids=["a long text of letters", "letters after digits", "digits without a suit"],
)
def test_an_error_quotes_only_the_beginning_of_the_text(text):
    with pytest.raises(NotationError) as error:
        parse_tiles(text, "closed")
    assert text not in str(error.value) or len(text) <= 20
    assert len(str(error.value)) < 130


def test_an_excerpt_is_the_first_twenty_characters_and_an_ellipsis():
    assert excerpt("12345m") == "'12345m'"
    assert excerpt("1" * 20) == "'" + "1" * 20 + "'"
    assert excerpt("1" * 21) == "'" + "1" * 20 + "…'"
