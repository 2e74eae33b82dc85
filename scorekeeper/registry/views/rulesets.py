"""Saved rulesets and the presets: everyone who may read sees them, with each parameter in
words; organisers add and change them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.club.models import SavedRuleset
from scorekeeper.format import preset_label
from scorekeeper.htmx import HtmxHttpRequest, template_for
from scorekeeper.refusals import located_refusal_text
from scorekeeper.registry.forms import (
    RulesetForm,
    form_values,
    saved_values,
    taken_message,
)
from scorekeeper.registry.permissions import organiser_required, read_required
from scorekeeper.registry.sentences import rules_in_words
from scorekeeper.registry.services import offer_first, save_ruleset
from scoring.errors import RulesError
from scoring.rules import PRESETS, Ruleset

EDIT = ["GET", "HEAD", "POST"]


def _data(request: HttpRequest) -> Any:
    return request.POST if request.method == "POST" else None


@require_safe
@read_required
def ruleset_list(request: HttpRequest) -> HttpResponse:
    context = {
        "presets": [(name, preset_label(name)) for name in PRESETS],
        "rulesets": [(r, preset_label(r.preset)) for r in SavedRuleset.objects.all()],
    }
    return render(request, "registry/ruleset_list.html", context)


@require_http_methods(EDIT)
@organiser_required
def ruleset_new(request: HtmxHttpRequest) -> HttpResponse:
    return _ruleset_form(request, SavedRuleset())


@require_http_methods(EDIT)
@organiser_required
def ruleset_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _ruleset_form(request, get_object_or_404(SavedRuleset, pk=pk))


def _ruleset_form(request: HtmxHttpRequest, ruleset: SavedRuleset) -> HttpResponse:
    problems: list[str] = []
    stored_name = ruleset.name  # the page's title, whatever a refused save tried
    if request.method != "POST":
        form = RulesetForm(initial=_first_values(request, ruleset, problems), instance=ruleset)
    elif "fill" in request.POST:  # a preset chosen: its values, the changes kept
        form = RulesetForm(request.POST, instance=ruleset).refilled()
    else:
        form = RulesetForm(request.POST, instance=ruleset)
        if form.is_valid() and form.rules is not None:
            name = form.cleaned_data["name"]
            try:
                saved = save_ruleset(ruleset=ruleset, name=name, rules=form.rules)
            except IntegrityError:
                form.add_error("name", taken_message("ruleset", name))
            else:
                messages.success(request, _("Saved the ruleset %(name)s.") % {"name": saved.name})
                return redirect("ruleset_detail", pk=saved.pk)
    context = {"form": form, "problems": problems, "stored_name": stored_name}
    template = template_for(request, "registry/ruleset_form.html", "ruleset-form")
    return render(request, template, context, status=422 if form.is_bound else 200)


def _first_values(
    request: HttpRequest, ruleset: SavedRuleset, problems: list[str]
) -> dict[str, Any]:
    """A saved ruleset's values, or a new one's from the preset in the address (EMA)."""
    if ruleset.pk:
        values, found = saved_values(ruleset)
        problems.extend(found)
        return values
    preset = request.GET.get("preset", "")
    return form_values(PRESETS.get(preset, PRESETS["ema"]))


@require_safe
@read_required
def ruleset_detail(request: HttpRequest, pk: int) -> HttpResponse:
    ruleset = get_object_or_404(SavedRuleset, pk=pk)
    try:
        rules: Ruleset | None = ruleset.to_rules()
        error = ""
    except RulesError as exc:
        rules, error = None, located_refusal_text(exc)
    return _parameters(request, ruleset.name, rules, saved=ruleset, error=error)


@require_safe
@read_required
def preset_detail(request: HttpRequest, name: str) -> HttpResponse:
    if name not in PRESETS:
        raise Http404(_("No such preset."))
    return _parameters(request, preset_label(name), PRESETS[name])


def _parameters(
    request: HttpRequest,
    title: str,
    rules: Ruleset | None,
    *,
    saved: SavedRuleset | None = None,
    error: str = "",
) -> HttpResponse:
    context = {
        "title": title,
        "rules": rules,
        "groups": rules_in_words(rules) if rules else [],
        "saved": saved,
        "preset": preset_label(saved.preset) if saved else "",
        "error": error,
    }
    return render(request, "registry/ruleset_detail.html", context)


@require_http_methods(["POST"])
@organiser_required
def ruleset_offer_first(request: HttpRequest, pk: int) -> HttpResponse:
    ruleset = get_object_or_404(SavedRuleset, pk=pk)
    offered = request.POST.get("offered") == "1"
    offer_first(ruleset=ruleset, offered=offered)
    if offered:
        messages.success(request, _("New games now offer %(name)s first.") % {"name": ruleset.name})
    else:
        messages.success(
            request, _("New games no longer offer %(name)s first.") % {"name": ruleset.name}
        )
    return redirect("ruleset_detail", pk=ruleset.pk)
