"""What the table pages show, gathered from a game: loading it with its players (and hands)
in a fixed number of queries, who may record or correct, and the context of the table, the
preview of a hand, the correction page and the live board.

The numbers come from the engine (a replay, a state, the standings); the words from
``table.display``.
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import Any

from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.core.paginator import Paginator
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404, HttpRequest
from django.template.loader import render_to_string
from django.urls import get_resolver, get_script_prefix, get_urlconf, reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from scorekeeper.club.models import DeletedGame, Game, HandRecord, Seat
from scorekeeper.digest import digest
from scorekeeper.errors import GameGone
from scorekeeper.format import (
    preset_label,
    round_name,
)
from scorekeeper.registry.permissions import holds_table_key, is_member, is_organiser
from scorekeeper.table.blank_form import (
    SHAPE_FIELD,
    blank_form_context,
    blank_shape,
    sequence_context,
)
from scorekeeper.table.display import (
    Authorship,
    authorship,
    describe_hand,
    end_words,
    first_log,
    hand_line,
    log_key,
    log_lines,
    seat_lines,
    standing_lines,
    sticks_note,
)
from scorekeeper.table.forms.hands import HandForm
from scorekeeper.table.forms.penalties import PenaltyForm
from scorekeeper.table.links import form_initial, returned_values
from scorekeeper.table.models import SentHand
from scorekeeper.table.previews import preview_context
from scorekeeper.table.services.hands import HandChange, Scoreboard, scoreboard
from scorekeeper.table.services.outbox import conflicts_of
from scoring.standings import final_standings
from scoring.state import GameState, HandResult, Replay


def board_key(game: Game, names: tuple[str, ...]) -> str:
    """What a game's replay, drawn hand log and points chart depend on besides the reader:
    the game as its row says it is now (its id, its revision, and the moment of its last
    change: a game restored from a backup goes back to an earlier revision, and its next
    change is a new moment) and its players' names (a player renamed or merged)."""
    return digest(game.pk, game.revision, game.updated_at.isoformat(), *names)


#: How long what a table keeps in the cache is kept (its game's seats and replay, its log's
#: drawn lines, whose ``{% cache %}`` in ``table/table.html`` says 21600): a table is
#: played in an evening.
KEPT_SECONDS = 6 * 3600


def _replay_name(key: str) -> str:
    return f"table-replay:{key}"


def replay_kept(key: str) -> Replay | None:
    """The game's replay as kept under ``key`` (``board_key``), if it is."""
    kept = cache.get(_replay_name(key))
    return kept if isinstance(kept, Replay) else None


def kept_replay(game: Game, key: str) -> Replay:
    """The game's hands as replayed, from the cache under ``key`` (``board_key``), or
    replayed now from its stored hands and kept: the table page of a game at hand 60 does
    not parse and replay 60 hands each time it is read, only once per change."""
    played = replay_kept(key)
    if played is None:
        played = scoreboard(with_hands(game)).replay
        cache.set(_replay_name(key), played, KEPT_SECONDS)
    return played


def keep_replay_after(game: Game, change: HandChange) -> None:
    """Keep the replay of a game a hand was just appended to (``change``), from the one kept
    for the game as it was read before (``game``) and the hand as played, or as the
    service replayed it: the table page drawn next does not replay every hand again. The
    one kept before is let go: a game being played keeps one replay in the cache, not one
    for each of its hands."""
    names = seat_names(game)
    before_key = board_key(game, names)
    played = change.played
    if played is None:
        before = replay_kept(before_key)
        # The kept replay must end where the hand was played from.
        if before is None or before.state != change.result.before:
            return
        played = Replay(before.start, (*before.results, change.result))
    cache.set(_replay_name(board_key(change.game, names)), played, KEPT_SECONDS)
    cache.delete(_replay_name(before_key))


#: The table page's fragment of drawn log lines (``{% cache %}`` in ``table/table.html``).
LOG_LINES = "hand-log-lines"


