"""The ruleset form sent anything at all in any of its fields: a 422 naming what is wrong, or a
saved ruleset the engine reads back; never a 500, never a ruleset the engine refuses."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.club.models import SavedRuleset
from scoring.rules import PRESETS, resolve_rules
from tests.web.form_fields import form_data

pytestmark = pytest.mark.django_db

VALUES = st.one_of(
    st.sampled_from(["", "on", "0", "-1", "100", "30000", "-30000", "4", "2", "1e3", "9" * 5000]),
    st.sampled_from(["hanchan", "double", "tenhou", "sanchahou", "none", "automatic", "\x00"]),
    st.integers(min_value=-(10**7), max_value=10**7).map(str),
    st.text(max_size=8),
)


@pytest.fixture
def forms(alice_client) -> dict[str, dict[str, str | list[str]]]:
    """Each preset's form as a browser sends it."""
    return {
        preset: form_data(
            alice_client.get(reverse("ruleset_new"), {"preset": preset}).content.decode(),
            "ruleset-form",
        )
        for preset in PRESETS
    }


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), preset=st.sampled_from(sorted(PRESETS)), fill=st.booleans())
def test_any_values_are_refused_by_field_or_saved_as_the_engine_reads_them(
    alice_client, forms, data, preset, fill
):
    form = dict(forms[preset])
    names = sorted(
        {*form, "floating_uma", "uma_below_1_0", "abortive_draws"} - {"csrfmiddlewaretoken"}
    )
    changes = data.draw(st.dictionaries(st.sampled_from(names), VALUES, max_size=4))
    form.update(changes, name="Fuzzed")
    if fill:
        form["fill"] = "1"

    response = alice_client.post(reverse("ruleset_new"), form)

    assert response.status_code in (200, 302, 422)
    if response.status_code == 422:
        assert 'class="field-error"' in response.content.decode() or "form-errors" in (
            response.content.decode()
        )
    saved = SavedRuleset.objects.filter(name="Fuzzed").first()
    assert (saved is not None) == (response.status_code == 302)
    if saved is not None:
        resolve_rules({"preset": saved.preset, **saved.overrides})
        saved.delete()
