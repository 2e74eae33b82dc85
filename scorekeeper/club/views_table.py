"""The table page and everything done from it: record, preview, correct and undo a hand,
finish or abandon the game, download its record, and the live board other screens poll.

Each view checks access, fills a form, calls one service and renders. An htmx request gets
the part of the page that changed (``#game-table``, with the messages out of band); a plain
POST redirects to the table (POST/redirect/GET). Refusals keep the page: an impossible hand
is a form error (422), a submission for a game that has moved on (409) shows the current
table with a message.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event
from django_htmx.middleware import HtmxDetails

from scorekeeper.club.display import preset_label
from scorekeeper.club.forms_hand import ConfirmForm, HandForm
from scorekeeper.club.models import Game, Seat
from scorekeeper.club.permissions import (
    is_member,
    is_organiser,
    member_required,
    organiser_required,
    read_required,
)
from scorekeeper.club.services import (
    Scoreboard,
    ServiceError,
    StaleGame,
    abandon_game,
    edit_hand,
    export_record,
    finish_game,
    record_hand,
    scoreboard,
    undo_last_hand,
)
from scorekeeper.club.table_display import (
    describe_hand,
    end_words,
    hand_lines,
    humanize_message,
    round_name,
    seat_lines,
    signed,
    standing_lines,
)
from scoring.errors import IllegalHand
from scoring.game import GameState, play_hand
from scoring.standings import final_standings


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


TABLE = "club/table.html"


# Loading and access.


def _game(game_id: int, *, hands: bool = True) -> Game:
    """A game with its players (and its hands, for the log), in a fixed number of queries."""
    seats = Seat.objects.select_related("player").order_by("number")
    games = Game.objects.prefetch_related(Prefetch("seats", queryset=seats))
    if hands:
        games = games.prefetch_related("hands")
    return get_object_or_404(games, pk=game_id)


def may_record(user: Any, game: Game) -> bool:
    return game.is_open and is_member(user)


def may_correct(user: Any, game: Game) -> bool:
    """Members correct a game in play; organisers also a finished one."""
    if game.status == Game.Status.FINISHED:
        return is_organiser(user)
    return may_record(user, game)


def _names(game: Game) -> tuple[str, ...]:
    return tuple(seat.player.name for seat in game.seats.all())


def _new_hand_form(game: Game, data: Any = None) -> HandForm:
    return HandForm(
        data,
        names=_names(game),
        rules=game.ruleset(),
        state=game.game_state(),
        initial={"sequence": game.hand_count},
    )


def _stale_message(game: Game, expected: int | None) -> str:
    if expected is not None and expected < game.hand_count:
        return "This hand was already recorded by another phone — here is the current table."
    return "The game changed on another phone — nothing was recorded; here is the current table."


# Rendering the table.


def table_context(request: HttpRequest, game: Game, form: HandForm | None = None) -> dict[str, Any]:
    board = scoreboard(game)
    names = board.record.players
    state, rules = board.state, board.record.rules
    recording = may_record(request.user, game)
    finished = game.status == Game.Status.FINISHED
    form = (form or _new_hand_form(game)) if recording else None
    # A refused hand comes back with its preview (what the engine said about it).
    preview = preview_context(form, state, None) if form is not None and form.is_bound else {}
    return preview | {
        "game": game,
        "ruleset": preset_label(game.ruleset_name),
        "state": state,
        "round": round_name(state.round_index),
        "seats": seat_lines(state, names),
        "hands": hand_lines(board.replay, names, rules, edited=_edited(game)),
        "standings": standing_lines(board.standings(), names) if finished else (),
        "end_words": end_words(state.end_reason, stopped_early=game.stopped_early),
        "form": form,
        "form_action": reverse("hand_create", args=[game.pk]),
        "preview_url": reverse("hand_preview", args=[game.pk]),
        "can_correct": may_correct(request.user, game),
        "is_organiser": is_organiser(request.user),
        "last_hand": _last_hand_words(board),
    }


def _edited(game: Game) -> frozenset[int]:
    return frozenset(h.sequence for h in game.hands.all() if h.edited_at is not None)


def _last_hand_words(board: Scoreboard) -> str:
    results = board.replay.results
    if not results:
        return ""
    return describe_hand(results[-1].hand, board.record.players, board.record.rules)


def _table_partial(
    request: HttpRequest,
    game_id: int,
    *,
    status: int = 200,
    form: HandForm | None = None,
    event: str | None = None,
) -> HttpResponse:
    """The table for an htmx request: ``#game-table`` and the messages out of band."""
    game = _game(game_id)
    if form is not None and not may_record(request.user, game):
        form = None
    html = render_to_string(f"{TABLE}#game-table", table_context(request, game, form), request)
    html += render_to_string(f"{TABLE}#messages", {"oob": True}, request)
    response = HttpResponse(html, status=status)
    if status == 422:
        # Scroll to the form's errors rather than to the top of the table.
        response["HX-Reswap"] = "outerHTML show:#hand-form:top"
    if event:
        trigger_client_event(response, event)
    return response


