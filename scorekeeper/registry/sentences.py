"""A ruleset in sentences, for its page: one sentence per parameter, in the reader's
language, under the groups and labels of ``scorekeeper.parameters`` (the ones the ruleset
form shows), with the preset's own sentence beside any parameter the ruleset changed. The
sentences are worded when a page is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from scorekeeper.format import format_points, signed
from scorekeeper.parameters import GROUPS, LABELS, Group
from scoring.rule_values import FloatingUma, MultiRon, Uma
from scoring.rules import PRESETS, Ruleset

#: Each abortive draw by its name alone, as a sentence lists them.
_ABORT_NAMES: Final = {
    "kyuushu_kyuuhai": gettext_lazy("kyuushu kyuuhai"),
    "suufon_renda": gettext_lazy("suufon renda"),
    "suucha_riichi": gettext_lazy("suucha riichi"),
    "suukaikan": gettext_lazy("suukaikan"),
    "sanchahou": gettext_lazy("sanchahou"),
}

Sentence = Callable[[Any], str]
Words = str | Promise


def _yes_no(yes: Words, no: Words) -> Sentence:
    return lambda value: str(yes if value else no)


def _points_or(none: Words, some: Words) -> Sentence:
    """``some`` (with ``%(points)s``) for a value, ``none`` for 0."""
    return lambda value: some % {"points": format_points(value)} if value else str(none)


def _by_value(words: dict[Any, Words]) -> Sentence:
    return lambda value: str(words[value])


def _listed(words: list[str]) -> str:
    """Words joined as in a sentence: ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    head = pgettext("list separator", ", ").join(words[:-1])
    return _("%(head)s and %(last)s") % {"head": head, "last": words[-1]}


def _uma_line(uma: Uma) -> str:
    return pgettext("between uma values", ", ").join(signed(value) for value in uma)


def _uma(value: Uma | FloatingUma) -> str:
    if isinstance(value, FloatingUma) and value.below_3 is None:
        # Three players: one or two of them can end below the return points.
        return _(
            "Floating uma by how many end below the return points: one, %(one)s; two (or "
            "none), %(two)s."
        ) % {"one": _uma_line(value.below_1), "two": _uma_line(value.below_2)}
    if isinstance(value, FloatingUma):
        assert value.below_3 is not None
        return _(
            "Floating uma by how many end below the return points: one, %(one)s; two (or "
            "none), %(two)s; three, %(three)s."
        ) % {
            "one": _uma_line(value.below_1),
            "two": _uma_line(value.below_2),
            "three": _uma_line(value.below_3),
        }
    return _("Uma by place: %(uma)s.") % {"uma": _uma_line(value)}


def _target(value: int | None) -> str:
    if value is None:
        return _("No target points.")
    return _("Target points %(points)s: ends an extension, lets the dealer stop.") % {
        "points": format_points(value)
    }


def _abortive(value: tuple[str, ...]) -> str:
    if not value:
        return _("No abortive draws.")
    words = [str(_ABORT_NAMES[reason]) for reason in value]
    return _("Abortive draws: %(draws)s.") % {"draws": _listed(words)}


def _red_fives(value: int) -> str:
    if not value:
        return _("No red fives.")
    return ngettext("%(count)s red five.", "%(count)s red fives.", value) % {"count": value}


def _points(words: Words) -> Sentence:
    return lambda value: words % {"points": format_points(value)}


