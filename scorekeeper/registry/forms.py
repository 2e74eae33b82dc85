"""Forms of the club's registry: accounts, players and saved rulesets.

Each form turns POST into values the services and the engine take (``to_rules()``); an
engine refusal becomes an error on the field that caused it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.club.limits import load_json
from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.errors import TooDeep
from scorekeeper.format import PRESET_CHOICES
from scorekeeper.refusals import located_refusal_text
from scorekeeper.registry.permissions import make_member
from scoring.errors import RulesError
from scoring.rules import resolve_rules

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
        label=gettext_lazy("Organiser"),
        help_text=gettext_lazy(
            "Organisers manage players, rulesets, accounts, and correct any game."
        ),
    )

    def save(self, commit: bool = True) -> User:
        user: User = super().save(commit=False)
        user.is_staff = self.cleaned_data["organiser"]
        if commit:
            user.save()
            make_member(user)
        return user


def save_unless_taken(form: forms.ModelForm, field: str, message: str) -> Any:  # type: ignore[type-arg]
    """``form.save()``; or None, with ``message`` on ``field``, when the database refuses the
    name because another request saved it after this form checked (a double tap, two
    organisers at once)."""
    try:
        with transaction.atomic():
            return form.save()
    except IntegrityError:
        form.add_error(field, message)
        return None


def taken_message(kind: str, name: str) -> str:
    """``kind``: ``player`` or ``ruleset``."""
    if kind == "player":
        return _("There is already a player called “%(name)s”.") % {"name": name}
    return _("There is already a ruleset called “%(name)s”.") % {"name": name}


def _clean_unique_name(value: str, model: type[Player] | type[SavedRuleset], pk: Any) -> str:
    name = " ".join(value.split())
    if model.objects.filter(name__iexact=name).exclude(pk=pk).exists():
        kind = "player" if model is Player else "ruleset"
        raise forms.ValidationError(taken_message(kind, name))
    return name


class PlayerForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Player
        fields = ["name"]
        labels = {"name": gettext_lazy("Name")}
        error_messages = {"name": {"required": gettext_lazy("Enter the player’s name.")}}

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
            data = load_json(text)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                _("Not valid JSON: %(error)s (line %(line)s, column %(column)s).")
                % {"error": error.msg, "line": error.lineno, "column": error.colno}
            ) from None
        except TooDeep as error:
            raise forms.ValidationError(
                _("Not a ruleset's overrides: %(error)s.") % {"error": error}
            ) from None
        if not isinstance(data, dict):
            raise forms.ValidationError(
                _('Expected a JSON object of parameters, like {"kiriage": true}.')
            )
        if "preset" in data:
            raise forms.ValidationError(_("Choose the preset above, not in the overrides."))
        return data


class SavedRulesetForm(forms.ModelForm):  # type: ignore[type-arg]
    """A preset plus overrides; the engine's ``resolve_rules`` decides what is valid."""

    preset = forms.ChoiceField(label=gettext_lazy("Preset"), choices=PRESET_CHOICES)
    overrides = OverridesField(
        required=False,
        label=gettext_lazy("Overrides"),
        help_text=gettext_lazy(
            'Parameters that differ from the preset, as JSON: {"kiriage": true}.'
        ),
    )

    class Meta:
        model = SavedRuleset
        fields = ["name", "preset", "overrides"]
        labels = {"name": gettext_lazy("Name")}
        error_messages = {"name": {"required": gettext_lazy("Name the ruleset.")}}

    def clean_name(self) -> str:
        return _clean_unique_name(self.cleaned_data["name"], SavedRuleset, self.instance.pk)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "preset" in data and "overrides" in data:
            try:
                resolve_rules({"preset": data["preset"], **data["overrides"]})
            except RulesError as error:
                self.add_error("overrides", located_refusal_text(error))
        return data