def keep_log_after(request: HttpRequest, game: Game, change: HandChange) -> None:
    """After a hand appended to a game that goes on (``change``), where the table page kept
    the log's lines drawn for this reader and the game as it was read (``game``): keep them
    for the game as it is now, with the new hand's line drawn on top. The table page then
    draws one line after a hand, not the whole log again (a line costs about 0.3 ms)."""
    saved = change.game
    if not game.is_open or not saved.is_open or change.record is None:
        return
    names = seat_names(game)
    # What the fragment varies on besides the game: what this reader may do at the table.
    reader = (may_correct(request, game), may_penalise(game, organiser=is_organiser(request.user)))
    before = make_template_fragment_key(LOG_LINES, [log_key(board_key(game, names)), *reader])
    drawn = cache.get(before)
    if drawn is None:
        return
    line = hand_line(
        game.hand_count,
        change.result,
        names,
        game.ruleset(),
        authors=authorship(change.record),
    )
    context = {"line": line, "can_correct": reader[0], "game": saved}
    added = render_to_string("table/table.html#log-line", context, request)
    after = make_template_fragment_key(LOG_LINES, [log_key(board_key(saved, names)), *reader])
    cache.set(after, mark_safe(added + drawn), KEPT_SECONDS)
    cache.delete(before)


def with_hands(game: Game) -> Game:
    """``game`` with its hands (and who recorded them), read now if they were not."""
    if "hands" not in getattr(game, "_prefetched_objects_cache", {}):
        prefetch_related_objects([game], _hands())
    return game


def load_game(game_id: int, *, hands: bool = True) -> Game:
    """A game with its players (and its hands, for the log), in a fixed number of queries.
    The seats come in seat order with what the table shows of them (the player's name),
    not with their final standings and statistics, as kept since they last changed
    (``kept_seats``). A deleted game is refused with ``GameGone`` (the page says so), a game
    that never was with a 404."""
    # ``get``, not ``first``: one row by its key needs no ordering (``first`` adds the
    # model's), which is a good part of building the query.
    try:
        game = Game.objects.get(pk=game_id)
    except Game.DoesNotExist:
        return whole_game(None, game_id)  # refused: deleted, or never was
    _seat(game, kept_seats(game))
    if hands:
        prefetch_related_objects([game], _hands())
    return whole_game(game, game_id, hands=hands)


def kept_seats(game: Game) -> list[Seat]:
    """The game's seats in seat order with their players' names, kept under the game and the
    moment they last changed (``Game.seats_changed_at``: a player renamed or merged changes
    it). A table reads its game for every hand; its seats are read once, not each time (the
    query cost as much as playing the hand). Read now where not kept; kept only whole (a
    game deleted since its row was read has none)."""
    name = f"table-seats:{game.pk}:{game.seats_changed_at.isoformat()}"
    seats = cache.get(name)
    if isinstance(seats, list):
        return seats
    seats = list(_seats().filter(game_id=game.pk))
    if len(seats) == game.players:
        cache.set(name, seats, KEPT_SECONDS)
    return seats


def _seat(game: Game, seats: list[Seat]) -> None:
    """Give ``game`` its ``seats`` as ``prefetch_related`` does: ``game.seats.all()`` then
    gives them without a query, and each seat knows its game. (Django keeps a prefetched
    relation as a queryset already evaluated, under the instance's prefetch cache; there is
    no public call that stores a relation read some other way.)"""
    for seat in seats:
        seat.game = game
    kept = game.seats.all()
    kept._result_cache = seats
    kept._prefetch_done = True  # type: ignore[attr-defined]
    game._prefetched_objects_cache = {"seats": kept}  # type: ignore[attr-defined]


def whole_game(game: Game | None, game_id: int, *, hands: bool = False) -> Game:
    """``game`` as it was read, row and prefetched relations, if it was read whole.

    The row and its seats (and hands) are read by separate queries: a game deleted between
    them comes with no seats (or no hands), which no page can draw; it is refused as the
    deleted game it is, with ``GameGone``. Only when the count of hands read differs from
    the row's (a hand recorded or undone between the queries, or the game deleted) is the
    game looked for again."""
    if game is not None and len(game.seats.all()) == game.players:
        if not hands or len(game.hands.all()) == game.hand_count:
            return game
        if Game.objects.filter(pk=game_id).exists():
            return game  # a hand recorded or undone meanwhile: shown as read
    if game is not None or DeletedGame.objects.filter(game_id=game_id).exists():
        raise GameGone(_("Game %(id)s was deleted.") % {"id": game_id})
    raise Http404("No such game.")


def _seats() -> Any:
    return (
        Seat.objects.select_related("player")
        .only("game", "number", "player__name")
        .order_by("number")
    )


def _hands() -> Prefetch[Any]:
    """A game's hands with only what the table pages read of them: the hand, and who
    recorded and last edited it and when (their usernames joined in the same query)."""
    fields = (
        "game",
        "sequence",
        "data",
        "recorded_at",
        "edited_at",
        "recorded_by__username",
        "edited_by__username",
    )
    hands = HandRecord.objects.select_related("recorded_by", "edited_by").only(*fields)
    return Prefetch("hands", queryset=hands)


