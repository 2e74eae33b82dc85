"""Merging two players into one and deleting a player with no games (organisers). Each is
confirmed: a GET shows what will happen, a POST does it."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from scorekeeper.club.models import Player, Seat
from scorekeeper.errors import PlayerRefused
from scorekeeper.registry.permissions import organiser_required
from scorekeeper.registry.services_players import delete_player, merge_players, shared_games

CONFIRMED = ["GET", "HEAD", "POST"]


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
