"""The table's blank hand form, kept in the cache, and how a recorded hand's answer leaves
the phone's own form in place when the next hand's blank form would be the same.

A blank form is the same for every hand of a game with the same players, dealer and
all-last, in one language: the number of hands and the CSRF token are outside its
``form-body`` partial. So its body is kept in the cache under that shape rather than under
the game's revision, which every hand changes; its 170-odd chips take a good part of the
time to record a hand. The body carries its shape (the hidden ``blank`` field); a hand sent
from a blank form whose shape the next hand keeps is answered without a form at all: the
phone resets its own (``table.js``), and the answer is a few kilobytes instead of a hundred.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

from django.core.cache import cache
from django.template.loader import get_template
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorekeeper.club.models import Game
from scorekeeper.digest import digest
from scorekeeper.table.forms.hands import HandForm, SequenceForm, is_all_last
from scoring.state import GameState

#: The hidden field in which a blank form sends back its shape.
SHAPE_FIELD = "blank"


def blank_shape(game: Game, names: tuple[str, ...], state: GameState, preview_url: str) -> str:
    """What a blank hand form depends on, as a short digest: the players, the dealer,
    whether it is all-last, the language (and the game, through its preview address)."""
    all_last = is_all_last(state, game.ruleset())
    return digest(state.dealer, int(all_last), preview_url, get_language(), *names)


def fragment_key(game: Game) -> str:
    """What a winner's han, fu, yakuman and yaku chips in a blank form depend on, besides
    the seat: the rules and the language. Their fragments are shared by every game with the
    same rules."""
    return f"{digest(json.dumps(game.rules, sort_keys=True))}:{get_language()}"


def blank_form_context(
    game: Game, shape: str, urls: dict[str, Any], build: Callable[[], HandForm]
) -> dict[str, Any]:
    """A blank hand form of this ``shape`` (``blank_shape``): its ``form-body`` partial
    (its chips, an empty preview, the button) from the cache, and the hand form built
    (``build()``) and rendered only when the cache has not got it."""
    key = f"hand-form:{game.pk}:{game.created_at.timestamp()}:{shape}"
    body: SafeString | None = cache.get(key)
    if body is None:
        form = build()
        form.from_tiles = urls["from_tiles"]
        context = {
            "form": form,
            "preview_url": urls["preview"],
            "submit_label": _("Record hand"),
            "blank_shape": shape,
            "fragment_key": fragment_key(game),
        }
        # Template output: escaped, and marked so.
        body = cast(SafeString, get_template("table/table.html#form-body").render(context))
        cache.set(key, body)
    return {**sequence_context(game, urls), "form_body": body}


def sequence_context(game: Game, urls: dict[str, Any]) -> dict[str, Any]:
    """What a blank form has outside its body: the number of hands, where it posts."""
    return {
        "form": SequenceForm(initial={"sequence": game.hand_count}),
        "form_action": urls["create"],
        "preview_url": urls["preview"],
    }
