"""Who may do what.

- An **organiser** (a staff account) manages players, rulesets, accounts and every game, and
  may correct finished games.
- A **member** (an account in the ``members`` group, made by an organiser) records hands.
- A **visitor** (not logged in) reads games and history while ``SCOREKEEPER_PUBLIC_READ`` is
  on, nothing when it is off.
- An **outsider** (an account that is not, or no longer, a member) is a visitor with a login.
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

MEMBERS_GROUP = "members"
#: Where a user loaded by ``MemberBackend`` carries whether they are a member.
MEMBER_FLAG = "in_members_group"

View = Callable[..., HttpResponseBase]


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


def make_member(user: Any) -> None:
    group, _ = Group.objects.get_or_create(name=MEMBERS_GROUP)
    user.groups.add(group)


def _guard(check: Callable[[Any], bool]) -> Callable[[View], View]:
    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not check(request.user):
                if not request.user.is_authenticated and request.method in ("GET", "HEAD"):
                    return redirect_to_login(request.get_full_path())
                raise PermissionDenied
            return view(request, *args, **kwargs)

        wrapped.access = check.__name__  # type: ignore[attr-defined]
        return wrapped

    return decorator


#: Anyone who may read (everyone while public reading is on).
read_required = _guard(can_read)
#: Members and organisers.
member_required = _guard(is_member)
#: Organisers only.
organiser_required = _guard(is_organiser)
