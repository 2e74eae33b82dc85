"""A member's tokens, on their own page: made (the secret shown once, on the page the
making leads to), listed (the revoked ones too, struck through) and revoked."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.api.forms import TokenForm
from scorekeeper.api.tokens import make_token, revoke_token, tokens_of
from scorekeeper.errors import ServiceError
from scorekeeper.registry.permissions import member_required

#: Where the session holds a token just made until its page shows it, once.
JUST_MADE = "api_token_just_made"


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@member_required
def token_list(request: HttpRequest) -> HttpResponse:
    form = TokenForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            made = make_token(
                user=request.user, name=form.cleaned_data["name"], scope=form.cleaned_data["scope"]
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            request.session[JUST_MADE] = {"id": made.token.pk, "secret": made.secret}
            return redirect("token_list")
    just_made = request.session.pop(JUST_MADE, None)
    context = {
        "form": form,
        "tokens": tokens_of(request.user),
        "just_made": just_made,
        # Where a bot sends its requests: this site's address, as this browser reached it.
        "api_root": request.build_absolute_uri("/api/v1/"),
    }
    status = 422 if form.is_bound else 200
    return render(request, "api/token_list.html", context, status=status)


@require_POST
@member_required
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        token = revoke_token(user=request.user, token_id=pk)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("The token “%(name)s” is revoked: it works no more.") % {"name": token.name}
        )
    return redirect("token_list")
