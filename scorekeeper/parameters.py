"""A ruleset's parameters in words: the groups they are shown in, each one's label and help,
and the words of each choice.

The groups and labels are shared by the ruleset form (``registry.forms``), the ruleset's page
(``registry.sentences``) and the refusals that name a parameter (``refusals``), so a parameter
reads the same in all three. What each value means is the
engine's (``scoring.rules.Ruleset``); these are only its words, in the reader's language,
lazy because the form's fields are built once.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy


class Group(NamedTuple):
    slug: str
    title: str | Promise
    parameters: tuple[str, ...]


#: Every parameter, once, in the group and order the form and the pages show it.
GROUPS: Final = (
    Group(
        "players",
        gettext_lazy("Players"),
        ("players", "sanma_tsumo"),
    ),
    Group(
        "points",
        gettext_lazy("Points and uma"),
        (
            "start_points",
            "return_points",
            "uma",
            "oka",
            "result_rounding",
            "ties",
            "leftover_sticks",
            "honba_value",
            "riichi_below_1000",
        ),
    ),
    Group(
        "end",
        gettext_lazy("The end of the game"),
        (
            "length",
            "target_points",
            "agari_yame",
            "tenpai_yame",
            "extension",
            "extension_end",
            "tobi",
            "tobi_at_zero",
            "tobi_bonus",
        ),
    ),
    Group(
        "draws",
        gettext_lazy("Draws and multi-ron"),
        (
            "noten_payment",
            "renchan",
            "nagashi_mangan",
            "abortive_draws",
            "multi_ron",
            "multi_ron_sticks",
            "multi_ron_honba",
        ),
    ),
    Group(
        "limits",
        gettext_lazy("Limits and yaku"),
        (
            "kiriage",
            "kazoe",
            "multiple_yakuman",
            "double_yakuman_hands",
            "double_wind_fu",
            "kuitan",
            "aka_dora",
            "pao_ron_honba",
            "pao_scope",
        ),
    ),
    Group(
        "extras",
        gettext_lazy("Extras: chips, yakitori, chombo"),
        ("chip_value", "yakitori_penalty", "chombo", "chombo_penalty"),
    ),
)

LABELS: Final = {
    "players": gettext_lazy("Number of players"),
    "sanma_tsumo": gettext_lazy("A tsumo with three players"),
    "start_points": gettext_lazy("Start points"),
    "return_points": gettext_lazy("Return points"),
    "uma": gettext_lazy("Uma (1st to 4th)"),
    "oka": gettext_lazy("Oka"),
    "result_rounding": gettext_lazy("Result rounding"),
    "ties": gettext_lazy("Ties"),
    "leftover_sticks": gettext_lazy("Riichi sticks left at the end"),
    "honba_value": gettext_lazy("Honba value (on a ron)"),
    "riichi_below_1000": gettext_lazy("Riichi with under 1,000 points"),
    "length": gettext_lazy("Length"),
    "target_points": gettext_lazy("Target points"),
    "agari_yame": gettext_lazy("Agari-yame (all-last dealer wins while 1st)"),
    "tenpai_yame": gettext_lazy("Tenpai-yame (all-last dealer tenpai while 1st)"),
    "extension": gettext_lazy("Extension into the next wind"),
    "extension_end": gettext_lazy("An extension ends"),
    "tobi": gettext_lazy("Tobi: a score below 0 ends the game"),
    "tobi_at_zero": gettext_lazy("Tobi at exactly 0 too"),
    "tobi_bonus": gettext_lazy("Tobi bonus"),
    "noten_payment": gettext_lazy("Noten payment (in all)"),
    "renchan": gettext_lazy("Renchan (the dealer keeps the deal)"),
    "nagashi_mangan": gettext_lazy("Nagashi mangan"),
    "abortive_draws": gettext_lazy("Abortive draws"),
    "multi_ron": gettext_lazy("Multi-ron"),
    "multi_ron_sticks": gettext_lazy("Riichi sticks in a multi-ron"),
    "multi_ron_honba": gettext_lazy("Honba in a multi-ron"),
    "kiriage": gettext_lazy("Kiriage mangan (4 han 30 fu, 3 han 60 fu)"),
    "kazoe": gettext_lazy("13 han or more (kazoe)"),
    "multiple_yakuman": gettext_lazy("Several yakuman in one hand add up"),
    "double_yakuman_hands": gettext_lazy("Double yakuman hands"),
    "double_wind_fu": gettext_lazy("Fu for a double wind pair"),
    "kuitan": gettext_lazy("Kuitan (open tanyao)"),
    "aka_dora": gettext_lazy("Red fives (aka dora)"),
    "pao_ron_honba": gettext_lazy("Pao on a ron: who pays the honba"),
    "pao_scope": gettext_lazy("Pao on a composite yakuman"),
    "chip_value": gettext_lazy("Chip value"),
    "yakitori_penalty": gettext_lazy("Yakitori penalty"),
    "chombo": gettext_lazy("Chombo"),
    "chombo_penalty": gettext_lazy("Chombo penalty"),
}

HELP: Final = {
    "sanma_tsumo": gettext_lazy("How the missing North’s share is paid. Only with three players."),
    "return_points": gettext_lazy("Subtracted from each final score to make the result."),
    "uma": gettext_lazy(
        "Points by place; they sum to 0. With three players, three places (4th left blank)."
    ),
    "oka": gettext_lazy("Bonus to 1st, normally four times (return − start)."),
    "target_points": gettext_lazy(
        "Ends an extension and lets the all-last dealer stop. Empty: none."
    ),
    "tobi_at_zero": gettext_lazy("Only with tobi."),
    "tobi_bonus": gettext_lazy(
        "Points of result a player who goes out pays to the winner. Only with tobi."
    ),
    "double_yakuman_hands": gettext_lazy(
        "Suuankou tanki, 13-wait kokushi, junsei chuuren, daisuushii."
    ),
    "chip_value": gettext_lazy("Points of result per chip. 0: no chips."),
    "yakitori_penalty": gettext_lazy("Off the result of each player who won no hand. 0: none."),
    "chombo_penalty": gettext_lazy("Off the final result per chombo."),
}

#: The words of each choice, by parameter.
CHOICES: Final[dict[str, dict[Any, str | Promise]]] = {
    "players": {
        4: gettext_lazy("Four players"),
        3: gettext_lazy("Three players (sanma)"),
    },
    "sanma_tsumo": {
        "loss": gettext_lazy("Tsumo loss: North’s share is not paid"),
        "bisection": gettext_lazy("North bisection: half of North’s share added to each payer"),
        "full": gettext_lazy("Full value: the two payers share the four-player total"),
    },
    "length": {
        "hanchan": gettext_lazy("Hanchan (East and South)"),
        "tonpuusen": gettext_lazy("Tonpuusen (East only)"),
    },
    "result_rounding": {
        "none": gettext_lazy("Exact"),
        "tenhou": gettext_lazy("Tenhou: 2nd to 4th to the nearest 1,000"),
    },
    "ties": {
        "seat_order": gettext_lazy("Ranked by seat order"),
        "split": gettext_lazy("Tied places share uma and oka"),
    },
    "leftover_sticks": {
        "first": gettext_lazy("To 1st"),
        "lost": gettext_lazy("Lost"),
        "split_all": gettext_lazy("Shared by all four"),
    },
    "agari_yame": {
        "none": gettext_lazy("Plays on"),
        "optional": gettext_lazy("May stop"),
        "automatic": gettext_lazy("The game ends"),
    },
    "tenpai_yame": {
        "none": gettext_lazy("Plays on"),
        "optional": gettext_lazy("May stop"),
        "automatic": gettext_lazy("The game ends"),
    },
    "extension_end": {
        "deal_passes": gettext_lazy("After a hand in which the deal passes"),
        "any_hand": gettext_lazy("After any hand"),
    },
    "renchan": {
        "tenpai": gettext_lazy("On a win or tenpai at a draw"),
        "win": gettext_lazy("On a win only"),
    },
    "multi_ron": {
        "head_bump": gettext_lazy("Head bump: nearest winner only"),
        "double": gettext_lazy("Up to two winners"),
        "triple": gettext_lazy("Up to three winners"),
    },
    "multi_ron_sticks": {
        "nearest": gettext_lazy("All to the nearest winner"),
        "own_back": gettext_lazy("Winners take their own back"),
    },
    "multi_ron_honba": {
        "nearest": gettext_lazy("To the nearest winner"),
        "each": gettext_lazy("To each winner"),
    },
    "abortive_draws": {
        "kyuushu_kyuuhai": gettext_lazy("Kyuushu kyuuhai (nine terminals)"),
        "suufon_renda": gettext_lazy("Suufon renda (four winds)"),
        "suucha_riichi": gettext_lazy("Suucha riichi (four riichi)"),
        "suukaikan": gettext_lazy("Suukaikan (four kans)"),
        "sanchahou": gettext_lazy("Sanchahou (triple ron)"),
    },
    "kazoe": {"yakuman": gettext_lazy("Kazoe yakuman"), "sanbaiman": gettext_lazy("Sanbaiman")},
    "double_wind_fu": {2: gettext_lazy("2 fu"), 4: gettext_lazy("4 fu")},
    "pao_ron_honba": {
        "discarder": gettext_lazy("The discarder"),
        "liable": gettext_lazy("The liable player"),
    },
    "pao_scope": {
        "whole": gettext_lazy("The whole hand"),
        "one_yakuman": gettext_lazy("One yakuman’s share"),
    },
    "chombo": {
        "reverse_mangan": gettext_lazy("Reverse mangan at the table"),
        "penalty": gettext_lazy("Penalty off the result"),
    },
}
