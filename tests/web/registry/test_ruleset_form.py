"""The ruleset form: a field for every parameter of the engine's ruleset, the preset's values
as the defaults, changes marked and only they saved, the engine's refusals on the field they
name, and choosing a preset. The pages in words: ``test_ruleset_words``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from django.urls import reverse

from scorekeeper.club.models import SavedRuleset
from scorekeeper.parameters import GROUPS
from scorekeeper.registry.forms import RulesetForm
from scoring.rules import PRESETS, Ruleset
from tests.web.form_fields import form_data

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[2] / "data"

#: The parameters of the rules page's tables (tests/data/README.md).
RULES_MD_PARAMETERS = (DATA / "rules-parameters.txt").read_text().split()
ENGINE_PARAMETERS = [f.name for f in dataclasses.fields(Ruleset) if f.name != "preset"]


def new_form(client, preset: str = "ema") -> dict[str, str | list[str]]:
    """The new-ruleset form for ``preset`` as a browser would send it, named Club Friday."""
    page = client.get(reverse("ruleset_new"), {"preset": preset}).content.decode()
    return {**form_data(page, "ruleset-form"), "name": "Club Friday"}


def field_html(response, name: str) -> str:
    """The markup of one parameter's field, from its opening tag to the next field's."""
    page = response.content.decode()
    assert f'id="field-{name}"' in page, f"no field for {name}"
    start = page.rindex("<", 0, page.index(f'id="field-{name}"'))
    return page[start:].split('id="field-', 2)[1]


def classes_of(response, name: str) -> list[str]:
    """The classes of a parameter's field."""
    page = response.content.decode()
    start = page.rindex("<", 0, page.index(f'id="field-{name}"'))
    opening = page[start : page.index(">", start)]
    return opening.split('class="', 1)[1].split('"', 1)[0].split()


def is_marked(response, name: str) -> bool:
    return "changed" in classes_of(response, name)


def marked(response) -> set[str]:
    return {name for name in ENGINE_PARAMETERS if is_marked(response, name)}


# Every parameter a field


def test_every_parameter_of_the_rules_is_in_the_engine():
    assert len(RULES_MD_PARAMETERS) == 37
    assert set(RULES_MD_PARAMETERS) <= set(ENGINE_PARAMETERS)


@pytest.mark.parametrize("name", ENGINE_PARAMETERS)
def test_every_parameter_of_the_engine_has_a_field_in_one_group(alice_client, name):
    assert name in RulesetForm(instance=SavedRuleset()).fields
    assert sum(name in group.parameters for group in GROUPS) == 1
    page = alice_client.get(reverse("ruleset_new")).content.decode()
    assert f'id="field-{name}"' in page
    assert f'name="{name}"' in page or f'name="{name}_0"' in page


def test_the_groups_hold_nothing_but_parameters():
    shown = [name for group in GROUPS for name in group.parameters]
    assert sorted(shown) == sorted(ENGINE_PARAMETERS)
    assert [group.title for group in GROUPS] == [
        "Players",
        "Points and uma",
        "The end of the game",
        "Draws and multi-ron",
        "Limits and yaku",
        "Extras: chips, yakitori, chombo",
    ]


# The preset's values as the defaults


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_fills_the_form_with_its_values(alice_client, preset):
    data = new_form(alice_client, preset)
    values = PRESETS[preset].to_json()

    assert data["preset"] == preset
    for name in ENGINE_PARAMETERS:
        value = values[name]
        if isinstance(value, bool):
            assert (data.get(name) == "on") is value, name
        elif name == "uma":
            # Three players: three places, the fourth left blank.
            assert [int(data[f"uma_{i}"]) for i in range(len(value))] == value
            assert all(data[f"uma_{i}"] == "" for i in range(len(value), 4))
        elif name == "abortive_draws":
            sent = data.get(name, [])
            assert (sent if isinstance(sent, list) else [sent]) == value
        elif value is None:
            assert data[name] == "", name
        else:
            assert data[name] == str(value), name


