"""Forms of the pages that look back: the history's filters, the standings' options, and a
season (a date range or chosen games, and optionally one ruleset), and the options of the
standings downloads.

The filter forms read GET; what they clean is what the queries take (``filters()``,
``options()``); a value that cannot be read is an error naming its field.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Final
from urllib.parse import urlencode

from django import forms
from django.db.models import Q, QuerySet
from django.http import HttpRequest, QueryDict
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scorekeeper.club.bounds import DAY_VALIDATORS, ID_MAX, name_key, visible_name
from scorekeeper.club.models import Game, Player, Season, Seat
from scorekeeper.format import KINDS, preset_label
from scorekeeper.history.queries import (
    SORT_CHOICES,
    SortOrder,
    history_games,
    ruleset_names,
    with_seats,
)
from scorekeeper.history.standings import SORTS
from scorekeeper.history.timeline import deleted_games
from scorekeeper.request_numbers import request_number
from scoring.seats import FOUR

#: How many finished games the season form offers to choose from (the most recent).
GAME_CHOICES: Final = 120


def kind_field(*, any_label: Any = None) -> forms.TypedChoiceField:
    """``?players=4|3``: one kind of game; left out, four players (or, with ``any_label``,
    either kind)."""
    choices: list[tuple[Any, Any]] = list(KINDS)
    if any_label is not None:
        choices.insert(0, ("", any_label))
    return forms.TypedChoiceField(
        choices=choices,
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("Games of"),
    )


def _ruleset_choices(blank: Any) -> list[tuple[str, Any]]:
    return [("", blank), *((name, preset_label(name)) for name in ruleset_names())]


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%Y-%m-%d", **kwargs)


def _check_range(form: forms.BaseForm, start_field: str, end_field: str) -> None:
    start, end = form.cleaned_data.get(start_field), form.cleaned_data.get(end_field)
    if start and end and end < start:
        form.add_error(end_field, _("The last day comes before the first."))


class HistoryForm(forms.Form):
    """The history's filters; every one may be left blank."""

    player = forms.ModelChoiceField(
        Player.objects.all(),
        required=False,
        empty_label=gettext_lazy("Anyone"),
        label=gettext_lazy("Player"),
    )
    start = forms.DateField(
        required=False,
        label=pgettext_lazy("dates", "From"),
        widget=DateInput(),
        validators=DAY_VALIDATORS,
    )
    end = forms.DateField(
        required=False,
        label=pgettext_lazy("dates", "To"),
        widget=DateInput(),
        validators=DAY_VALIDATORS,
    )
    ruleset = forms.ChoiceField(required=False, label=gettext_lazy("Ruleset"))
    season = forms.ModelChoiceField(
        Season.objects.all(),
        required=False,
        empty_label=gettext_lazy("Any season"),
        label=gettext_lazy("Season"),
    )
    players = kind_field(any_label=gettext_lazy("Either kind"))

    def __init__(
        self, *args: Any, shown_games: QuerySet[Game] | None = None, **kwargs: Any
    ) -> None:
        """``shown_games``: the games this reader may read, where some are withheld from
        them; the players offered are then those who sat in one of them."""
        super().__init__(*args, **kwargs)
        ruleset = self.fields["ruleset"]
        assert isinstance(ruleset, forms.ChoiceField)
        ruleset.choices = _ruleset_choices(_("Any ruleset"))
        if shown_games is not None:
            player = self.fields["player"]
            assert isinstance(player, forms.ModelChoiceField)
            seated = Seat.objects.filter(game__in=shown_games.values("pk")).values("player_id")
            player.queryset = Player.objects.filter(pk__in=seated)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        _check_range(self, "start", "end")
        return cleaned

    def games(self) -> Any:
        data = self.cleaned_data
        return history_games(
            player=data["player"],
            start=data["start"],
            end=data["end"],
            ruleset_name=data["ruleset"],
            season=data["season"],
            players=data["players"],
        )

    def deleted(self) -> Any:
        """The lines of deleted games these filters keep: none for a player's or a
        season's games, which a deleted game no longer is."""
        data = self.cleaned_data
        if data["player"] is not None or data["season"] is not None:
            return None
        return deleted_games(
            start=data["start"],
            end=data["end"],
            ruleset_name=data["ruleset"],
            players=data["players"],
        )


class KindForm(forms.Form):
    """``?players=4|3`` on a player's page and the statistics: which kind of game they show."""

    players = kind_field()

    def kind(self, played: list[int]) -> int:
        """The kind asked for; left out, four players unless only three-player games were
        ``played``."""
        asked = self.cleaned_data["players"] if self.is_valid() else None
        if asked:
            return int(asked)
        # The one kind played, else the four players a page shows first.
        return played[0] if len(set(played)) == 1 else FOUR.players


def kind_links(request: HttpRequest, played: list[int], shown: int) -> list[dict[str, Any]]:
    """A page's kinds of game as links, the one ``shown`` marked (none where only one kind
    was ``played`` and it is the one shown): three- and four-player results are shown apart."""
    kinds = sorted({*played, shown}, reverse=True)
    if len(kinds) < 2:
        return []
    labels = dict(KINDS)
    return [
        {
            "players": kind,
            "label": labels[kind],
            "url": "?" + urlencode({**request.GET.dict(), "players": kind}),
            "current": kind == shown,
        }
        for kind in kinds
    ]


