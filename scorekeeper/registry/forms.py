"""Forms of the club's registry: accounts, players, saved rulesets, and a new game.

Each form turns POST into values the services and the engine take (``to_rules()``,
``seated_players()``); an engine refusal becomes an error on the field that caused it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.format import PRESET_CHOICES, preset_label
from scorekeeper.registry.permissions import make_member
from scoring.errors import RulesError
from scoring.rules import PRESETS, Ruleset, resolve_rules

if TYPE_CHECKING:
    _UserForm = UserCreationForm[User]
else:
    _UserForm = UserCreationForm


class OrganiserSetupForm(_UserForm):
    """The first account of a fresh site: an organiser who may also use the admin."""

    def save(self, commit: bool = True) -> User:
        user: User = super().save(commit=False)
        user.is_staff = True
        user.is_superuser = True
        if commit:
            user.save()
            make_member(user)
        return user


class MemberForm(_UserForm):
    """An account made by an organiser: a member, or another organiser."""

    organiser = forms.BooleanField(
        required=False,
        label="Organiser",
        help_text="Organisers manage players, rulesets, accounts, and correct any game.",
    )

    def save(self, commit: bool = True) -> User:
        user: User = super().save(commit=False)
        user.is_staff = self.cleaned_data["organiser"]
        if commit:
            user.save()
            make_member(user)
        return user


def _clean_unique_name(value: str, model: type[Player] | type[SavedRuleset], pk: Any) -> str:
    name = " ".join(value.split())
    if model.objects.filter(name__iexact=name).exclude(pk=pk).exists():
        kind = "player" if model is Player else "ruleset"
        raise forms.ValidationError(f"There is already a {kind} called “{name}”.")
    return name


class PlayerForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Player
        fields = ["name"]
        error_messages = {"name": {"required": "Enter the player’s name."}}

    def clean_name(self) -> str:
        return _clean_unique_name(self.cleaned_data["name"], Player, self.instance.pk)


class OverridesField(forms.Field):
    """A JSON object of ruleset parameters, shown as an indented textarea."""

    widget = forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "autocapitalize": "off"})

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, dict):
            # One parameter a line, each value on its line whole (uma stays one list).
            lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()]
            return "{\n" + ",\n".join(lines) + "\n}" if lines else "{}"
        return value

    def to_python(self, value: Any) -> dict[str, Any]:
        text = str(value or "").strip()
        if not text:
            return {}
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                f"Not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})."
            ) from None
        if not isinstance(data, dict):
            raise forms.ValidationError(
                'Expected a JSON object of parameters, like {"kiriage": true}.'
            )
        if "preset" in data:
            raise forms.ValidationError("Choose the preset above, not in the overrides.")
        return data


class SavedRulesetForm(forms.ModelForm):  # type: ignore[type-arg]
    """A preset plus overrides; the engine's ``resolve_rules`` decides what is valid."""

    preset = forms.ChoiceField(choices=PRESET_CHOICES)
    overrides = OverridesField(
        required=False,
        help_text='Parameters that differ from the preset, as JSON: {"kiriage": true}.',
    )

    class Meta:
        model = SavedRuleset
        fields = ["name", "preset", "overrides"]
        error_messages = {"name": {"required": "Name the ruleset."}}

    def clean_name(self) -> str:
        return _clean_unique_name(self.cleaned_data["name"], SavedRuleset, self.instance.pk)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "preset" in data and "overrides" in data:
            try:
                resolve_rules({"preset": data["preset"], **data["overrides"]})
            except RulesError as error:
                self.add_error("overrides", str(error))
        return data


def ruleset_choices() -> list[tuple[str, Any]]:
    """The five presets and the club's saved rulesets, as grouped select options."""
    presets = [(f"preset:{name}", preset_label(name)) for name in PRESETS]
    saved = [(f"saved:{r.pk}", r.name) for r in SavedRuleset.objects.only("pk", "name")]
    groups: list[tuple[str, Any]] = [("Presets", presets)]
    if saved:
        groups.append(("Club rulesets", saved))
    return groups


SEATS = ("East", "South", "West", "North")


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.all()
        for number, wind in enumerate(SEATS):
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
            return saved.name, saved.to_rules()
        except RulesError as error:
            raise forms.ValidationError(f"{saved.name}: {error}") from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        seen: dict[str, str] = {}
        for number, wind in enumerate(SEATS):
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
