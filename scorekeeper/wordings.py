"""How the site words every refusal of the engine, by code: of a hand and a game (a win's han
and fu, a hand after the end, seats, riichi, ron, stops by choice, yaku and dora, a game's
start), and of what it reads (a game record, a ruleset's values, a hand for the calculator:
tiles, melds, flags).

Each wording is the English sentence as a msgid (``%(name)s`` for the refusal's values); the
site words a refusal with ``scorekeeper.refusals.refusal_text``. Marked with ``gettext_noop``:
translated when a page shows them, in the reader's language.
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_noop, pgettext_lazy

#: The refusals of a hand played in a game, by code.
GAME_WORDINGS: Final[dict[str, str]] = {
    "hand.after_end": gettext_noop("The game has already ended (%(reason)s)."),
    "win.impossible_han_fu.ron_20_fu": gettext_noop(
        "%(han)s han %(fu)s fu by ron: 20 fu cannot be won by ron (a closed ron has 30 fu at "
        "least)."
    ),
    "win.impossible_han_fu.pinfu_tsumo": gettext_noop(
        "%(han)s han %(fu)s fu: 20 fu needs pinfu tsumo, at least 2 han."
    ),
    "win.impossible_han_fu.chiitoitsu": gettext_noop(
        "%(han)s han %(fu)s fu: 25 fu is chiitoitsu, at least 2 han."
    ),
    "win.impossible_han_fu.chiitoitsu_tsumo": gettext_noop(
        "%(han)s han %(fu)s fu by tsumo: 25 fu by tsumo is chiitoitsu with menzen tsumo, at "
        "least 3 han."
    ),
    "win.impossible_han_fu.tsumo_110_fu": gettext_noop(
        "%(han)s han %(fu)s fu cannot be won by tsumo (it would add menzen tsumo or sanankou)."
    ),
    "win.han_below_1": gettext_noop("Han must be at least 1."),
    "win.not_fu_value": gettext_noop("%(fu)s fu is not a fu value (20, 25, 30, 40, ... 110)."),
    "win.fu_needed": gettext_noop("Fu is needed below 5 han (%(han)s han)."),
    "win.impossible_fu": gettext_noop(
        "%(fu)s fu is not possible below 5 han (20, 25, 30, 40, ... 110)."
    ),
    "win.han_and_yakuman": gettext_noop("Give han and fu, or yakuman, not both."),
    "win.no_value": gettext_noop("A win needs han (and fu below 5 han) or yakuman."),
    "win.yakuman_count": gettext_noop("Yakuman must be 1..%(most)s, got %(yakuman)s."),
    "win.riichi_open": gettext_noop("A hand with riichi is closed."),
    "seat.unknown": gettext_noop("Seat %(seat)s does not exist (seats are 0-%(last_seat)s)."),
    "seat.listed_twice": gettext_noop("A seat is listed twice."),
    "hand.players_differ": gettext_noop(
        "A game of %(count)s players under rules for %(players)s players."
    ),
    "abort.not_with_three": gettext_noop(
        "%(reason)s does not exist with three players (only kyuushu kyuuhai and suukaikan)."
    ),
    "ron.more_winners_than_players": gettext_noop(
        "%(count)s winners: a discard has %(most)s other players to win on it."
    ),
    "dora.kita_four_players": gettext_noop("Kita are set aside only with three players."),
    "dora.too_many_kita": gettext_noop("%(kita)s kita: there are %(most)s North tiles."),
    "start.scores_count": gettext_noop("%(count)s scores for %(players)s players."),
    "start.round_not_for_players": gettext_noop(
        "Round %(round)s: a game of %(players)s players has no such round."
    ),
    "pao.winner": gettext_noop("The winner cannot be liable (pao) for their own hand."),
    "pao.not_yakuman": gettext_noop("Only a yakuman has a liable player (pao)."),
    "rules_say.no_chips": gettext_noop("These rules have no chips (chip value is 0)."),
    "rules_say.no_nagashi": gettext_noop("These rules have no nagashi mangan."),
    "rules_say.no_aborts": gettext_noop("These rules have no abortive draws."),
    "rules_say.no_abort_reason": gettext_noop("These rules have no abortive draw %(reason)s."),
    "rules_say.no_kuitan": gettext_noop("These rules have no open tanyao (kuitan)."),
    "abort.suucha_riichi": gettext_noop(
        "Suucha riichi needs all four players' riichi in this hand."
    ),
    "riichi.below_1000": gettext_noop(
        "%(seat)s has %(points)s points; these rules need 1,000 for riichi."
    ),
    "ron.no_winner": gettext_noop("A ron needs at least one winner."),
    "ron.triple_is_abort": gettext_noop(
        "Three winners: under these rules a triple ron is an abortive draw (record it as the "
        "abortive draw sanchahou)."
    ),
    "ron.head_bump": gettext_noop(
        "%(count)s winners: these rules allow %(most)s; only the winner nearest the discarder "
        "wins (head bump)."
    ),
    "ron.too_many_winners": gettext_noop("%(count)s winners: these rules allow at most %(most)s."),
    "ron.own_discard": gettext_noop("A player cannot ron their own discard."),
    "ron.wins_twice": gettext_noop("%(seat)s wins twice."),
    "end.no_yame": gettext_noop(
        "The game cannot be stopped by choice here: these rules have no %(what)s for this hand."
    ),
    "end.optional_yame.win": gettext_noop(
        "The game can be stopped by choice only after an all-last hand that the dealer wins "
        "while alone in 1st."
    ),
    "end.optional_yame.tenpai": gettext_noop(
        "The game can be stopped by choice only after an all-last hand that the dealer is "
        "tenpai in while alone in 1st."
    ),
    "end.optional_yame.win_target": gettext_noop(
        "The game can be stopped by choice only after an all-last hand that the dealer wins "
        "while alone in 1st with %(target)s points or more."
    ),
    "end.optional_yame.tenpai_target": gettext_noop(
        "The game can be stopped by choice only after an all-last hand that the dealer is "
        "tenpai in while alone in 1st with %(target)s points or more."
    ),
    "end.automatic_yame": gettext_noop(
        "The game cannot be stopped by choice here: under these rules %(what)s ends the game by "
        "itself, and this hand does not end it."
    ),
    "dora.no_han_for_yaku": gettext_noop(
        "%(dora)s dora leave none of the win's %(han)s han for a yaku (dora are not yaku)."
    ),
    "dora.ura_without_riichi": gettext_noop(
        "Ura dora count only for a winner who declared riichi."
    ),
    "dora.no_red_fives": gettext_noop("These rules have no red fives."),
    "dora.too_many_red_fives": gettext_noop("%(aka)s red fives: these rules have %(most)s."),
    "dora.unknown_field": gettext_noop("Unknown field %(field)s (dora counts dora, ura and aka)."),
    "yaku.beside_yakuman": gettext_noop(
        "%(yaku)s does not count beside the yakuman %(yakuman)s: list it alone."
    ),
    "yaku.clash": gettext_noop("%(yaku)s and %(other)s cannot go together."),
    "yaku.needs_closed": gettext_noop("%(yaku)s needs a closed hand, and this one is open."),
    "yaku.ron_only": gettext_noop("%(yaku)s is won on a discard, not by tsumo."),
    "yaku.tsumo_only": gettext_noop("%(yaku)s is won by tsumo, not on a discard."),
    "yaku.needs_riichi": gettext_noop("%(yaku)s needs the winner to declare riichi in this hand."),
    "yaku.ippatsu_without_riichi": gettext_noop("Ippatsu needs Riichi or Double Riichi."),
    "yaku.tenhou_non_dealer": gettext_noop(
        "Tenhou is the dealer's: a non-dealer's first-draw win is Chiihou."
    ),
    "yaku.chiihou_dealer": gettext_noop(
        "Chiihou is a non-dealer's: the dealer's first-draw win is Tenhou."
    ),
    "yaku.riichi_missing": gettext_noop(
        "The winner declared riichi: add Riichi (or Double Riichi)."
    ),
    "yaku.menzen_tsumo_missing": gettext_noop("A closed hand won by tsumo has Menzen Tsumo."),
    "yaku.shousangen_dragons": gettext_noop(
        "Shousangen has two dragon triplets: add the two of Haku, Hatsu, Chun."
    ),
    "yaku.yakuman_count_differs": gettext_noop(
        "%(yaku)s make %(count)s× yakuman, which the win's value does not match."
    ),
    "yaku.han_not_kazoe": gettext_noop("%(yaku)s make %(han)s han, but the win is a yakuman."),
    "yaku.han_differs": gettext_noop("%(yaku)s make %(han)s han, but the win has %(win_han)s han."),
    "yaku.han_exceeds": gettext_noop(
        "%(yaku)s make %(han)s han, more than the win's %(win_han)s han."
    ),
    "yaku.not_list": gettext_noop("Expected a list of yaku names, got %(got)s."),
    "yaku.too_many": gettext_noop("%(count)s yaku: no hand has more than %(most)s."),
    "yaku.is_dora": gettext_noop("%(yaku)s is not a yaku: count it in dora."),
    "yaku.unknown": gettext_noop("Unknown yaku %(got)s."),
    "yaku.listed_twice": gettext_noop("%(yaku)s is listed twice."),
    "start.round_beyond_end": gettext_noop(
        "These rules play no further than %(last)s (%(round)s)."
    ),
    "start.counters_out_of_range": gettext_noop("Honba and sticks are 0..%(high)s."),
    "start.points": gettext_noop(
        "The scores and sticks hold %(total)s points; the game began with %(expected)s."
    ),
    "penalty.incomplete": gettext_noop("A penalty needs a seat and points."),
    "penalty.not_hundreds": gettext_noop("Expected whole hundreds of points, got %(points)s."),
    "correction.breaks_hand": gettext_noop(
        "This edit makes hand %(hand)s (%(round)s) impossible: %(reason)s"
    ),
    "correction.breaks_hand_honba": gettext_noop(
        "This edit makes hand %(hand)s (%(round)s, %(honba)s honba) impossible: %(reason)s"
    ),
    "penalty.reason_too_long": gettext_noop("Expected a text of at most %(most)s characters."),
}

#: Words inside the values (why a game ended, an abortive draw, a first-draw win, a meld),
#: by the value the engine gives; translated when shown.
TERMS: Final = {
    "last_hand": pgettext_lazy("refusal", "the last hand was played"),
    "tobi": pgettext_lazy("refusal", "tobi"),
    "agari_yame": pgettext_lazy("refusal", "agari-yame"),
    "tenpai_yame": pgettext_lazy("refusal", "tenpai-yame"),
    "extension_over": pgettext_lazy("refusal", "the extension is over"),
    "time": pgettext_lazy("refusal", "time was up"),
    "agari-yame": pgettext_lazy("refusal", "agari-yame"),
    "tenpai-yame": pgettext_lazy("refusal", "tenpai-yame"),
    "yame": pgettext_lazy("refusal", "stopping by choice"),
    "kyuushu_kyuuhai": pgettext_lazy("refusal", "kyuushu kyuuhai"),
    "suufon_renda": pgettext_lazy("refusal", "suufon renda"),
    "suucha_riichi": pgettext_lazy("refusal", "suucha riichi"),
    "suukaikan": pgettext_lazy("refusal", "suukaikan"),
    "sanchahou": pgettext_lazy("refusal", "sanchahou"),
    "tenhou": pgettext_lazy("refusal", "tenhou"),
    "chiihou": pgettext_lazy("refusal", "chiihou"),
    "chi": pgettext_lazy("refusal", "chi"),
    "pon": pgettext_lazy("refusal", "pon"),
}


#: A game record that breaks the format (and the command line's files), by code.
RECORD_WORDINGS: Final[dict[str, str]] = {
    "record.players_count": gettext_noop(
        "%(count)s names, but the rules are for %(players)s players."
    ),
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
    "record.players": gettext_noop(
        "Expected a list of %(players)s names in seat order, East first."
    ),
    "record.name_too_long": gettext_noop("A name has at most %(most)s characters."),
    "record.not_name": gettext_noop("Expected a name, got %(got)s."),
    "record.name_nul": gettext_noop("A name cannot contain a NUL character."),
    "record.players_repeat": gettext_noop("The players must be different people."),
    "record.not_round": gettext_noop("Expected a round E1..N4, got %(got)s."),
    "record.end": gettext_noop("Expected “time”, got %(got)s."),
    "record.end_ended": gettext_noop(
        "The hands end the game already (%(reason)s): time cannot end it."
    ),
    "record.scores": gettext_noop("Expected %(players)s scores in seat order."),
    "record.penalties": gettext_noop("Expected a list of at most %(most)s penalties."),
    "record.format": gettext_noop("Expected %(expected)s, got %(got)s."),
    "record.source_text": gettext_noop("Expected a text of at most %(most)s characters."),
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
    "rules.uma_sum": gettext_noop("The uma values must sum to 0, they sum to %(sum)s."),
    "rules.floating_uma_keys": gettext_noop(
        'Floating uma is keyed by the number of players below the return points, "1" up to '
        "one fewer than the players; got the keys %(got)s."
    ),
    "rules.abortive_draws": gettext_noop(
        "Expected true, false or a list of %(choices)s; got %(got)s."
    ),
    "rules.double_wind_fu": gettext_noop("Expected 2 or 4, got %(got)s."),
    "rules.extension_needs_target": gettext_noop("An extension round needs target points."),
    "rules.needs_tobi": gettext_noop("Applies only with tobi."),
    "rules.players": gettext_noop("Expected 3 or 4 players, got %(got)s."),
    "rules.uma_length": gettext_noop(
        "%(places)s uma values for %(players)s players (one per place)."
    ),
    "rules.floating_uma_lengths": gettext_noop(
        "Floating uma has lists of %(places)s values (one per player)."
    ),
    "rules.split_all_three": gettext_noop(
        "Sticks shared by all four cannot be shared among three players."
    ),
    "rules.multi_ron_three": gettext_noop("Three players have at most a double ron."),
    "rules.abort_three": gettext_noop("%(reason)s does not exist with three players."),
    "rules.honba_not_divisible": gettext_noop(
        "%(got)s does not share into whole hundreds between the %(payers)s payers of a tsumo."
    ),
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
    "tiles.not_in_sanma": gettext_noop("%(tile)s is not played with three players (no 2m-8m)."),
    "meld.chi_three": gettext_noop("Three players do not call chi."),
    "calc.players_differ": gettext_noop(
        "%(players)s players, but the rules are for %(rules)s players."
    ),
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

#: A platform's log that cannot be read, or whose numbers its record does not reproduce.
LOG_WORDINGS: Final[dict[str, str]] = {
    "log.too_large": gettext_noop("The log is larger than %(most)s bytes."),
    "log.not_utf8": gettext_noop("Not UTF-8 text (byte %(position)s)."),
    "log.not_json": gettext_noop(
        "Not JSON from line %(line)s, column %(column)s: a damaged or cut file?"
    ),
    "log.unknown_format": gettext_noop(
        "Neither a Tenhou mjlog XML log nor a tenhou.net/6 JSON log."
    ),
    "log.xml_damaged": gettext_noop(
        "The XML breaks off or is damaged at line %(line)s, column %(column)s."
    ),
    "log.xml_refused": gettext_noop(
        "Refused: the XML declares entities or a document type (%(reason)s), which no log has."
    ),
    "log.damaged": gettext_noop(
        "The log is damaged here: a value of the wrong kind, missing or out of bounds."
    ),
    "log.unknown_yaku": gettext_noop("The yaku %(name)s has no name in a game record."),
    "log.plays_on": gettext_noop(
        "Under these rules the game ended before hand %(hand)s (%(reason)s), but the log plays on."
    ),
    "log.ends_early": gettext_noop(
        "The log ends the game after hand %(hand)s (%(round)s), but under these rules it goes on."
    ),
    "log.round_differs": gettext_noop(
        "Hand %(hand)s: the log plays %(log)s (round, honba/sticks), the record %(record)s."
    ),
    "log.scores_differ": gettext_noop(
        "Hand %(hand)s (%(round)s) starts from %(log)s in the log, %(record)s in the record "
        "(%(player)s differs)."
    ),
    "log.deltas_differ": gettext_noop(
        "Hand %(hand)s (%(round)s) changes the scores by %(log)s in the log, by %(record)s "
        "in the record (%(player)s differs)."
    ),
    "log.final_points_differ": gettext_noop(
        "The final points are %(log)s in the log, %(record)s in the record (%(player)s differs)."
    ),
    "log.final_results_differ": gettext_noop(
        "The final results are %(log)s in the log, %(record)s in the record (%(player)s differs)."
    ),
    "log.stated_points_differ": gettext_noop(
        "Hand %(hand)s (%(round)s): %(place)s in the log states the points %(log)s, the "
        "replay gives %(record)s (%(player)s differs)."
    ),
    "log.stated_differs": gettext_noop(
        "Hand %(hand)s (%(round)s): %(place)s in the log states %(log)s, the replay gives "
        "%(record)s."
    ),
}
