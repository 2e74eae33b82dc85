"""The game record format: refusals name the hand (index and round) and the field."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.__main__ import main
from scoring.errors import IllegalHand, LocatedError, RecordError
from scoring.record import FORMAT, parse_record
from scoring.record_hand import parse_hand, quick_parse_hand
from scoring.record_output import score_document


def doc(*hands, rules="tenhou", players=("Aki", "Ben", "Chie", "Dan")):
    return {"format": FORMAT, "rules": rules, "players": list(players), "hands": list(hands)}


def test_the_spec_example_scores_its_first_hand_as_the_spec_shows():
    out = score_document(
        doc({"riichi": [0], "ron": {"from": 2, "wins": [{"winner": 0, "han": 2, "fu": 40}]}})
    )
    first = out["hands"][0]
    assert (first["round"], first["dealer"], first["honba"], first["sticks"]) == ("E1", 0, 0, 0)
    # Dealer 2 han 40 fu ron: 40 x 2^4 x 6 = 3,840 -> 3,900; the riichi stick comes back.
    assert first["deltas"] == [3900, 0, -3900, 0]
    assert first["scores"] == [28900, 25000, 21100, 25000]
    assert out["finished"] is False and out["final"] is None and out["end_reason"] is None


@pytest.mark.parametrize(
    ("hands", "where", "word"),
    [
        (
            [
                {"tsumo": {"winner": 0, "han": 1, "fu": 30}},
                {"ron": {"from": 1, "wins": [{"winner": 1, "han": 1, "fu": 30}]}},
            ],
            "hands[1] (E1).ron.wins[0].winner",
            "own",
        ),
        (
            [
                {"draw": {"tenpai": []}},
                {"ron": {"from": 1, "wins": [{"winner": 2, "han": 1, "fu": 20}]}},
            ],
            "hands[1] (E2).ron.wins[0]",
            "20 fu",
        ),
        ([{"tsumo": {"winner": 0}}], "hands[0] (E1).tsumo.han", "han"),
        (
            [{"tsumo": {"winner": 0, "han": 1, "fu": 30}, "draw": {}}],
            "hands[0] (E1)",
            "exactly one",
        ),
        ([{"tsumo": {"winner": 4, "han": 1, "fu": 30}}], "hands[0] (E1).tsumo.winner", "seat 4"),
        ([{"chombo": {"offender": 0}, "bonus": 1}], "hands[0] (E1).bonus", "unknown"),
        ([{"abort": {"reason": "boredom"}}], "hands[0] (E1).abort.reason", "kyuushu"),
    ],
)
def test_bad_hands_are_refused_naming_the_hand_and_the_field(hands, where, word):
    # The format's errors and the rules' refusals both name the place.
    with pytest.raises(LocatedError) as error:
        score_document(doc(*hands))
    assert error.value.where == where
    assert word in error.value.message


def test_a_hand_after_the_end_is_refused():
    # A tonpuusen under EMA-like rules: four non-dealer tsumo end East 4.
    hands = [{"tsumo": {"winner": (i + 1) % 4, "han": 1, "fu": 30}} for i in range(4)]
    rules = {"preset": "ema", "length": "tonpuusen"}
    assert score_document(doc(*hands, rules=rules))["end_reason"] == "last_hand"
    with pytest.raises(IllegalHand, match="already ended") as error:
        score_document(doc(*hands, {"draw": {"tenpai": []}}, rules=rules))
    assert error.value.index == 4


def test_riichi_without_1000_points_is_refused_where_the_rules_forbid_it():
    # A dealer baiman ron (24,000) leaves seat 3 with 1,000: riichi is still allowed.
    hands = [
        {"ron": {"from": 3, "wins": [{"winner": 0, "han": 8}]}},
        {"riichi": [3], "draw": {"tenpai": [3]}},
    ]
    # Tenhou: 25,000 - 24,000 = 1,000 left, riichi allowed; EMA never refuses.
    assert score_document(doc(*hands))["hands"][1]["scores"][3] == 3000
    hands.insert(1, {"draw": {"tenpai": [0]}})  # seat 3 pays 1,000 -> 0 points
    with pytest.raises(IllegalHand, match="1000") as error:
        score_document(doc(*hands))
    assert error.value.where == "hands[2] (E1).riichi"
    assert score_document(doc(*hands, rules="ema"))["hands"][2]["deltas"][3] == -1000 + 3000


@pytest.mark.parametrize(
    ("document", "where"),
    [
        ({**doc(), "players": ["A", "B", "C"]}, "players"),
        ({**doc(), "players": ["A", "B", "C", "A"]}, "players"),
        ({**doc(), "format": "other/1"}, "format"),
        ({**doc(), "rules": {"preset": "ema", "uma": [1, 2]}}, "rules.uma"),
        ({**doc(), "hands": {}}, "hands"),
        ({**doc(), "extra": 1}, "extra"),
    ],
)
def test_bad_documents_are_refused_naming_the_field(document, where):
    with pytest.raises(RecordError) as error:
        parse_record(document)
    assert error.value.where == where


def test_rules_errors_name_the_parameter():
    with pytest.raises(RecordError, match=r"rules\.uma"):
        parse_record({**doc(), "rules": {"preset": "ema", "uma": [1, 2]}})
    with pytest.raises(RecordError, match=r"rules\.colour: unknown parameter"):
        parse_record({**doc(), "rules": {"preset": "ema", "colour": "red"}})


def test_nagashi_and_aborts_are_refused_under_rules_without_them():
    with pytest.raises(IllegalHand, match="no nagashi"):
        score_document(doc({"draw": {"tenpai": [], "nagashi": [1]}}, rules="ema"))
    with pytest.raises(IllegalHand, match="no abortive draw"):
        score_document(doc({"abort": {"reason": "kyuushu_kyuuhai"}}, rules="wrc"))


def test_explicit_stop_is_only_allowed_where_the_dealer_may_stop():
    with pytest.raises(IllegalHand, match="stopped by choice") as error:
        score_document(doc({"draw": {"tenpai": [0]}, "end": True}, rules="ema"))
    assert error.value.field == "end"


@pytest.mark.parametrize(
    "argv",
    [["score", "--help"], ["score"], ["score", "a.json", "b.json"], ["score", "-x"]],
)
def test_the_command_line_leaves_anything_but_a_plain_score_call_to_argparse(argv):
    """``score GAME.json`` is read without argparse; every other call still gets its usage
    message and status 2 (or 0 for help)."""
    with pytest.raises(SystemExit) as stop:
        main(argv, out=io.StringIO(), err=io.StringIO())
    assert stop.value.code in (0, 2)


def test_the_command_line_reports_a_missing_file_with_status_1(tmp_path):
    err = io.StringIO()
    assert main(["score", str(tmp_path / "none.json")], out=io.StringIO(), err=err) == 1
    assert "cannot read" in err.getvalue()


_KEYS = ["riichi", "ron", "tsumo", "draw", "abort", "chombo", "end", "round", "deltas"]
_INNER_KEYS = [
    *("from", "wins", "winner", "han", "fu", "yakuman", "pao", "chips", "tenpai"),
    *("yaku", "dora", "open"),
]
_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-2, 210)
    | st.sampled_from([2.0, 30.0, 0.5])
    | st.sampled_from(["", "0", "sanchahou"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from([*_INNER_KEYS, "nagashi", "reason"]), inner, max_size=5)
    ),
    max_leaves=12,
)
_seat = st.integers(0, 3)
_win = st.fixed_dictionaries(
    {"winner": _seat},
    optional={
        "han": st.integers(0, 14),
        "fu": st.sampled_from([20, 25, 30, 110, 19]),
        "yakuman": st.integers(0, 2),
        "pao": _seat,
        "chips": st.integers(0, 3),
        "yaku": st.lists(st.sampled_from(["Riichi", "Pinfu", "Dora", "riichi"]), max_size=3),
        "dora": st.integers(-1, 3) | st.dictionaries(st.sampled_from(["ura", "aka", "x"]), _seat),
        "open": st.booleans() | st.none() | st.integers(0, 1),
    },
)
_outcomes = st.one_of(
    st.fixed_dictionaries(
        {"ron": st.fixed_dictionaries({"from": _seat, "wins": st.lists(_win, max_size=3)})}
    ),
    st.fixed_dictionaries({"tsumo": _win}),
    st.fixed_dictionaries(
        {
            "draw": st.fixed_dictionaries(
                {},
                optional={
                    "tenpai": st.lists(_seat, max_size=4),
                    "nagashi": st.lists(_seat, max_size=2),
                },
            )
        }
    ),
)
_hand_docs = st.one_of(
    st.dictionaries(st.sampled_from(_KEYS), _json, max_size=3),
    st.tuples(
        _outcomes,
        st.fixed_dictionaries(
            {},
            optional={
                "riichi": st.lists(_seat, max_size=4),
                "end": st.booleans() | st.integers(0, 1),
            },
        ),
    ).map(lambda p: {**p[0], **p[1]}),
)


@settings(max_examples=500, deadline=None)
@given(_hand_docs)
def test_the_quick_reader_reads_a_hand_as_the_full_reader_does(document):
    """The quick path of ``read_record`` reads a hand only where ``parse_hand`` reads the same
    hand; anything else it leaves to ``parse_hand`` (which then names what is wrong)."""
    quick = quick_parse_hand(document)
    if quick is not None:
        assert parse_hand(document) == quick