@pytest.mark.parametrize(
    ("preset", "sent"),
    [
        # RULES.md's table of parameters.
        ("ema", {"start_points": "30000", "uma_0": "15000", "multi_ron": "triple"}),
        ("wrc", {"chombo_penalty": "30000", "multi_ron": "head_bump", "kiriage": "on"}),
        ("tenhou", {"start_points": "25000", "oka": "20000", "uma_3": "-20000"}),
        ("mahjongsoul", {"return_points": "25000", "target_points": "30000"}),
        ("mleague", {"uma_0": "30000", "aka_dora": "3", "double_wind_fu": "2"}),
    ],
)
def test_the_defaults_are_the_presets_of_the_rules(alice_client, preset, sent):
    data = new_form(alice_client, preset)
    assert {name: data.get(name) for name in sent} == sent


def test_tenhou_has_every_abortive_draw_and_mahjong_soul_all_but_sanchahou(alice_client):
    draws = ["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan"]
    assert new_form(alice_client, "tenhou")["abortive_draws"] == [*draws, "sanchahou"]
    assert new_form(alice_client, "mahjongsoul")["abortive_draws"] == draws
    assert "abortive_draws" not in new_form(alice_client, "ema")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_saved_unchanged_stores_no_overrides(alice_client, preset):
    response = alice_client.post(reverse("ruleset_new"), new_form(alice_client, preset))

    saved = SavedRuleset.objects.get(name="Club Friday")
    assert response.status_code == 302
    assert (saved.preset, saved.overrides) == (preset, {})


def test_a_new_form_marks_nothing(alice_client):
    assert marked(alice_client.get(reverse("ruleset_new"), {"preset": "tenhou"})) == set()


# Changes: saved, and marked


def test_only_the_changed_values_are_saved(alice_client):
    data = new_form(alice_client, "ema")
    data.update(kiriage="on", uma_0="20000", uma_1="10000", uma_2="-10000", uma_3="-20000")
    data["abortive_draws"] = ["kyuushu_kyuuhai", "suucha_riichi"]
    data["chip_value"] = "1000"

    alice_client.post(reverse("ruleset_new"), data)

    saved = SavedRuleset.objects.get(name="Club Friday")
    assert saved.preset == "ema"
    assert saved.overrides == {
        "kiriage": True,
        "uma": [20000, 10000, -10000, -20000],
        "abortive_draws": ["kyuushu_kyuuhai", "suucha_riichi"],
        "chip_value": 1000,
    }
    assert saved.to_rules().chip_value == 1000


def test_unticking_a_box_the_preset_ticks_is_saved_as_a_change(alice_client):
    data = new_form(alice_client, "tenhou")
    del data["tobi"]

    alice_client.post(reverse("ruleset_new"), data)

    assert SavedRuleset.objects.get().overrides == {"tobi": False}


def test_a_changed_value_is_marked_after_a_submit_the_form_refuses(alice_client):
    data = {**new_form(alice_client, "ema"), "kiriage": "on", "name": ""}

    response = alice_client.post(reverse("ruleset_new"), data)

    assert response.status_code == 422
    assert marked(response) == {"kiriage"}
    assert "changed" in field_html(response, "kiriage")
    assert "changed" not in field_html(response, "kazoe")


def test_the_edit_page_marks_the_saved_changes(alice_client):
    saved = SavedRuleset.objects.create(
        name="Thursday", preset="ema", overrides={"kiriage": True, "aka_dora": 3}
    )

    response = alice_client.get(reverse("ruleset_edit", args=[saved.pk]))

    assert marked(response) == {"kiriage", "aka_dora"}
    data = form_data(response.content.decode(), "ruleset-form")
    assert (data["kiriage"], data["aka_dora"], data["name"]) == ("on", "3", "Thursday")


def test_editing_back_to_the_presets_values_stores_no_overrides(alice_client):
    saved = SavedRuleset.objects.create(name="Thursday", preset="ema", overrides={"kiriage": True})
    url = reverse("ruleset_edit", args=[saved.pk])
    data = form_data(alice_client.get(url).content.decode(), "ruleset-form")
    del data["kiriage"]

    assert alice_client.post(url, data).status_code == 302

    saved.refresh_from_db()
    assert (saved.name, saved.overrides) == ("Thursday", {})


