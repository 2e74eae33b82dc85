"""The list of games (the tables in play, then the finished ones) and starting a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Prefetch, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.club.models import Game, Seat
from scorekeeper.errors import ServiceError
from scorekeeper.format import (
    KINDS,
    format_points,
    preset_label,
    round_name,
    seat_wind,
    signed_result,
    starting_wind,
)
from scorekeeper.registry.permissions import is_member, member_required, read_required, shown_games
from scorekeeper.table.forms.games import NewGameForm, players_asked
from scorekeeper.table.services.games import start_game

FINISHED_PER_PAGE = 20
#: Tables in play shown at once, the most recently active first: a club night has a few
#: tables, and games left open for weeks must not make the home page grow.
PLAYING_PER_PAGE = 12


@dataclass(frozen=True)
class SeatRow:
    wind: str
    name: str
    points: str
    place: int | None = None
    result: str = ""


@dataclass(frozen=True)
class GameRow:
    """One game as the list shows it."""

    game: Game
    url: str
    live_url: str
    ruleset: str
    round: str
    honba: int
    sticks: int
    seats: tuple[SeatRow, ...]

    @classmethod
    def in_play(cls, game: Game) -> GameRow:
        state = game.state
        scores = state["scores"]
        # Each seat's wind this round (the dealer is East), as the table shows it.
        dealer = game.game_state().dealer
        seats = tuple(
            SeatRow(
                seat_wind(s.number, dealer, game.players),
                s.player.name,
                format_points(scores[s.number]),
            )
            for s in game.seats.all()
        )
        return cls._make(game, round_name(state["round_index"]), state, seats)

    @classmethod
    def ended(cls, game: Game) -> GameRow:
        ranked = sorted(game.seats.all(), key=lambda s: (s.place or 5, s.number))
        seats = tuple(
            SeatRow(
                starting_wind(s.number),
                s.player.name,
                format_points(s.final_points) if s.final_points is not None else "",
                s.place,
                signed_result(s.result) if s.result is not None else "",
            )
            for s in ranked
        )
        return cls._make(game, "", game.state, seats)

    @classmethod
    def _make(
        cls, game: Game, label: str, state: dict[str, Any], seats: tuple[SeatRow, ...]
    ) -> GameRow:
        return cls(
            game=game,
            url=game.get_absolute_url(),
            live_url=reverse("game_live", args=[game.pk]),
            ruleset=preset_label(game.ruleset_name),
            round=label,
            honba=state["honba"],
            sticks=state["sticks"],
            seats=seats,
        )


def _with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    seats = Seat.objects.select_related("player").order_by("number")
    # The frozen rules (JSON) are not shown, and would be carried through the sort.
    return games.defer("rules").prefetch_related(Prefetch("seats", queryset=seats))


@require_safe
@read_required
def game_list(request: HttpRequest) -> HttpResponse:
    in_play = Game.objects.filter(status=Game.Status.IN_PLAY)
    if not is_member(request.user):
        # Members record every game in play, withheld or not (``game_withheld``).
        in_play = shown_games(in_play, request.user)
    playing = _with_seats(in_play.order_by("-updated_at", "-pk"))
    ended = _with_seats(
        shown_games(Game.objects.exclude(status=Game.Status.IN_PLAY), request.user).order_by(
            "-finished_at", "-pk"
        )
    )
    tables = Paginator(playing, PLAYING_PER_PAGE).get_page(request.GET.get("tables"))
    page = Paginator(ended, FINISHED_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "tables": tables,
        "playing": [GameRow.in_play(g) for g in tables],
        "page": page,
        "ended": [GameRow.ended(g) for g in page],
        "tables_query": _query(request, "tables"),
        "page_query": _query(request, "page"),
    }
    return render(request, "table/game_list.html", context)


def _query(request: HttpRequest, leave_out: str) -> str:
    """The other pager's place, kept when this one moves (``page=3&``, or nothing)."""
    kept = request.GET.copy()
    kept.pop(leave_out, None)
    return kept.urlencode() + "&" if kept else ""


def drawn_seats(game: Game) -> str:
    """The seats a draw gave, as the table is told: "Seats drawn: East Ben, South Aki…"."""
    seats = game.seats.select_related("player").order_by("number")
    drawn = pgettext("list separator", ", ").join(
        _("%(wind)s %(name)s") % {"wind": starting_wind(seat.number), "name": seat.player.name}
        for seat in seats
    )
    return _("Seats drawn at random: %(seats)s.") % {"seats": drawn}


@require_http_methods(["GET", "HEAD", "POST"])
@member_required
def game_new(request: HttpRequest) -> HttpResponse:
    """A new game, of four players or (``?players=3``) three."""
    if request.method == "POST":
        form = NewGameForm(request.POST)
    else:
        form = NewGameForm(players=players_asked(request.GET))
    if form.is_valid():
        name, rules = form.to_rules()
        try:
            with transaction.atomic():
                game = start_game(
                    rules=rules,
                    ruleset_name=name,
                    players=form.seated_players(),
                    table_label=form.cleaned_data["table_label"],
                    created_by=request.user,
                    shuffle=form.cleaned_data["shuffle"],
                    start_token=form.cleaned_data["start_token"],
                    start=form.to_start(),
                )
        except ServiceError as error:
            # A player merged or deleted meanwhile: the form again, with why.
            form.add_error(None, error.message)
        else:
            if form.cleaned_data["shuffle"]:
                messages.info(request, drawn_seats(game))
            return redirect(game)
    status = 422 if form.is_bound else 200
    kinds = [
        {"label": label, "url": f"?players={count}", "current": count == form.player_count}
        for count, label in KINDS
    ]
    return render(request, "table/game_new.html", {"form": form, "kinds": kinds}, status=status)
