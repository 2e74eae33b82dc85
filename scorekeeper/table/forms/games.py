"""Starting a game: three or four players from the registry (or new names), a ruleset for
that many players and a table.

The form turns POST into what ``start_game`` takes (``seated_players()``, ``to_rules()``). The
number of players is chosen first (a link on the page, a hidden field in the form): it sets
the seats the form has and the rulesets it offers.
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scorekeeper.club.bounds import hidden_character_error, name_key
from scorekeeper.club.models import Game, Player, SavedRuleset
from scorekeeper.format import preset_label, round_name, starting_wind
from scorekeeper.refusals import located_refusal_text
from scorekeeper.registry.services import player_named
from scoring.errors import RulesError
from scoring.rule_values import MAX_POINTS
from scoring.rules import PRESETS, Ruleset, presets_for
from scoring.seats import FOUR, SEATINGS
from scoring.state import MAX_COUNTER, GameState, check_start, round_label, start_state


def ruleset_choices(players: int = 4) -> list[tuple[str, Any]]:
    """The presets and the club's saved rulesets for ``players`` players, as grouped select
    options."""
    presets = [(f"preset:{name}", preset_label(name)) for name in presets_for(players)]
    saved = [
        (f"saved:{r.pk}", r.name)
        for r in SavedRuleset.objects.only("pk", "name", "preset", "overrides")
        if r.players == players
    ]
    groups: list[tuple[str, Any]] = [(_("Presets"), presets)]
    if saved:
        groups.append((_("Club rulesets"), saved))
    return groups


def usual_ruleset(players: int, choices: list[tuple[str, Any]]) -> str | None:
    """The club's usual ruleset for ``players`` players, as a choice of
    ``ruleset_choices``: the saved ruleset an organiser named to be offered first; else the
    one the latest game started at the club was played under (not an imported online game);
    else the club's newest saved ruleset for that many players; ``None`` where none of these
    tells (the form's first choice then)."""
    offered = {value: str(label) for _group, options in choices for value, label in options}
    saved = [value for value in offered if value.startswith("saved:")]
    named = (
        SavedRuleset.objects.filter(offered_first=True, pk__in=[v[6:] for v in saved])
        .values_list("pk", flat=True)
        .first()
    )
    if named is not None:
        return f"saved:{named}"
    name = (
        Game.objects.filter(players=players, source_platform="")
        .order_by("-created_at", "-pk")
        .values_list("ruleset_name", flat=True)
        .first()
    )
    if name is None:
        # No game yet: the club's own ruleset rather than the first preset of the list.
        newest = (
            SavedRuleset.objects.filter(pk__in=[v[6:] for v in saved])
            .order_by("-created_at", "-pk")
            .values_list("pk", flat=True)
            .first()
        )
        return None if newest is None else f"saved:{newest}"
    if f"preset:{name}" in offered:
        return f"preset:{name}"
    return next((value for value in saved if offered[value] == name), None)


def players_asked(data: Any) -> int:
    """The number of players a page or a sent form asks for (``players=3``); four otherwise.

    >>> players_asked({"players": "3"}), players_asked({"players": "9"}), players_asked(None)
    (3, 4, 4)
    """
    value = data.get("players") if data is not None else None
    asked = next((players for players in SEATINGS if value == str(players)), None)
    return FOUR.players if asked is None else asked


class NewGameForm(forms.Form):
    """``players`` players from the registry (or new names), a ruleset for that many
    players and a table."""

    ruleset = forms.ChoiceField(label=gettext_lazy("Ruleset"))
    #: Left out (a form of before three-player games), four.
    players = forms.TypedChoiceField(
        choices=[(4, "4"), (3, "3")],
        coerce=int,
        initial=4,
        required=False,
        label=gettext_lazy("Number of players"),
        widget=forms.HiddenInput,
    )
    table_label = forms.CharField(
        label=gettext_lazy("Table"),
        max_length=50,
        required=False,
        help_text=gettext_lazy("For example “Table 2”."),
    )
    shuffle = forms.ChoiceField(
        label=gettext_lazy("Seats"),
        choices=[("0", gettext_lazy("Seats as entered")), ("1", gettext_lazy("Shuffle the seats"))],
        required=False,
        initial="0",
        widget=forms.RadioSelect,
    )

    #: One per page shown: the same page sent twice starts one game (``start_game``).
    start_token = forms.UUIDField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, players: int = 4, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The number of players: the one sent with the form, else the one asked for.
        self.player_count = players_asked(self.data) if self.is_bound else players
        self.seating = SEATINGS[self.player_count]
        self.seats = self.seating.seats
        self.fields["players"].initial = self.player_count
        ruleset = self.fields["ruleset"]
        assert isinstance(ruleset, forms.ChoiceField)
        ruleset.choices = ruleset_choices(self.player_count)
        if not self.is_bound:
            ruleset.initial = usual_ruleset(self.player_count, ruleset.choices)
        self.fields["start_token"].initial = uuid.uuid4
        players_list = Player.objects.all()
        for number, wind in enumerate(map(starting_wind, self.seats)):
            self.fields[f"seat_{number}"] = forms.ModelChoiceField(
                players_list, label=wind, required=False, empty_label=_("Choose a player")
            )
            self.fields[f"new_{number}"] = forms.CharField(
                label=_("or a new player at %(wind)s") % {"wind": wind},
                max_length=100,
                required=False,
                widget=forms.TextInput(attrs={"placeholder": _("or a new player’s name")}),
            )

        self.fields.update(paper_fields(self.player_count))

    def player_picks(self) -> list[Player]:
        """The club's players as chips to tap, the players of the club's latest game of this
        many players first (in their seats' order: the same table again is four taps), then
        the others by name. Two queries."""
        last = (
            Game.objects.filter(players=self.player_count, source_platform="")
            .order_by("-created_at", "-pk")
            .first()
        )
        first: list[int] = []
        if last is not None:
            first = list(last.seats.order_by("number").values_list("player_id", flat=True))
        players = list(Player.objects.all())
        order = {pk: index for index, pk in enumerate(first)}
        return sorted(players, key=lambda p: (order.get(p.pk, len(order)), p.name.casefold()))

    def seat_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"seat_{n}"], self[f"new_{n}"]) for n in self.seats]

    def paper_open(self) -> bool:
        """Whether the page shows the game begun on paper open: it was filled in."""
        return self.is_bound and any(self.data.get(name) for name in PAPER_FIELDS)

    def score_fields(self) -> list[forms.BoundField]:
        return [self[f"score_{n}"] for n in self.seats]

    def clean_shuffle(self) -> bool:
        return bool(self.cleaned_data.get("shuffle") == "1")

    def clean_ruleset(self) -> tuple[str, Ruleset]:
        kind, _, key = self.cleaned_data["ruleset"].partition(":")
        if kind == "preset":
            return key, PRESETS[key]  # offered only for the number of players chosen
        saved = SavedRuleset.objects.filter(pk=key).first()
        if saved is None:
            raise forms.ValidationError(_("That ruleset no longer exists: choose another."))
        try:
            rules = saved.to_rules()
        except RulesError as error:
            raise forms.ValidationError(f"{saved.name}: {located_refusal_text(error)}") from None
        if rules.players != self.player_count:
            raise forms.ValidationError(
                _("%(name)s is a ruleset for %(count)s players: choose one for %(players)s.")
                % {"name": saved.name, "count": rules.players, "players": self.player_count}
            )
        return saved.name, rules

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        seen: dict[str, str] = {}
        for number, wind in enumerate(map(starting_wind, self.seats)):
            chosen = data.get(f"seat_{number}")
            new = " ".join(data.get(f"new_{number}", "").split())
            field = f"new_{number}" if new else f"seat_{number}"
            hidden = hidden_character_error(new)
            if hidden:
                self.add_error(field, capfirst(hidden) + ".")
                continue
            if chosen and new:
                self.add_error(
                    field,
                    _("Choose a player or type a new name at %(wind)s, not both.") % {"wind": wind},
                )
                continue
            if not chosen and not new:
                if f"seat_{number}" not in self.errors:
                    self.add_error(field, _("Choose the player at %(wind)s.") % {"wind": wind})
                continue
            name = chosen.name if chosen else new
            key = name_key(name)
            if key in seen:
                self.add_error(
                    field,
                    _("%(name)s is already seated at %(wind)s.")
                    % {"name": name, "wind": seen[key]},
                )
            else:
                seen[key] = wind
            data[f"player_{number}"] = chosen or name
        data["start"] = self._clean_start(data)
        return data

    def _clean_start(self, data: dict[str, Any]) -> GameState | None:
        """Where a game begun on paper stands, or ``None`` for a game from East 1. Any of
        its fields given asks for it; the round and every seat's score are then needed, and
        the engine checks that the rules reach that round and the points add up."""
        scores = [data.get(f"score_{n}") for n in self.seats]
        given = data.get("start_round") or any(s is not None for s in scores)
        given = given or data.get("start_honba") or data.get("start_sticks")
        if not given or any(name in self.errors for name in PAPER_FIELDS):
            return None
        label = data.get("start_round")
        if not label:
            self.add_error("start_round", _("Choose the round the game has reached."))
        for n, score in enumerate(scores):
            if score is None:
                self.add_error(
                    f"score_{n}", _("Give %(wind)s’s points so far.") % {"wind": starting_wind(n)}
                )
        if data.get("shuffle"):
            self.add_error("shuffle", _("A game begun on paper keeps its seats: do not shuffle."))
        if not label or None in scores or "ruleset" not in data:
            return None
        state = start_state(data["ruleset"][1])._replace(
            scores=tuple(int(score or 0) for score in scores),
            round_index=ROUND_LABELS.index(label),
            honba=data.get("start_honba") or 0,
            sticks=data.get("start_sticks") or 0,
        )
        problem = check_start(data["ruleset"][1], state)
        if problem and problem.startswith("round "):
            words = problem.split(": ", 1)[1]
            self.add_error("start_round", f"{words[:1].upper()}{words[1:]}.")
        elif problem:
            rules = data["ruleset"][1]
            sticks = state.sticks
            held = sum(state.scores) + 1000 * sticks
            counts = {
                "sticks": sticks,
                "held": f"{held:,}",
                "start": f"{rules.players * rules.start_points:,}",
            }
            text = ngettext(
                "The points so far do not add up: the players’ points and %(sticks)s riichi "
                "stick hold %(held)s; under these rules the players begin with %(start)s "
                "together.",
                "The points so far do not add up: the players’ points and %(sticks)s riichi "
                "sticks hold %(held)s; under these rules the players begin with %(start)s "
                "together.",
                sticks,
            )
            self.add_error(None, text % counts)
        return None if problem else state

    def seated_players(self) -> list[Player]:
        """The players in the order entered; a new name matches an existing player
        (ignoring case) or becomes one. Call inside the transaction that starts the game."""
        out = []
        for number in self.seats:
            value = self.cleaned_data[f"player_{number}"]
            if isinstance(value, str):
                value = player_named(name=value)
            out.append(value)
        return out

    def to_rules(self) -> tuple[str, Ruleset]:
        name, rules = self.cleaned_data["ruleset"]
        return name, rules

    def to_start(self) -> GameState | None:
        """Where a game begun on paper stands (``None``: from East 1)."""
        start: GameState | None = self.cleaned_data.get("start")
        return start


