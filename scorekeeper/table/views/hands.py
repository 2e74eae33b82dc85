"""The table page and recording from it: record, preview and correct a hand, and open the
calculator on a seat's hand.

Each view checks access, fills a form, calls one service and renders. An htmx request gets
the part of the page that changed (``#game-table``, with the messages out of band); a plain
POST redirects to the table (POST/redirect/GET). Refusals keep the page: an impossible hand
is a form error (422), a submission for a game that has moved on (409) shows the current
table with a message. Undo and the game's actions are in ``views/actions.py``, the live
board and the chart in ``views/live.py``.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from scorekeeper.club.models import DeletedGame, Game
from scorekeeper.errors import GameGone, ServiceError, StaleGame
from scorekeeper.htmx import HtmxHttpRequest
from scorekeeper.registry.permissions import (
    acting_user,
    game_readers,
    is_member,
    is_organiser,
    recorder_required,
    refuse_withheld,
)
from scorekeeper.request_numbers import request_number
from scorekeeper.table.display import authorship, describe_hand
from scorekeeper.table.forms.hands import CorrectionForm, HandForm
from scorekeeper.table.links import calculator_url, carried_values
from scorekeeper.table.models import SentHand
from scorekeeper.table.pages import (
    edit_context,
    keep_log_after,
    keep_replay_after,
    load_game,
    may_correct,
    may_record,
    new_hand_form,
    recorded_context,
    reloaded,
    seat_names,
    table_context,
)
from scorekeeper.table.previews import preview_context, preview_of
from scorekeeper.table.services.hands import HandChange, edit_hand, scoreboard
from scorekeeper.table.services.outbox import keep_for_deleted, settle_conflict
from scorekeeper.table.services.submit import Submitted, Taken, submit_hand
from scoring.errors import IllegalHand
from scoring.record import read_record
from scoring.state import HandResult, Replay

TABLE = "table/table.html"
ACCOUNT_HEADER = "X-Scorekeeper-Account"


MERGED = gettext_noop(
    "Hand %(number)s had been recorded the same by another phone (%(words)s): taken as that one."
)
CONFLICT = gettext_noop(
    "Hand %(number)s (%(words)s) was not recorded: another phone recorded the game "
    "differently. Both versions are kept on the table page for a member to choose."
)
#: Where a hand that waited went when it was kept apart, by why (``SentHand.Reason``).
KEPT_APART = {
    SentHand.Reason.CLOSED: gettext_noop(
        "Hand %(number)s (%(words)s) was not recorded: the game had been finished or "
        "abandoned before it arrived. It is kept on the table page for an organiser to keep "
        "or discard."
    ),
    SentHand.Reason.LATE: gettext_noop(
        "Hand %(number)s (%(words)s) was not recorded: it was sent after the time was up and "
        "the game had ended by time. It is kept on the table page for an organiser to keep "
        "or discard."
    ),
    SentHand.Reason.AFTER: gettext_noop(
        "Hand %(number)s (%(words)s) was not recorded: the hand entered before it on this "
        "phone was not recorded either, and its points were counted from that one. It is kept "
        "on the table page to keep or discard."
    ),
    SentHand.Reason.CHANGED: gettext_noop(
        "Hand %(number)s (%(words)s) was not recorded: the game changed since it was entered "
        "(a hand corrected or undone), and it no longer fits. It is kept on the table page "
        "to keep or discard."
    ),
}
DELETED = gettext_noop(
    "Hand %(number)s (%(words)s) was not recorded: game %(id)s had been deleted. It is kept "
    "on the deleted game's page, with the game's record to download."
)


def sent_keys(request: HttpRequest) -> tuple[uuid.UUID | None, uuid.UUID | None]:
    """The key a phone made for the hand it sends (the ``Idempotency-Key`` header, or the
    form's ``key``) and the key of the hand before it still waiting on the phone
    (``after``), if any. A value that is not a UUID is refused (``ValueError``). (A hand
    that waited on the phone also carries ``waited=1``.)"""
    values = (
        ("key", request.headers.get("Idempotency-Key") or request.POST.get("key", "")),
        ("after", request.POST.get("after", "")),
    )
    keys: list[uuid.UUID | None] = []
    for name, value in values:
        try:
            keys.append(uuid.UUID(value) if value else None)
        except ValueError:
            raise ValueError(
                _("Bad request: the hand's %(name)s is not a UUID.") % {"name": name}
            ) from None
    return keys[0], keys[1]


def entered_moment(request: HttpRequest) -> datetime | None:
    """When the hand sent was entered on the phone (``entered_at``, ISO 8601 with its offset),
    never later than now; none where it is not given. A value that is not such a moment is
    refused (``ValueError``)."""
    value = request.POST.get("entered_at", "")
    if not value:
        return None
    try:
        moment = parse_datetime(value) if len(value) <= 40 else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ValueError(
            _("Bad request: the hand's entered_at is not a moment in ISO 8601 with its offset.")
        )
    return min(moment, timezone.now())


def entered_by(request: HttpRequest) -> Any:
    """Who entered the hand sent: the member the phone names (``entered_by``, the account
    logged in on it when the hand was entered, sent later by whoever is logged in now), or
    else who sends it. Only a member sending names another member (a table's phone without
    an account records by nobody); a name that is no member's account now is the sender's."""
    sender = acting_user(request.user)
    name = request.POST.get("entered_by", "")
    if not name or sender is None or not is_member(sender) or name == sender.get_username():
        return sender
    other = get_user_model().objects.filter(username=name[:150], is_active=True).first()
    return other if other is not None and is_member(other) else sender


# The table, whole or as the part htmx swaps.


def _table_partial(
    request: HttpRequest,
    game_id: int,
    *,
    status: int = 200,
    form: HandForm | None = None,
    event: str | None = None,
    game: Game | None = None,
    played: Replay | None = None,
) -> HttpResponse:
    """The table for an htmx request: ``#game-table`` and the messages out of band.
    ``game``: the game already loaded with its players and hands (or with ``played``, its
    hands as a service just replayed them), if the caller has it."""
    game = game or load_game(game_id, hands=False)
    if form is not None and not may_record(request, game):
        form = None
    context = table_context(request, game, form, played=played)
    html = render_to_string(f"{TABLE}#game-table", context, request)
    html += render_to_string(f"{TABLE}#messages", {"oob": True}, request)
    response = HttpResponse(html, status=status)
    if status == 422:
        # Scroll to the form's errors rather than to the top of the table.
        response["HX-Reswap"] = "outerHTML show:#hand-form:top"
    if event:
        trigger_client_event(response, event)
    return _plain_address(request, game.pk, response)


def _plain_address(request: HttpRequest, game_id: int, response: HttpResponse) -> HttpResponse:
    """After a write by htmx on a table opened with values in its address (back from the
    calculator), the address becomes the table's own: a reload then shows a blank form, not
    the hand just recorded."""
    current = getattr(getattr(request, "htmx", None), "current_url", None) or ""
    if "?" in current:
        response["HX-Replace-Url"] = reverse("game_table", args=[game_id])
    return response


def table_after_write(
    request: HtmxHttpRequest,
    game_id: int,
    *,
    event: str | None = None,
    status: int = 200,
    game: Game | None = None,
) -> HttpResponse:
    """After a write or a refusal of one: the table, by swap or by redirect."""
    if request.htmx:
        return _table_partial(request, game_id, status=status, event=event, game=game)
    return redirect("game_table", game_id)


@require_safe
@never_cache
@game_readers
def game_table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    # The hands are read only where the drawn log and the replay are not in the cache.
    game = load_game(game_id, hands=False)
    # Those who record a game in play open it whatever a tournament withholds; for anyone
    # else, whether it is withheld is asked (``game_read_required`` asks everyone, before
    # the game is read: a query on every table page of every recorder).
    if not may_record(request, game):
        refuse_withheld(request, game_id)
    response = render(request, TABLE, table_context(request, game))
    # Whose page this is, for the service worker that keeps it (one account's pages at a time).
    response[ACCOUNT_HEADER] = str(request.user.pk or "")
    return response


@require_POST
@never_cache
@recorder_required
def hand_create(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    try:
        key, after = sent_keys(request)
        entered_at = entered_moment(request)
    except ValueError as error:
        return _plain(str(error), 400)
    waited = key is not None and request.POST.get("waited") == "1"
    try:
        game = load_game(game_id, hands=False)
    except GameGone:
        if key is None or not waited:
            raise
        return _sent_to_deleted(request, game_id, key, after, entered_at)
    form = new_hand_form(game, request.POST, whole=False)
    refusal: IllegalHand | None = None
    if form.is_valid():
        try:
            submitted = submit_hand(
                game=game,
                hand=form.to_hand(),
                expected_sequence=form.cleaned_data["sequence"],
                key=key,
                entered_at=entered_at,
                user=entered_by(request) if waited else acting_user(request.user),
                after=after,
                waited=waited,
            )
        except IllegalHand as error:
            refusal = error
        except ServiceError as error:
            if waited:
                # The phone keeps the hand and shows why (422), or sends it again (409).
                return _plain(error.message, 409 if isinstance(error, StaleGame) else 422)
            if isinstance(error, StaleGame):
                messages.warning(request, error.message)
            else:
                messages.error(request, error.message)
            return table_after_write(request, game_id, status=409)
        else:
            return _sent_answer(request, game, submitted)
    # The form drawn again whole, with why it was refused.
    shown = new_hand_form(game, request.POST)
    shown.is_valid()
    if refusal is not None:
        shown.add_engine_error(refusal)
    return _refused(request, game, shown)


def _plain(text: str, status: int) -> HttpResponse:
    return HttpResponse(f"{text}\n", status=status, content_type="text/plain; charset=utf-8")


def _sent_to_deleted(
    request: HtmxHttpRequest,
    game_id: int,
    key: uuid.UUID,
    after: uuid.UUID | None,
    entered_at: datetime | None,
) -> HttpResponse:
    """A hand that waited on a phone for a game deleted since: read against the game as it
    was deleted and kept on its line; the answer is its page, which lists it."""
    deleted = DeletedGame.objects.filter(game_id=game_id).first()
    if deleted is None or deleted.record is None:
        raise GameGone(_("Game %(id)s was deleted.") % {"id": game_id})
    record, played = read_record(deleted.record)
    form = HandForm(
        request.POST, names=record.players, rules=record.rules, state=played.state, whole=False
    )
    if not form.is_valid():
        return _plain(form_errors_text(form), 422)
    hand = form.to_hand()
    try:
        keep_for_deleted(
            deleted=deleted,
            hand=hand,
            sequence=form.cleaned_data["sequence"],
            key=key,
            after=after,
            user=entered_by(request),
            entered_at=entered_at,
        )
    except ServiceError as error:
        return _plain(error.message, 422)
    words = describe_hand(hand, record.players, record.rules)
    number = form.cleaned_data["sequence"] + 1
    messages.warning(request, _(DELETED) % {"number": number, "words": words, "id": game_id})
    return redirect("game_table", game_id)


def form_errors_text(form: HandForm) -> str:
    """A refused form's errors as one line of text (for a phone's outbox)."""
    return " ".join(str(message) for errors in form.errors.values() for message in errors)


def _sent_answer(request: HtmxHttpRequest, game: Game, submitted: Submitted) -> HttpResponse:
    """The answer to a submitted hand: the same words and table, whether this sending
    recorded it or an earlier sending with the same key did."""
    number = submitted.number
    words = describe_hand(submitted.hand, seat_names(game), game.ruleset())
    status = 200
    if submitted.taken == Taken.MERGED:
        messages.warning(request, _(MERGED) % {"number": number, "words": words})
    elif submitted.taken == Taken.RECORDED:
        messages.success(
            request, _("Hand %(number)s recorded: %(words)s.") % {"number": number, "words": words}
        )
        if submitted.change is not None:
            keep_replay_after(game, submitted.change)
            if request.htmx:
                return _recorded(request, game, submitted.change, words)
            # The plain form's answer sends the phone to the table page, log and all.
            keep_log_after(request, game, submitted.change)
    else:
        reason = submitted.reason
        wording = KEPT_APART.get(SentHand.Reason(reason), CONFLICT) if reason else CONFLICT
        messages.warning(request, _(wording) % {"number": number, "words": words})
        status = 409
    if not request.htmx:
        return redirect("game_table", game.pk)
    return _table_partial(request, game.pk, status=status, event="hand-recorded")


def _recorded(request: HtmxHttpRequest, game: Game, change: HandChange, words: str) -> HttpResponse:
    """A hand recorded by htmx: the parts of the table it changed (the ``recorded``
    partial, from the hand as the service played it), or the whole table when the hand
    ended the game or the game had changed since this request loaded it (then the page
    the phone shows is not the one the hand was played from)."""
    saved = change.game
    if not saved.is_open or saved.revision != game.revision + 1:
        # With the game ended, the service replayed it: the table is drawn from that.
        return _table_partial(
            request,
            game.pk,
            event="hand-recorded",
            game=reloaded(game, saved),
            played=change.played,
        )
    context = recorded_context(
        request,
        reloaded(game, saved, hands=False),
        change.result,
        words=words,
        authors=authorship(change.record) if change.record else None,
    )
    response = render(request, f"{TABLE}#recorded", context)
    response["HX-Retarget"] = "#record-title" if context.get("form_kept") else "#record-hand"
    response["HX-Reswap"] = "outerHTML show:#scoreboard:top"
    if context.get("form_kept"):
        # The phone keeps its form: it resets it once the new number of hands is in.
        trigger_client_event(response, "hand-form-kept", after="swap")
    return _plain_address(request, game.pk, trigger_client_event(response, "hand-recorded"))


def _refused(request: HtmxHttpRequest, game: Game, form: HandForm) -> HttpResponse:
    """A refused hand: the form with its errors, the rest unchanged (422)."""
    if request.htmx:
        return _table_partial(request, game.pk, status=422, form=form)
    return render(request, TABLE, table_context(request, game, form), status=422)


@require_POST
@recorder_required
def conflict_settle(request: HtmxHttpRequest, game_id: int, sent_id: int) -> HttpResponse:
    """Settle a conflict: keep the version a phone sent (``keep=sent``) or the stored one
    (``keep=stored``); the other is discarded, and the hand log says so."""
    game = load_game(game_id, hands=False)
    keep = request.POST.get("keep")
    if keep not in ("sent", "stored"):
        return HttpResponse(
            _("Bad request: keep is “sent” or “stored”.") + "\n",
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    try:
        sent = settle_conflict(
            game=game,
            sent_id=sent_id,
            keep=keep == "sent",
            user=acting_user(request.user),
            allow_closed=is_organiser(request.user),
        )
    except IllegalHand as error:
        messages.error(
            request,
            _("That version cannot be kept: it makes hand %(number)s impossible.")
            % {"number": error.index + 1},
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        number = sent.sequence + 1
        if keep == "sent":
            words = _("Hand %(number)s: the version sent is kept.")
        else:
            words = _("Hand %(number)s: the stored version is kept.")
        messages.success(request, words % {"number": number})
    return redirect("game_table", game_id)


@require_http_methods(["GET", "HEAD", "POST"])
@recorder_required
def hand_preview(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """What each player would get for the hand being entered (nothing is saved)."""
    game = load_game(game_id, hands=False)
    # ``?hand=3``: hand 3 (numbered from 1) as it would be edited.
    number = request_number(request.GET.get("hand"))
    state = game.game_state()
    editing = None
    later: tuple[HandResult, ...] = ()
    if number is not None:
        results = scoreboard(game).replay.results
        if not 1 <= number <= len(results):
            raise Http404("No such hand.")
        editing = number - 1
        state = results[editing].before
        later = results[number:]
    data = request.POST if request.method == "POST" else request.GET
    form = HandForm(data, names=seat_names(game), rules=game.ruleset(), state=state, whole=False)
    context = preview_context(form, state, editing, later) | {
        "preview_url": request.get_full_path()
    }
    return render(request, f"{TABLE}#preview", context)


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@recorder_required
def hand_edit(request: HtmxHttpRequest, game_id: int, number: int) -> HttpResponse:
    """Edit hand ``number`` (from 1) of a game."""
    game = load_game(game_id)
    if not may_correct(request, game):
        raise PermissionDenied
    results = scoreboard(game).replay.results
    if not 1 <= number <= len(results):
        raise Http404("No such hand.")
    sequence = number - 1
    shown = {"sequence": game.hand_count, "revision": game.revision}
    form = CorrectionForm(
        request.POST if request.method == "POST" else None,
        names=seat_names(game),
        rules=game.ruleset(),
        state=results[sequence].before,
        initial={**HandForm.from_hand(results[sequence].hand), **shown},
    )
    if form.is_valid():
        try:
            edit_hand(
                game=game,
                sequence=sequence,
                hand=form.to_hand(),
                expected_sequence=form.cleaned_data["sequence"],
                expected_revision=form.cleaned_data["revision"],
                user=acting_user(request.user),
                allow_finished=is_organiser(request.user),
            )
        except IllegalHand as error:
            form.add_engine_error(error, sequence=sequence)
        except ServiceError as error:
            # Nothing changed: the table as it is now, with why (409).
            messages.warning(request, _edit_refusal(game, error))
            current = load_game(game_id)
            return render(request, TABLE, table_context(request, current), status=409)
        else:
            messages.success(request, _("Hand %(number)s edited.") % {"number": number})
            return redirect("game_table", game_id)
    context = edit_context(game, form, sequence, results[sequence].before)
    # The preview: the hand as entered, or as stored until something is entered.
    if form.is_bound:
        context |= preview_context(
            form, results[sequence].before, sequence, results[sequence + 1 :]
        )
    else:
        context["preview"] = preview_of(results[sequence], form.names, form.rules)
    return render(request, "table/hand_edit.html", context, status=422 if form.is_bound else 200)


@require_safe
@recorder_required
def hand_edit_former(request: HttpRequest, game_id: int, sequence: int) -> HttpResponse:
    """A hand's edit page at its former address (hands numbered from 0): the same hand at
    its address now."""
    return redirect("hand_edit", game_id, sequence + 1, permanent=True)


def _edit_refusal(game: Game, error: ServiceError) -> str:
    if isinstance(error, StaleGame):
        return _(
            "The game changed on another phone while you edited the hand — nothing was "
            "changed; here is the current table."
        )
    return error.message


@require_http_methods(["GET", "HEAD", "POST"])
@recorder_required
def hand_from_tiles(request: HtmxHttpRequest, game_id: int, seat: int) -> HttpResponse:
    """The hand calculator for a seat's hand at the table as it is now, and the way back
    with the hand form as it was: the form is sent here (POST, by its "Count it from the
    tiles" button) or its values are in the query. Nothing is saved; it is a tool of the
    hand form, so of those who record (members)."""
    game = load_game(game_id, hands=False)
    if not 0 <= seat < game.players:
        raise Http404("No such seat.")
    data = request.POST if request.method == "POST" else request.GET
    carried = carried_values(data, new_hand_form(game).fields)
    url = calculator_url(game, game.game_state(), seat, carried)
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)
