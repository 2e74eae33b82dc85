"""Forms of the organiser's tools: a backup to restore, a game record to import, the game
to delete."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.club.bounds import ID_MAX
from scorekeeper.club.models import Game


class RestoreForm(forms.Form):
    backup = forms.FileField(
        label=gettext_lazy("Backup file"),
        help_text=gettext_lazy("A .jsonl file, from “Download a backup” or manage.py backup."),
        error_messages={"required": gettext_lazy("Choose the backup file to restore.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".jsonl,.json,.txt,application/json"}),
    )


class ImportForm(forms.Form):
    record = forms.FileField(
        label=gettext_lazy("Game record"),
        help_text=gettext_lazy(
            "A scorekeeper.game/1 record (JSON), as manage.py export_game writes it."
        ),
        error_messages={"required": gettext_lazy("Choose the game record to import.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    table_label = forms.CharField(
        label=gettext_lazy("Table"),
        required=False,
        max_length=Game._meta.get_field("table_label").max_length,
    )
    #: One per page shown: the same page sent twice imports one game (``import_record``).
    start_token = forms.UUIDField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["start_token"].initial = uuid.uuid4


class FindGameForm(forms.Form):
    """The number of the game to delete, as its page and the history show it."""

    game = forms.IntegerField(
        label=gettext_lazy("Game number"),
        min_value=1,
        max_value=ID_MAX,
        error_messages={"required": gettext_lazy("Give the game’s number.")},
    )

    def clean_game(self) -> Game:
        pk = self.cleaned_data["game"]
        game = Game.objects.filter(pk=pk).only("pk").first()
        if game is None:
            raise forms.ValidationError(_("There is no game %(number)s.") % {"number": pk})
        return game