_SENTENCES: Final[dict[str, Sentence]] = {
    "players": _by_value(
        {
            4: gettext_lazy("Four players."),
            3: gettext_lazy("Three players (sanma): East, South and West; no North."),
        }
    ),
    "sanma_tsumo": _by_value(
        {
            "loss": gettext_lazy(
                "With three players a tsumo is paid as with four, less North’s share (tsumo loss)."
            ),
            "bisection": gettext_lazy(
                "With three players half of North’s share of a tsumo is added to each payer’s "
                "(North bisection)."
            ),
            "full": gettext_lazy(
                "With three players a tsumo brings the four-player total, shared by the two payers."
            ),
        }
    ),
    "start_points": _points(gettext_lazy("Each player starts with %(points)s points.")),
    "return_points": _points(gettext_lazy("Return points %(points)s: subtracted at the end.")),
    "uma": _uma,
    "oka": _points_or(gettext_lazy("No oka."), gettext_lazy("Oka: %(points)s to 1st.")),
    "result_rounding": _by_value(
        {
            "none": gettext_lazy("Results are exact."),
            "tenhou": gettext_lazy(
                "Results are rounded as Tenhou does: 2nd to 4th to the nearest 1,000, "
                "1st takes the rest."
            ),
        }
    ),
    "ties": _by_value(
        {
            "seat_order": gettext_lazy("Equal points are ranked by seat order."),
            "split": gettext_lazy("Tied places share their uma and oka."),
        }
    ),
    "leftover_sticks": _by_value(
        {
            "first": gettext_lazy("Riichi sticks left at the end go to 1st."),
            "lost": gettext_lazy("Riichi sticks left at the end are lost."),
            "split_all": gettext_lazy("Riichi sticks left at the end are shared by all four."),
        }
    ),
    "honba_value": _points(gettext_lazy("Each honba adds %(points)s to a ron.")),
    "riichi_below_1000": _yes_no(
        gettext_lazy("Riichi may be declared with under 1,000 points."),
        gettext_lazy("Riichi needs 1,000 points."),
    ),
    "length": _by_value(
        {
            "hanchan": gettext_lazy("A hanchan: the East and South rounds."),
            "tonpuusen": gettext_lazy("A tonpuusen: the East round only."),
        }
    ),
    "target_points": _target,
    "agari_yame": _by_value(
        {
            "none": gettext_lazy("The all-last dealer who wins while 1st plays on."),
            "optional": gettext_lazy("The all-last dealer who wins while 1st may end the game."),
            "automatic": gettext_lazy("The all-last dealer who wins while 1st ends the game."),
        }
    ),
    "tenpai_yame": _by_value(
        {
            "none": gettext_lazy(
                "The all-last dealer tenpai at an exhaustive draw while 1st plays on."
            ),
            "optional": gettext_lazy(
                "The all-last dealer tenpai at an exhaustive draw while 1st may end the game."
            ),
            "automatic": gettext_lazy(
                "The all-last dealer tenpai at an exhaustive draw while 1st ends the game."
            ),
        }
    ),
    "extension": _yes_no(
        gettext_lazy("While nobody has the target points, play goes on into the next wind."),
        gettext_lazy("No extension: the game ends after its last round."),
    ),
    "extension_end": _by_value(
        {
            "deal_passes": gettext_lazy("An extension ends after a hand in which the deal passes."),
            "any_hand": gettext_lazy(
                "An extension ends after any hand once someone has the target."
            ),
        }
    ),
    "tobi": _yes_no(
        gettext_lazy("A score below 0 ends the game (tobi)."),
        gettext_lazy("No tobi: play goes on below 0."),
    ),
    "tobi_at_zero": _yes_no(
        gettext_lazy("A score of exactly 0 ends it too."),
        gettext_lazy("A score of exactly 0 plays on."),
    ),
    "tobi_bonus": _points_or(
        gettext_lazy("No tobi bonus."),
        gettext_lazy("A player who goes out pays %(points)s to the winner."),
    ),
    "noten_payment": _points(
        gettext_lazy("At an exhaustive draw, noten players pay %(points)s in all.")
    ),
    "renchan": _by_value(
        {
            "tenpai": gettext_lazy(
                "The dealer keeps the deal on a win, or tenpai at an exhaustive draw."
            ),
            "win": gettext_lazy("The dealer keeps the deal on a win only."),
        }
    ),
    "nagashi_mangan": _yes_no(
        gettext_lazy("Nagashi mangan is paid as a mangan tsumo."),
        gettext_lazy("No nagashi mangan."),
    ),
    "abortive_draws": _abortive,
    "multi_ron": _by_value(
        {
            "head_bump": gettext_lazy("Head bump: only the winner nearest the discarder wins."),
            "double": gettext_lazy(
                "Up to two players may ron one tile; three make an abortive draw."
            ),
            "triple": gettext_lazy("Up to three players may ron one tile."),
        }
    ),
    "multi_ron_sticks": _by_value(
        {
            "nearest": gettext_lazy("In a multi-ron, the nearest winner takes every riichi stick."),
            "own_back": gettext_lazy("In a multi-ron, winners take their own riichi sticks back."),
        }
    ),
    "multi_ron_honba": _by_value(
        {
            "nearest": gettext_lazy("In a multi-ron, only the nearest winner takes the honba."),
            "each": gettext_lazy("In a multi-ron, each winner takes the honba."),
        }
    ),
    "kiriage": _yes_no(
        gettext_lazy("Kiriage: 4 han 30 fu and 3 han 60 fu are a mangan."),
        gettext_lazy("No kiriage."),
    ),
    "kazoe": _by_value(
        {
            "yakuman": gettext_lazy("13 han or more is a kazoe yakuman."),
            "sanbaiman": gettext_lazy("13 han or more is a sanbaiman."),
        }
    ),
    "multiple_yakuman": _yes_no(
        gettext_lazy("Several yakuman in one hand add up."),
        gettext_lazy("One yakuman at most in a hand."),
    ),
    "double_yakuman_hands": _yes_no(
        gettext_lazy(
            "Suuankou tanki, 13-wait kokushi, junsei chuuren and daisuushii are double yakuman."
        ),
        gettext_lazy("No double yakuman hands."),
    ),
    "double_wind_fu": lambda v: _("A pair of the seat and round wind is %(fu)s fu.") % {"fu": v},
    "kuitan": _yes_no(
        gettext_lazy("Open tanyao counts (kuitan)."), gettext_lazy("Tanyao must be closed.")
    ),
    "aka_dora": _red_fives,
    "pao_ron_honba": _by_value(
        {
            "discarder": gettext_lazy("With pao on a ron, the discarder pays the honba."),
            "liable": gettext_lazy("With pao on a ron, the liable player pays the honba."),
        }
    ),
    "pao_scope": _by_value(
        {
            "whole": gettext_lazy("Pao covers the whole of a composite yakuman."),
            "one_yakuman": gettext_lazy("Pao covers one yakuman of a composite yakuman."),
        }
    ),
    "chip_value": _points_or(
        gettext_lazy("No chips."), gettext_lazy("Chips: %(points)s points of result each.")
    ),
    "yakitori_penalty": _points_or(
        gettext_lazy("No yakitori penalty."),
        gettext_lazy("Yakitori: %(points)s off for a player who wins no hand."),
    ),
    "chombo": _by_value(
        {
            "reverse_mangan": gettext_lazy("A chombo is paid at the table as a reverse mangan."),
            "penalty": gettext_lazy("A chombo is a penalty off the final result."),
        }
    ),
    "chombo_penalty": _points_or(
        gettext_lazy("No chombo penalty."),
        gettext_lazy("A chombo takes %(points)s off the result."),
    ),
}


