"""How the site words the engine's refusals of what it reads: a game record, a ruleset's
values, a hand for the calculator (tiles, melds, flags).

Each wording is the English sentence as a msgid (``%(name)s`` for the refusal's values); the
site words a refusal with ``scorekeeper.refusals.refusal_text``. Marked with ``gettext_noop``:
translated when a page shows them, in the reader's language.
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_noop

#: A game record that breaks the format (and the command line's files), by code.
RECORD_WORDINGS: Final[dict[str, str]] = {
    "record.unknown_field": gettext_noop("Unknown field %(field)s."),
    "record.missing": gettext_noop("Missing."),
    "record.missing_discarder": gettext_noop("Missing: who discarded the winning tile."),
    "record.not_object": gettext_noop("Expected an object, got %(got)s."),
    "record.not_whole_number": gettext_noop("Expected a whole number, got %(got)s."),
    "record.out_of_range": gettext_noop("Expected %(low)s..%(high)s, got %(got)s."),
    "record.not_seat": gettext_noop("Expected a seat 0-3, got %(got)s."),
    "record.not_seat_list": gettext_noop("Expected a list of seats, got %(got)s."),
    "record.not_bool": gettext_noop("Expected true or false, got %(got)s."),
    "record.not_abort_reason": gettext_noop("Expected an abortive draw's reason, got %(got)s."),
    "record.ron_wins": gettext_noop("Expected a list of one to three wins."),
    "record.outcome_count": gettext_noop(
        "Expected exactly one outcome (ron, tsumo, draw, abort or chombo), got %(count)s."
    ),
    "record.players": gettext_noop("Expected a list of four names (East, South, West, North)."),
    "record.name_too_long": gettext_noop("A name has at most %(most)s characters."),
    "record.not_name": gettext_noop("Expected a name, got %(got)s."),
    "record.name_nul": gettext_noop("A name cannot contain a NUL character."),
    "record.players_repeat": gettext_noop("The four players must be different people."),
    "record.not_round": gettext_noop("Expected a round E1..N4, got %(got)s."),
    "record.scores": gettext_noop("Expected four scores in seat order."),
    "record.penalties": gettext_noop("Expected a list of at most %(most)s penalties."),
    "record.format": gettext_noop("Expected %(expected)s, got %(got)s."),
    "record.not_hand_list": gettext_noop("Expected a list of hands, got %(got)s."),
    "record.too_many_hands": gettext_noop("A record holds at most %(most)s hands."),
    "file.unreadable": gettext_noop("%(path)s: cannot read: %(reason)s."),
    "file.not_json": gettext_noop("%(path)s: not JSON: %(reason)s."),
    "file.too_long": gettext_noop("%(path)s: longer than %(most)s characters."),
}

#: A ruleset parameter refused, by code: the sentence goes on that parameter.
RULES_WORDINGS: Final[dict[str, str]] = {
    "rules.unknown_preset": gettext_noop("Unknown preset %(got)s; presets are %(presets)s."),
    "rules.not_spec": gettext_noop("Expected a preset name or an object with a 'preset'."),
    "rules.too_many_parameters": gettext_noop("More parameters than a ruleset has (%(count)s)."),
    "rules.unknown_parameter": gettext_noop("Unknown parameter %(parameter)s."),
    "rules.not_choice": gettext_noop("%(got)s is not one of %(choices)s."),
    "rules.not_bool": gettext_noop("Expected true or false, got %(got)s."),
    "rules.out_of_range": gettext_noop("Expected a whole number %(low)s..%(high)s, got %(got)s."),
    "rules.not_hundreds": gettext_noop("Expected a multiple of 100, got %(got)s."),
    "rules.target_points": gettext_noop("Expected points 1..%(high)s or none, got %(got)s."),
    "rules.uma_values": gettext_noop("Expected four whole hundreds of points within ±%(most)s."),
    "rules.uma_sum": gettext_noop("The four values must sum to 0, they sum to %(sum)s."),
    "rules.floating_uma_keys": gettext_noop(
        'Floating uma is keyed "1", "2" and "3" (players below the return points), got '
        "the keys %(got)s."
    ),
    "rules.abortive_draws": gettext_noop(
        "Expected true, false or a list of %(choices)s; got %(got)s."
    ),
    "rules.double_wind_fu": gettext_noop("Expected 2 or 4, got %(got)s."),
    "rules.extension_needs_target": gettext_noop("An extension round needs target points."),
    "rules.needs_tobi": gettext_noop("Applies only with tobi."),
}

#: A hand the calculator refuses, by code.
CALCULATOR_WORDINGS: Final[dict[str, str]] = {
    "calc.not_bool": gettext_noop("Expected true or false, got %(got)s."),
    "calc.not_wind": gettext_noop("Expected one of %(choices)s, got %(got)s."),
    "calc.out_of_range": gettext_noop("Expected a whole number %(low)s..%(high)s, got %(got)s."),
    "calc.text_too_long": gettext_noop("At most %(most)s characters, got %(length)s."),
    "calc.not_list": gettext_noop("Expected a list, got %(got)s."),
    "calc.too_many_items": gettext_noop("At most %(most)s, got %(count)s."),
    "calc.not_object": gettext_noop("A hand is a JSON object, got %(got)s."),
    "tiles.kind": gettext_noop("Tile kind %(kind)s is not 0-33."),
    "tiles.red_not_five": gettext_noop("Only a five can be red, not %(tile)s."),
    "tiles.not_one_tile": gettext_noop("Expected one tile as text like '5m', got %(got)s."),
    "tiles.not_text": gettext_noop("Expected tiles as text like '345m22z', got %(got)s."),
    "tiles.bad_character": gettext_noop(
        "%(char)s at position %(position)s of %(text)s is not a digit or m/p/s/z."
    ),
    "tiles.suit_without_digits": gettext_noop(
        "Suit letter %(char)s at position %(position)s has no digits."
    ),
    "tiles.not_honor": gettext_noop("%(tile)s is not a tile (honors are 1z-7z)."),
    "tiles.no_suit": gettext_noop("%(text)s ends with digits %(digits)s and no suit letter."),
    "tiles.fifth_copy": gettext_noop("A fifth %(tile)s (a set has four)."),
    "tiles.red_five_too_many": gettext_noop(
        "One %(tile)s too many: the set has %(most)s red fives."
    ),
    "tiles.plain_five_too_many": gettext_noop(
        "Too many plain %(tile)s: under this ruleset one of them is red (write it %(red)s)."
    ),
    "meld.not_chi": gettext_noop("%(tiles)s is not a chi (three consecutive tiles of one suit)."),
    "meld.not_pon": gettext_noop("%(tiles)s is not a pon (three equal tiles)."),
    "meld.not_kan": gettext_noop("%(tiles)s is not a kan (four equal tiles)."),
    "meld.closed_not_kan": gettext_noop("Only a kan can be closed, not a %(type)s."),
    "meld.not_object": gettext_noop('Expected a meld as {"type", "tiles"}, got %(got)s.'),
    "meld.not_type": gettext_noop("Expected chi, pon or kan, got %(got)s."),
    "meld.not_meld": gettext_noop("%(text)s is not a meld (chi, pon, kan or ankan, then tiles)."),
    "hand.closed_count": gettext_noop(
        "Expected %(expected)s tiles (the winning tile included), got %(count)s: %(tiles)s."
    ),
    "hand.win_tile_missing": gettext_noop("%(tile)s is not among the closed tiles."),
    "hand.not_winning": gettext_noop(
        "%(tiles)s is not a winning hand (four sets and a pair, seven pairs, or kokushi)."
    ),
    "hand.no_yaku": gettext_noop("%(tiles)s has no yaku (dora are not yaku)."),
    "flags.riichi_open": gettext_noop("Riichi needs a closed hand (only closed kans allowed)."),
    "flags.ippatsu_without_riichi": gettext_noop("Ippatsu needs riichi."),
    "flags.ippatsu_with_rinshan": gettext_noop(
        "A kan ends ippatsu, so it cannot come with rinshan."
    ),
    "flags.rinshan_ron": gettext_noop(
        "Rinshan kaihou is a tsumo on the replacement tile, not a ron."
    ),
    "flags.rinshan_without_kan": gettext_noop("Rinshan kaihou needs a kan among the melds."),
    "flags.chankan_tsumo": gettext_noop("Chankan is a ron on a kan, not a tsumo."),
    "flags.haitei_ron": gettext_noop("Haitei is a tsumo (houtei is the ron)."),
    "flags.haitei_rinshan": gettext_noop(
        "The last tile from the wall is not a replacement tile (rinshan)."
    ),
    "flags.houtei_tsumo": gettext_noop("Houtei is a ron (haitei is the tsumo)."),
    "flags.houtei_chankan": gettext_noop("Houtei is the last discard, not a kan robbed."),
    "flags.tenhou_non_dealer": gettext_noop("Tenhou is the dealer's (seat wind East)."),
    "flags.chiihou_dealer": gettext_noop("Chiihou is a non-dealer's (the dealer's is tenhou)."),
    "flags.first_draw_tsumo": gettext_noop("%(flag)s is a tsumo on the first draw."),
    "flags.first_draw_melds": gettext_noop("%(flag)s is won before any call or kan."),
    "flags.first_draw_riichi": gettext_noop("%(flag)s is won before any riichi."),
    "fu.chiitoitsu_melds": gettext_noop("Chiitoitsu has seven pairs and no melds."),
    "fu.chiitoitsu_open": gettext_noop("Chiitoitsu is always a closed hand."),
    "fu.meld_count": gettext_noop("A hand has four melds and a pair, got %(count)s melds."),
    "fu.shanpon": gettext_noop("A shanpon wait completes a triplet, and the hand has none."),
    "fu.open_quad": gettext_noop("An open quad makes the hand open."),
}
