"""A ruleset's page and each preset's: every rule in words, grouped as the form groups them,
the rules that differ from the preset marked with the preset's own words."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.club.models import SavedRuleset
from scorekeeper.parameters import GROUPS
from scorekeeper.registry.forms import RulesetForm
from scorekeeper.registry.sentences import describe
from scoring.rules import PRESETS, resolve_rules
from tests.web.registry.test_ruleset_form import ENGINE_PARAMETERS

pytestmark = pytest.mark.django_db


def rule_line(page: str, name: str) -> str:
    return page.split(f'data-parameter="{name}"', 1)[1].split("</li>")[0]


def test_a_rulesets_page_lists_its_rules_in_words_grouped_and_marks_the_changes(
    client, bob, django_assert_max_num_queries
):
    saved = SavedRuleset.objects.create(
        name="Thursday", preset="ema", overrides={"kiriage": True, "chip_value": 500}
    )

    with django_assert_max_num_queries(4):
        page = client.get(reverse("ruleset_detail", args=[saved.pk])).content.decode()

    # EMA's rules: four players (no tsumo loss to say), no extension (nothing to end) and no
    # tobi (nobody goes out at 0, nobody pays a bonus).
    assert page.count("data-parameter=") == len(ENGINE_PARAMETERS) - 4
    for group in GROUPS:
        assert f"<h2>{group.title}</h2>" in page
    assert page.count('class="changed"') == 2
    assert "Kiriage: 4 han 30 fu and 3 han 60 fu are a mangan." in rule_line(page, "kiriage")
    assert "EMA: No kiriage." in rule_line(page, "kiriage")
    assert "Chips: 500 points of result each." in rule_line(page, "chip_value")
    assert "Each player starts with 30,000 points." in rule_line(page, "start_points")
    assert "changed" not in rule_line(page, "start_points")


@pytest.mark.parametrize(
    ("preset", "name", "words"),
    [
        # RULES.md's table of parameters, in words.
        ("tenhou", "uma", "Uma by place: +20,000, +10,000, \u221210,000, \u221220,000."),
        ("tenhou", "oka", "Oka: 20,000 to 1st."),
        ("tenhou", "target_points", "Target points 30,000"),
        ("tenhou", "multi_ron", "Up to two players may ron one tile"),
        ("mahjongsoul", "abortive_draws", "suucha riichi and suukaikan."),
        ("ema", "target_points", "No target points."),
        ("ema", "abortive_draws", "No abortive draws."),
        ("ema", "chombo_penalty", "A chombo takes 20,000 off the result."),
        ("wrc", "multi_ron", "Head bump: only the winner nearest the discarder wins."),
        ("mleague", "aka_dora", "3 red fives."),
        ("mleague", "double_wind_fu", "A pair of the seat and round wind is 2 fu."),
    ],
)
def test_a_presets_page_reads_its_rules_in_words(client, preset, name, words):
    page = client.get(reverse("preset_detail", args=[preset])).content.decode()

    rules = PRESETS[preset]
    no_multi_ron = rules.multi_ron == "head_bump"
    unsaid = (rules.players == 4) + (not rules.extension) + 2 * (not rules.tobi) + 2 * no_multi_ron
    assert page.count("data-parameter=") == len(ENGINE_PARAMETERS) - unsaid
    assert 'class="changed"' not in page
    assert words in rule_line(page, name)


def test_a_page_says_only_the_rules_that_apply(client):
    """A four-player ruleset has no three-player tsumo to pay, a game without an extension
    nothing for one to end on; a three-player ruleset with an extension says both."""
    ema = client.get(reverse("preset_detail", args=["ema"])).content.decode()
    assert "No extension: the game ends after its last round." in rule_line(ema, "extension")
    assert "With three players" not in ema and "An extension ends" not in ema
    assert 'data-parameter="sanma_tsumo"' not in ema
    assert "No tobi: play goes on below 0." in rule_line(ema, "tobi")
    assert "A score of exactly 0" not in ema and "No tobi bonus" not in ema
    wrc = client.get(reverse("preset_detail", args=["wrc"])).content.decode()
    assert "Head bump" in rule_line(wrc, "multi_ron") and "In a multi-ron" not in wrc
    assert PRESETS["tenhou_sanma"].extension
    sanma = client.get(reverse("preset_detail", args=["tenhou_sanma"])).content.decode()
    assert "less North’s share (tsumo loss)" in rule_line(sanma, "sanma_tsumo")
    assert "An extension ends" in rule_line(sanma, "extension_end")


def test_a_floating_uma_reads_as_three_lists(client):
    floating = {
        "1": [12000, -1000, -3000, -8000],
        "2": [8000, 4000, -4000, -8000],
        "3": [8000, 3000, 1000, -12000],
    }
    saved = SavedRuleset.objects.create(name="JPML", preset="ema", overrides={"uma": floating})

    page = client.get(reverse("ruleset_detail", args=[saved.pk])).content.decode()

    assert "one, +12,000, \u22121,000, \u22123,000, \u22128,000;" in rule_line(page, "uma")


def every_value(name: str) -> list[object]:
    """Values of a parameter worth a sentence each: every choice, both sides of a yes/no,
    none and some of a number."""
    field = RulesetForm(instance=SavedRuleset()).fields[name]
    choices = getattr(field, "choices", None)
    if name == "abortive_draws":
        return [[], ["suucha_riichi"], [value for value, _ in field.choices]]
    if choices:
        return [value for value, _ in choices]
    if name == "uma":
        return [[10000, 5000, -5000, -10000]]
    if name == "target_points":
        return [None, 40000]
    if isinstance(PRESETS["ema"].to_json()[name], bool):
        return [True, False]
    return [0, 1] if name == "aka_dora" else [0, 3000]


@pytest.mark.parametrize("name", ENGINE_PARAMETERS)
def test_every_value_of_every_parameter_reads_as_a_sentence(name):
    for value in every_value(name):
        spec = {"preset": "tenhou", name: value}
        if name == "players" and value == 3:
            spec = {"preset": "tenhou_sanma"}  # three players need three uma values
        if name == "target_points" and value is None:
            spec["extension"] = False
        rules = resolve_rules(spec)
        sentence = describe(name, rules)
        assert not sentence[0].islower() and sentence.endswith("."), (value, sentence)
        assert "_" not in sentence and not re.search(r"-\d", sentence), sentence
