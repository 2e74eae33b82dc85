"""The club's registry: players and saved rulesets. Everyone who may read sees them;
organisers add and rename."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.format import format_points, preset_label
from scorekeeper.registry.forms import (
    PlayerForm,
    SavedRulesetForm,
    save_unless_taken,
    taken_message,
)
from scorekeeper.registry.permissions import organiser_required, read_required
from scoring.errors import RulesError
from scoring.rules import PRESETS, Ruleset

EDIT = ["GET", "HEAD", "POST"]


def _data(request: HttpRequest) -> Any:
    return request.POST if request.method == "POST" else None


@require_safe
@read_required
def player_list(request: HttpRequest) -> HttpResponse:
    return render(request, "club/player_list.html", {"players": Player.objects.all()})


@require_http_methods(EDIT)
@organiser_required
def player_new(request: HttpRequest) -> HttpResponse:
    return _player_form(request, Player())


@require_http_methods(EDIT)
@organiser_required
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _player_form(request, get_object_or_404(Player, pk=pk))


def _player_form(request: HttpRequest, player: Player) -> HttpResponse:
    form = PlayerForm(_data(request), instance=player)
    if form.is_valid():
        name = form.cleaned_data["name"]
        saved = save_unless_taken(form, "name", taken_message("player", name))
        if saved is not None:
            messages.success(request, f"Saved {saved.name}.")
            return redirect("player_list")
    status = 422 if form.is_bound else 200
    return render(request, "club/player_form.html", {"form": form}, status=status)


@require_safe
@read_required
def ruleset_list(request: HttpRequest) -> HttpResponse:
    context = {
        "presets": [(name, preset_label(name)) for name in PRESETS],
        "rulesets": [(r, preset_label(r.preset)) for r in SavedRuleset.objects.all()],
    }
    return render(request, "club/ruleset_list.html", context)


@require_http_methods(EDIT)
@organiser_required
def ruleset_new(request: HttpRequest) -> HttpResponse:
    return _ruleset_form(request, SavedRuleset(preset="ema"))


@require_http_methods(EDIT)
@organiser_required
def ruleset_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _ruleset_form(request, get_object_or_404(SavedRuleset, pk=pk))


def _ruleset_form(request: HttpRequest, ruleset: SavedRuleset) -> HttpResponse:
    form = SavedRulesetForm(_data(request), instance=ruleset)
    if form.is_valid():
        name = form.cleaned_data["name"]
        saved = save_unless_taken(form, "name", taken_message("ruleset", name))
        if saved is not None:
            messages.success(request, f"Saved the ruleset {saved.name}.")
            return redirect("ruleset_detail", pk=saved.pk)
    status = 422 if form.is_bound else 200
    return render(request, "club/ruleset_form.html", {"form": form}, status=status)


@require_safe
@read_required
def ruleset_detail(request: HttpRequest, pk: int) -> HttpResponse:
    ruleset = get_object_or_404(SavedRuleset, pk=pk)
    try:
        rules: Ruleset | None = ruleset.to_rules()
        error = ""
    except RulesError as exc:
        rules, error = None, str(exc)
    return _parameters(request, ruleset.name, rules, saved=ruleset, error=error)


@require_safe
@read_required
def preset_detail(request: HttpRequest, name: str) -> HttpResponse:
    if name not in PRESETS:
        raise Http404("No such preset.")
    return _parameters(request, preset_label(name), PRESETS[name])


def _parameters(
    request: HttpRequest,
    title: str,
    rules: Ruleset | None,
    *,
    saved: SavedRuleset | None = None,
    error: str = "",
) -> HttpResponse:
    changed = rules.overrides() if rules else {}
    rows = [
        (name.replace("_", " ").capitalize(), _show(value), name in changed)
        for name, value in (rules.to_json().items() if rules else ())
        if name != "preset"
    ]
    context = {
        "title": title,
        "rules": rules,
        "rows": rows,
        "saved": saved,
        "preset": preset_label(saved.preset) if saved else "",
        "error": error,
    }
    return render(request, "club/ruleset_detail.html", context)


def _show(value: Any) -> str:
    """A parameter's value as a person reads it."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_show(v) for v in value) or "none"
    if isinstance(value, int):
        return format_points(value)
    return str(value).replace("_", " ")
