"""The hand form: POST data in, an engine ``Hand`` out; incomplete hands refused by field;
the engine's refusals put back on the field they concern; and the page's wording helpers."""

from __future__ import annotations

import doctest
import re

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string

from scorekeeper.table import display as table_display
from scorekeeper.table.forms.hands import HandForm
from scoring.errors import IllegalHand
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS, resolve_rules
from scoring.state import GameState, start_state

NAMES = ("Aki", "Ben", "Chie", "Dan")


def form_for(data, rules="tenhou", state: GameState | None = None) -> HandForm:
    ruleset = PRESETS[rules] if isinstance(rules, str) else rules
    return HandForm(
        {"sequence": "0", **data},
        names=NAMES,
        rules=ruleset,
        state=state or start_state(ruleset),
    )


def valid_hand(data, rules="tenhou") -> Hand:
    form = form_for(data, rules)
    assert form.is_valid(), form.errors
    return form.to_hand()


def test_a_sent_hand_only_checked_builds_the_win_fields_of_its_winners_alone():
    ruleset = PRESETS["tenhou"]
    data = QueryDict(
        "sequence=0&outcome=ron&winners=1&winners=3&discarder=2"
        "&win_1_han=3&win_1_fu=40&win_3_han=1&win_3_fu=30&win_0_han=5"
    )
    checked = HandForm(data, names=NAMES, rules=ruleset, state=start_state(ruleset), whole=False)
    drawn = HandForm(data, names=NAMES, rules=ruleset, state=start_state(ruleset))

    assert sorted({name[4] for name in checked.fields if name.startswith("win_")}) == ["1", "3"]
    assert sorted({name[4] for name in drawn.fields if name.startswith("win_")}) == list("0123")
    assert checked.is_valid() and drawn.is_valid()
    assert checked.to_hand() == drawn.to_hand()


def test_a_ron_becomes_the_engine_hand_with_its_riichi():
    hand = valid_hand(
        {
            "outcome": "ron",
            "winners": ["1"],
            "discarder": "2",
            "win_1_han": "3",
            "win_1_fu": "40",
            "riichi": ["1", "3"],
        }
    )

    assert hand == Hand(Ron(2, (Win(1, han=3, fu=40),)), riichi=(1, 3))


def test_a_double_ron_lists_both_wins_in_seat_order():
    hand = valid_hand(
        {
            "outcome": "ron",
            "winners": ["2", "0"],
            "discarder": "1",
            "win_0_han": "2",
            "win_0_fu": "30",
            "win_2_han": "yakuman",
            "win_2_yakuman": "2",
            "win_2_pao": "3",
        }
    )

    assert hand.outcome == Ron(1, (Win(0, han=2, fu=30), Win(2, yakuman=2, pao=3)))


def test_fu_do_not_count_from_five_han_nor_pao_without_a_yakuman():
    hand = valid_hand(
        {
            "outcome": "tsumo",
            "winner": "0",
            "win_0_han": "6",
            "win_0_fu": "40",
            "win_0_pao": "2",
        }
    )

    assert hand == Hand(Tsumo(Win(0, han=6)))


@pytest.mark.parametrize(
    ("data", "hand"),
    [
        ({"outcome": "draw", "tenpai": ["3", "0"]}, Hand(Draw(tenpai=(0, 3)))),
        (
            {"outcome": "draw", "tenpai": ["1"], "nagashi": ["2"], "riichi": ["1"]},
            Hand(Draw(tenpai=(1,), nagashi=(2,)), riichi=(1,)),
        ),
        (
            {"outcome": "abort", "abort_reason": "kyuushu_kyuuhai"},
            Hand(Abort(AbortReason.KYUUSHU_KYUUHAI)),
        ),
        # The riichi of a chombo hand are returned, so none are recorded.
        ({"outcome": "chombo", "offender": "2", "riichi": ["0"]}, Hand(Chombo(2))),
    ],
)
def test_draws_aborts_and_chombo_become_engine_hands(data, hand):
    assert valid_hand(data) == hand