class StandingsOptionsForm(forms.Form):
    """How the season and all-time standings are shown: the kind of game, the order and the
    fewest games."""

    players = kind_field()
    min_games = forms.IntegerField(
        min_value=0, max_value=100_000, required=False, label=gettext_lazy("At least … games")
    )
    sort = forms.ChoiceField(choices=SORT_CHOICES, required=False, label=gettext_lazy("Order"))

    def options(self) -> tuple[int, SortOrder]:
        return (
            self.cleaned_data["min_games"] or 0,
            SortOrder.parse(self.cleaned_data["sort"] or ""),
        )

    def kind(self) -> int:
        return int(self.cleaned_data["players"] or 4)


def _game_id(value: Any) -> bool:
    """Whether a ticked value can be a game's id: ASCII digits (``str.isdigit`` also takes
    "²"), and no larger than an id column holds."""
    number = request_number(str(value))
    return number is not None and 0 < number <= ID_MAX


def game_label(game: Game) -> str:
    """A finished game as the season form lists it."""
    when = timezone.localtime(game.finished_at or game.created_at)
    names = pgettext("list of names", ", ").join(seat.player.name for seat in game.seats.all())
    label = game.table_label or _("Game %(number)s") % {"number": game.pk}
    ruleset = preset_label(game.ruleset_name)
    day = date_format(when, pgettext("season form", "D j M Y"))
    return f"{day} · {label} · {ruleset} · {names}"


class GamesField(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]
    """Games ticked by id; a value that cannot be an id is refused before the database is
    asked (SQLite cannot even compare a 20-digit number)."""

    def _check_values(self, value: Any) -> Any:
        for pk in value:
            if not _game_id(pk):
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        return super()._check_values(value)  # type: ignore[misc]


class SeasonForm(forms.ModelForm):  # type: ignore[type-arg]
    """A season: a date range, or games chosen one by one; optionally one ruleset."""

    ruleset_name = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Ruleset"),
        help_text=gettext_lazy(
            "Only games played under this ruleset count; leave it at “any” to count all."
        ),
    )
    games = GamesField(
        Game.objects.filter(status=Game.Status.FINISHED),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Or choose the games"),
        help_text=gettext_lazy(
            "The most recent finished games. Chosen games count instead of the dates."
        ),
    )

    class Meta:
        model = Season
        fields = ["name", "start_date", "end_date", "ruleset_name", "games"]
        labels = {
            "name": gettext_lazy("Name"),
            "start_date": gettext_lazy("First day"),
            "end_date": gettext_lazy("Last day"),
        }
        widgets = {"start_date": DateInput(), "end_date": DateInput()}
        error_messages = {"name": {"required": gettext_lazy("Give the season a name.")}}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ruleset = self.fields["ruleset_name"]
        assert isinstance(ruleset, forms.ChoiceField)
        ruleset.choices = _ruleset_choices(_("Any ruleset"))
        self.fields["games"].widget.choices = self._game_choices()

    def _game_choices(self) -> list[tuple[int, str]]:
        """The recent finished games, and any already chosen or ticked: only these are
        shown (a club's every game would be a list nobody could use); any finished game
        is accepted."""
        finished = Game.objects.filter(status=Game.Status.FINISHED).order_by("-finished_at", "-pk")
        recent = list(finished.values_list("pk", flat=True)[:GAME_CHOICES])
        chosen: list[Any] = []
        if self.instance.pk:
            chosen += self.instance.games.values_list("pk", flat=True)
        if self.is_bound:
            data = self.data
            ticked = data.getlist("games") if isinstance(data, QueryDict) else data.get("games")
            chosen += [request_number(str(v)) for v in ticked or [] if _game_id(v)]
        shown = with_seats(finished.filter(Q(pk__in=recent) | Q(pk__in=chosen)))
        return [(game.pk, game_label(game)) for game in shown]

    def clean_name(self) -> str:
        name = visible_name(self.cleaned_data["name"])
        key = name_key(name)
        taken = Season.objects.filter(name_key=key).exclude(pk=self.instance.pk).first()
        if taken is not None:
            raise forms.ValidationError(season_taken(name, taken.name))
        return name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        _check_range(self, "start_date", "end_date")
        start: date | None = cleaned.get("start_date")
        end: date | None = cleaned.get("end_date")
        games = cleaned.get("games")
        if games and (start or end):
            self.add_error(
                "games", _("Choose either a date range or games, not both: clear one of them.")
            )
        elif not games and not (start or end) and "games" not in self.errors:
            self.add_error("start_date", _("Give the first or the last day, or choose games."))
        return cleaned


def season_taken(name: str, existing: str | None = None) -> str:
    """``existing``: the other season's name as it is written, when known."""
    if existing is not None and existing != name:
        words = _("There is already a season called “%(name)s” (written “%(existing)s”).")
        return words % {"name": name, "existing": existing}
    return _("There is already a season called “%(name)s”.") % {"name": name}


class StandingsForm(forms.Form):
    """The GET options of the season and all-time standings downloads."""

    players = kind_field()
    min_games = forms.IntegerField(min_value=0, max_value=100_000, required=False)
    sort = forms.ChoiceField(choices=list(SORTS.items()), required=False)

    def options(self) -> tuple[int, str]:
        return self.cleaned_data["min_games"] or 0, self.cleaned_data["sort"] or "total"

    def kind(self) -> int:
        return int(self.cleaned_data["players"] or 4)
