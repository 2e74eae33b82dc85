"""Starting a game: four players from the registry (or new names), a ruleset and a table.

The form turns POST into what ``start_game`` takes (``seated_players()``, ``to_rules()``).
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.db import IntegrityError, transaction

from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.format import preset_label, starting_wind
from scoring.errors import RulesError
from scoring.rules import PRESETS, Ruleset


def ruleset_choices() -> list[tuple[str, Any]]:
    """The five presets and the club's saved rulesets, as grouped select options."""
    presets = [(f"preset:{name}", preset_label(name)) for name in PRESETS]
    saved = [(f"saved:{r.pk}", r.name) for r in SavedRuleset.objects.only("pk", "name")]
    groups: list[tuple[str, Any]] = [("Presets", presets)]
    if saved:
        groups.append(("Club rulesets", saved))
    return groups


class NewGameForm(forms.Form):
    """Four players from the registry (or new names), a ruleset and a table."""

    ruleset = forms.ChoiceField(label="Ruleset", choices=ruleset_choices)
    table_label = forms.CharField(
        label="Table", max_length=50, required=False, help_text="For example “Table 2”."
    )
    shuffle = forms.ChoiceField(
        label="Seats",
        choices=[("0", "Seats as entered"), ("1", "Shuffle the seats")],
        required=False,
        initial="0",
        widget=forms.RadioSelect,
    )

    #: One per page shown: the same page sent twice starts one game (``start_game``).
    start_token = forms.UUIDField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["start_token"].initial = uuid.uuid4
        players = Player.objects.all()
        for number, wind in enumerate(map(starting_wind, range(4))):
            self.fields[f"seat_{number}"] = forms.ModelChoiceField(
                players, label=wind, required=False, empty_label="Choose a player"
            )
            self.fields[f"new_{number}"] = forms.CharField(
                label=f"or a new player at {wind}",
                max_length=100,
                required=False,
                widget=forms.TextInput(attrs={"placeholder": "or a new player’s name"}),
            )

    def seat_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"seat_{n}"], self[f"new_{n}"]) for n in range(4)]

    def clean_shuffle(self) -> bool:
        return bool(self.cleaned_data.get("shuffle") == "1")

    def clean_ruleset(self) -> tuple[str, Ruleset]:
        kind, _, key = self.cleaned_data["ruleset"].partition(":")
        if kind == "preset":
            return key, PRESETS[key]
        saved = SavedRuleset.objects.filter(pk=key).first()
        if saved is None:
            raise forms.ValidationError("That ruleset no longer exists: choose another.")
        try:
            rules = saved.to_rules()
        except RulesError as error:
            raise forms.ValidationError(f"{saved.name}: {error}") from None
        return saved.name, rules

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        seen: dict[str, str] = {}
        for number, wind in enumerate(map(starting_wind, range(4))):
            chosen = data.get(f"seat_{number}")
            new = " ".join(data.get(f"new_{number}", "").split())
            field = f"new_{number}" if new else f"seat_{number}"
            if chosen and new:
                self.add_error(field, f"Choose a player or type a new name at {wind}, not both.")
                continue
            if not chosen and not new:
                if f"seat_{number}" not in self.errors:
                    self.add_error(field, f"Choose the player at {wind}.")
                continue
            name = chosen.name if chosen else new
            key = name.casefold()
            if key in seen:
                self.add_error(field, f"{name} is already seated at {seen[key]}.")
            else:
                seen[key] = wind
            data[f"player_{number}"] = chosen or name
        return data

    def seated_players(self) -> list[Player]:
        """The four players in the order entered; a new name matches an existing player
        (ignoring case) or becomes one. Call inside the transaction that starts the game."""
        out = []
        for number in range(4):
            value = self.cleaned_data[f"player_{number}"]
            if isinstance(value, str):
                value = _player_named(value)
            out.append(value)
        return out

    def to_rules(self) -> tuple[str, Ruleset]:
        name, rules = self.cleaned_data["ruleset"]
        return name, rules


def _player_named(name: str) -> Player:
    """The player with this name (ignoring case), made if there is none; a player made by
    another request at the same moment is taken rather than refused."""
    found = Player.objects.filter(name__iexact=name).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Player.objects.create(name=name)
    except IntegrityError:
        return Player.objects.get(name=name)