def _after_write(
    request: HtmxHttpRequest, game_id: int, *, event: str | None = None, status: int = 200
) -> HttpResponse:
    """After a write or a refusal of one: the table, by swap or by redirect."""
    if request.htmx:
        return _table_partial(request, game_id, status=status, event=event)
    return redirect("game_table", game_id)


@require_safe
@read_required
@vary_on_headers("HX-Request")
def game_table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    return render(request, TABLE, table_context(request, game))


@require_POST
@member_required
def hand_create(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id, hands=False)
    form = _new_hand_form(game, request.POST)
    try:
        if form.is_valid():
            hand = form.to_hand()
            record_hand(
                game=game,
                hand=hand,
                expected_sequence=form.cleaned_data["sequence"],
                user=request.user,
            )
            words = describe_hand(hand, form.names, form.rules)
            messages.success(request, f"Hand {game.hand_count + 1} recorded: {words}.")
            return _after_write(request, game_id, event="hand-recorded")
    except IllegalHand as error:
        form.add_engine_error(error)
    except StaleGame:
        messages.warning(request, _stale_message(game, form.cleaned_data["sequence"]))
        return _after_write(request, game_id, status=409)
    except ServiceError as error:
        messages.error(request, error.message)
        return _after_write(request, game_id, status=409)
    return _refused(request, game, form)


def _refused(request: HtmxHttpRequest, game: Game, form: HandForm) -> HttpResponse:
    """A refused hand: the form with its errors, the rest unchanged (422)."""
    if request.htmx:
        return _table_partial(request, game.pk, status=422, form=form)
    return render(request, TABLE, table_context(request, game, form), status=422)


