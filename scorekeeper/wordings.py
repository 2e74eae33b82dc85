"""How the site words the engine's refusals of a hand and a game: a win's han and fu, a
hand after the end, seats, riichi, ron, stops by choice, yaku and dora, a game's start.

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
    "seat.unknown": gettext_noop("Seat %(seat)s does not exist (seats are 0-3)."),
    "seat.listed_twice": gettext_noop("A seat is listed twice."),
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
        "The scores and sticks hold %(total)s points; four players begin with %(expected)s."
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
