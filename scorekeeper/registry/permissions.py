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
from django.db.models import Exists, OuterRef
from django.http import HttpRequest
from django.http.response import HttpResponseBase

from scorekeeper.club.models import Game

MEMBERS_GROUP = "members"
#: Where a user loaded by ``MemberBackend`` carries whether they are a member.
MEMBER_FLAG = "in_members_group"

View = Callable[..., HttpResponseBase]
#: Where a browser's session keeps the tournament tables whose key it was given, and how
#: many it keeps (the latest): a phone moves tables from one session to the next.
TABLE_KEYS = "table_keys"
MAX_TABLE_KEYS = 16


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
#: Anyone who may read, and a table's phone its own game (``holds_table_key``).
game_read_required = keyed_guard(can_read, _game_id)
#: Members and organisers, and a table's phone for its own game's hands.
recorder_required = keyed_guard(is_member, _game_id)
#: Organisers only.
organiser_required = keyed_guard(is_organiser)
