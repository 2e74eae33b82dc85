"""The calculator's forms: a hand's tiles and situation read from the query string, with the
fields of tiles and melds in the notation; the payment table's choice of ruleset; and what
the answer adds to the way back to a table.

The calculator keeps its whole state in the URL (``?closed=345m234p22s&win_tile=2p&tsumo=1``)
so that it works by plain GET without JavaScript: every tile is a submit button of one GET
form (``add=5p``, ``remove=3m``, ``unmeld=0``...), and the view redirects to the state that
tap leads to. The engine decides whether the hand is allowed and what it is worth; its
refusal comes back onto the field it names.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from django import forms
from django.http import QueryDict
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from scorekeeper.calculator.tiles import (
    HAND_SIZE,
    MODES,
    TableMeld,
    TableTiles,
    sorted_tiles,
    without,
)
from scorekeeper.club.models import Game, SavedRuleset
from scorekeeper.format import PRESET_CHOICES, WIND_WORDS
from scorekeeper.refusals import located_refusal_text, refusal_text
from scorekeeper.request_numbers import request_number
from scoring.calculator.input import HandInput
from scoring.calculator.input_values import MAX_COUNTER
from scoring.calculator.score import HandScore, score_hand
from scoring.calculator.tiles import HandError, Tile, format_tiles, parse_tiles
from scoring.errors import RulesError, ScoringError
from scoring.rules import PRESETS, Ruleset, resolve_rules
from scoring.seats import Wind

#: Longest tile text read (14 tiles and 4 suit letters need 18) and most melds.
MAX_TEXT: Final = 40
MAX_MELDS: Final = 4


class TilesField(forms.CharField):
    """Tiles in the notation (``345m22z``); cleans to a tuple of tiles."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> tuple[Tile, ...]:  # type: ignore[override]
        text = super().to_python(value) or ""
        if len(text) > MAX_TEXT:
            raise forms.ValidationError(_("Too many tiles."))
        try:
            return parse_tiles(text, "tiles")
        except HandError as error:
            raise forms.ValidationError(refusal_text(error, sentence(error.message))) from error


