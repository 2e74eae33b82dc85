"""The calculator's form fields: tiles, one tile and melds in the notation, read from the
query string; the engine's refusal becomes the field's error, as a sentence."""

from __future__ import annotations

from typing import Any, Final

from django import forms
from django.utils.translation import gettext as _

from scorekeeper.calculator.tiles import TableMeld
from scorekeeper.refusals import refusal_text
from scoring.calculator.tiles import HandError, Tile, parse_tiles

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