#: The rounds a game may have reached: East 1 to West 4 (an extension's last); the
#: engine refuses one the chosen rules never reach. Three players have no fourth round of
#: a wind (``Seating.has_round``): the form does not offer it.
ROUND_LABELS = tuple(round_label(index) for index in range(12))
#: The fields of a game begun on paper: a score for each seat of the largest game.
PAPER_FIELDS = ("start_round", "start_honba", "start_sticks", *(f"score_{n}" for n in FOUR.seats))


def paper_fields(players: int = 4) -> dict[str, forms.Field]:
    """A game begun on paper: the round it has reached, the honba and riichi sticks on the
    table, and each seat's points so far (the record's ``start``). Left blank, the game
    starts at East 1."""
    seating = SEATINGS[players]
    rounds = [
        (label, round_name(i)) for i, label in enumerate(ROUND_LABELS) if seating.has_round(i)
    ]
    fields: dict[str, forms.Field] = {
        "start_round": forms.ChoiceField(
            label=_("Round reached"),
            choices=[("", "—"), *rounds],
            required=False,
        ),
        "start_honba": forms.IntegerField(
            label=_("Honba"), min_value=0, max_value=MAX_COUNTER, required=False
        ),
        "start_sticks": forms.IntegerField(
            label=_("Riichi sticks"), min_value=0, max_value=MAX_COUNTER, required=False
        ),
    }
    for n in seating.seats:
        fields[f"score_{n}"] = forms.IntegerField(
            label=_("%(wind)s’s points") % {"wind": starting_wind(n)},
            min_value=-4 * MAX_POINTS,
            max_value=4 * MAX_POINTS,
            required=False,
            # No numeric keypad: it has no minus sign on some phones.
            widget=forms.NumberInput(attrs={"step": 100}),
        )
    return fields
