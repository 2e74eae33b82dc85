"""Changes to accounts: a password set by an organiser (the club has no mail server to
send a reset link) or changed by its owner. The forms (Django's ``SetPasswordForm`` and
``PasswordChangeForm``) check the password with the site's validators first."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scorekeeper.errors import ServiceError


def set_password(*, account: Any, password: str, by: Any) -> None:
    """Give ``account`` a new password. An organiser sets the password of an account that
    is not an organiser's; anyone sets their own. Every session of the account other than
    the one that set it ends, since the password it was opened with is gone."""
    own = account.pk == by.pk
    if not own and (account.is_staff or account.is_superuser):
        raise ServiceError(
            _("An organiser’s password is changed by that organiser (or in the admin).")
        )
    with transaction.atomic():
        account.set_password(password)
        account.save(update_fields=["password"])
