"""The API's endpoints: JSON in and out in the game record's formats. Each checks its
token (``endpoint``), reads its body, calls one service or query of the rooms below, and
answers; every refusal is ``{"code", "values", "text"}`` (``refusals``).

The OpenAPI document (``openapi.py``, served at ``/api/v1/openapi.json``) says what each
takes and answers; ``docs/api.md`` is the guide.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import IntegrityError
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from scorekeeper.api.documents import about, game_document, hand_answer
from scorekeeper.api.endpoint import (
    check_fields,
    endpoint,
    idempotency_key,
    json_body,
    moment,
    required,
    text_field,
    whole_number,
)
from scorekeeper.api.models import Token
from scorekeeper.api.openapi import document
from scorekeeper.api.refusals import ApiRefusal, json_response, service_refusal
from scorekeeper.club.bounds import name_key
from scorekeeper.club.models import Game, Player, Season
from scorekeeper.errors import ServiceError
from scorekeeper.history.exports import row_json, season_scope
from scorekeeper.history.forms import StandingsForm
from scorekeeper.history.standings import finished_games, rows, season_games, standings
from scorekeeper.ratings.exports import row_values
from scorekeeper.ratings.forms import RatingsForm
from scorekeeper.ratings.queries import ratings_table
from scorekeeper.registry.permissions import (
    is_member,
    is_organiser,
    shown_games,
    withheld_games,
    withheld_reason,
)
from scorekeeper.request_numbers import request_number
from scorekeeper.table.pages import load_game
from scorekeeper.table.services.games import store_record
from scorekeeper.table.services.hands import edit_hand, undo_last_hand
from scorekeeper.table.services.submit import KeyReused, submit_hand
from scoring.calculator.score import calculate_hand
from scoring.record import read_record
from scoring.record_hand import parse_hand

READ = Token.Scope.READ
RECORD = Token.Scope.RECORD
#: The most games the list answers with (the latest).
GAME_LIST_MOST = 100


def _game(game_id: int, *, hands: bool = True) -> Game:
    """The game with its players (and its hands); one that never was is refused, one
    deleted too (``game.gone``, by the service's refusal)."""
    try:
        return load_game(game_id, hands=hands)
    except Http404:
        raise ApiRefusal("game.unknown", {"game": game_id}) from None


@contextmanager
def _game_refusals(game_id: int) -> Iterator[None]:
    """A write to a game refused by its service: with the game as it is now among the
    values (its ``hand_count`` and ``revision``, what a bot sends again), and for a key sent
    again with another hand, the place of the first (``sequence``)."""
    try:
        yield
    except ServiceError as error:
        values: dict[str, Any] = {"game": game_id}
        now = Game.objects.filter(pk=game_id).values("hand_count", "revision").first()
        values |= now or {}
        if isinstance(error, KeyReused):
            values["sequence"] = error.sequence
        raise service_refusal(error, values) from None


def _form_refusal(form: Any) -> ApiRefusal:
    field, errors = next(iter(form.errors.items()))
    return ApiRefusal("request.bad_option", {"field": field, "problem": " ".join(errors)})


@endpoint({"GET": None})
def openapi(request: HttpRequest) -> HttpResponse:
    return json_response(document())


@endpoint({"GET": READ, "POST": RECORD})
def games(request: HttpRequest, token: Token) -> HttpResponse:
    """GET: the latest games (``?status=in_play|finished|abandoned``); POST: start one."""
    if request.method == "POST":
        return _start_game(request, token)
    status = request.GET.get("status", "")
    listed = Game.objects.order_by("-created_at", "-pk").prefetch_related("seats__player")
    if not is_member(token.user):
        listed = shown_games(listed, token.user)
    else:
        # Members record every game in play, withheld or not.
        in_play = Q(status=Game.Status.IN_PLAY)
        listed = listed.filter(in_play | Q(pk__in=shown_games(Game.objects.all(), token.user)))
    if status:
        if status not in Game.Status.values:
            raise ApiRefusal(
                "request.bad_option",
                {
                    "field": "status",
                    "problem": _("one of %(values)s") % {"values": ", ".join(Game.Status.values)},
                },
            )
        listed = listed.filter(status=status)
    return json_response(
        {
            "games": [
                {
                    **about(game),
                    "players": [
                        seat.player.name
                        for seat in sorted(game.seats.all(), key=lambda s: s.number)
                    ],
                }
                for game in listed[:GAME_LIST_MOST]
            ]
        }
    )


#: What a new game's document may hold beside the game record's own fields.
START_EXTRA = {"table_label"}


def _start_game(request: HttpRequest, token: Token) -> HttpResponse:
    """A new game from a game record (``rules``, ``players``, and ``start`` for a game begun
    on paper; hands too, for a game played on paper to the end), its players the club's by
    name. With an ``Idempotency-Key``, the same key sent again answers with the game it
    started."""
    key = idempotency_key(request, needed=False)
    data = json_body(request)
    table_label = text_field(
        data, "table_label", most=Game._meta.get_field("table_label").max_length or 0
    )
    record_doc = {k: v for k, v in data.items() if k not in START_EXTRA}
    if key is not None and (started := Game.objects.filter(start_token=key).first()) is not None:
        return json_response(game_document(load_game(started.pk)), status=200)
    record, replayed = read_record(record_doc)
    players = _club_players(record.players)
    try:
        game = store_record(
            record=record,
            replayed=replayed,
            players=players,
            created_by=token.user,
            table_label=table_label,
            start_token=key,
        )
    except IntegrityError:
        # The same key at the same moment: the twin started the game.
        twin = Game.objects.filter(start_token=key).first() if key else None
        if twin is None:
            raise
        return json_response(game_document(load_game(twin.pk)), status=200)
    return json_response(game_document(load_game(game.pk)), status=201)


def _club_players(names: tuple[str, ...]) -> list[Player]:
    found = {
        p.name_key: p for p in Player.objects.filter(name_key__in=[name_key(n) for n in names])
    }
    players = []
    for index, name in enumerate(names):
        player = found.get(name_key(name))
        if player is None:
            raise ApiRefusal("player.unknown", {"field": f"players[{index}]", "name": name})
        players.append(player)
    return players


@endpoint({"GET": READ})
def players(request: HttpRequest, token: Token) -> HttpResponse:
    """The club's players by name: the names a new game's record may seat."""
    rows = Player.objects.order_by("name").values_list("pk", "name")
    return json_response({"players": [{"id": pk, "name": name} for pk, name in rows]})


@endpoint({"GET": READ})
def game_detail(request: HttpRequest, token: Token, game_id: int) -> HttpResponse:
    if withheld_reason(token.user, game_id) is not None:
        raise ApiRefusal("game.withheld", {"game": game_id})
    return json_response(game_document(_game(game_id)))


@endpoint({"POST": RECORD})
def hand_create(request: HttpRequest, token: Token, game_id: int) -> HttpResponse:
    """Record a hand: ``{"sequence": N, "hand": {...}}``, ``N`` the number of hands the bot
    saw (and ``entered_at``, when it was entered, for a hand a bot kept while the club did
    not answer), with an ``Idempotency-Key``: the same key sent again is answered as the
    first time and stores nothing."""
    key = idempotency_key(request, needed=True)
    assert key is not None
    data = json_body(request)
    check_fields(data, {"sequence", "hand", "entered_at"})
    sequence = whole_number(data, "sequence")
    assert sequence is not None
    hand = parse_hand(required(data, "hand"), "hand")
    entered_at = moment(data, "entered_at")
    game = _game(game_id, hands=False)
    with _game_refusals(game_id):
        submitted = submit_hand(
            game=game,
            hand=hand,
            expected_sequence=sequence,
            key=key,
            entered_at=entered_at,
            user=token.user,
        )
    answer = hand_answer(
        load_game(game_id),
        submitted.sequence,
        outcome=str(submitted.taken),
        repeated=submitted.repeated,
    )
    return json_response(answer, status=200 if submitted.repeated else 201)


@endpoint({"PUT": RECORD, "DELETE": RECORD})
def hand_detail(request: HttpRequest, token: Token, game_id: int, number: int) -> HttpResponse:
    """PUT: correct hand ``number`` (0-based, as ``hands[number]``) with ``{"sequence": N,
    "hand": {...}}`` (and ``revision``, to refuse it where the game changed since it was
    read). DELETE: undo hand ``number``, which must be the last (``?revision=R``
    likewise)."""
    game = _game(game_id)
    if not 0 <= number < game.hand_count:
        raise ApiRefusal("hand.unknown", {"game": game_id, "hand": number})
    allow_finished = is_organiser(token.user)
    if request.method == "DELETE":
        revision = _revision(request.GET.get("revision"))
        with _game_refusals(game_id):
            change = undo_last_hand(
                game=game,
                expected_sequence=number + 1,
                expected_revision=revision,
                user=token.user,
                allow_finished=allow_finished,
            )
        undone = game_document(game)["hands"][number]
        return json_response({"undone": undone, "game": game_document(load_game(change.game.pk))})
    data = json_body(request)
    check_fields(data, {"sequence", "hand", "revision"})
    sequence = whole_number(data, "sequence")
    assert sequence is not None
    revision = whole_number(data, "revision", required=False)
    hand = parse_hand(required(data, "hand"), "hand")
    with _game_refusals(game_id):
        edit_hand(
            game=game,
            sequence=number,
            hand=hand,
            expected_sequence=sequence,
            expected_revision=revision,
            user=token.user,
            allow_finished=allow_finished,
        )
    return json_response(hand_answer(load_game(game_id), number))


def _revision(value: str | None) -> int | None:
    if value is None or value == "":
        return None
    number = request_number(value)
    if number is None:
        raise ApiRefusal(
            "request.not_whole_number", {"field": "revision", "low": 0, "got": value[:40]}
        )
    return number


@endpoint({"POST": READ})
def hand_score(request: HttpRequest, token: Token) -> HttpResponse:
    """A hand as it lies on the table (``docs/hand.md``), scored by the calculator: its
    yaku, han, fu and payments. Nothing is stored."""
    return json_response(calculate_hand(json_body(request)))


@endpoint({"GET": READ})
def standings_view(request: HttpRequest, token: Token) -> HttpResponse:
    """The standings, all time or a season's (``?season=ID``), with the options of the
    standings file (``players``, ``min_games``, ``sort``)."""
    form = StandingsForm(request.GET)
    if not form.is_valid():
        raise _form_refusal(form)
    season_id = request.GET.get("season", "")
    if season_id:
        number = request_number(season_id)
        season = None if number is None else Season.objects.filter(pk=number).first()
        if season is None:
            raise ApiRefusal("season.unknown", {"season": season_id[:40]})
        games, scope = season_games(season), season_scope(season)
    else:
        games, scope = finished_games(), season_scope(None)
    games = shown_games(games, token.user)
    minimum_games, sort = form.options()
    players = form.kind()
    table = rows(
        standings(games.filter(players=players), minimum_games=minimum_games, sort=sort),
        players=players,
    )
    return json_response(
        {
            **scope,
            "player_count": players,
            "minimum_games": minimum_games,
            "sort": sort,
            "standings": [row_json(row) for row in table],
        }
    )


@endpoint({"GET": READ})
def ratings_view(request: HttpRequest, token: Token) -> HttpResponse:
    """The ratings, all time or after a season's games, as the ratings file has them."""
    form = RatingsForm(request.GET)
    if not form.is_valid():
        raise _form_refusal(form)
    options = form.options()
    season = options["season"]
    return json_response(
        {
            "player_count": options["players"],
            "season": None if season is None else season.pk,
            "minimum_games": options["minimum_games"],
            "ratings": [
                row_values(row)
                for row in ratings_table(**options, withheld=withheld_games(token.user))
            ],
        }
    )


@endpoint({m: None for m in ("GET", "POST", "PUT", "PATCH", "DELETE")})
def unknown(request: HttpRequest, rest: str) -> HttpResponse:
    raise ApiRefusal("request.unknown_path", {"path": request.path})