class TileField(forms.CharField):
    """One tile (``5p``) or nothing."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> Tile | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        try:
            return Tile.parse(text, "tile")
        except HandError as error:
            raise forms.ValidationError(refusal_text(error, sentence(error.message))) from error


class MeldsField(forms.Field):
    """The melds, one query value each (``meld=chi678p&meld=ankan1111m``)."""

    widget = forms.MultipleHiddenInput

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> tuple[TableMeld, ...]:
        value = [text for text in value or () if text]
        if len(value) > MAX_MELDS:
            raise forms.ValidationError(
                _("A hand has at most %(most)s melds.") % {"most": MAX_MELDS}
            )
        if any(len(str(text)) > MAX_TEXT for text in value):
            raise forms.ValidationError(_("A meld has three or four tiles."))
        try:
            return tuple(TableMeld.parse(str(text)) for text in value)
        except HandError as error:
            raise forms.ValidationError(refusal_text(error, sentence(error.message))) from error


def sentence(message: str) -> str:
    return message[:1].upper() + message[1:]


#: What "Use this hand" adds to the address it goes back to: the hand's han and fu (or its
#: yakuman), how it was won, and whether riichi was declared (``1`` or ``0``).
ANSWER_KEYS: Final = ("han", "fu", "yakuman", "tsumo", "riichi_declared")

DEFAULT_RULES: Final = "tenhou"
MODE_HINTS: Final = {
    "hand": gettext_lazy("Tap the tiles of your hand; the last one you tap is the winning tile."),
    "chi": gettext_lazy("Tap the three tiles of the chi."),
    "pon": gettext_lazy("Tap the tile of the pon."),
    "kan": gettext_lazy("Tap the tile of the open kan (called, or added to a pon)."),
    "ankan": gettext_lazy("Tap the tile of the closed kan."),
    "dora": gettext_lazy("Tap the dora indicators: the tiles turned up on the wall."),
    "ura": gettext_lazy("Tap the ura dora indicators (they count for riichi only)."),
}
WIND_CHOICES: Final = tuple((wind.value, WIND_WORDS[wind]) for wind in Wind)
#: The yaku of the moment: each flag's name and, where it helps, when it holds.
FLAG_LABELS: Final = {
    "riichi": (pgettext_lazy("yaku", "Riichi"), ""),
    "double_riichi": (
        pgettext_lazy("yaku", "Double riichi"),
        gettext_lazy("riichi on the first discard"),
    ),
    "ippatsu": (pgettext_lazy("yaku", "Ippatsu"), gettext_lazy("won within a turn of riichi")),
    "rinshan": (pgettext_lazy("yaku", "Rinshan"), gettext_lazy("on a kan’s replacement tile")),
    "chankan": (pgettext_lazy("yaku", "Chankan"), gettext_lazy("robbing a kan")),
    "haitei": (pgettext_lazy("yaku", "Haitei"), gettext_lazy("tsumo on the last tile")),
    "houtei": (pgettext_lazy("yaku", "Houtei"), gettext_lazy("ron on the last discard")),
    "tenhou": (pgettext_lazy("yaku", "Tenhou"), gettext_lazy("dealer’s first draw")),
    "chiihou": (pgettext_lazy("yaku", "Chiihou"), gettext_lazy("non-dealer’s first draw")),
}
_TILE_FIELDS: Final = frozenset({"closed", "meld", "pending", "win_tile", "dora", "ura"})
#: Engine field names that the form calls otherwise.
_ENGINE_FIELDS: Final = {"melds": "meld", "dora_indicators": "dora", "ura_dora_indicators": "ura"}


def _game_of(choice: str) -> Game | None:
    """The game a rules choice names (``game-12``: that game's ruleset), if any."""
    number = request_number(choice.removeprefix("game-"))
    if not choice.startswith("game-") or number is None:
        return None
    return Game.objects.filter(pk=number).first()


def rules_choices(game: Game | None) -> list[tuple[str, Any]]:
    """The presets, the club's saved rulesets and, from a table, that game's ruleset."""
    choices: list[tuple[str, Any]] = []
    if game is not None:
        label = _("This game’s rules (%(name)s)") % {"name": game.ruleset_name}
        choices.append((f"game-{game.pk}", label))
    choices.append((_("Presets"), list(PRESET_CHOICES)))
    saved = [(f"saved-{r.pk}", r.name) for r in SavedRuleset.objects.only("pk", "name")]
    if saved:
        choices.append((_("Saved rulesets"), saved))
    return choices


def ruleset_of(choice: str, game: Game | None) -> Ruleset:
    """The ruleset a choice of ``rules_choices`` names."""
    try:
        if choice.startswith("saved-"):
            return SavedRuleset.objects.get(pk=request_number(choice[6:]) or 0).to_rules()
        if choice.startswith("game-") and game is not None:
            return game.ruleset()
        return resolve_rules(choice)
    except (SavedRuleset.DoesNotExist, RulesError) as error:
        raise forms.ValidationError(_("This ruleset cannot be used: choose another.")) from error


class CalculatorForm(forms.Form):
    """A hand's tiles and situation from the query string, and the tap being made."""

    closed = TilesField()
    meld = MeldsField()
    pending = TilesField()
    win_tile = TileField(label=gettext_lazy("Winning tile"))
    dora = TilesField()
    ura = TilesField()
    tsumo = forms.TypedChoiceField(
        label=gettext_lazy("Won by"),
        choices=(("0", pgettext_lazy("win", "Ron")), ("1", pgettext_lazy("win", "Tsumo"))),
        coerce=lambda value: value == "1",
        widget=forms.RadioSelect,
    )
    seat_wind = forms.ChoiceField(
        label=gettext_lazy("Seat wind"), choices=WIND_CHOICES, widget=forms.RadioSelect
    )
    round_wind = forms.ChoiceField(
        label=gettext_lazy("Round wind"), choices=WIND_CHOICES, widget=forms.RadioSelect
    )
    honba = forms.IntegerField(label=gettext_lazy("Honba"), min_value=0, max_value=MAX_COUNTER)
    rules = forms.ChoiceField(label=gettext_lazy("Ruleset"))
    mode = forms.ChoiceField(
        label=gettext_lazy("Tap to add to"), choices=MODES, widget=forms.RadioSelect
    )
    # The taps: each tile is a submit button carrying one of these.
    add = TileField()
    remove = TileField()
    unmeld = forms.IntegerField(required=False, min_value=0)
    undora = TileField()
    unura = TileField()
    unpend = forms.BooleanField(required=False)

    ACTIONS: Final = ("add", "remove", "unmeld", "undora", "unura", "unpend")
    DEFAULTS: Final = {
        "tsumo": "0",
        "seat_wind": "E",
        "round_wind": "E",
        "honba": "0",
        "mode": "hand",
        "rules": DEFAULT_RULES,
    }

    def __init__(self, query: QueryDict, *, host: str) -> None:
        data = query.copy()
        for name, value in self.DEFAULTS.items():
            if not data.get(name):
                data[name] = value
        super().__init__(data)
        for flag, (label, hint) in FLAG_LABELS.items():
            self.fields[flag] = forms.BooleanField(label=label, help_text=str(hint), required=False)
        # "return" is a Python keyword, so the field is added by name.
        self.fields["return"] = forms.CharField(required=False, widget=forms.HiddenInput)
        self.host = host
        self.game = _game_of(data.get("rules", ""))
        self.fields["rules"].choices = rules_choices(self.game)  # type: ignore[attr-defined]
        #: The tiles laid (none while they cannot be read) and the ruleset (the default
        #: one while the choice is refused).
        self.tiles = TableTiles()
        self.ruleset = PRESETS[DEFAULT_RULES]
        self.result: HandScore | None = None
        #: Whether the hand scored has a called set (the table's win is then open).
        self.hand_open = False
        #: This state's own address: the query with the values at their defaults left out.
        self.address = reverse("calculator")

    def clean_rules(self) -> Ruleset:
        return ruleset_of(self.cleaned_data["rules"], self.game)

    def clean_return(self) -> str:
        url: str = self.cleaned_data["return"]
        if url and not (
            url.startswith("/") and url_has_allowed_host_and_scheme(url, allowed_hosts={self.host})
        ):
            raise forms.ValidationError(_("The page to go back to must be a page of this site."))
        return url

    # The tiles, the tap and the state it leads to.

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors.keys() & _TILE_FIELDS:
            # Kept apart: an engine refusal later takes its field out of cleaned_data.
            self.tiles = TableTiles(
                closed=sorted_tiles(data["closed"]),
                melds=data["meld"],
                win_tile=data["win_tile"],
                pending=sorted_tiles(data["pending"]),
                dora=data["dora"],
                ura=data["ura"],
            )
        if isinstance(data.get("rules"), Ruleset):
            self.ruleset = data["rules"]
        # Before the engine's refusals take fields out of cleaned_data.
        self.address = f"{reverse('calculator')}?{self.query()}"
        return data

    def tapped(self) -> bool:
        return any(self.data.get(name) not in (None, "") for name in self.ACTIONS)

    def after_tap(self) -> TableTiles:
        data, tiles = self.cleaned_data, self.tiles
        if data["add"] is not None:
            return tiles.add(data["add"], data["mode"], data["rules"])
        if data["remove"] is not None:
            return tiles.remove(data["remove"])
        if data["unmeld"] is not None:
            return tiles.unmeld(data["unmeld"])
        if data["undora"] is not None:
            return replace(tiles, dora=without(tiles.dora, data["undora"]))
        if data["unura"] is not None:
            return replace(tiles, ura=without(tiles.ura, data["unura"]))
        return replace(tiles, pending=()) if data["unpend"] else tiles

    def query(self, tiles: TableTiles | None = None) -> str:
        """The query string of this state (with ``tiles`` in place of the form's own), the
        values left at their defaults left out."""
        data = self.cleaned_data
        tiles = tiles or self.tiles
        query = QueryDict(mutable=True)
        if self.data["rules"] != DEFAULT_RULES:
            query["rules"] = self.data["rules"]
        for name in ("closed", "pending", "dora", "ura"):
            value = getattr(tiles, name)
            if value:
                query[name] = format_tiles(value)
        query.setlist("meld", [m.code for m in tiles.melds])
        if tiles.win_tile is not None:
            query["win_tile"] = str(tiles.win_tile)
        for flag in ("tsumo", *FLAG_LABELS):
            if data.get(flag):
                query[flag] = "1"
        for name in ("seat_wind", "round_wind", "honba", "mode"):
            value = str(data.get(name, self.DEFAULTS[name]))
            if value != self.DEFAULTS[name]:
                query[name] = value
        if data.get("return"):
            query["return"] = data["return"]
        return query.urlencode(safe="/")

    def hidden_state(self) -> list[forms.BoundField]:
        """The tiles and the page to go back to, carried from tap to tap."""
        return [self[name] for name in ("closed", "pending", "dora", "ura", "return")]

    def flag_fields(self) -> list[forms.BoundField]:
        return [self[flag] for flag in FLAG_LABELS]

    def back_url(self) -> str:
        """The page the calculator was opened from (a table), if any."""
        return str(getattr(self, "cleaned_data", {}).get("return") or "")

    def clear_url(self) -> str:
        """The calculator with no tiles, the situation kept (while it can be read)."""
        if not self.is_valid() and self.errors.keys() - _TILE_FIELDS:
            return "?"
        return f"?{self.query(TableTiles())}"

    # The engine's answer.

    def missing(self) -> str | None:
        """What the hand still needs before it can be scored, or ``None``."""
        tiles = self.tiles
        if tiles.pending:
            left = 3 - len(tiles.pending)
            return ngettext(
                "Tap %(left)s more tile of the chi.", "Tap %(left)s more tiles of the chi.", left
            ) % {"left": left}
        if tiles.count < HAND_SIZE:
            left = HAND_SIZE - tiles.count
            return ngettext("Add %(left)s more tile.", "Add %(left)s more tiles.", left) % {
                "left": left
            }
        if tiles.win_tile is None and tiles.count == HAND_SIZE:
            return _("Choose the winning tile.")
        return None

    def score(self) -> HandScore | None:
        """The value of the hand; a refusal goes onto the field it names."""
        data, tiles = self.cleaned_data, self.tiles
        try:
            hand = HandInput(
                closed=tiles.closed,
                win_tile=tiles.win_tile or Tile(0),
                melds=tuple(m.to_engine() for m in tiles.melds),
                **{flag: data[flag] for flag in ("tsumo", *FLAG_LABELS)},
                seat_wind=data["seat_wind"],
                round_wind=data["round_wind"],
                dora_indicators=tiles.dora,
                ura_dora_indicators=tiles.ura,
                honba=data["honba"],
                rules=data["rules"],
            )
            self.result = score_hand(hand)
            self.hand_open = hand.is_open
        except HandError as error:
            self.add_engine_error(error.field, refusal_text(error, sentence(error.message)))
        except ScoringError as error:
            self.add_engine_error("rules", located_refusal_text(error, sentence(str(error))))
        return self.result

    def add_engine_error(self, path: str, message: str) -> None:
        # The field the path starts with (``melds[2].tiles`` is in ``melds``).
        name = path.partition(".")[0].partition("[")[0]
        field = _ENGINE_FIELDS.get(name, name)
        self.add_error(field if field in self.fields else None, sentence(message))

    def return_url(self) -> str | None:
        """Where "Use this hand" goes: the page it came from, with han and fu (or yakuman)
        how it was won and whether riichi was declared added to its query (``ANSWER_KEYS``)."""
        url = self.cleaned_data.get("return")
        if not url or self.result is None:
            return None
        result = self.result
        path, _, query_text = url.partition("?")
        query = QueryDict(query_text, mutable=True)
        for name in (*ANSWER_KEYS, *YAKU_QUERY):
            query.pop(name, None)
        if result.yakuman:
            query["han"] = "yakuman"
            query["yakuman"] = str(result.yakuman)
        else:
            query["han"] = str(min(result.han or 1, 13))
            if result.fu:
                query["fu"] = str(result.fu)
        query["tsumo"] = "1" if self.cleaned_data["tsumo"] else "0"
        riichi = self.cleaned_data["riichi"] or self.cleaned_data["double_riichi"]
        query["riichi_declared"] = "1" if riichi else "0"
        add_yaku_query(query, result, is_open=self.hand_open)
        return f"{path}?{query.urlencode(safe='/')}"


DEFAULT_PRESET: Final = "ema"


class PaymentTableForm(forms.Form):
    """The GET filter of the payment table: which ruleset to show (a preset, for now)."""

    rules = forms.ChoiceField(
        label=gettext_lazy("Ruleset"),
        choices=PRESET_CHOICES,
        error_messages={
            "invalid_choice": gettext_lazy("Unknown ruleset “%(value)s”: choose one of the list."),
            "required": gettext_lazy("Choose a ruleset."),
        },
    )

    def __init__(self, query: QueryDict) -> None:
        # Without a choice in the query the page shows the default ruleset.
        data = query.copy()
        data.setdefault("rules", DEFAULT_PRESET)
        super().__init__(data)

    def to_rules(self) -> Ruleset:
        return resolve_rules(self.cleaned_data["rules"])


#: The query's names for what a win was made of, as the calculator sends them back.
YAKU_QUERY: Final = ("yaku", "dora", "ura", "aka", "open")
#: The calculator's dora lines and the query name each is counted under.
_DORA_LINES: Final = {"Dora": "dora", "Ura Dora": "ura", "Aka Dora": "aka"}


def add_yaku_query(query: QueryDict, result: HandScore, *, is_open: bool) -> None:
    """The calculator's yaku (``yaku`` once per name), dora counts and open/closed added to
    the way back to the table (``?yaku=Riichi&yaku=Pinfu&dora=1&ura=0&aka=1&open=0``)."""
    counts = dict.fromkeys(_DORA_LINES.values(), 0)
    names = []
    for line in result.yaku:
        if line.name in _DORA_LINES:
            counts[_DORA_LINES[line.name]] += line.han
        else:
            names.append(line.name)
    query.setlist("yaku", names)
    if not result.yakuman:
        for name, count in counts.items():
            query[name] = str(count)
    query["open"] = "1" if is_open else "0"