def test_a_saved_floating_uma_loads_into_its_rows_and_saves_unchanged(alice_client):
    floating = {
        "1": [12000, -1000, -3000, -8000],
        "2": [8000, 4000, -4000, -8000],
        "3": [8000, 3000, 1000, -12000],
    }
    saved = SavedRuleset.objects.create(name="JPML", preset="ema", overrides={"uma": floating})
    url = reverse("ruleset_edit", args=[saved.pk])
    response = alice_client.get(url)
    data = form_data(response.content.decode(), "ruleset-form")

    assert data["floating_uma"] == "on"
    assert [data[f"uma_below_3_{i}"] for i in range(4)] == ["8000", "3000", "1000", "-12000"]
    assert marked(response) == {"uma"}
    alice_client.post(url, data)
    saved.refresh_from_db()
    assert saved.overrides == {"uma": floating}


def test_a_saved_change_the_engine_no_longer_takes_is_named_and_left_out(alice_client):
    saved = SavedRuleset.objects.create(
        name="Old", preset="ema", overrides={"gone": 1, "kiriage": True}
    )

    response = alice_client.get(reverse("ruleset_edit", args=[saved.pk]))

    assert response.status_code == 200
    assert "rules.gone: unknown parameter" in response.content.decode()
    assert marked(response) == {"kiriage"}


# The engine's refusals, on their fields


def error_of(response, field: str) -> str:
    page = response.content.decode()
    assert f'id="id_{field}_error"' in page, f"no error next to {field}"
    return page.split(f'id="id_{field}_error">', 1)[1].split("</p>")[0]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        # The bounds and steps of scoring/rule_values.py.
        (
            {"honba_value": "99999"},
            "honba_value",
            "Expected a whole number 0..3,000, got 99,999.",
        ),
        ({"start_points": "25050"}, "start_points", "Expected a multiple of 100, got 25,050."),
        ({"aka_dora": "5"}, "aka_dora", "Expected a whole number 0..4, got 5."),
        ({"uma_3": "-25000"}, "uma", "The uma values must sum to 0, they sum to \u221210,000."),
        ({"uma_3": "-15050"}, "uma", "Expected four whole hundreds of points"),
        # Cross-field refusals, on the field the engine names.
        ({"extension": "on"}, "target_points", "An extension round needs target points."),
        ({"tobi_at_zero": "on"}, "tobi_at_zero", "Applies only with tobi."),
        ({"tobi_bonus": "10000"}, "tobi_bonus", "Applies only with tobi."),
        # What the form reads before the engine does.
        ({"start_points": "lots"}, "start_points", "Enter a whole number."),
        ({"start_points": ""}, "start_points", "Enter a number."),
        ({"uma_1": ""}, "uma", "Enter all four values."),
        ({"kazoe": "banana"}, "kazoe", "Select a valid choice."),
        ({"double_wind_fu": "3"}, "double_wind_fu", "Select a valid choice."),
        ({"abortive_draws": ["kyuushu_kyuuhai", "nine"]}, "abortive_draws", "Select a valid"),
    ],
)
def test_a_refusal_lands_on_its_field_and_saves_nothing(alice_client, changes, field, message):
    data = {**new_form(alice_client, "ema"), **changes}

    response = alice_client.post(reverse("ruleset_new"), data)

    assert response.status_code == 422
    assert message in error_of(response, field)
    assert "has-error" in classes_of(response, field)
    assert not SavedRuleset.objects.exists()


def test_a_floating_uma_row_that_does_not_sum_to_zero_is_refused_on_that_row(alice_client):
    data = new_form(alice_client, "ema")
    data["floating_uma"] = "on"
    rows = {"1": [12000, -1000, -3000, -8000], "2": [8000, 4000, -4000, -9000]}
    rows["3"] = [8000, 3000, 1000, -12000]
    for row, uma in rows.items():
        data.update({f"uma_below_{row}_{i}": str(value) for i, value in enumerate(uma)})

    response = alice_client.post(reverse("ruleset_new"), data)

    assert response.status_code == 422
    assert "they sum to \u22121,000" in error_of(response, "uma_below_2")
    assert 'class="floating-uma" open' in response.content.decode()
    assert not SavedRuleset.objects.exists()


def test_every_refused_field_is_named_at_once(alice_client):
    data = {**new_form(alice_client, "ema"), "honba_value": "99999", "aka_dora": "9"}

    response = alice_client.post(reverse("ruleset_new"), data)

    error_of(response, "honba_value")
    error_of(response, "aka_dora")