@pytest.mark.parametrize(
    "hand",
    [
        Hand(Ron(2, (Win(1, han=3, fu=40),)), riichi=(1,)),
        Hand(Ron(3, (Win(0, han=1, fu=30), Win(1, yakuman=1, pao=2)))),
        Hand(Tsumo(Win(3, han=2, fu=20))),
        Hand(Tsumo(Win(1, han=8))),
        Hand(Draw(tenpai=(0, 2), nagashi=(1,)), riichi=(0, 2)),
        Hand(Abort(AbortReason.SUUFON_RENDA)),
        Hand(Chombo(3)),
    ],
)
def test_a_stored_hand_prefills_the_form_and_comes_back_unchanged(hand):
    initial = HandForm.from_hand(hand)
    # What the browser would send back for the prefilled form.
    data = {
        key: [str(v) for v in value] if isinstance(value, list) else str(value)
        for key, value in initial.items()
        if value not in ("", None, False, [])
    }

    assert valid_hand(data) == hand


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({}, "outcome", "Choose what happened"),
        ({"outcome": "ron", "discarder": "2"}, "winners", "Choose who won"),
        (
            {"outcome": "ron", "winners": ["1"], "win_1_han": "2", "win_1_fu": "30"},
            "discarder",
            "Choose who discarded",
        ),
        (
            {
                "outcome": "ron",
                "winners": ["1"],
                "discarder": "1",
                "win_1_han": "2",
                "win_1_fu": "30",
            },
            "discarder",
            "Ben cannot win on their own discard",
        ),
        ({"outcome": "tsumo", "winner": "3"}, "win_3_han", "Choose Dan’s han"),
        ({"outcome": "tsumo", "winner": "3", "win_3_han": "2"}, "win_3_fu", "Choose Dan’s fu"),
        ({"outcome": "chombo"}, "offender", "Choose who made the chombo"),
        ({"outcome": "ron", "discarder": "7"}, "discarder", "valid choice"),
    ],
)
def test_an_incomplete_hand_is_refused_on_the_field_that_is_missing(data, field, message):
    form = form_for(data)

    assert not form.is_valid()
    assert message in " ".join(form.errors[field])


def ron_with_winners(winners):
    data = {"outcome": "ron", "winners": [str(w) for w in winners], "discarder": "0"}
    for seat in winners:
        data |= {f"win_{seat}_han": "1", f"win_{seat}_fu": "30"}
    return data


def test_head_bump_rules_allow_one_winner_and_say_why():
    form = form_for(ron_with_winners([1, 2]), rules="wrc")

    assert not form.is_valid()
    assert "head bump" in form.errors["winners"][0]


def test_double_ron_rules_refuse_a_third_winner_and_name_the_abortive_draw():
    form = form_for(ron_with_winners([1, 2, 3]), rules="tenhou")

    assert not form.is_valid()
    assert "two at most" in form.errors["winners"][0]
    assert "sanchahou" in form.errors["winners"][0]
    assert form_for(ron_with_winners([1, 2]), rules="tenhou").is_valid()


def test_triple_ron_rules_accept_three_winners():
    form = form_for(ron_with_winners([1, 2, 3]), rules="ema")

    assert form.is_valid(), form.errors
    assert len(form.to_hand().outcome.wins) == 3


def test_the_form_offers_only_what_the_rules_have():
    ema = form_for({}, rules="ema")
    tenhou = form_for({}, rules="tenhou")

    assert "abort" not in dict(ema.fields["outcome"].choices)
    assert "abort_reason" not in ema.fields
    assert "nagashi" not in ema.fields
    assert "win_0_yakuman" not in ema.fields  # ema: one yakuman at most
    assert "abort" in dict(tenhou.fields["outcome"].choices)
    assert "nagashi" in tenhou.fields
    assert [value for value, _ in tenhou.fields["abort_reason"].choices] == list(
        PRESETS["tenhou"].abortive_draws
    )


@pytest.mark.parametrize("preset", ["ema", "wrc", "tenhou", "mahjongsoul", "mleague"])
def test_stopping_by_choice_is_not_offered_where_yame_is_none_or_automatic(preset):
    # RULES.md: under "none" the dealer plays on, under "automatic" the game ends by itself.
    rules = PRESETS[preset]
    all_last = GameState((25000,) * 4, round_index=rules.last_round)

    assert "end" not in form_for({}, rules=preset, state=all_last).fields


