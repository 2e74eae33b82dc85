from typing import Any

from django.apps import AppConfig
from django.core.cache import cache
from django.utils.autoreload import file_changed


def _forget_rendered_pieces(sender: Any, file_path: Any, **kwargs: Any) -> None:
    """The cache keeps rendered pieces of pages (a blank hand form); when the development
    server sees a template change, they go, as Django's compiled templates do."""
    if file_path.suffix == ".html":
        cache.clear()


class ClubConfig(AppConfig):
    name = "scorekeeper.club"
    label = "club"
    verbose_name = "Club"

    def ready(self) -> None:
        file_changed.connect(_forget_rendered_pieces, dispatch_uid="club_forget_rendered_pieces")
        from scorekeeper.club import accounts

        accounts.connect()
