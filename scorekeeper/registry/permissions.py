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
from django.db.models import Exists, OuterRef, QuerySet
from django.http import HttpRequest
from django.http.response import HttpResponseBase

MEMBERS_GROUP = "members"

View = Callable[..., HttpResponseBase]


def is_organiser(user: Any) -> bool:
    return bool(user.is_active and user.is_staff)


def is_member(user: Any) -> bool:
    """Organisers and accounts in the members group. A request's user comes with the
    answer (``MemberBackend``); any other user is asked once and keeps it."""
    if isinstance(user, AnonymousUser) or not user.is_active:
        return False
    if is_organiser(user):
        return True
    member = getattr(user, "in_members_group", None)
    if member is None:
        member = _members_group_links(user.pk).exists()
        user.in_members_group = member
    return bool(member)


def _members_group_links(user: Any) -> QuerySet[Any]:
    return get_user_model().groups.through.objects.filter(user_id=user, group__name=MEMBERS_GROUP)


class MemberBackend(ModelBackend):
    """Django's model backend, whose user comes with whether it is in the members group:
    recording and previewing ask on every request, so it is read in the same query as the
    user rather than in one of its own."""

    def get_user(self, user_id: Any) -> Any:
        users = get_user_model()._default_manager.annotate(
            in_members_group=Exists(_members_group_links(OuterRef("pk")))
        )
        try:
            user = users.get(pk=user_id)
        except users.model.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None


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
