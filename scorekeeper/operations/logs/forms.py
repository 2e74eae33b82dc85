"""Forms of the log import: the logs sent (a file, a ZIP of several, or pasted JSON) with the
ruleset to check them under, and the club player each log name is mapped to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.errors import ServiceError
from scorekeeper.format import KINDS
from scorekeeper.operations.logs.services import (
    MAX_FILES,
    MAX_RATIO,
    MAX_UNPACKED,
    sent_logs,
)
from scorekeeper.request_numbers import request_number
from scoring.logs.convert import MAX_LOG_BYTES

#: The ruleset choice that takes the platform's rules as the log shows them.
PLATFORM_RULES = ""
#: The mapping choice that makes a new player of the log's name.
NEW_PLAYER = "new"


class LogImportForm(forms.Form):
    log = forms.FileField(
        label=gettext_lazy("Log file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".xml,.mjlog,.json,.zip,.txt"}),
    )
    pasted = forms.CharField(
        label=gettext_lazy("Or paste a tenhou.net/6 JSON log"),
        required=False,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
    )
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        required=False,
        help_text=gettext_lazy(
            "A saved ruleset is for the logs of its number of players, and is accepted only "
            "if every hand and the final results come out as the log recorded them."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["log"].help_text = _(
            "Tenhou's mjlog XML or a tenhou.net/6 JSON (Tenhou's, or a Mahjong Soul game "
            "converted); a ZIP holds several logs, a night's session: at most %(files)s "
            "files (hidden ones aside), each at most %(size)s MB and all together %(total)s "
            "MB unpacked, packed at most %(ratio)s times smaller, and no ZIP inside it. "
            "Files that are not logs are skipped."
        ) % {
            "files": MAX_FILES,
            "size": MAX_LOG_BYTES // 1_000_000,
            "total": MAX_UNPACKED // 1_000_000,
            "ratio": MAX_RATIO,
        }
        # The saved rulesets grouped by their number of players: a log is checked only
        # under rules of its own kind.
        saved = list(SavedRuleset.objects.all())
        choices: list[tuple[str, Any]] = [
            (PLATFORM_RULES, _("The platform’s, as the log shows them"))
        ]
        for players, kind in KINDS:
            group = [(str(r.pk), r.name) for r in saved if r.to_rules().players == players]
            if group:
                choices.append((str(kind), group))
        field = self.fields["ruleset"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("log")
        try:
            data["files"] = sent_logs(
                name=getattr(upload, "name", "") or "",
                content=upload.read() if upload else b"",
                pasted=data.get("pasted") or "",
            )
        except ServiceError as error:
            raise forms.ValidationError(
                _("%(error)s. Nothing was imported.") % {"error": error.message}
            ) from None
        return data

    def saved_ruleset(self) -> SavedRuleset | None:
        return saved_ruleset(self.cleaned_data.get("ruleset"))


def saved_ruleset(key: object) -> SavedRuleset | None:
    """The saved ruleset a form's ``ruleset`` names by its id, if any."""
    number = request_number(key)
    return None if number is None else SavedRuleset.objects.filter(pk=number).first()


class PlayerMapForm(forms.Form):
    """One field per log name: a club player, or a new player of that name."""

    def __init__(
        self, *args: Any, names: Sequence[str], proposed: Mapping[str, Player | None], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.names = list(names)
        players = [(str(p.pk), p.name) for p in Player.objects.order_by("name").only("pk", "name")]
        for i, name in enumerate(self.names):
            player = proposed.get(name)
            new = _("New player: %(name)s") % {"name": name}
            self.fields[f"player_{i}"] = forms.ChoiceField(
                label=name,
                choices=[(NEW_PLAYER, new), *players],
                initial=str(player.pk) if player is not None else NEW_PLAYER,
            )

    def mapping(self) -> dict[str, Player | None]:
        chosen = {name: self.cleaned_data[f"player_{i}"] for i, name in enumerate(self.names)}
        numbers = {name: request_number(pk) for name, pk in chosen.items()}
        players = Player.objects.in_bulk([pk for pk in numbers.values() if pk is not None])
        return {name: None if pk is None else players.get(pk) for name, pk in numbers.items()}