#: The parameters that say something only with some rules: a four-player ruleset has no
#: tsumo loss, a game without an extension nothing for one to end on, without tobi nobody
#: goes out, and where only the nearest winner wins there is no multi-ron to share.
_APPLIES: Final[dict[str, Callable[[Ruleset], bool]]] = {
    "sanma_tsumo": lambda rules: not rules.seating.has_north,
    "extension_end": lambda rules: rules.extension,
    "tobi_at_zero": lambda rules: rules.tobi,
    "tobi_bonus": lambda rules: rules.tobi,
    "multi_ron_sticks": lambda rules: rules.multi_ron is not MultiRon.HEAD_BUMP,
    "multi_ron_honba": lambda rules: rules.multi_ron is not MultiRon.HEAD_BUMP,
}


def applies(name: str, rules: Ruleset) -> bool:
    """Whether the parameter ``name`` has anything to say under ``rules``.

    >>> from scoring.rules import PRESETS
    >>> applies("sanma_tsumo", PRESETS["ema"]), applies("extension_end", PRESETS["ema"])
    (False, False)
    >>> applies("extension_end", PRESETS["tenhou"]), applies("uma", PRESETS["ema"])
    (True, True)
    """
    test = _APPLIES.get(name)
    return test is None or test(rules)


class Line(NamedTuple):
    name: str
    label: str | Promise
    sentence: str
    #: The preset's own sentence where this one differs from it, else "".
    preset_sentence: str


def describe(name: str, rules: Ruleset) -> str:
    """One parameter of ``rules`` as a sentence.

    >>> from scoring.rules import PRESETS
    >>> describe("start_points", PRESETS["tenhou"])
    'Each player starts with 25,000 points.'
    """
    return _SENTENCES[name](getattr(rules, name))


def rules_in_words(rules: Ruleset) -> list[tuple[Group, list[Line]]]:
    """Every parameter of ``rules`` that applies to them (``applies``) as a line, by group;
    those that differ from its preset carry the preset's line too."""
    changed = rules.overrides()
    preset = PRESETS[rules.preset]
    return [
        (
            group,
            [
                Line(
                    name,
                    LABELS[name],
                    describe(name, rules),
                    describe(name, preset) if name in changed else "",
                )
                for name in group.parameters
                if applies(name, rules)
            ],
        )
        for group in GROUPS
    ]
