"""Tokens: made by a member for a bot, shown once, stored as a digest, revoked by the
member; and the token a request carries, found by its digest.

A token is ``skp_`` and 43 characters of 32 random bytes (base64url). A request sends it as
``Authorization: Bearer skp_...``.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import Group
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.api.models import Token
from scorekeeper.errors import ServiceError
from scorekeeper.registry.permissions import MEMBER_FLAG, MEMBERS_GROUP

#: What every token begins with: a reader (or a secret scanner) knows it for one of ours.
MARK = "skp_"
#: How much of the token the page shows to tell tokens apart.
PREFIX_LENGTH = 12
#: The most tokens a member keeps that are not revoked: a bot or two per chat is plenty.
MAX_LIVE_TOKENS = 20
#: ``last_used_at`` is written at most this often per token (not once per request).
USE_RESOLUTION = timedelta(minutes=1)


@dataclass(frozen=True)
class MadeToken:
    """A token just made: its row, and its secret, which is shown once and never stored."""

    token: Token
    secret: str


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def make_token(*, user: Any, name: str, scope: str) -> MadeToken:
    """A new token of ``user`` for ``scope`` (``Token.Scope``), named ``name``."""
    if scope not in Token.Scope.values:
        raise ServiceError(
            _("A token may read or record; %(scope)s is neither.") % {"scope": scope}
        )
    with transaction.atomic():
        live = Token.objects.select_for_update().filter(user=user, revoked_at=None)
        if live.count() >= MAX_LIVE_TOKENS:
            raise ServiceError(
                _("You have %(count)s tokens: revoke one you no longer use first.")
                % {"count": MAX_LIVE_TOKENS}
            )
        secret = MARK + secrets.token_urlsafe(32)
        token = Token.objects.create(
            user=user,
            name=name,
            scope=scope,
            prefix=secret[:PREFIX_LENGTH],
            digest=digest_of(secret),
        )
    return MadeToken(token, secret)


def revoke_token(*, user: Any, token_id: int) -> Token:
    """Revoke one of ``user``'s tokens; from now on it is refused. Revoking it again
    changes nothing."""
    with transaction.atomic():
        token = Token.objects.select_for_update().filter(user=user, pk=token_id).first()
        if token is None:
            raise ServiceError(_("You have no such token."))
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
    return token


def tokens_of(user: Any) -> list[Token]:
    """A member's tokens, the newest first, revoked ones too."""
    return list(Token.objects.filter(user=user))


def token_for(secret: str) -> Token | None:
    """The token whose secret this is, with its account and whether that account is a
    member (read in the same query, as ``MemberBackend`` reads a session's), or ``None``."""
    if not secret.startswith(MARK) or len(secret) > 100:
        return None
    members = Group.objects.filter(name=MEMBERS_GROUP, user=OuterRef("user_id"))
    token = (
        Token.objects.select_related("user")
        .annotate(in_members=Exists(members))
        .filter(digest=digest_of(secret))
        .first()
    )
    if token is not None:
        setattr(token.user, MEMBER_FLAG, token.in_members)
    return token


def note_use(token: Token) -> None:
    """Remember when the token was last used (to the minute: one write a minute at most,
    whatever the bot sends)."""
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= USE_RESOLUTION:
        Token.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
