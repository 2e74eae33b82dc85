"""The organiser's pages: a tournament's settings, registering and removing players, seating
a session and its substitutes, starting it, the referee's tools at a table, penalties and
hiding the results near the end. Each change is one service call (``handlers.act``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scorekeeper.errors import ServiceError
from scorekeeper.registry.permissions import organiser_required
from scorekeeper.registry.services import player_named
from scorekeeper.tournaments import registration, services
from scorekeeper.tournaments.forms import (
    HideForm,
    PenaltyForm,
    PlanForm,
    RegisterForm,
    SeatForm,
    SubstituteForm,
    TableTimeForm,
    TournamentEditForm,
    TournamentForm,
)
from scorekeeper.tournaments.models import Entrant, Tournament, TournamentPenalty
from scorekeeper.tournaments.views.handlers import (
    act,
    confirm_page,
    confirmed,
    entrant_of,
    session_of,
    table_of,
)
from scorekeeper.tournaments.views.public import detail_context, results_context
from scorekeeper.tournaments.views.tables import session_context
from scoring.seating.plans import Way


@organiser_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        ruleset_name, rules = form.cleaned_data["ruleset"]
        tournament = services.create_tournament(
            rules=rules, ruleset_name=ruleset_name, user=request.user, **form.settings()
        )
        return redirect(tournament)
    status = 422 if form.is_bound else 200
    return render(request, "tournaments/form.html", {"form": form}, status=status)


@organiser_required
def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    initial = {
        name: getattr(tournament, name) for name in TournamentForm.base_fields if name != "ruleset"
    }
    form = TournamentEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(tournament=tournament, **form.settings())
        except ServiceError as error:
            form.add_error("sessions", error.message)
        else:
            return redirect(tournament)
    status = 422 if form.is_bound else 200
    context = {"form": form, "tournament": tournament}
    return render(request, "tournaments/form.html", context, status=status)


@require_POST
@organiser_required
def tournament_register(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = RegisterForm(request.POST, request.FILES)
    if not form.is_valid():
        context = detail_context(tournament, form)
        return render(request, "tournaments/detail.html", context, status=422)
    return act(
        request,
        lambda: services.register_players(
            tournament=tournament,
            players=form.cleaned_data["players"],
            registrations=form.registrations(),
        ),
        back=tournament.get_absolute_url(),
        done=lambda added: _("%(count)s players registered.") % {"count": added},
    )


@require_POST
@organiser_required
def entrant_remove(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    entrant = entrant_of(pk, entrant_id)
    back = reverse("tournament_detail", args=[pk])
    words = {"name": entrant.player.name}
    if not confirmed(request):
        return confirm_page(
            request,
            title=_("Take %(name)s out of the tournament?") % words,
            question=_(
                "%(name)s is no longer registered, and the organiser’s penalties given them "
                "go with them; they stay a club player."
            )
            % words,
            button=_("Take them out"),
            back=back,
        )
    removed = _("%(name)s is no longer registered.") % words
    return act(
        request,
        lambda: services.remove_entrant(entrant=entrant),
        back=back,
        done=lambda replanned: (
            removed if replanned is None else f"{removed} {_planned_again(replanned)}"
        ),
    )


@require_POST
@organiser_required
def entrant_withdraw(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    """A player drops out of the sessions to come, or comes back (their games stay)."""
    entrant = entrant_of(pk, entrant_id)
    back = entrant.withdrawn_at is not None
    return act(
        request,
        lambda: services.withdraw_entrants(entrants=[entrant], back=back),
        back=reverse("tournament_detail", args=[pk]),
        done=_planned_again,
    )


@require_POST
@organiser_required
def entrant_approve(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    """A registration waiting for approval is approved (in, or on the waiting list)."""
    entrant = entrant_of(pk, entrant_id)
    return act(
        request,
        lambda: registration.approve(entrant=entrant),
        back=reverse("tournament_detail", args=[pk]),
        done=lambda e: (
            (
                _("%(name)s is registered.")
                if e.status == Entrant.Status.IN
                else _("%(name)s is on the waiting list: the places are taken.")
            )
            % {"name": entrant.player.name}
        ),
    )


@require_POST
@organiser_required
def entrant_check_in(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    """The organiser checks a player in at the desk, or takes a check-in back."""
    entrant = entrant_of(pk, entrant_id)
    back = entrant.checked_in_at is not None
    return act(
        request,
        lambda: registration.check_in(entrant=entrant, back=back),
        back=reverse("tournament_detail", args=[pk]),
        done=(_("%(name)s is no longer checked in.") if back else _("%(name)s is checked in."))
        % {"name": entrant.player.name},
    )


@require_POST
@organiser_required
def entrant_revoke(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    """The player's link opens nothing from now on; the page shows the new one."""
    entrant = entrant_of(pk, entrant_id)
    return act(
        request,
        lambda: registration.revoke_link(entrant=entrant),
        back=reverse("tournament_detail", args=[pk]),
        done=_("%(name)s's old link opens nothing now: give them the new one.")
        % {"name": entrant.player.name},
    )