def reloaded(game: Game, saved: Game, *, hands: bool = True) -> Game:
    """``game`` (loaded with its players) as a service has just saved it (``saved``, the
    row it locked and wrote), with its hands unless ``hands`` is off: at most one query
    instead of loading it again."""
    for field in Game._meta.concrete_fields:
        setattr(game, field.attname, getattr(saved, field.attname))
    if hands:
        prefetch_related_objects([game], _hands())
    return game


def may_record(request: HttpRequest, game: Game) -> bool:
    """Members, and a tournament table's phone holding its key, record a game in play."""
    return game.is_open and (is_member(request.user) or holds_table_key(request, game.pk))


def may_correct(request: HttpRequest, game: Game) -> bool:
    """Those who record a game in play correct it; organisers also a finished one."""
    if game.status == Game.Status.FINISHED:
        return is_organiser(request.user)
    return may_record(request, game)


def seat_names(game: Game) -> tuple[str, ...]:
    """The players' names in seat order (the seats prefetched in order by ``load_game``)."""
    return tuple(seat.player.name for seat in game.seats.all())


def player_urls(game: Game) -> tuple[str, ...]:
    """The players' pages in seat order (the seats prefetched with their players)."""
    return tuple(seat.player.get_absolute_url() for seat in game.seats.all())


def new_hand_form(
    game: Game, data: Any = None, initial: dict[str, Any] | None = None, *, whole: bool = True
) -> HandForm:
    """The hand form for the game's next hand; ``whole=False`` for a sent hand that is only
    checked (and recorded), not drawn."""
    return HandForm(
        data,
        names=seat_names(game),
        rules=game.ruleset(),
        state=game.game_state(),
        initial={"sequence": game.hand_count, **(initial or {})},
        whole=whole,
    )


def table_context(
    request: HttpRequest, game: Game, form: HandForm | None = None, *, played: Replay | None = None
) -> dict[str, Any]:
    """The whole table. ``played``: the game's hands as a service has just replayed them."""
    names = seat_names(game)
    key = board_key(game, names)
    board = scoreboard(game, played=played or kept_replay(game, key))
    state = board.state
    can_correct = may_correct(request, game)
    finished = game.status == Game.Status.FINISHED
    final = board.standings() if finished else ()
    standings = standing_lines(final, names, player_urls(game))
    urls = game_urls(game.pk, game.players)
    if form is not None:
        form_context = _form_context(form, urls)
    elif not may_record(request, game):
        form_context = {"form": None}
    elif returned := _returned_form(game, request, urls):
        # Back from the hand calculator: the form as it was, with the seat's hand in it.
        form_context = returned
    else:
        shape = blank_shape(game, names, state, urls["preview"])
        form_context = blank_form_context(game, shape, urls, lambda: new_hand_form(game))
    return {
        **_status_context(request, game, state, names, urls, can_correct=can_correct),
        **form_context,
        "board": board,
        "hands": bool(board.replay.results),
        # The log's lines are made only where the drawn log is not in the cache.
        "has_log": bool(board.replay.results or game.penalties or game.start),
        "log": lambda: log_lines(with_hands(game), board),
        "log_key": log_key(key),
        "standings": standings,
        "sticks_note": sticks_note(final, state, names),
        "penalties": any(row.penalty for row in standings),
        "chips": any(row.chips for row in standings),
        "last_hand": last_hand_words(board),
        **conflict_context(game, board, request),
    }


#: Hands to settle shown on one page of the table (``?conflicts=N`` for the next).
CONFLICTS_PER_PAGE = 10


