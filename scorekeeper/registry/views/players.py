"""The players: their list (everyone who may read sees it); adding and renaming one, merging
two into one and deleting one with no games (organisers). A merge and a deletion are
confirmed: a GET shows what will happen, a POST does it."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.club.models import Player, Seat
from scorekeeper.errors import IdentityRefused, PlayerRefused
from scorekeeper.registry.forms import PlayerForm
from scorekeeper.registry.permissions import organiser_required, read_required
from scorekeeper.registry.services import (
    delete_player,
    merge_players,
    save_player,
    shared_games,
)

EDIT = CONFIRMED = ["GET", "HEAD", "POST"]


@require_safe
@read_required
def player_list(request: HttpRequest) -> HttpResponse:
    return render(request, "registry/player_list.html", {"players": Player.objects.all()})


@require_http_methods(EDIT)
@organiser_required
def player_new(request: HttpRequest) -> HttpResponse:
    return _player_form(request, Player())


@require_http_methods(EDIT)
@organiser_required
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _player_form(request, get_object_or_404(Player, pk=pk))


def _player_form(request: HttpRequest, player: Player) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    form = PlayerForm(data, instance=player)
    if form.is_valid():
        name = form.cleaned_data["name"]
        try:
            saved = save_player(player=player, name=name, identity=form.identity())
        except IdentityRefused as error:
            form.add_error(error.field, error.message)
        except PlayerRefused as error:
            form.add_error("name", error.message)
        else:
            messages.success(request, _("Saved %(name)s.") % {"name": saved.name})
            return redirect("player_list")
    status = 422 if form.is_bound else 200
    return render(request, "registry/player_form.html", {"form": form}, status=status)


class MergeForm(forms.Form):
    """The player who stays; the one merged away is in the address."""

    into = forms.ModelChoiceField(
        Player.objects.none(),
        label=gettext_lazy("Merge into"),
        empty_label=gettext_lazy("Choose the player who stays"),
        error_messages={"required": gettext_lazy("Choose the player who stays.")},
    )

    def __init__(self, *args: object, merged: Player, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        into = self.fields["into"]
        assert isinstance(into, forms.ModelChoiceField)
        into.queryset = Player.objects.exclude(pk=merged.pk)


@require_http_methods(CONFIRMED)
@organiser_required
def player_merge(request: HttpRequest, pk: int) -> HttpResponse:
    """Choose the player who stays (a GET form), see what moves, confirm (POST)."""
    merged = get_object_or_404(Player, pk=pk)
    data = request.POST if request.method == "POST" else (request.GET or None)
    form = MergeForm(data, merged=merged)
    context: dict[str, object] = {"merged": merged, "form": form}
    if not form.is_valid():
        return render(request, "registry/player_merge.html", context, status=422 if data else 200)
    kept = form.cleaned_data["into"]
    if request.method == "POST":
        try:
            moved = merge_players(keep=kept, merge=merged)
        except PlayerRefused as error:
            form.add_error("into", error.message)
            return render(request, "registry/player_merge.html", context, status=409)
        words = ngettext(
            "%(merged)s was merged into %(kept)s: %(count)s game moved.",
            "%(merged)s was merged into %(kept)s: %(count)s games moved.",
            moved,
        )
        messages.success(
            request, words % {"merged": merged.name, "kept": kept.name, "count": moved}
        )
        return redirect(kept)
    context |= {
        "kept": kept,
        "games": Seat.objects.filter(player=merged).count(),
        "clashes": shared_games(kept, merged),
    }
    return render(request, "registry/player_merge.html", context)


@require_http_methods(CONFIRMED)
@organiser_required
def player_delete(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    games = Seat.objects.filter(player=player).count()
    context = {"player": player, "games": games}
    if request.method != "POST":
        return render(request, "registry/player_delete.html", context)
    try:
        delete_player(player=player)
    except PlayerRefused as error:
        context["refusal"] = error.message
        return render(request, "registry/player_delete.html", context, status=409)
    messages.success(request, _("%(name)s was deleted.") % {"name": player.name})
    return redirect("player_list")
