"""Who may do what.

- An **organiser** (a staff account) manages players, rulesets, accounts and every game, and
  may correct finished games.
- A **member** (an account in the ``members`` group, made by an organiser) records hands.
- A **visitor** (not logged in) reads games and history while ``SCOREKEEPER_PUBLIC_READ`` is
  on, nothing when it is off.
- An **outsider** (an account that is not, or no longer, a member) is a visitor with a login.
- A **table's phone** (any browser, with or without an account) that opened a tournament
  table's link with its key, given by the organiser, reads and records that table's game,
  and no other, while it is in play (``holds_table_key``).

Some games are withheld from readers (``withheld_games``): a tournament's games in the
sessions whose results it hides, from all but organisers (while in play, their recorders
still open them), and a private tournament's games, from all but members. Every page and
download that shows games leaves them out (``shown_games``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser, Group
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.translation import gettext_lazy

from scorekeeper.club.models import Game

MEMBERS_GROUP = "members"
#: Where a user loaded by ``MemberBackend`` carries whether they are a member.
MEMBER_FLAG = "in_members_group"

View = Callable[..., HttpResponseBase]
#: Where a browser's session keeps the tournament tables whose key it was given, and how
#: many it keeps (the latest): a phone moves tables from one session to the next.
TABLE_KEYS = "table_keys"
MAX_TABLE_KEYS = 16
#: Why a withheld game is refused (the 403 page says it).
HIDDEN = gettext_lazy(
    "This game’s results are hidden until the tournament’s organiser reveals them."
)
PRIVATE = gettext_lazy("This game is a private tournament’s: only the club’s members may read it.")


def is_organiser(user: Any) -> bool:
    return bool(user.is_active and user.is_staff)


def is_member(user: Any) -> bool:
    """Organisers and accounts in the members group (the answer is kept on the user)."""
    if isinstance(user, AnonymousUser) or not user.is_active:
        return False
    if is_organiser(user):
        return True
    cached = getattr(user, MEMBER_FLAG, None)
    if cached is None:
        cached = _in_members_group(user.pk)
        setattr(user, MEMBER_FLAG, cached)
    return bool(cached)


def _in_members_group(user_id: int) -> bool:
    """For a user not loaded by ``MemberBackend`` (one small query: the link table joined to
    the group's name)."""
    links = get_user_model().groups.through.objects
    return bool(links.filter(user_id=user_id, group__name=MEMBERS_GROUP).exists())


class MemberBackend(ModelBackend):
    """Django's own accounts, with one change: the logged-in user of each request is read
    with whether they are a member, in the same query. Recording a hand asks it every time,
    and a second query for it cost as much as the user's own."""

    def get_user(self, user_id: Any) -> Any:
        groups = Group.objects.filter(name=MEMBERS_GROUP, user=OuterRef("pk"))
        users = get_user_model()._default_manager.annotate(**{MEMBER_FLAG: Exists(groups)})
        user = users.filter(pk=user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None


def can_read(user: Any) -> bool:
    return bool(getattr(settings, "SCOREKEEPER_PUBLIC_READ", True)) or is_member(user)


def holds_table_key(request: HttpRequest, game_id: Any) -> bool:
    """Whether this browser opened, with its key, the link of the tournament table whose
    game ``game_id`` is (the table's game now: one played again too). The tournaments grant
    the keys (``grant_table_key``); they sit above this room, so the game is found by its
    table's reverse name."""
    session = getattr(request, "session", None)
    keys = session.get(TABLE_KEYS) if session is not None else None
    if not keys or not isinstance(game_id, int):
        return False
    cache = request.__dict__.setdefault("_table_keys_checked", {})
    if game_id not in cache:
        cache[game_id] = Game.objects.filter(pk=game_id, tournament_table__pk__in=keys).exists()
    return bool(cache[game_id])


#: The games of a tournament's table, by its reverse name (the tournaments sit above).
_TOURNAMENT = "tournament_table__session__tournament"


def withheld_games(user: Any) -> Q:
    """The games ``user`` may not read, as a condition on ``Game``: a tournament's games in
    the sessions whose results it hides (from all but organisers), and a private
    tournament's games (from all but members)."""
    if is_organiser(user):
        return Q(pk__in=[])
    hidden = Q(
        **{
            f"{_TOURNAMENT}__hidden_from__isnull": False,
            "tournament_table__session__number__gte": F(f"{_TOURNAMENT}__hidden_from"),
        }
    )
    if is_member(user):
        return hidden
    return hidden | Q(**{f"{_TOURNAMENT}__public": False})


def shown_games(games: QuerySet[Game], user: Any) -> QuerySet[Game]:
    """``games`` without those withheld from ``user``."""
    if is_organiser(user):
        return games
    return games.exclude(pk__in=Game.objects.filter(withheld_games(user)).values("pk"))


#: What a read of a game's row can carry along (``game__`` before each) to tell whether
#: the game is withheld from anyone (``withheld_from_some``), without asking who reads.
WITHHOLDING_FIELDS = (
    f"{_TOURNAMENT}__hidden_from",
    "tournament_table__session__number",
    f"{_TOURNAMENT}__public",
)


def withheld_from_some(hidden_from: int | None, session: int | None, public: bool | None) -> bool:
    """Whether a game with these ``WITHHOLDING_FIELDS`` is withheld from some reader."""
    hidden = hidden_from is not None and session is not None and session >= hidden_from
    return hidden or public is False


def game_withheld(request: HttpRequest, game_id: Any) -> str | None:
    """Why the game ``game_id`` is withheld from this reader, or ``None`` where it is not:
    its recorders (members, the table's phone) still open it while it is in play. One
    query (none for organisers)."""
    return withheld_reason(
        request.user, game_id, recorder=lambda: holds_table_key(request, game_id)
    )


def withheld_reason(
    user: Any, game_id: Any, *, recorder: Callable[[], bool] = lambda: False
) -> str | None:
    """Why the game ``game_id`` is withheld from ``user`` (a token's account too), or
    ``None``; a member, or one ``recorder`` says records the game, opens it in play."""
    if is_organiser(user) or not isinstance(game_id, int):
        return None
    found = (
        Game.objects.filter(withheld_games(user), pk=game_id)
        .values_list("status", f"{_TOURNAMENT}__public")
        .first()
    )
    if found is None:
        return None
    status, public = found
    if status == Game.Status.IN_PLAY and (is_member(user) or recorder()):
        return None
    return str(HIDDEN if public or is_member(user) else PRIVATE)


def grant_table_key(request: HttpRequest, table_id: int) -> None:
    """This browser may record the game of tournament table ``table_id`` from now on."""
    keys = [key for key in request.session.get(TABLE_KEYS, []) if key != table_id]
    request.session[TABLE_KEYS] = [*keys, table_id][-MAX_TABLE_KEYS:]


def acting_user(user: Any) -> Any:
    """Who a write is by: the account, or nobody for a table's phone without one."""
    return user if user.is_authenticated else None


def make_member(user: Any) -> None:
    group, _ = Group.objects.get_or_create(name=MEMBERS_GROUP)
    user.groups.add(group)


def _game_id(kwargs: dict[str, Any]) -> Any:
    return kwargs.get("game_id")


def keyed_guard(
    check: Callable[[Any], bool], game_of: Callable[[dict[str, Any]], Any] | None = None
) -> Callable[[View], View]:
    """A view for those ``check`` lets in; with ``game_of`` (the game a view's arguments
    name), also for a browser holding the key of that game's tournament table."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not check(request.user) and not (
                game_of is not None and holds_table_key(request, game_of(kwargs))
            ):
                if not request.user.is_authenticated and request.method in ("GET", "HEAD"):
                    return redirect_to_login(request.get_full_path())
                raise PermissionDenied
            return view(request, *args, **kwargs)

        wrapped.access = check.__name__  # type: ignore[attr-defined]
        return wrapped

    return decorator


#: Anyone who may read (everyone while public reading is on).
read_required = keyed_guard(can_read)
#: Members and organisers.
member_required = keyed_guard(is_member)
#: Anyone who may read, and a table's phone its own game (``holds_table_key``), before a
#: game withheld from the reader is refused (``game_read_required`` does both; a polled
#: view that reads the game anyway checks it in that read).
game_readers = keyed_guard(can_read, _game_id)


def refuse_withheld(request: HttpRequest, game_id: Any) -> None:
    """Raise ``PermissionDenied``, saying why, if the game is withheld from this reader."""
    withheld = game_withheld(request, game_id)
    if withheld is not None:
        raise PermissionDenied(withheld)


def game_read_required(view: View) -> View:
    """Anyone who may read the game (``game_readers``), unless it is withheld from them."""
    guarded = game_readers(view)

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        refuse_withheld(request, kwargs.get("game_id"))
        return guarded(request, *args, **kwargs)

    wrapped.access = "can_read"  # type: ignore[attr-defined]
    return wrapped


#: Members and organisers, and a table's phone for its own game's hands.
recorder_required = keyed_guard(is_member, _game_id)
#: Organisers only.
organiser_required = keyed_guard(is_organiser)
