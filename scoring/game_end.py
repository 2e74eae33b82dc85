"""The end of the game: tobi, agari-yame and tenpai-yame, the last hand and extension rounds.

The end follows ``docs/rules/reference.md`` section 2.8 and the table of RULES.md "Version 2
parameters": where agari-yame and tenpai-yame apply, where ``end: true`` is accepted, and that
an extension lasts until the deal passes from that wind's fourth dealer. Each variant is a
``Ruleset`` field (``tobi``, ``agari_yame``, ``tenpai_yame``, ``extension``, ``extension_end``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from scoring.errors import Refuse
from scoring.outcomes import Draw, Hand, Win
from scoring.rule_values import ExtensionEnd, Ties, Yame
from scoring.rules import Ruleset
from scoring.seats import Seat
from scoring.state import EndReason, GameState


def _is_top(scores: Sequence[int], seat: Seat, rules: Ruleset) -> bool:
    """Whether ``seat`` is alone in 1st (equal points rank by seat under ``seat_order``)."""
    mine = scores[seat]
    split = rules.ties is Ties.SPLIT
    for other, points in enumerate(scores):
        if other != seat and (points > mine or (points == mine and (split or other < seat))):
            return False
    return True


def _gone(rules: Ruleset, scores: Sequence[int]) -> bool:
    """Whether a score ends the game by tobi: below 0, or exactly 0 with ``tobi_at_zero``."""
    if not rules.tobi:
        return False
    low = min(scores)
    return low < 0 or (low == 0 and rules.tobi_at_zero)


def _yame(rules: Ruleset, kind: type[Win] | type[Draw] | None) -> Yame:
    """The yame rule that applies to a hand: agari-yame to a win, tenpai-yame to an exhaustive
    draw, none to an abortive draw or a chombo."""
    if kind is Win:
        return rules.agari_yame
    if kind is Draw:
        return rules.tenpai_yame
    return Yame.NONE


def next_round(
    state: GameState,
    hand: Hand,
    rules: Ruleset,
    scores: Sequence[int],
    keeps: bool,
    kind: type[Win] | type[Draw] | None,
    refuse: Refuse,
) -> tuple[int, EndReason | None]:
    """The next round index and why the game ended, if it did (reference 2.8; RULES.md
    "Version 2 parameters"). ``keeps``: the dealer keeps the deal; ``kind``: ``Win`` for a
    win, ``Draw`` for an exhaustive draw, ``None`` for an abortive draw or a chombo."""
    r = state.round_index
    last = rules.last_round
    target = rules.target_points
    yame = _yame(rules, kind)
    end: tuple[int, EndReason | None]
    stoppable = False
    if _gone(rules, scores):
        end = (r, EndReason.TOBI)
    elif kind is None or r < last:
        end = (r if keeps else rules.seating.next_round(r), None)
    elif keeps:
        dealer = state.dealer
        # The dealer may stop (or must) only while alone in 1st and, where the ruleset has
        # target points, with them: an extension still looking for somebody to reach
        # them never stops on the dealer's choice.
        stoppable = _is_top(scores, dealer, rules) and (target is None or scores[dealer] >= target)
        reason = EndReason.AGARI_YAME if kind is Win else EndReason.TENPAI_YAME
        if (stoppable and yame is Yame.AUTOMATIC) or (
            stoppable and yame is Yame.OPTIONAL and hand.end
        ):
            end = (r, reason)
        elif (
            r > last
            and rules.extension_end is ExtensionEnd.ANY_HAND
            and target is not None
            and max(scores) >= target
        ):
            end = (r, EndReason.EXTENSION_OVER)
        else:
            # A dealer who keeps the deal plays on, in West 4 too: the extension lasts until
            # the deal passes from its fourth dealer (RULES.md; the Tenhou log that played
            # West 4 with 2 honba).
            end = (r, None)
    elif not rules.extension:
        end = (r, EndReason.LAST_HAND)
    elif target is not None and max(scores) >= target:
        end = (r, EndReason.LAST_HAND if r == last else EndReason.EXTENSION_OVER)
    elif r >= last + 4:
        # The last round of the extension's wind (West 4, or West 3 with three players):
        # a round index is ``wind * 4 + dealer`` whatever the number of players.
        end = (r, EndReason.EXTENSION_OVER)
    else:
        end = (rules.seating.next_round(r), None)
    if hand.end:
        _check_stop(yame, stoppable, end[1], kind, rules, refuse)
    return end


def _check_stop(
    yame: Yame,
    stoppable: bool,
    reason: EndReason | None,
    kind: type[Win] | type[Draw] | None,
    rules: Ruleset,
    refuse: Refuse,
) -> None:
    """Refuse ``end: true`` where RULES.md does not accept it: under ``optional`` only where
    the dealer may stop, under ``automatic`` only on the hand that ends the game anyway,
    under ``none`` never."""
    what = "agari-yame" if kind is Win else "tenpai-yame" if kind is Draw else "yame"
    match yame:
        case Yame.NONE:
            refuse(
                "end",
                f"the game cannot be stopped by choice here: these rules have no {what} "
                "for this hand",
                code="end.no_yame",
                values={"what": what},
            )
        case Yame.OPTIONAL:
            if not stoppable:
                target = rules.target_points
                refuse(
                    "end",
                    "the game can be stopped by choice only after an all-last hand that the "
                    f"dealer {'wins' if kind is Win else 'is tenpai in'} while alone in 1st"
                    + (f" with {target} points or more" if target is not None else ""),
                    code=(
                        ("end.optional_yame.win" if kind is Win else "end.optional_yame.tenpai")
                        if target is None
                        else (
                            "end.optional_yame.win_target"
                            if kind is Win
                            else "end.optional_yame.tenpai_target"
                        )
                    ),
                    values={"target": target},
                )
        case Yame.AUTOMATIC:
            if reason is None:
                refuse(
                    "end",
                    f"the game cannot be stopped by choice here: under these rules {what} "
                    "ends the game by itself, and this hand does not end it",
                    code="end.automatic_yame",
                    values={"what": what},
                )
        case _:
            assert_never(yame)