@require_POST
@organiser_required
def tournament_plan(request: HttpRequest, pk: int) -> HttpResponse:
    """Every session to come seated at once."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = PlanForm(request.POST)
    if not form.is_valid():
        context = detail_context(tournament, RegisterForm())
        context["plan_form"] = form
        return render(request, "tournaments/detail.html", context, status=422)
    return act(
        request,
        lambda: services.plan_tournament(
            tournament=tournament,
            seed=form.cleaned_data["seed"],
            vary_tables=form.cleaned_data["vary_tables"],
        ),
        back=tournament.get_absolute_url(),
        done=_planned_again,
    )


@require_POST
@organiser_required
def table_withdraw(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """A table taken away from the sessions to come: its players drop out."""
    found = table_of(pk, number, table)
    return act(
        request,
        lambda: services.withdraw_table(table=found),
        back=found.session.get_absolute_url(),
        done=_planned_again,
    )


def _planned_again(replanned: services.Replanned | None) -> str:
    """What a plan made (again) gives, in words; blank where there is no plan."""
    if replanned is None:
        return _("Done.")
    numbers = ", ".join(str(n) for n in replanned.numbers)
    plan = replanned.plan
    if plan is None:
        return _(
            "%(count)s players do not fill tables of %(size)s: the plan of sessions "
            "%(sessions)s is taken away. Plan them again once the players fill the tables."
        ) % {"count": replanned.count, "size": replanned.size, "sessions": numbers}
    values = {"sessions": numbers, "repeats": plan.repeats}
    if plan.way == Way.DESIGN:
        return _("Sessions %(sessions)s planned from a design: no two players meet twice.") % (
            values
        )
    if plan.repeats == 0:
        return _("Sessions %(sessions)s planned: no two players meet twice.") % values
    return (
        _(
            "Sessions %(sessions)s planned: %(repeats)s meetings repeat an earlier one (the "
            "sessions played counted)."
        )
        % values
    )


@require_POST
@organiser_required
def session_seat(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    session = session_of(tournament, number)
    entrants = list(tournament.entrants.select_related("player"))
    form = SeatForm(request.POST, request.FILES, entrants=entrants, size=tournament.table_size())
    if not form.is_valid():
        context = session_context(request, tournament, session)
        context["seat_form"] = form
        return render(request, "tournaments/session.html", context, status=422)
    data = form.cleaned_data
    return act(
        request,
        lambda: services.seat_session(
            session=session,
            method=data["method"],
            seed=data.get("seed"),
            step=data.get("step") or 1,
            tables=data.get("table_rows"),
        ),
        back=session.get_absolute_url(),
    )


@require_POST
@organiser_required
def session_substitute(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    session = session_of(tournament, number)
    form = SubstituteForm(request.POST, tournament=tournament)
    if not form.is_valid():
        context = session_context(request, tournament, session)
        context["substitute_form"] = form
        return render(request, "tournaments/session.html", context, status=422)
    name = form.cleaned_data["name"]
    return act(
        request,
        lambda: services.substitute(
            session=session,
            entrant=form.cleaned_data["entrant"],
            player=player_named(name=name) if name else None,
        ),
        back=session.get_absolute_url(),
    )


@require_POST
@organiser_required
def session_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    session = session_of(pk, number)
    words = {"number": number}
    if not confirmed(request):
        return confirm_page(
            request,
            title=_("Start session %(number)s?") % words,
            question=_(
                "Every table’s game starts now, and the clock with them; the seating can no "
                "longer be made again."
            ),
            button=_("Start the session and the clock"),
            back=session.get_absolute_url(),
        )

    def started(done: Any) -> str:
        count = done.tables.count()
        return ngettext(
            "Session %(number)s has started: %(count)s game and the clock.",
            "Session %(number)s has started: %(count)s games and the clock.",
            count,
        ) % {"number": number, "count": count}

    return act(
        request,
        lambda: services.start_session(session=session, user=request.user),
        back=session.get_absolute_url(),
        done=started,
    )


@require_POST
@organiser_required
def table_action(
    request: HttpRequest, pk: int, number: int, table: int, action: str
) -> HttpResponse:
    """The referee's tools at one table: its time, its game cancelled or played again."""
    found = table_of(pk, number, table)
    back = found.session.get_absolute_url()
    words = {"number": found.number}
    if action == "time":
        form = TableTimeForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Minutes are whole numbers from 0 to 600."))
            return redirect(back)
        return act(
            request,
            lambda: services.set_table_time(table=found, **form.cleaned_data),
            back=back,
            done=_("Table %(number)s’s time is saved.") % words,
        )
    if action not in ("cancel", "replay"):
        raise Http404(_("There is no such action."))
    if not confirmed(request):
        if action == "cancel":
            return confirm_page(
                request,
                title=_("Cancel the game at table %(number)s?") % words,
                question=_(
                    "It is abandoned: it keeps its hands but counts for nothing, and the "
                    "table plays no other game unless it is played again."
                ),
                button=_("Cancel the game"),
                back=back,
            )
        return confirm_page(
            request,
            title=_("Play the game at table %(number)s again?") % words,
            question=_(
                "The game in play is abandoned (it counts for nothing) and a new one starts "
                "at the same seats, from the start."
            ),
            button=_("Play the game again"),
            back=back,
        )
    if action == "cancel":
        return act(
            request,
            lambda: services.cancel_table(table=found, user=request.user),
            back=back,
            done=_("The game at table %(number)s is cancelled: it counts for nothing.") % words,
        )
    return act(
        request,
        lambda: services.replay_table(table=found, user=request.user),
        back=back,
        done=_("Table %(number)s plays its game again: a new game has started.") % words,
        then=lambda game: game.get_absolute_url(),
    )