def test_a_refused_form_keeps_what_was_typed(alice_client):
    data = {**new_form(alice_client, "ema"), "honba_value": "99999", "oka": "8000"}

    response = alice_client.post(reverse("ruleset_new"), data)

    sent = form_data(response.content.decode(), "ruleset-form")
    assert (sent["honba_value"], sent["oka"], sent["name"]) == ("99999", "8000", "Club Friday")
    assert marked(response) == {"honba_value", "oka"}


def test_an_unknown_preset_is_refused_next_to_the_preset(alice_client):
    data = {**new_form(alice_client, "ema"), "preset": "riichi-city"}

    response = alice_client.post(reverse("ruleset_new"), data)

    assert response.status_code == 422
    error_of(response, "preset")
    assert not SavedRuleset.objects.exists()


# Choosing a preset


def test_choosing_a_preset_fills_in_its_values_and_keeps_the_changes(alice_client):
    data = {**new_form(alice_client, "ema"), "kiriage": "on", "preset": "tenhou", "fill": "1"}

    response = alice_client.post(reverse("ruleset_new"), data)

    assert response.status_code == 200
    sent = form_data(response.content.decode(), "ruleset-form")
    # Tenhou's start points and oka (RULES.md); the kiriage chosen on EMA kept.
    assert (sent["preset"], sent["start_points"], sent["oka"]) == ("tenhou", "25000", "20000")
    assert (sent["kiriage"], sent["name"]) == ("on", "Club Friday")
    assert marked(response) == {"kiriage"}
    assert not SavedRuleset.objects.exists()


def test_a_change_the_new_preset_refuses_is_left_behind(alice_client):
    # Tenhou plays tobi; a tobi bonus set there means nothing to EMA, which has no tobi.
    data = {**new_form(alice_client, "tenhou"), "tobi_bonus": "10000", "kazoe": "sanbaiman"}
    data.update(preset="ema", fill="1")

    response = alice_client.post(reverse("ruleset_new"), data)

    sent = form_data(response.content.decode(), "ruleset-form")
    assert (sent["tobi_bonus"], "tobi" in sent) == ("0", False)
    assert marked(response) == set()  # sanbaiman is EMA's own value


def test_htmx_gets_only_the_form_when_a_preset_is_chosen(alice_client):
    data = {**new_form(alice_client, "ema"), "preset": "mleague", "fill": "1"}

    response = alice_client.post(reverse("ruleset_new"), data, headers={"HX-Request": "true"})

    page = response.content.decode()
    assert page.lstrip().startswith('<form method="post"')
    assert "<html" not in page
    assert form_data(page, "ruleset-form")["uma_0"] == "30000"


def test_the_preset_choice_posts_to_the_form_itself(alice_client):
    saved = SavedRuleset.objects.create(name="Thursday", preset="ema")
    url = reverse("ruleset_edit", args=[saved.pk])
    page = alice_client.get(url).content.decode()
    assert f'hx-post="{url}"' in page
    assert f'action="{url}"' in page
    assert 'name="fill"' in page


# Who may


def test_only_organisers_fill_in_a_preset_or_save(alice_client, bob_client, charlie_client, client):
    data = {**new_form(alice_client, "ema"), "fill": "1"}
    url = reverse("ruleset_new")
    for visitor in (bob_client, charlie_client, client):
        assert visitor.post(url, data).status_code == 403
        assert visitor.post(url, {**data, "fill": ""}).status_code == 403
    del data["fill"]
    assert bob_client.post(url, data).status_code == 403
    assert not SavedRuleset.objects.exists()


def test_a_refusal_of_the_whole_shows_even_while_the_name_is_missing(alice_client):
    data = {**new_form(alice_client, "ema"), "name": "", "extension": "on"}

    response = alice_client.post(reverse("ruleset_new"), data)

    error_of(response, "name")
    assert "An extension round needs target points." in error_of(response, "target_points")


def test_a_change_that_needs_another_is_kept_with_it(alice_client):
    # EMA has no target points: an extension needs them, whichever the form reads first.
    data = {**new_form(alice_client, "ema"), "extension": "on", "target_points": "30000"}
    data.update(preset="wrc", fill="1")

    response = alice_client.post(reverse("ruleset_new"), data)

    sent = form_data(response.content.decode(), "ruleset-form")
    assert (sent["extension"], sent["target_points"], sent["preset"]) == ("on", "30000", "wrc")
    assert marked(response) == {"extension", "target_points"}
