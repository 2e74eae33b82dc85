"""The organiser's forms: a tournament's settings, registering players, seating a session
(with the prescripted tables as CSV), a substitute, a table's time, a penalty."""

from __future__ import annotations

import csv
import io
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.club.bounds import (
    ema_number_error,
    name_error,
    name_key,
    normal_name,
    visible_name,
)
from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.history.forms import DateInput
from scorekeeper.refusals import located_refusal_text
from scorekeeper.registry.forms import LatinIdentityFields
from scorekeeper.registry.identities import Identity, country_choices
from scorekeeper.request_numbers import request_number
from scorekeeper.table.forms.games import ruleset_choices
from scorekeeper.tournaments.models import (
    MAX_ENTRANTS,
    MAX_SESSIONS,
    Entrant,
    Session,
    Tournament,
)
from scorekeeper.tournaments.services import Registration
from scoring.errors import RulesError
from scoring.rules import PRESETS, Ruleset

#: The largest prescripted seating file read: 400 players' names fit many times over.
MAX_CSV_BYTES = 200_000


def tournament_ruleset_choices() -> list[tuple[str, Any]]:
    """The presets and the club's saved rulesets, for four players, then for three."""
    groups: list[tuple[str, Any]] = []
    for players, label in ((4, _("Four players")), (3, _("Three players"))):
        options = [option for _group, found in ruleset_choices(players) for option in found]
        groups.append((label, options))
    return groups


class TournamentForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=100)
    start_date = forms.DateField(label=gettext_lazy("First day"), widget=DateInput())
    end_date = forms.DateField(label=gettext_lazy("Last day"), required=False, widget=DateInput())
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Ruleset"),
        choices=tournament_ruleset_choices,
        help_text=gettext_lazy("Four or three players at a table: the ruleset says which."),
    )
    sessions = forms.IntegerField(
        label=gettext_lazy("Sessions"), min_value=1, max_value=MAX_SESSIONS, initial=4
    )
    session_minutes = forms.IntegerField(
        label=gettext_lazy("Minutes per session"), min_value=10, max_value=600, initial=90
    )
    end_policy = forms.ChoiceField(
        label=gettext_lazy("When time is up"), choices=Tournament.EndPolicy.choices
    )
    substitutes_count = forms.BooleanField(
        label=gettext_lazy("A substitute’s games count for the player they replace"),
        required=False,
        initial=True,
    )
    public = forms.BooleanField(
        label=gettext_lazy("Visitors may read the tables and results"), required=False, initial=True
    )
    registration_open = forms.BooleanField(
        label=gettext_lazy("Players register themselves on the registration page"),
        required=False,
    )
    places = forms.IntegerField(
        label=gettext_lazy("Places"),
        min_value=1,
        max_value=MAX_ENTRANTS,
        required=False,
        help_text=gettext_lazy(
            "Blank: no limit. Those who register once the places are taken wait, and move "
            "up in turn when a player withdraws."
        ),
    )
    approval = forms.BooleanField(
        label=gettext_lazy("Each registration waits for the organiser’s approval"),
        required=False,
    )
    registration_closes_at = forms.DateTimeField(
        label=gettext_lazy("Registration closes"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    ask_identity = forms.BooleanField(
        label=gettext_lazy("Ask for names in Latin letters, country and EMA number"),
        required=False,
    )
    players_record = forms.BooleanField(
        label=gettext_lazy("Players record their table’s hands from their own page"),
        required=False,
    )
    check_in = forms.BooleanField(
        label=gettext_lazy("Players check in on the day: the sessions seat those checked in"),
        required=False,
    )

    def clean_ruleset(self) -> tuple[str, Ruleset]:
        """The ruleset chosen, for four players or three (its tables seat as many)."""
        kind, _sep, key = self.cleaned_data["ruleset"].partition(":")
        if kind == "preset":
            return key, PRESETS[key]  # offered only where it is a preset
        saved = SavedRuleset.objects.filter(pk=key).first()
        if saved is None:
            raise forms.ValidationError(_("That ruleset no longer exists: choose another."))
        try:
            return saved.name, saved.to_rules()
        except RulesError as error:
            raise forms.ValidationError(f"{saved.name}: {located_refusal_text(error)}") from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first."))
        return data

    def settings(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data.pop("ruleset", None)
        return data


class TournamentEditForm(TournamentForm):
    """A tournament's settings once it is made: its ruleset stays (its games are under it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["ruleset"]


class RegisterForm(forms.Form):
    players = forms.ModelMultipleChoiceField(
        Player.objects.all(),
        label=gettext_lazy("The club’s players"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    new_names = forms.CharField(
        label=gettext_lazy("New players, one name a line"),
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    players_file = forms.FileField(
        label=gettext_lazy("Players (CSV)"),
        required=False,
        help_text=gettext_lazy(
            "One player a line: the name, then (optional) their number as a club player, "
            "then (optional) their EMA number of 8 digits."
        ),
    )

    def clean_new_names(self) -> list[str]:
        names = [normal_name(line) for line in self.cleaned_data["new_names"].splitlines()]
        names = [name for name in names if name]
        for number, name in enumerate(names, 1):
            problem = name_error(name, 100)
            if problem:
                raise forms.ValidationError(
                    _("Line %(line)s: %(problem)s.") % {"line": number, "problem": problem}
                )
        return names

    def clean_players_file(self) -> list[Registration]:
        upload = self.cleaned_data.get("players_file")
        if not upload:
            return []
        return read_players_csv(read_csv_upload(upload))

    def registrations(self) -> list[Registration]:
        """Every player to register by name: the lines typed, then the file's."""
        data = self.cleaned_data
        from_file: list[Registration] = data["players_file"]
        return [Registration(name) for name in data["new_names"]] + from_file


def read_csv_upload(upload: Any) -> str:
    """An uploaded CSV file's text, refused if too large or not UTF-8."""
    if upload.size > MAX_CSV_BYTES:
        raise forms.ValidationError(
            _("The file is larger than %(most)s bytes.") % {"most": MAX_CSV_BYTES}
        )
    try:
        return str(upload.read().decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise forms.ValidationError(_("The file is not UTF-8 text.")) from None


def read_players_csv(text: str) -> list[Registration]:
    """The players of a registration file, one a line: name, club player number, EMA
    number (the last two optional); a first line that starts "name" is a header. Every
    bad cell is refused by its line and column (the first 20 of them), all at once."""
    rows = list(csv.reader(io.StringIO(text)))
    errors: list[tuple[int, int, str]] = []
    found: list[tuple[int, str, int | None, str]] = []
    seen: dict[str, int] = {}
    emas: dict[str, int] = {}

    def refuse(line: int, column: int, problem: str) -> None:
        errors.append((line, column, problem))

    for line, row in enumerate(rows, 1):
        cells = [cell.strip() for cell in row]
        while cells and not cells[-1]:
            cells.pop()
        if not cells:
            continue
        name = normal_name(cells[0])
        club = cells[1] if len(cells) > 1 else ""
        ema = cells[2] if len(cells) > 2 else ""
        if line == 1 and name.casefold() in _header_words():
            continue
        if len(cells) > 3:
            refuse(line, 4, _("a line has at most 3 columns (name, club player, EMA number)"))
        problem = name_error(name, 100)
        if problem:
            refuse(line, 1, problem)
        elif name_key(name) in seen:
            refuse(
                line,
                1,
                _("“%(name)s” is on line %(first)s already")
                % {"name": name, "first": seen[name_key(name)]},
            )
        else:
            seen[name_key(name)] = line
        number = request_number(club)
        if club and number is None:
            refuse(
                line,
                2,
                _("a club player’s number is digits, not “%(value)s”") % {"value": club[:20]},
            )
        if ema and ema_number_error(ema):
            refuse(line, 3, _("an EMA number is 8 digits, not “%(value)s”") % {"value": ema[:20]})
        elif ema in emas:
            refuse(
                line,
                3,
                _("EMA number %(number)s is on line %(first)s already")
                % {"number": ema, "first": emas[ema]},
            )
        elif ema:
            emas[ema] = line
        found.append((line, name, number, ema))
    numbers = {number for _, _, number, _ in found if number is not None}
    club_players = Player.objects.in_bulk(numbers)
    registrations = []
    for line, name, number, ema in found:
        player = club_players.get(number) if number is not None else None
        if number is not None and player is None:
            refuse(line, 2, _("the club has no player number %(number)s") % {"number": number})
        elif player is not None and player.name_key != name_key(name):
            refuse(
                line,
                1,
                _("club player %(number)s is “%(theirs)s”, not “%(name)s”")
                % {"number": number, "theirs": player.name, "name": name},
            )
        registrations.append(Registration(name, player, ema))
    if errors:
        raise forms.ValidationError(
            [
                _("Line %(line)s, column %(column)s: %(problem)s.")
                % {"line": line, "column": column, "problem": problem}
                for line, column, problem in sorted(errors)[:20]
            ]
        )
    if not registrations:
        raise forms.ValidationError(_("The file has no players."))
    return registrations


def _header_words() -> set[str]:
    """What a header's first cell says, in English or in the reader's language."""
    return {"name", "player", _("Name").casefold(), _("Player").casefold()}


class SeatForm(forms.Form):
    #: A plan seats every session to come at once: its own form (``PlanForm``).
    method = forms.ChoiceField(
        label=gettext_lazy("Seating"),
        choices=[c for c in Session.Method.choices if c[0] != Session.Method.PLANNED],
    )
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"),
        required=False,
        min_value=0,
        max_value=2**62,
        help_text=gettext_lazy("The same seed seats the same way; blank for a new one."),
    )
    step = forms.IntegerField(
        label=gettext_lazy("Interval"),
        required=False,
        min_value=1,
        max_value=100,
        initial=1,
        help_text=gettext_lazy(
            "By rating: 1 seats neighbours in the ratings together; the number of tables "
            "spreads them over every table."
        ),
    )
    tables = forms.FileField(
        label=gettext_lazy("Tables (CSV)"),
        required=False,
        help_text=gettext_lazy(
            "Prescripted: one table a line, its number, then its players’ names from East."
        ),
    )

    def __init__(self, *args: Any, entrants: list[Entrant], size: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entrants = entrants
        self.size = size

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("method") == Session.Method.PRESCRIPTED:
            upload = data.get("tables")
            if not upload:
                self.add_error("tables", _("Send the tables as a CSV file."))
            else:
                try:
                    data["table_rows"] = self._read(upload)
                except forms.ValidationError as error:
                    self.add_error("tables", error)
        return data

    def _read(self, upload: Any) -> list[list[Entrant]]:
        text = read_csv_upload(upload)
        by_key = {name_key(e.player.name): e for e in self.entrants}
        tables: list[list[Entrant]] = []
        for line, row in enumerate(csv.reader(io.StringIO(text)), 1):
            cells = [cell.strip() for cell in row]
            if not any(cells) or (line == 1 and request_number(cells[0]) is None):
                continue  # a blank line, or a header
            names = [cell for cell in cells[1:] if cell]
            if len(names) != self.size:
                raise forms.ValidationError(
                    _("Line %(line)s: a table has %(size)s players, not %(count)s.")
                    % {"line": line, "size": self.size, "count": len(names)}
                )
            table = []
            for column, name in enumerate(names, 2):
                entrant = by_key.get(name_key(name))
                if entrant is None:
                    raise forms.ValidationError(
                        _("Line %(line)s, column %(column)s: “%(name)s” is not registered.")
                        % {"line": line, "column": column, "name": name}
                    )
                table.append(entrant)
            tables.append(table)
        return tables


class PlanForm(forms.Form):
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"),
        required=False,
        min_value=0,
        max_value=2**62,
        help_text=gettext_lazy("The same seed plans the same way; blank for a new one."),
    )
    vary_tables = forms.BooleanField(
        label=gettext_lazy("Vary the table numbers (nobody at table 1 all day)"),
        required=False,
    )


class SubstituteForm(forms.Form):
    entrant = forms.ModelChoiceField(
        Entrant.objects.none(), label=gettext_lazy("Registered player")
    )
    name = forms.CharField(
        label=gettext_lazy("Substitute"),
        max_length=100,
        required=False,
        help_text=gettext_lazy("Blank: the registered player plays again."),
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["entrant"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = tournament.entrants.select_related("player")

    def clean_name(self) -> str:
        return visible_name(self.cleaned_data["name"])


class TableTimeForm(forms.Form):
    late_minutes = forms.IntegerField(
        label=gettext_lazy("Started late (minutes)"), min_value=0, max_value=600, initial=0
    )
    extra_minutes = forms.IntegerField(
        label=gettext_lazy("Extra time (minutes)"), min_value=0, max_value=600, initial=0
    )


class PenaltyForm(forms.Form):
    entrant = forms.ModelChoiceField(Entrant.objects.none(), label=gettext_lazy("Player"))
    points = forms.DecimalField(
        label=gettext_lazy("Points off the total"),
        min_value=0.1,
        max_value=999,
        decimal_places=1,
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=200, required=False)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["entrant"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = tournament.entrants.select_related("player")


class HideForm(forms.Form):
    from_session = forms.IntegerField(
        label=gettext_lazy("Hide the results from session"),
        required=False,
        min_value=1,
        max_value=MAX_SESSIONS,
    )


class SelfRegisterForm(LatinIdentityFields, forms.Form):
    """A player registering themselves: their name, and their identity where the
    tournament asks for it (checked here as the registry checks it, each on its field)."""

    name = forms.CharField(label=gettext_lazy("Your name"), max_length=100)
    given_name = forms.CharField(
        label=gettext_lazy("Given name (Latin letters)"), max_length=50, required=False
    )
    family_name = forms.CharField(
        label=gettext_lazy("Family name (Latin letters)"), max_length=50, required=False
    )
    country = forms.ChoiceField(label=gettext_lazy("Country"), required=False)
    ema_number = forms.CharField(
        label=gettext_lazy("EMA number"),
        max_length=20,
        required=False,
        help_text=gettext_lazy("Eight digits, leading zeros included: 07000155."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    substitute = forms.BooleanField(
        label=gettext_lazy("I register as a substitute"),
        required=False,
        help_text=gettext_lazy(
            "A substitute takes no place: the organiser seats them in a player’s place."
        ),
    )

    def __init__(self, *args: Any, ask_identity: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if ask_identity:
            field = self.fields["country"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [("", _("Not known")), *country_choices()]
        else:
            for name in ("given_name", "family_name", "country", "ema_number"):
                del self.fields[name]

    def clean_name(self) -> str:
        name = visible_name(self.cleaned_data["name"])
        problem = name_error(name, 100)
        if problem:
            raise forms.ValidationError(problem)
        return name

    def clean_ema_number(self) -> str:
        return self._ema_number()

    def identity(self) -> Identity | None:
        data = self.cleaned_data
        if "ema_number" not in self.fields:
            return None
        return Identity(
            given_name=data["given_name"],
            family_name=data["family_name"],
            country=data["country"],
            ema_number=data["ema_number"],
        )
