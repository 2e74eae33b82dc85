"""An account's username kept by its key (``AccountName``), so that the database itself
refuses a second account whose username differs only in case or width ("Bob", "BOB",
"ＢＯＢ").

Accounts are Django's own rows: the site's forms make them, and so do Django's admin and
``createsuperuser``. The one place all of them pass is the account's save, so the key is
written there, by a receiver of ``post_save``: inside the save's transaction when there is
one (the site's forms, the admin), so that an account refused by the key is not stored
either. A save that does not touch the username (a login's ``last_login``) writes nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save

from scorekeeper.club.bounds import name_key
from scorekeeper.club.models import AccountName


def keep_account_name(
    sender: Any, instance: Any, created: bool, update_fields: Any = None, **kwargs: Any
) -> None:
    if kwargs.get("raw") or (update_fields is not None and "username" not in update_fields):
        return
    key = name_key(instance.get_username())
    if created:
        AccountName.objects.create(user=instance, key=key)
    else:
        AccountName.objects.update_or_create(user=instance, defaults={"key": key})


def connect() -> None:
    post_save.connect(keep_account_name, sender=get_user_model(), dispatch_uid="account_name")
