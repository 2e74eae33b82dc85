"""Accounts: the first organiser of a fresh site, logging in and out, the accounts organisers
make for members, and passwords (an organiser sets a member's; members change their own)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, SetPasswordForm
from django.contrib.auth.models import Group
from django.db import IntegrityError, transaction
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.errors import ServiceError
from scorekeeper.registry.forms import MemberForm, OrganiserSetupForm, save_unless_taken
from scorekeeper.registry.models import ClubSetup
from scorekeeper.registry.permissions import (
    MEMBERS_GROUP,
    is_member,
    member_required,
    organiser_required,
)
from scorekeeper.registry.ratelimit import (
    KNOWN_BROWSER,
    WINDOW,
    RateLimitedAuthenticationForm,
    lift_lockout,
    lockouts,
    refusal_status,
    remember_account,
)
from scorekeeper.registry.services import set_password


def no_accounts_yet() -> bool:
    return not get_user_model().objects.exists()


#: Pages that make no database query at all (the payment table is the engine's, and is
#: served without touching the database); they skip the first-run question.
PAGES_WITHOUT_DATABASE = frozenset({"payment_table"})


def site_context(request: HttpRequest) -> dict[str, Any]:
    """Context processor for the header: ``club_name`` (the site's name, from the settings),
    ``first_run`` (the site still needs its first organiser) and ``is_member`` (may start
    games and record hands). The last two are callables, so a page pays for a query only
    where its template asks, and the header asks about the first run only for visitors."""
    match = request.resolver_match
    skip = match is not None and match.url_name in PAGES_WITHOUT_DATABASE
    return {
        "club_name": settings.SCOREKEEPER_CLUB_NAME,
        "first_run": (lambda: False) if skip else no_accounts_yet,
        "is_member": lambda: is_member(request.user),
    }


@require_http_methods(["GET", "HEAD", "POST"])
def setup(request: HttpRequest) -> HttpResponse:
    """Create the first organiser; gone for good once any account exists."""
    if not no_accounts_yet():
        raise Http404(_("This site already has its organiser."))
    form = OrganiserSetupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = _first_organiser(form)
        if user is None:
            # Another first-run form (or a double tap of this one) got there first.
            messages.info(request, _("The club’s organiser has just been set up: log in."))
            return redirect("login")
        login(request, user)
        messages.success(
            request, _("Welcome, %(name)s: the club is yours to run.") % {"name": user.username}
        )
        return redirect("home")
    status = 422 if form.is_bound else 200
    return render(request, "registry/setup.html", {"form": form}, status=status)


def _first_organiser(form: OrganiserSetupForm) -> Any:
    """The new organiser, or None when the site got its first organiser meanwhile. The
    ``ClubSetup`` row, made first with its fixed key, lets one transaction through: the
    others wait on it and fail (PostgreSQL), or wait for the write lock and then see the
    account (SQLite)."""
    try:
        with transaction.atomic():
            if not no_accounts_yet():
                return None
            # Left by a site whose accounts were all deleted since: it may be set up again.
            ClubSetup.objects.all().delete()
            ClubSetup.objects.create()
            return form.save()
    except IntegrityError:
        return None


class LoginView(auth_views.LoginView):
    """Django's login; a wrong password is a 422 like any refused form, too many of them
    a 429, and an attempt while the site's budget of password checks is spent a 503, both
    saying when to try again (``ratelimit``)."""

    authentication_form = RateLimitedAuthenticationForm
    template_name = "registry/login.html"

    def form_invalid(self, form: Form) -> HttpResponse:
        status = refusal_status(form)
        response = self.render_to_response(self.get_context_data(form=form), status=status)
        if status != 422:
            response["Retry-After"] = str(getattr(form, "retry_after", 0) or 1)
        return response

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        # This browser may log in to this account even while a spread of addresses holds
        # the account back for everyone (``ratelimit``).
        remember_account(self.request, response, form.cleaned_data["username"])
        return response


@require_safe
@organiser_required
def member_list(request: HttpRequest) -> HttpResponse:
    users = get_user_model().objects.order_by("username").prefetch_related("groups")
    rows = [(user, _role(user)) for user in users]
    now = timezone.now()
    held = [(count, count.started + WINDOW, _where(count.ip)) for count in lockouts(now=now)]
    context = {"rows": rows, "lockouts": held}
    return render(request, "registry/member_list.html", context)


def _where(ip: str) -> str:
    """Where a count's attempts came from, in words."""
    if not ip:
        return _("from every address")
    if ip.startswith(KNOWN_BROWSER):
        return _("from its own browser at %(address)s") % {"address": ip[len(KNOWN_BROWSER) :]}
    return _("from %(address)s") % {"address": ip}


@require_POST
@organiser_required
def lockout_lift(request: HttpRequest, pk: int) -> HttpResponse:
    """Lift a lockout: forget the attempts counted for a username (from one address, or
    from every address), so that it logs in again at once."""
    count = lift_lockout(count_id=pk)
    if count is None:
        messages.info(request, _("That lockout was lifted already, or its time is over."))
    else:
        messages.success(
            request,
            _("The lockout of “%(name)s” %(where)s is lifted.")
            % {"name": count.username, "where": _where(count.ip)},
        )
    return redirect("member_list")


def _role(user: Any) -> str:
    """``organiser``, ``member`` or ``none``: the page words each in the reader's language."""
    if user.is_staff:
        return "organiser"
    if any(group.name == MEMBERS_GROUP for group in user.groups.all()):
        return "member"
    return "none"


@require_POST
@organiser_required
def membership(request: HttpRequest, pk: int) -> HttpResponse:
    """Make an account a member again, or take its membership away (it keeps its login,
    and reads like a visitor). Organisers' accounts are changed in the admin."""
    user = get_object_or_404(get_user_model(), pk=pk, is_staff=False)
    group, _created = Group.objects.get_or_create(name=MEMBERS_GROUP)
    if request.POST.get("member") == "1":
        user.groups.add(group)
        messages.success(request, _("%(name)s is a member.") % {"name": user.get_username()})
    else:
        user.groups.remove(group)
        messages.success(
            request, _("%(name)s is no longer a member.") % {"name": user.get_username()}
        )
    return redirect("member_list")


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def member_new(request: HttpRequest) -> HttpResponse:
    form = MemberForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        username = form.cleaned_data["username"]
        taken = _("The username “%(name)s” is taken.") % {"name": username}
        user = save_unless_taken(form, "username", taken)
        if user is not None:
            messages.success(request, _("Account “%(name)s” created.") % {"name": user.username})
            return redirect("member_list")
    status = 422 if form.is_bound else 200
    return render(request, "registry/member_form.html", {"form": form}, status=status)


EDIT = ["GET", "HEAD", "POST"]


@require_http_methods(EDIT)
@organiser_required
def member_password(request: HttpRequest, pk: int) -> HttpResponse:
    """Set the password of an account that is not an organiser's."""
    account = get_object_or_404(get_user_model(), pk=pk, is_staff=False, is_superuser=False)
    form = SetPasswordForm(account, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            set_password(
                account=account, password=form.cleaned_data["new_password1"], by=request.user
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _(
                    "%(name)s’s password is set: tell them, and they can log in with it (their "
                    "other sessions have ended)."
                )
                % {"name": account.get_username()},
            )
            return redirect("member_list")
    context = {"form": form, "account": account}
    return render(request, "registry/password_set.html", context, status=_status(form))


@require_http_methods(EDIT)
@member_required
def password_change(request: HttpRequest) -> HttpResponse:
    """Change one's own password, knowing the old one; this session stays logged in."""
    user = request.user
    assert isinstance(user, AbstractBaseUser)  # member_required: logged in
    form = PasswordChangeForm(user, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        set_password(account=user, password=form.cleaned_data["new_password1"], by=user)
        update_session_auth_hash(request, user)
        messages.success(request, _("Your password is changed."))
        return redirect("home")
    return render(request, "registry/password_change.html", {"form": form}, status=_status(form))


def _status(form: SetPasswordForm) -> int:  # type: ignore[type-arg]
    return 422 if form.is_bound else 200
