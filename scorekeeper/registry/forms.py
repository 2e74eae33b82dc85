"""Forms of the club's registry: accounts, players, a saved ruleset as JSON (the admin's), and
the ruleset form, a field for every parameter built from the engine's tables.

Each form turns POST into values the services and the engine take (``to_rules()``); an
engine refusal becomes an error on the field that caused it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.club.bounds import (
    ema_number_error,
    latin_name_error,
    load_json,
    name_key,
    visible_name,
)
from scorekeeper.club.models import PlatformName, Player, SavedRuleset
from scorekeeper.errors import JsonRefused
from scorekeeper.format import FINISH_NAMES, PRESET_CHOICES
from scorekeeper.parameters import CHOICES, GROUPS, HELP, LABELS
from scorekeeper.refusals import located_refusal_text, worded_text
from scorekeeper.registry.identities import PLATFORMS, Identity, country_choices
from scorekeeper.registry.permissions import make_member
from scoring.errors import RulesError
from scoring.outcomes import ABORT_REASONS
from scoring.rule_values import (
    BOOLEANS,
    CHOICE_TYPES,
    INTEGER_BOUNDS,
    MAX_POINTS,
    PLAYER_COUNTS,
    FloatingUma,
    check_value,
)
from scoring.rules import PARAMETERS, PRESETS, Ruleset, check_new_ruleset, resolve_rules

if TYPE_CHECKING:
    _CreationForm = UserCreationForm[User]
else:
    _CreationForm = UserCreationForm


class _UserForm(_CreationForm):
    """A new account, whose username is refused a character that cannot be seen (Django's
    validator takes any letter, the blank Hangul filler among them)."""

    def clean_username(self) -> str:
        # Django's own check says a taken username as an error and gives back ``None``.
        username = super().clean_username()
        if username:
            visible_name(username)
        return username


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


def taken_message(kind: str, name: str, existing: str | None = None) -> str:
    """``kind``: ``player`` or ``ruleset``. ``existing``: the name as the other is written,
    when it is known and written otherwise (in another case)."""
    if existing is not None and existing != name:
        if kind == "player":
            words = _("There is already a player called “%(name)s” (written “%(existing)s”).")
        else:
            words = _("There is already a ruleset called “%(name)s” (written “%(existing)s”).")
        return words % {"name": name, "existing": existing}
    if kind == "player":
        return _("There is already a player called “%(name)s”.") % {"name": name}
    return _("There is already a ruleset called “%(name)s”.") % {"name": name}


def _clean_unique_name(value: str, model: type[Player] | type[SavedRuleset], pk: Any) -> str:
    name = visible_name(value)
    taken = model.objects.filter(name_key=name_key(name)).exclude(pk=pk).first()
    if taken is not None:
        kind = "player" if model is Player else "ruleset"
        raise forms.ValidationError(taken_message(kind, name, taken.name))
    return name


class PlatformNamesField(forms.CharField):
    """A platform's names, one a line (blank lines and outer spaces dropped, each name once)."""

    widget = forms.Textarea(attrs={"rows": 2, "spellcheck": "false", "autocapitalize": "off"})

    def prepare_value(self, value: Any) -> Any:
        return "\n".join(value) if isinstance(value, list | tuple) else value

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        names = [line.strip() for line in str(value or "").splitlines()]
        return list(dict.fromkeys(name for name in names if name))

    #: The most names a player has on one platform.
    MOST = 50

    def validate(self, value: Any) -> None:
        if len(value) > self.MOST:
            raise forms.ValidationError(
                _("At most %(most)s names a platform (%(count)s given).")
                % {"most": self.MOST, "count": len(value)}
            )
        for name in value:
            if len(name) > 100:
                raise forms.ValidationError(
                    _("“%(name)s…”: a platform name has at most 100 characters.")
                    % {"name": name[:20]}
                )
            if "\x00" in name:
                raise forms.ValidationError(_("A name cannot contain a NUL character."))