@require_POST
@organiser_required
def tournament_penalty(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = PenaltyForm(request.POST, tournament=tournament)
    if not form.is_valid():
        context = results_context(request, tournament)
        context |= {"penalty_form": form, "hide_form": HideForm()}
        context["entrant_choices"] = sorted(
            ((row.entrant_id, row.name) for row in context["rows"]), key=lambda c: c[1]
        )
        return render(request, "tournaments/results.html", context, status=422)
    return act(
        request,
        lambda: services.give_penalty(
            entrant=form.cleaned_data["entrant"],
            points=form.cleaned_data["points"],
            reason=form.cleaned_data["reason"],
            session=None,
            user=request.user,
        ),
        back=reverse("tournament_results", args=[pk]),
    )


@require_POST
@organiser_required
def tournament_penalty_back(request: HttpRequest, pk: int, penalty: int) -> HttpResponse:
    """The organiser takes a penalty back."""
    found = get_object_or_404(TournamentPenalty, pk=penalty, tournament_id=pk)
    return act(
        request,
        lambda: services.take_back_penalty(penalty=found, user=request.user),
        back=reverse("tournament_results", args=[pk]),
    )


@require_POST
@organiser_required
def tournament_hide(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = HideForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors.get("from_session", [])))
        return redirect("tournament_results", pk)
    return act(
        request,
        lambda: services.hide_results(
            tournament=tournament, from_session=form.cleaned_data["from_session"]
        ),
        back=reverse("tournament_results", args=[pk]),
    )
