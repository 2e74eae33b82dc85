"""What the tournament's views share: who may read a tournament, loading the session or
table a request names, and the one shape of a handler that changes something: load, call
one service, catch its refusal (said on the page it came from), redirect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render

from scorekeeper.errors import ServiceError
from scorekeeper.registry.permissions import can_read, is_member
from scorekeeper.tournaments.models import Entrant, Session, Table, Tournament


def readable(request: HttpRequest, pk: int) -> Tournament:
    """The tournament, if this reader may see it (else 403; see ``login_or_403``)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    user = request.user
    if not (can_read(user) and (tournament.public or is_member(user))):
        raise PermissionDenied
    return tournament


def session_of(tournament: Tournament | int, number: int) -> Session:
    return get_object_or_404(Session, tournament=tournament, number=number)


def entrant_of(tournament: Tournament | int, entrant_id: int) -> Entrant:
    return get_object_or_404(
        Entrant.objects.select_related("player"), pk=entrant_id, tournament=tournament
    )


def table_of(tournament: Tournament | int, number: int, table: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("session__tournament", "game"),
        session__tournament=tournament,
        session__number=number,
        number=table,
    )


def login_or_403(view: Any) -> Any:
    """A visitor refused a private tournament is sent to log in first."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        try:
            return view(request, *args, **kwargs)  # type: ignore[no-any-return]
        except PermissionDenied:
            if not request.user.is_authenticated and request.method in ("GET", "HEAD"):
                return redirect_to_login(request.get_full_path())
            raise

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def act(
    request: HttpRequest,
    call: Callable[[], Any],
    *,
    back: str,
    done: str | Callable[[Any], str] | None = None,
    then: str | Callable[[Any], str] | None = None,
) -> HttpResponse:
    """Call one service. Refused: its words on ``back``, where the action was asked for,
    nothing changed. Done: ``done`` said (worded from what the service returned, where it
    is a function) on ``then`` (``back`` if none)."""
    try:
        result = call()
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect(back)
    if done is not None:
        messages.success(request, done(result) if callable(done) else done)
    if then is None:
        return redirect(back)
    return redirect(then(result) if callable(then) else then)


def confirmed(request: HttpRequest) -> bool:
    """Whether an irreversible action was confirmed (its confirmation page's button)."""
    return request.POST.get("confirm") == "1"


def confirm_page(
    request: HttpRequest, *, title: str, question: str, button: str, back: str
) -> HttpResponse:
    """The page that asks before an irreversible action: what it does, and the button that
    does it (posting the same form again, confirmed); nothing is changed until then."""
    carried = [
        (k, v) for k, v in request.POST.items() if k not in ("confirm", "csrfmiddlewaretoken")
    ]
    context = {
        "title": title,
        "question": question,
        "button": button,
        "back": back,
        "carried": carried,
    }
    return render(request, "tournaments/confirm.html", context)