@require_http_methods(["GET", "HEAD", "POST"])
@member_required
def hand_preview(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """What each player would get for the hand being entered (nothing is saved)."""
    game = _game(game_id, hands=False)
    editing = _int_or_none(request.GET.get("hand"))
    state = game.game_state()
    if editing is not None:
        results = scoreboard(game).replay.results
        if not 0 <= editing < len(results):
            raise Http404("No such hand.")
        state = results[editing].before
    data = request.POST if request.method == "POST" else request.GET
    form = HandForm(data, names=_names(game), rules=game.ruleset(), state=state)
    context = preview_context(form, state, editing) | {"preview_url": request.get_full_path()}
    return render(request, f"{TABLE}#preview", context)


def _int_or_none(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def preview_context(form: HandForm, state: GameState, sequence: int | None) -> dict[str, Any]:
    """Each player's change for the hand in the form, or what is still missing."""
    context: dict[str, Any] = {"preview": None, "missing": [], "refusal": ""}
    if not form.is_valid():
        errors = [e for name, e in form.errors.items() if name != "sequence"]
        context["missing"] = [message for field_errors in errors for message in field_errors]
        if context["missing"]:
            return context
    try:
        result = play_hand(state, form.to_hand(), form.rules, index=sequence or 0)
    except IllegalHand as error:
        message = humanize_message(error.message, form.names)
        context["refusal"] = message[:1].upper() + message[1:]
        return context
    after = result.after
    context["preview"] = {
        "changes": [
            {
                "name": form.names[seat],
                "change": signed(result.deltas[seat]),
                "sign": "up" if result.deltas[seat] > 0 else "down" if result.deltas[seat] else "",
                "points": f"{after.scores[seat]:,}",
            }
            for seat in range(4)
        ],
        "next": round_name(after.round_index),
        "honba": after.honba,
        "sticks": after.sticks,
        "ends": end_words(after.end_reason, stopped_early=False),
    }
    return context


@require_http_methods(["GET", "HEAD", "POST"])
@member_required
def hand_edit(request: HtmxHttpRequest, game_id: int, sequence: int) -> HttpResponse:
    game = _game(game_id)
    if not may_correct(request.user, game):
        raise PermissionDenied
    results = scoreboard(game).replay.results
    if not 0 <= sequence < len(results):
        raise Http404("No such hand.")
    form = HandForm(
        request.POST if request.method == "POST" else None,
        names=_names(game),
        rules=game.ruleset(),
        state=results[sequence].before,
        initial={**HandForm.from_hand(results[sequence].hand), "sequence": game.hand_count},
    )
    if form.is_valid():
        try:
            edit_hand(
                game=game,
                sequence=sequence,
                hand=form.to_hand(),
                expected_sequence=form.cleaned_data["sequence"],
                user=request.user,
                allow_finished=is_organiser(request.user),
            )
        except IllegalHand as error:
            form.add_engine_error(error, sequence=sequence)
        except ServiceError as error:
            messages.warning(request, _edit_refusal(game, error))
            return redirect("game_table", game_id)
        else:
            messages.success(request, f"Hand {sequence + 1} corrected.")
            return redirect("game_table", game_id)
    context = edit_context(game, form, sequence, results[sequence].before)
    return render(request, "club/hand_edit.html", context, status=422 if form.is_bound else 200)


def _edit_refusal(game: Game, error: ServiceError) -> str:
    if isinstance(error, StaleGame):
        return (
            "The game changed on another phone while you corrected the hand — nothing was "
            "changed; here is the current table."
        )
    return error.message


def edit_context(game: Game, form: HandForm, sequence: int, before: GameState) -> dict[str, Any]:
    return {
        "game": game,
        "form": form,
        "number": sequence + 1,
        "round": round_name(before.round_index),
        "honba": before.honba,
        "form_action": reverse("hand_edit", args=[game.pk, sequence]),
        "preview_url": reverse("hand_preview", args=[game.pk]) + f"?hand={sequence}",
        "submit_label": f"Save hand {sequence + 1}",
        "refused_title": "This correction was not saved:",
    }


# Undo, finish, abandon: a confirmation page without JS, hx-confirm with it.


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
    return render(request, "club/table_confirm.html", context, status=status)


def _confirmed(request: HttpRequest) -> ConfirmForm | None:
    form = ConfirmForm(request.POST if request.method == "POST" else None)
    return form if form.is_valid() else None


@require_http_methods(["GET", "HEAD", "POST"])
@member_required
def hand_undo(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    if not may_correct(request.user, game):
        raise PermissionDenied
    confirm = _confirmed(request)
    if confirm is None:
        return _confirm_page(request, game, "hand_undo")
    expected = confirm.cleaned_data["sequence"]
    undone = _last_hand_words(scoreboard(game))
    try:
        undo_last_hand(
            game=game,
            expected_sequence=expected,
            user=request.user,
            allow_finished=is_organiser(request.user),
        )
    except StaleGame:
        messages.warning(
            request, "The game changed on another phone — nothing was undone; here is the table."
        )
        return _after_write(request, game_id, status=409)
    except ServiceError as error:
        messages.error(request, error.message)
        return _after_write(request, game_id, status=409)
    messages.success(request, f"Hand {expected} undone: {undone}.")
    return _after_write(request, game_id, event="hand-undone")


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def game_finish(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    if _confirmed(request) is None:
        return _confirm_page(request, game, "game_finish")
    try:
        finish_game(game=game, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return _after_write(request, game_id, status=409)
    messages.success(request, "The game is finished: here are the final standings.")
    return _after_write(request, game_id, event="game-finished")


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def game_abandon(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    if _confirmed(request) is None:
        return _confirm_page(request, game, "game_abandon")
    abandon_game(game=game, user=request.user)
    messages.success(request, "The game was abandoned: it counts for nothing.")
    return _after_write(request, game_id, event="game-finished")


# Reading elsewhere: the record, the live board.


@require_safe
@read_required
def game_record(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.prefetch_related("seats__player", "hands"), pk=game_id)
    body = json.dumps(export_record(game), indent=2, ensure_ascii=False)
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.json"'
    return response


def live_etag(request: HttpRequest, game_id: int) -> str | None:
    """The board's version: the game and its revision, in one small query."""
    revision = Game.objects.filter(pk=game_id).values_list("revision", flat=True).first()
    return None if revision is None else f"{game_id}-{revision}"


def live_context(game_id: int) -> dict[str, Any]:
    seats = Seat.objects.select_related("player").order_by("number")
    games = Game.objects.prefetch_related(Prefetch("seats", queryset=seats))
    game = get_object_or_404(games, pk=game_id)
    state, rules = game.game_state(), game.ruleset()
    names = _names(game)
    last = game.hands.order_by("-sequence").first()
    finished = game.status == Game.Status.FINISHED
    return {
        "game": game,
        "ruleset": preset_label(game.ruleset_name),
        "state": state,
        "round": round_name(state.round_index),
        "seats": seat_lines(state, names),
        "standings": standing_lines(final_standings(state, rules), names) if finished else (),
        "last_hand": describe_hand(last.to_hand(), names, rules) if last else "",
        "hand_count": game.hand_count,
    }


@require_safe
@read_required
def game_live(request: HttpRequest, game_id: int) -> HttpResponse:
    return render(request, "club/live.html", live_context(game_id))


@require_safe
@read_required
@cache_control(no_cache=True)
@condition(etag_func=live_etag)
def game_live_board(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board alone, for polling: 304 (one query) while nothing has changed."""
    return render(request, "club/live.html#live-board", live_context(game_id))


urlpatterns = [
    path("games/<int:game_id>/", game_table, name="game_table"),
    path("games/<int:game_id>/hands/", hand_create, name="hand_create"),
    path("games/<int:game_id>/preview/", hand_preview, name="hand_preview"),
    path("games/<int:game_id>/hands/<int:sequence>/edit/", hand_edit, name="hand_edit"),
    path("games/<int:game_id>/undo/", hand_undo, name="hand_undo"),
    path("games/<int:game_id>/finish/", game_finish, name="game_finish"),
    path("games/<int:game_id>/abandon/", game_abandon, name="game_abandon"),
    path("games/<int:game_id>/record.json", game_record, name="game_record"),
    path("games/<int:game_id>/live/", game_live, name="game_live"),
    path("games/<int:game_id>/live/board/", game_live_board, name="game_live_board"),
]