@pytest.mark.parametrize("parameter", ["agari_yame", "tenpai_yame"])
def test_stopping_by_choice_is_offered_only_in_the_all_last_round_under_optional_yame(parameter):
    rules = resolve_rules({"preset": "ema", parameter: "optional"})
    all_last = GameState((30000,) * 4, round_index=rules.last_round)

    assert "end" not in form_for({}, rules=rules).fields
    assert "end" in form_for({}, rules=rules, state=all_last).fields


def test_seats_are_offered_by_name_with_their_wind_this_round():
    south_2 = GameState((25000,) * 4, round_index=5)  # seat 1 deals
    form = form_for({}, state=south_2)
    labels = [str(label) for _, label in form.fields["discarder"].choices]

    assert "Aki" in labels[0] and "North" in labels[0]
    assert "Ben" in labels[1] and "East" in labels[1]


def test_fu_that_no_hand_has_are_marked_for_the_page_from_the_engine():
    html = str(form_for({})["win_0_fu"])
    invalid = dict(re.findall(r'value="(\d+)"[^>]* data-invalid="([^"]*)"', html))

    # 20 fu: never by ron; by tsumo from 2 han. 25 fu: from 2 han, by tsumo from 3.
    assert invalid["20"] == "ron-1 ron-2 ron-3 ron-4 tsumo-1"
    assert invalid["25"] == "ron-1 tsumo-1 tsumo-2"
    assert invalid["30"] == ""
    assert invalid["110"] == "tsumo-1"


def filled_ron(winner=1, discarder=2, han="1", fu="30"):
    form = form_for(
        {
            "outcome": "ron",
            "winners": [str(winner)],
            "discarder": str(discarder),
            f"win_{winner}_han": han,
            f"win_{winner}_fu": fu,
        }
    )
    assert form.is_valid(), form.errors
    return form


@pytest.mark.parametrize(
    ("path", "message", "code", "field"),
    [
        (
            "ron.wins[0]",
            "20 fu cannot be won by ron",
            "win.impossible_han_fu.ron_20_fu",
            "win_1_fu",
        ),
        ("ron.wins[0]", "han must be at least 1", "win.han_below_1", "win_1_han"),
        ("ron.wins[0].pao", "only a yakuman has a liable player", "pao.not_yakuman", "win_1_pao"),
        (
            "ron.wins[0].winner",
            "a player cannot ron their own discard",
            "ron.own_discard",
            "winners",
        ),
        ("ron.from", "seat 9 does not exist", "seat.unknown", "discarder"),
        (
            "riichi",
            "seat 2 has 500 points; these rules need 1000 for riichi",
            "riichi.below_1000",
            "riichi",
        ),
    ],
)
def test_an_engine_refusal_lands_on_the_field_it_names(path, message, code, field):
    form = filled_ron()

    form.add_engine_error(IllegalHand(0, "E1", path, message, code=code))

    assert list(form.errors) == [field]


def test_an_engine_refusal_names_players_not_seat_numbers():
    form = filled_ron()
    refusal = IllegalHand(
        0,
        "E1",
        "riichi",
        "seat 2 has 500 points; these rules need 1000 for riichi",
        code="riichi.below_1000",
        values={"seat": 2, "points": 500},
    )

    form.add_engine_error(refusal)

    assert form.errors["riichi"] == ["Chie has 500 points; these rules need 1000 for riichi"]


def test_a_refusal_of_a_later_hand_is_about_the_whole_correction():
    form = filled_ron()

    form.add_engine_error(
        IllegalHand(
            4,
            "S1",
            "riichi",
            "this edit makes hand 5 (S1) impossible",
            code="correction.breaks_hand",
            values={"hand": 5, "round": "S1", "honba": 0},
        ),
        sequence=0,
    )

    assert form.non_field_errors() == ["This edit makes hand 5 (South 1) impossible"]