def conflict_context(
    game: Game, board: Scoreboard, request: HttpRequest | None = None
) -> dict[str, Any]:
    """The hands phones sent for a place another phone's hand took (or that came too late,
    or no longer fit): those to settle, a page at a time, each with the version stored at
    its place (``None`` where the place is empty) and who entered each version and when;
    and those settled, for the hand log (which version was kept, which discarded, by whom).
    Whether the reader may settle them: members and a table's phone while the game is in
    play, organisers always."""
    names, rules = board.record.players, board.record.rules
    results = board.replay.results
    waiting: list[SentHand] = []
    settled: list[SentHand] = []
    sent_hands = conflicts_of(game)
    records = {r.sequence: r for r in with_hands(game).hands.all()} if sent_hands else {}
    for sent in sent_hands:
        (waiting if sent.outcome == SentHand.Outcome.CONFLICT else settled).append(sent)
    page = Paginator(waiting, CONFLICTS_PER_PAGE).get_page(
        request.GET.get("conflicts") if request is not None else None
    )
    # Only the page's hands to settle are put in words.
    shown = []
    for sent in page:
        stored = results[sent.sequence].hand if sent.sequence < len(results) else None
        record = records.get(sent.sequence) if stored else None
        shown.append(
            {
                "sent": sent,
                "number": sent.sequence + 1,
                "words": describe_hand(sent.to_hand(), names, rules),
                "stored": describe_hand(stored, names, rules) if stored else None,
                "stored_by": authorship(record) if record is not None else None,
            }
        )
    settled_lines = []
    for sent in settled:
        replaced = sent.replaced_hand()
        settled_lines.append(
            {
                "sent": sent,
                "number": sent.sequence + 1,
                "words": describe_hand(sent.to_hand(), names, rules),
                "other": describe_hand(replaced, names, rules) if replaced else None,
            }
        )
    may_settle = request is not None and (
        is_organiser(request.user) or (game.is_open and may_record(request, game))
    )
    return {
        "conflicts": waiting,
        "conflict_page": page,
        "conflict_lines": shown,
        "settled": settled_lines,
        "may_settle": may_settle,
    }


def _returned_form(game: Game, request: HttpRequest, urls: dict[str, Any]) -> dict[str, Any] | None:
    """The hand form on the way back from the calculator (its values in the address), with
    their preview at once, or ``None`` if the address carries no hand form."""
    if not request.GET:
        # Most table pages: nothing comes back, and no form is built to find that out.
        return None
    blank = new_hand_form(game)
    values = returned_values(request.GET, blank.fields)
    if values is None:
        return None
    form = new_hand_form(game, initial=form_initial(values, blank.fields))
    data = values.copy()
    data["sequence"] = str(game.hand_count)
    sent = new_hand_form(game, data)
    return _form_context(form, urls) | preview_context(sent, sent.state, None)


def recorded_context(
    request: HttpRequest,
    game: Game,
    result: HandResult,
    *,
    words: str,
    authors: Authorship | None = None,
) -> dict[str, Any]:
    """What the ``recorded`` partial shows after ``result`` was recorded as the game's last
    hand and the game goes on: the table's status, the next hand's form and the new log line
    (``None`` for the game's first hand: the whole log is sent instead of its "no hands
    yet"). The form is a blank one, or only its number of hands (``form_kept``) where the
    hand was sent from a blank form that the next hand keeps as it is. The same work at hand
    60 as at hand 1: nothing is replayed."""
    names = seat_names(game)
    rules = game.ruleset()
    can_correct = may_correct(request, game)
    sequence = game.hand_count - 1
    line = hand_line(sequence, result, names, rules, authors=authors)
    urls = game_urls(game.pk, game.players)
    shape = blank_shape(game, names, result.after, urls["preview"])
    # Sent from a blank form of the shape the next hand's has: the phone keeps its form.
    if request.POST.get(SHAPE_FIELD) == shape:
        form = {**sequence_context(game, urls), "form_kept": True}
    else:
        form = blank_form_context(game, shape, urls, lambda: new_hand_form(game))
    return {
        **_status_context(request, game, result.after, names, urls, can_correct=can_correct),
        **form,
        "hands": True,
        # The game's first hand sends the whole log: with what came before it, if anything.
        "log": [line] if sequence else first_log(game, line, names),
        "has_log": True,
        "new_line": line if sequence else None,
        "last_hand": words,
    }


#: The table's own addresses, by the names its template uses them under.
GAME_URLS = {
    "live": "game_live",
    "chart": "game_chart",
    "undo": "hand_undo",
    "finish": "game_finish",
    "abandon": "game_abandon",
    "reopen": "game_reopen",
    "record": "game_record",
    "hands_csv": "hand_log_csv",
    "hands_json": "hand_log_json",
    "create": "hand_create",
    "preview": "hand_preview",
    "penalty": "penalty_new",
}


def game_urls(game_id: int, players: int = 4) -> dict[str, Any]:
    """The table's addresses for this game. They are the same for as long as the site's
    are, so they are made once per game (and address set and prefix), not by sixteen
    ``reverse`` for every hand recorded."""
    kept = _kept_game_urls(game_id, players, get_resolver(get_urlconf()), get_script_prefix())
    return dict(kept)


