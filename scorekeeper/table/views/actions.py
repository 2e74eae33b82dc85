"""What is done to a game from its table once confirmed: undo the last hand, finish, abandon
or reopen the game; and downloading the game's record (a deleted game's too, with the hands
that waited on phones for it).

Each action shows a confirmation page without JS (hx-confirm with it), then calls one
service; a game that has moved on since the confirmation is refused (409) with the table as
it is and why.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.club.models import DeletedGame, Game
from scorekeeper.errors import ServiceError, StaleGame
from scorekeeper.htmx import HtmxHttpRequest
from scorekeeper.registry.permissions import (
    acting_user,
    game_read_required,
    is_organiser,
    organiser_required,
    read_required,
    recorder_required,
)
from scorekeeper.table.display import describe_hand
from scorekeeper.table.forms.hands import ConfirmForm
from scorekeeper.table.pages import load_game, may_correct, seat_names
from scorekeeper.table.services.games import abandon_game, export_record, finish_game, reopen_game
from scorekeeper.table.services.hands import scoreboard, undo_last_hand
from scorekeeper.table.services.outbox import waiting_record
from scorekeeper.table.views.hands import table_after_write


def _confirm_page(request: HttpRequest, game: Game, action: str, status: int = 200) -> HttpResponse:
    board = scoreboard(game)
    results = board.replay.results
    last = (
        describe_hand(results[-1].hand, board.record.players, board.record.rules) if results else ""
    )
    context = {
        "game": game,
        "action": action,
        "form_action": reverse(f"{action}", args=[game.pk]),
        "sequence": game.hand_count,
        "last_hand": last,
    }
    return render(request, "table/table_confirm.html", context, status=status)


def _confirmed(request: HttpRequest) -> ConfirmForm | None:
    form = ConfirmForm(request.POST if request.method == "POST" else None)
    return form if form.is_valid() else None


@require_http_methods(["GET", "HEAD", "POST"])
@recorder_required
def hand_undo(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = load_game(game_id)
    if not may_correct(request, game):
        raise PermissionDenied
    confirm = _confirmed(request)
    if confirm is None:
        return _confirm_page(request, game, "hand_undo")
    expected = confirm.cleaned_data["sequence"]
    try:
        change = undo_last_hand(
            game=game,
            expected_sequence=expected,
            expected_revision=confirm.cleaned_data["revision"],
            user=acting_user(request.user),
            allow_finished=is_organiser(request.user),
        )
    except StaleGame:
        messages.warning(
            request, _("The game changed on another phone — nothing was undone; here is the table.")
        )
        return table_after_write(request, game_id, status=409)
    except ServiceError as error:
        messages.error(request, error.message)
        return table_after_write(request, game_id, status=409)
    undone = describe_hand(change.result.hand, seat_names(game), game.ruleset())
    messages.success(
        request, _("Hand %(number)s undone: %(words)s.") % {"number": expected, "words": undone}
    )
    return table_after_write(request, game_id, event="hand-undone")


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def game_finish(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return _game_action(
        request,
        game_id,
        "game_finish",
        finish_game,
        done=_("The game is finished: here are the final standings."),
        stale=_("The game changed on another phone — it was not finished; here is the table."),
    )


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def game_abandon(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return _game_action(
        request,
        game_id,
        "game_abandon",
        abandon_game,
        # The abandoned table says so itself, once: no message on top of it.
        done=None,
        stale=_("The game changed on another phone — it was not abandoned; here is the table."),
    )


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def game_reopen(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return _game_action(
        request,
        game_id,
        "game_reopen",
        reopen_game,
        done=_("The game is in play again: its standings are withdrawn until it ends."),
        stale=_("The game changed on another phone — it was not reopened; here is the table."),
        event="game-reopened",
    )


def _game_action(
    request: HtmxHttpRequest,
    game_id: int,
    action: str,
    service: Callable[..., Game],
    *,
    done: str | None,
    stale: str,
    event: str = "game-finished",
) -> HttpResponse:
    """Finish, abandon or reopen, once confirmed for the sequence the confirmation showed:
    a game that has moved on or changed since, or is no longer in a state the action applies to, is
    refused as a stale recording is (409, the table as it is, and why)."""
    game = load_game(game_id)
    confirm = _confirmed(request)
    if confirm is None:
        return _confirm_page(request, game, action)
    try:
        service(
            game=game,
            expected_sequence=confirm.cleaned_data["sequence"],
            expected_revision=confirm.cleaned_data["revision"],
            user=request.user,
        )
    except StaleGame:
        messages.warning(request, stale)
        return table_after_write(request, game_id, status=409)
    except ServiceError as error:
        messages.error(request, error.message)
        return table_after_write(request, game_id, status=409)
    if done:
        messages.success(request, done)
    return table_after_write(request, game_id, event=event)


@require_safe
@game_read_required
def game_record(request: HttpRequest, game_id: int) -> HttpResponse:
    game = load_game(game_id)
    body = json.dumps(export_record(game), indent=2, ensure_ascii=False)
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.json"'
    return response


@require_safe
@read_required
def game_waiting(request: HttpRequest, game_id: int) -> HttpResponse:
    """A deleted game's record as the phones had it: the hands that waited for it in their
    places (``outbox.waiting_record``), to import again as a game."""
    deleted = DeletedGame.objects.filter(game_id=game_id).first()
    record = waiting_record(deleted) if deleted is not None and deleted.waiting else None
    if record is None:
        raise Http404("No hands waited for this game.")
    body = json.dumps(record, indent=2, ensure_ascii=False)
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="game-{game_id}-waiting.json"'
    return response
