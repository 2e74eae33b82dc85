"""Passwords: an organiser sets a member's (there is no mail server to send a reset link),
and members change their own. Django's forms check the new password with the
site's validators (``AUTH_PASSWORD_VALIDATORS``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, update_session_auth_hash
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import PasswordChangeForm, SetPasswordForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorekeeper.errors import ServiceError
from scorekeeper.registry.permissions import member_required, organiser_required
from scorekeeper.registry.services_accounts import set_password

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