@lru_cache(maxsize=1024)
def _kept_game_urls(game_id: int, players: int, resolver: Any, prefix: str) -> dict[str, Any]:
    # ``resolver`` and ``prefix``: only in the key (``reverse`` reads the current ones).
    urls: dict[str, Any] = {key: reverse(name, args=[game_id]) for key, name in GAME_URLS.items()}
    # For each seat, the way to the hand calculator (the same for every hand of the game).
    urls["from_tiles"] = MappingProxyType(
        {seat: reverse("hand_from_tiles", args=[game_id, seat]) for seat in range(players)}
    )
    return urls


def _status_context(
    request: HttpRequest,
    game: Game,
    state: GameState,
    names: tuple[str, ...],
    urls: dict[str, Any],
    *,
    can_correct: bool,
) -> dict[str, Any]:
    """The table's head, scoreboard and actions."""
    board = _board_context(game, state, names)
    organiser = is_organiser(request.user)
    return {
        **board,
        "urls": urls,
        "end_words": end_words(state.end_reason, stopped_early=game.stopped_early),
        "can_correct": can_correct,
        "is_organiser": organiser,
        **penalty_context(game, names, organiser=organiser),
    }


def may_penalise(game: Game, *, organiser: bool) -> bool:
    """Organisers give and take back penalties at a game in play or finished."""
    return organiser and game.status != Game.Status.ABANDONED


def penalty_context(
    game: Game, names: tuple[str, ...], *, organiser: bool, form: PenaltyForm | None = None
) -> dict[str, Any]:
    """The penalty form, for an organiser at a game that may take one (in play or
    finished), blank unless ``form`` (a refused one) is given."""
    if not may_penalise(game, organiser=organiser):
        return {"penalty_form": None, "may_penalise": False}
    if form is None:
        form = PenaltyForm(names=names, initial={"revision": game.revision})
    return {"penalty_form": form, "may_penalise": True}


def _board_context(
    game: Game, state: GameState, names: tuple[str, ...], urls: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The round and the players' points, as the table and the live board show them (the
    live board with links to the players' pages, ``urls``)."""
    return {
        "game": game,
        "ruleset": preset_label(game.ruleset_name),
        "state": state,
        "round": round_name(state.round_index),
        "seats": seat_lines(state, names, urls),
    }


def _form_context(form: HandForm, urls: dict[str, Any]) -> dict[str, Any]:
    """A hand form with values (refused, or from the hand calculator), rendered whole, with
    its preview if it was sent."""
    form.from_tiles = urls["from_tiles"]
    context = {"form": form, "form_action": urls["create"], "preview_url": urls["preview"]}
    if form.is_bound:
        # A refused hand comes back with its preview (what the engine said about it).
        return context | preview_context(form, form.state, None)
    return context


def last_hand_words(board: Scoreboard) -> str:
    results = board.replay.results
    if not results:
        return ""
    return describe_hand(results[-1].hand, board.record.players, board.record.rules)


def edit_context(game: Game, form: HandForm, sequence: int, before: GameState) -> dict[str, Any]:
    return {
        "game": game,
        "form": form,
        "number": sequence + 1,
        "round": round_name(before.round_index),
        "honba": before.honba,
        "form_action": reverse("hand_edit", args=[game.pk, sequence + 1]),
        "preview_url": reverse("hand_preview", args=[game.pk]) + f"?hand={sequence + 1}",
        "submit_label": _("Save hand %(number)s") % {"number": sequence + 1},
        "refused_title": _("This edit was not saved:"),
    }


def live_context(game_id: int) -> dict[str, Any]:
    seats = Seat.objects.select_related("player").order_by("number")
    games = Game.objects.prefetch_related(Prefetch("seats", queryset=seats))
    game = whole_game(games.filter(pk=game_id).first(), game_id)
    state, rules = game.game_state(), game.ruleset()
    names = seat_names(game)
    last = game.hands.order_by("-sequence").first()
    finished = game.status == Game.Status.FINISHED
    final = final_standings(state, rules, game.record_penalties()) if finished else ()
    urls = player_urls(game)
    return {
        **_board_context(game, state, names, urls),
        "standings": standing_lines(final, names, urls),
        "sticks_note": sticks_note(final, state, names),
        "last_hand": describe_hand(last.to_hand(), names, rules) if last else "",
        "hand_count": game.hand_count,
    }