def test_the_examples_in_the_table_display_module_hold():
    result = doctest.testmod(table_display)

    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (
            Hand(Ron(2, (Win(1, han=3, fu=40),))),
            "Ben ron from Chie, 3 han 40 fu",
        ),
        (
            Hand(Ron(1, (Win(0, han=2, fu=30), Win(2, han=5)))),
            "Double ron from Ben: Aki 2 han 30 fu; Chie 5 han (mangan)",
        ),
        (Hand(Tsumo(Win(3, yakuman=1, pao=1))), "Dan tsumo, yakuman, Ben liable (pao)"),
        (Hand(Tsumo(Win(0, han=13))), "Aki tsumo, 13 han (kazoe yakuman)"),
        (Hand(Draw()), "Exhaustive draw: everyone noten"),
        (Hand(Draw(tenpai=(0, 1, 2, 3))), "Exhaustive draw: everyone tenpai"),
        (
            Hand(Draw(tenpai=(0,), nagashi=(2,))),
            "Exhaustive draw: nagashi mangan by Chie; Aki tenpai",
        ),
        (
            Hand(Abort(AbortReason.SUUCHA_RIICHI)),
            "Abortive draw: suucha riichi (four riichi)",
        ),
        (Hand(Chombo(3)), "Chombo by Dan"),
    ],
)
def test_each_hand_reads_in_plain_words(hand, words):
    assert table_display.describe_hand(hand, NAMES, PRESETS["tenhou"]) == words


def test_a_group_of_chips_is_written_with_its_legend_its_chips_and_its_escaped_errors():
    names = ("<b>Aki</b>", "Ben", "Chie", "Dan")
    ruleset = PRESETS["tenhou"]
    form = HandForm(
        {"sequence": "0", "outcome": "ron", "winners": ["0"], "discarder": "0"},
        names=names,
        rules=ruleset,
        state=start_state(ruleset),
    )
    assert not form.is_valid()

    fieldset = render_to_string(
        "table/table.html#chip-group", {"field": form["discarder"], "show": "ron"}
    ).strip()
    row = render_to_string(
        "table/table.html#chip-subgroup",
        {"field": form["win_0_han"], "label": "Han", "kind": "han"},
    ).strip()

    assert fieldset.startswith(
        '<fieldset class="group group-discarder has-error" data-for="ron" '
        'aria-describedby="id_discarder_error">'
    )
    assert "<legend>Who discarded the winning tile?</legend>" in fieldset
    # The player's name, in the chips and in the error, is text, not markup.
    assert "<b>" not in fieldset
    assert (
        '<p class="field-error" id="id_discarder_error">'
        "&lt;b&gt;Aki&lt;/b&gt; cannot win on their own discard.</p>"
    ) in fieldset
    assert fieldset.count('type="radio" name="discarder"') == 4
    assert row.startswith('<div class="subgroup subgroup-han has-error" role="group"')
    assert '<span class="sublabel" id="id_win_0_han_label">Han</span>' in row


def test_a_seat_chip_shows_the_players_name_and_wind_and_its_choice_of_nobody_in_words():
    form = form_for({}, state=GameState((25000,) * 4, round_index=1))

    pao = str(form["win_0_pao"])

    assert pao.count('<label class="chip">') == 4
    assert (
        '<input type="radio" name="win_0_pao" value="" id="id_win_0_pao_0" checked>'
        '<span class="chip-face">Nobody</span></label>'
    ) in pao
    # Ben deals in East 2: Chie is South.
    assert (
        '<input type="radio" name="win_0_pao" value="2" id="id_win_0_pao_2">'
        '<span class="chip-face"><span class="who" title="Chie">Chie</span>'
        ' <span class="wind">South</span>'
    ) in pao


def test_a_chip_carries_its_own_attributes_and_a_checked_box_after_a_post():
    form = form_for({"outcome": "ron", "win_1_han": "2", "riichi": ["1", "3"]})

    han, riichi = str(form["win_1_han"]), str(form["riichi"])

    assert 'value="2" id="id_win_1_han_1" checked>' in han
    assert 'value="5" id="id_win_1_han_4" data-no-fu="">' in han
    assert riichi.count('type="checkbox" name="riichi"') == 4
    assert riichi.count(" checked") == 2


def test_each_form_has_fields_of_its_own():
    first, second = form_for({"outcome": "draw"}), form_for({"outcome": "ron"})
    first.is_valid()

    assert all(first.fields[name] is not second.fields[name] for name in first.fields)
    assert first.fields["winners"].widget is not second.fields["winners"].widget