class LatinIdentityFields:
    """The checks of a player's names in Latin letters and EMA number, each on its field,
    as the registry's service checks them: for the player form and a tournament's own
    registration alike."""

    cleaned_data: dict[str, Any]

    def clean_given_name(self) -> str:
        return self._latin("given_name")

    def clean_family_name(self) -> str:
        return self._latin("family_name")

    def _latin(self, field: str) -> str:
        name = " ".join(self.cleaned_data[field].split())
        wrong = name and latin_name_error(name, 50)
        if wrong:
            raise forms.ValidationError(_("In Latin letters: %(error)s.") % {"error": wrong})
        return name

    def _ema_number(self) -> str:
        """The EMA number given, without spaces; blank where none is."""
        number = "".join(self.cleaned_data["ema_number"].split())
        wrong = number and ema_number_error(number)
        if wrong:
            raise forms.ValidationError(_("Not an EMA number: %(error)s.") % {"error": wrong})
        return number


class PlayerForm(LatinIdentityFields, forms.ModelForm):  # type: ignore[type-arg]
    """A player: the name the club uses, and who they are elsewhere (``Identity``). The
    identity's fields are checked here as the service checks them, each on its field."""

    # Longer than eight, so that nine digits read as a wrong EMA number, not a long text.
    ema_number = forms.CharField(
        required=False,
        max_length=20,
        label=gettext_lazy("EMA number"),
        help_text=gettext_lazy("Eight digits, leading zeros included: 07000155."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    tenhou = PlatformNamesField(
        required=False,
        label=gettext_lazy("Names on Tenhou"),
        help_text=gettext_lazy("One a line, as Tenhou writes them."),
    )
    mahjongsoul = PlatformNamesField(
        required=False,
        label=gettext_lazy("Names on Mahjong Soul"),
        help_text=gettext_lazy("One a line, as Mahjong Soul writes them."),
    )
    other = PlatformNamesField(
        required=False,
        label=gettext_lazy("Names elsewhere"),
        help_text=gettext_lazy("One a line: Discord, another site."),
    )

    class Meta:
        model = Player
        fields = ["name", "given_name", "family_name", "country", "ema_number"]
        labels = {
            "name": gettext_lazy("Name"),
            "given_name": gettext_lazy("Given name (Latin letters)"),
            "family_name": gettext_lazy("Family name (Latin letters)"),
        }
        help_texts = {
            "name": gettext_lazy("The name the club uses."),
            "given_name": gettext_lazy("As on the EMA’s lists: Anna, Zoë."),
        }
        error_messages = {"name": {"required": gettext_lazy("Enter the player’s name.")}}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["country"] = forms.ChoiceField(
            required=False,
            label=gettext_lazy("Country"),
            choices=[("", _("Not known")), *country_choices()],
        )
        if self.instance.pk:
            identity = Identity.of(self.instance)
            for platform in PLATFORMS:
                self.initial.setdefault(platform, list(identity.platform_names.get(platform, ())))

    def clean_name(self) -> str:
        return _clean_unique_name(self.cleaned_data["name"], Player, self.instance.pk)

    def clean_ema_number(self) -> str:
        number = self._ema_number()
        if not number:
            return ""
        holder = Player.objects.filter(ema_number=number).exclude(pk=self.instance.pk).first()
        if holder is not None:
            raise forms.ValidationError(
                _("%(name)s has the EMA number %(number)s.")
                % {"name": holder.name, "number": number}
            )
        return number

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for platform in PLATFORMS:
            names = cleaned.get(platform) or []
            taken = (
                PlatformName.objects.filter(platform=platform, name__in=names)
                .exclude(player_id=self.instance.pk)
                .select_related("player")
                .order_by("name")
            )
            for row in taken:
                self.add_error(
                    platform,
                    _("%(holder)s is %(name)s on %(platform)s.")
                    % {
                        "holder": row.player.name,
                        "name": row.name,
                        "platform": row.get_platform_display(),
                    },
                )
        return cleaned

    def validate_unique(self) -> None:
        # Checked above with the holder's name; the service checks again under a lock.
        pass

    def identity(self) -> Identity:
        data = self.cleaned_data
        return Identity(
            given_name=data["given_name"],
            family_name=data["family_name"],
            country=data["country"],
            ema_number=data["ema_number"],
            platform_names={p: data[p] for p in PLATFORMS if data.get(p)},
        )


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
        except JsonRefused as error:
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
                # A ruleset being saved: its honba must also share between a tsumo's payers.
                check_new_ruleset(resolve_rules({"preset": data["preset"], **data["overrides"]}))
            except RulesError as error:
                self.add_error("overrides", located_refusal_text(error))
        return data


#: The rows of floating uma, by how many players end below the return points.
FLOATING_ROWS: Final = ("1", "2", "3")
_NUMBER_MESSAGES: Final = {
    "required": gettext_lazy("Enter a number."),
    "invalid": gettext_lazy("Enter a whole number."),
}


def _number_input(low: int, high: int, step: int) -> forms.NumberInput:
    return forms.NumberInput(attrs={"min": low, "max": high, "step": step, "inputmode": "numeric"})


class UmaWidget(forms.MultiWidget):
    """Four numbers in a row, one a place (three players leave the fourth blank)."""

    template_name = "registry/widgets/uma.html"

    def __init__(self) -> None:
        super().__init__([_number_input(-MAX_POINTS, MAX_POINTS, 100) for _ in FINISH_NAMES])

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["places"] = list(
            zip(context["widget"]["subwidgets"], FINISH_NAMES, strict=True)
        )
        return context

    def decompress(self, value: Any) -> list[Any]:
        return list(value) if value else [None] * len(FINISH_NAMES)


class UmaField(forms.MultiValueField):
    """Uma as four numbers, or three for three players (the fourth left blank); the engine
    checks the bounds, that there is one a player and that they sum to 0."""

    widget = UmaWidget

    def __init__(self, **kwargs: Any) -> None:
        places = [forms.IntegerField(error_messages=_NUMBER_MESSAGES) for _ in FINISH_NAMES]
        places[-1].required = False
        kwargs.setdefault("error_messages", {"incomplete": gettext_lazy("Enter all four values.")})
        super().__init__(places, require_all_fields=False, **kwargs)

    def compress(self, data_list: list[Any]) -> list[Any] | None:
        if not data_list:
            return None
        values = list(data_list)
        return values[:-1] if values[-1] is None else values


def _field(name: str) -> forms.Field:
    """The field for one parameter, by its kind in the engine's tables."""
    common: dict[str, Any] = {"label": LABELS[name], "help_text": HELP.get(name, "")}
    choice = CHOICE_TYPES.get(name)
    if choice is not None:
        words = CHOICES[name]
        return forms.ChoiceField(
            choices=[(m.value, words[m.value]) for m in choice],
            widget=forms.RadioSelect,
            **common,
        )
    if name in BOOLEANS:
        return forms.BooleanField(required=False, **common)
    bounds = INTEGER_BOUNDS.get(name)
    if bounds is not None:
        low, high, hundreds = bounds
        return forms.IntegerField(
            widget=_number_input(low, high, 100 if hundreds else 1),
            error_messages=_NUMBER_MESSAGES,
            **common,
        )
    if name == "target_points":
        return forms.IntegerField(
            required=False,
            widget=_number_input(100, MAX_POINTS, 100),
            error_messages=_NUMBER_MESSAGES,
            **common,
        )
    if name == "uma":
        return UmaField(**common)
    if name == "abortive_draws":
        words = CHOICES[name]
        return forms.MultipleChoiceField(
            required=False,
            widget=forms.CheckboxSelectMultiple,
            choices=[(reason.value, words[reason.value]) for reason in ABORT_REASONS],
            **common,
        )
    if name == "players":
        return forms.TypedChoiceField(
            coerce=int,
            choices=[
                (count, CHOICES[name][count]) for count in sorted(PLAYER_COUNTS, reverse=True)
            ],
            widget=forms.RadioSelect,
            **common,
        )
    if name == "double_wind_fu":
        return forms.TypedChoiceField(
            coerce=int, choices=list(CHOICES[name].items()), widget=forms.RadioSelect, **common
        )
    raise LookupError(f"the ruleset form has no field for the parameter {name!r}")


_FLOATING_LABELS: Final = (
    gettext_lazy("One player below the return points"),
    gettext_lazy("Two below (also none)"),
    gettext_lazy("Three below"),
)
#: One field a parameter, named as the parameter.
PARAMETER_FIELDS: Final = {name: _field(name) for name in PARAMETERS}
#: Floating uma: a switch and three more rows of four.
FLOATING_FIELDS: Final[dict[str, forms.Field]] = {
    "floating_uma": forms.BooleanField(
        required=False,
        label=gettext_lazy("Floating uma"),
        help_text=gettext_lazy(
            "Uma by how many players end below the return points, instead of the above."
        ),
    ),
    **{
        f"uma_below_{row}": UmaField(required=False, label=label)
        for row, label in zip(FLOATING_ROWS, _FLOATING_LABELS, strict=True)
    },
}


def _json_value(name: str, value: Any) -> Any:
    """A cleaned field's value as a ruleset spec writes it."""
    if name == "abortive_draws":
        return [reason for reason in ABORT_REASONS if reason in value]
    return value


def form_values(rules: Ruleset) -> dict[str, Any]:
    """The form's values for ``rules``: its preset and every parameter."""
    values: dict[str, Any] = {"preset": rules.preset, "based_on": rules.preset}
    values.update(rules.to_json())
    if isinstance(rules.uma, FloatingUma):
        values["floating_uma"] = True
        values["uma"] = list(rules.uma.below_2)
        # One row fewer than players: three players have rows "1" and "2".
        for row, uma in zip(FLOATING_ROWS, rules.to_json()["uma"].values(), strict=False):
            values[f"uma_below_{row}"] = uma
    return values


def saved_values(saved: SavedRuleset) -> tuple[dict[str, Any], list[str]]:
    """The form's values for a saved ruleset, and the engine's word on any override it no
    longer accepts (the form then starts from the preset for those)."""
    try:
        return {"name": saved.name, **form_values(saved.to_rules())}, []
    except RulesError as error:
        problem = located_refusal_text(error)
    preset = saved.preset if saved.preset in PRESETS else "ema"
    kept = {}
    for name, value in saved.overrides.items():
        try:
            resolve_rules({"preset": preset, name: value})
        except RulesError:
            continue
        kept[name] = value
    return {"name": saved.name, **form_values(resolve_rules({"preset": preset, **kept}))}, [problem]


class RulesetForm(forms.Form):
    """A saved ruleset: a name, a preset, and every parameter (the preset's by default)."""

    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=100,
        error_messages={"required": gettext_lazy("Name the ruleset.")},
    )
    preset = forms.ChoiceField(label=gettext_lazy("Preset"), choices=PRESET_CHOICES)
    #: The preset whose values the fields were filled from (what "changed" meant so far).
    based_on = forms.ChoiceField(choices=PRESET_CHOICES, required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, instance: SavedRuleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.instance = instance
        self.rules: Ruleset | None = None

    def clean_name(self) -> str:
        return _clean_unique_name(self.cleaned_data["name"], SavedRuleset, self.instance.pk)

    def spec_values(self) -> dict[str, Any]:
        """Each parameter the form could read, as a spec writes it (those with a field
        error left out)."""
        data = self.cleaned_data
        values = {name: _json_value(name, data[name]) for name in PARAMETERS if name in data}
        if data.get("floating_uma"):
            # A row per number of players who can end below: one fewer than the players.
            kept = FLOATING_ROWS[: (data.get("players") or 4) - 1]
            rows = {row: data.get(f"uma_below_{row}") for row in kept}
            values["uma"] = rows
            if any(f"uma_below_{row}" not in data for row in kept):
                del values["uma"]
        return values

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        values = self.spec_values()
        for name, value in values.items():
            try:
                check_value(name, value)
            except RulesError as error:
                self._refused(error)
        if set(self.errors) - {"name"} or "preset" not in data:
            return data  # the whole is checked once every value could be read
        try:
            self.rules = resolve_rules({"preset": data["preset"], **values})
            # A ruleset being saved: its honba must also share between a tsumo's payers.
            check_new_ruleset(self.rules)
        except RulesError as error:
            self.rules = None
            self._refused(error)
        return data

    def _refused(self, error: RulesError) -> None:
        """The engine's refusal, on the field of the parameter it names."""
        parameter = error.values.get("parameter")
        if not isinstance(parameter, str) or not parameter:
            self.add_error(None, located_refusal_text(error))
            return
        # A row of floating uma is ``uma.1``: its own field.
        name, _, row = parameter.partition(".")
        field = f"uma_below_{row}" if row else name
        self.add_error(field if field in self.fields else None, worded_text(error))

    @property
    def floating_rows(self) -> list[forms.BoundField]:
        return [self[f"uma_below_{row}"] for row in FLOATING_ROWS]

    def changed(self) -> set[str]:
        """The parameters whose value differs from the chosen preset's (a value the form
        could not read counts as changed)."""
        if self.is_bound:
            self.is_valid()
            preset = self.cleaned_data.get("preset")
            values = self.spec_values()
            unread = {name for name in PARAMETERS if name not in values}
            if self.has_error("floating_uma") or any(
                self.has_error(f"uma_below_{row}") for row in FLOATING_ROWS
            ):
                unread.add("uma")
        else:
            preset = self.initial.get("preset")
            values = {name: self.initial[name] for name in PARAMETERS if name in self.initial}
            if self.initial.get("floating_uma"):
                values["uma"] = {
                    row: self.initial[f"uma_below_{row}"]
                    for row in FLOATING_ROWS
                    if f"uma_below_{row}" in self.initial
                }
            unread = set()
        if preset not in PRESETS:
            return unread
        base = PRESETS[preset].to_json()
        return unread | {name for name, value in values.items() if base[name] != value}

    def groups(self) -> list[tuple[str, str | Promise, list[tuple[forms.BoundField, bool]]]]:
        """The fields by group, in the order of the ruleset's page, each with whether it
        differs from the preset."""
        changed = self.changed()
        return [
            (group.slug, group.title, [(self[name], name in changed) for name in group.parameters])
            for group in GROUPS
        ]

    def refilled(self) -> RulesetForm:
        """A fresh form filled from the chosen preset, keeping every value that differed
        from the preset the fields were filled from."""
        self.is_valid()
        data = self.cleaned_data
        preset = data.get("preset") or self.initial.get("preset") or "ema"
        based_on = data.get("based_on") or preset
        rules = PRESETS[preset]
        base = PRESETS[based_on].to_json() if based_on in PRESETS else rules.to_json()
        pending = {name: v for name, v in self.spec_values().items() if base[name] != v}
        # One change at a time, until none more is taken: a change the new preset refuses
        # is left out, and one that needs another (an extension, its target) waits for it.
        while pending:
            taken = set()
            for name, value in pending.items():
                try:
                    rules = resolve_rules({"preset": preset, **rules.overrides(), name: value})
                except RulesError:
                    continue
                taken.add(name)
            if not taken:
                break
            pending = {name: v for name, v in pending.items() if name not in taken}
        initial = {"name": self.data.get("name", ""), **form_values(rules)}
        return RulesetForm(initial=initial, instance=self.instance)


RulesetForm.base_fields.update(PARAMETER_FIELDS)
RulesetForm.base_fields.update(FLOATING_FIELDS)
