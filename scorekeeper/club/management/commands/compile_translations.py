"""``manage.py compile_translations``: write each language's ``.mo`` file from its ``.po``.

Django's own ``compilemessages`` needs GNU gettext's ``msgfmt``; this needs only ``polib``
(installed with the project's development tools), so a fresh machine has nothing more to
install. The ``.mo`` files are kept in the repository beside their ``.po``, so that the
site runs translated without this step; a test checks that they match.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


def catalogues() -> list[Path]:
    """Every ``django.po`` under the project's locale folders."""
    return sorted(
        path for folder in settings.LOCALE_PATHS for path in Path(folder).rglob("django.po")
    )


class Command(BaseCommand):
    help = "Compile each locale's django.po into django.mo (with polib, no gettext needed)."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            import polib
        except ImportError:
            raise CommandError("polib is missing: `make install` installs it.") from None
        for po_path in catalogues():
            catalogue = polib.pofile(str(po_path))
            if catalogue.fuzzy_entries():
                raise CommandError(f"{po_path}: {len(catalogue.fuzzy_entries())} fuzzy entries")
            catalogue.save_as_mofile(str(po_path.with_suffix(".mo")))
            self.stdout.write(f"{po_path.with_suffix('.mo')}: {len(catalogue)} messages")
