"""Every refusal the engine raises carries a code (a stable dotted name) and the values its
sentence needs, so that a reader in another language can word it; the English message stays
the engine's own."""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import scoring
from scoring import errors
from scoring.calculator.input import HandInput
from scoring.calculator.score import score_hand
from scoring.errors import IllegalHand, IllegalWin, RecordError, RulesError, ScoringError
from scoring.game import play_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.payments import win_value
from scoring.record import read_record
from scoring.rules import PRESETS, resolve_rules
from scoring.state import EndReason, start_state

ENGINE = Path(inspect.getfile(scoring)).parent
#: Calls that refuse: the engine's error classes and the helpers that build or raise them.
HELPERS = {"refuse", "raise_refusal", "record_error", "Refusal"}
#: A code: dotted lowercase words, e.g. ``win.impossible_han_fu.ron_20_fu``.
CODE = re.compile(r"[a-z][a-z_]*(?:\.[a-z0-9_]+)+")


def _error_class_names() -> set[str]:
    names = set()
    pending = [ScoringError]
    while pending:
        cls = pending.pop()
        names.add(cls.__name__)
        pending.extend(cls.__subclasses__())
    return names


def _modules() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(ENGINE.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _called_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def refusal_sites() -> list[tuple[str, ast.Call]]:
    """Every call in the engine that builds or raises a refusal, with its place."""
    import scoring.calculator.score  # noqa: F401 (their error classes join the tree)

    refusing = _error_class_names() | HELPERS
    sites = []
    for path, module in _modules():
        for node in ast.walk(module):
            if isinstance(node, ast.Call) and _called_name(node) in refusing:
                sites.append((f"{path.relative_to(ENGINE.parent)}:{node.lineno}", node))
    return sites


def engine_codes() -> set[str]:
    """Every code the engine can give: the string constants in a ``code=`` argument, and the
    constants shaped like a code of a known family elsewhere (tables of checks, the
    ``(message, code)`` pairs some checks return)."""
    given = set()
    for _, call in refusal_sites():
        for keyword in call.keywords:
            if keyword.arg == "code":
                given |= {
                    node.value
                    for node in ast.walk(keyword.value)
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)
                }
    for _, module in _modules():
        for node in ast.walk(module):
            # The ``(message, code, ...)`` a check returns for its caller to raise.
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
                given |= {
                    item.value
                    for item in node.value.elts
                    if isinstance(item, ast.Constant)
                    and isinstance(item.value, str)
                    and CODE.fullmatch(item.value)
                }
    families = {code.split(".")[0] for code in given}
    found = set(given)
    for _, module in _modules():
        # A constant passed to a call is a field's path (``"ron.wins"``), not a code.
        arguments = {
            id(argument)
            for node in ast.walk(module)
            if isinstance(node, ast.Call)
            for argument in node.args
        }
        for node in ast.walk(module):
            if (
                id(node) not in arguments
                and isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and CODE.fullmatch(node.value)
                and node.value.split(".")[0] in families
            ):
                found.add(node.value)
    return found


def test_the_walk_finds_the_refusals_of_every_part_of_the_engine():
    files = {place.split(":")[0] for place, _ in refusal_sites()}
    for part in ("game.py", "record.py", "rule_values.py", "payments.py", "calculator/input.py"):
        assert f"scoring/{part}" in files
    assert len(refusal_sites()) > 100


def test_every_refusal_in_the_engine_gives_a_code():
    """A raise without ``code=`` (or with an empty or composed one) is named here."""
    missing = []
    for place, call in refusal_sites():
        keyword = next((k for k in call.keywords if k.arg == "code"), None)
        if keyword is None:
            if "errors.py" in place and _called_name(call) == "Refusal":
                continue  # pragma: no cover (raise_refusal passes code on by name)
            missing.append(place)
            continue
        value = keyword.value
        if isinstance(value, ast.Constant) and not (
            isinstance(value.value, str) and CODE.fullmatch(value.value)
        ):
            missing.append(f"{place} (code {value.value!r})")
        if isinstance(value, ast.JoinedStr | ast.BinOp):
            missing.append(f"{place} (a composed code: write each one out)")
    assert missing == []


def test_codes_are_dotted_names():
    codes = engine_codes()
    assert {"hand.after_end", "win.impossible_han_fu.ron_20_fu", "rules.out_of_range"} <= codes
    assert all(CODE.fullmatch(code) for code in codes)


# What the values hold, for the refusals the site words most often.


def test_an_impossible_han_and_fu_says_which():
    with pytest.raises(IllegalWin) as caught:
        win_value(PRESETS["tenhou"], han=1, fu=20, tsumo=False)
    error = caught.value
    assert str(error) == "20 fu cannot be won by ron (a closed ron has 30 fu at least)"
    assert error.code == "win.impossible_han_fu.ron_20_fu"
    assert error.values == {"han": 1, "fu": 20, "tsumo": False}


def test_an_impossible_win_in_a_hand_keeps_its_code_and_values_and_its_place():
    rules = PRESETS["tenhou"]
    hand = Hand(Ron(discarder=1, wins=(Win(winner=0, han=1, fu=20),)))
    with pytest.raises(IllegalHand) as caught:
        play_hand(start_state(rules), hand, rules, index=3)
    error = caught.value
    assert error.where == "hands[3] (E1).ron.wins[0]"
    assert error.message == "20 fu cannot be won by ron (a closed ron has 30 fu at least)"
    assert (error.code, error.values) == (
        "win.impossible_han_fu.ron_20_fu",
        {"han": 1, "fu": 20, "tsumo": False},
    )


def test_a_hand_after_the_end_names_why_the_game_ended():
    rules = PRESETS["tenhou"]
    ended = start_state(rules)._replace(end_reason=EndReason.TOBI)
    hand = Hand(Ron(discarder=1, wins=(Win(winner=0, han=2, fu=30),)))
    with pytest.raises(IllegalHand) as caught:
        play_hand(ended, hand, rules, index=9)
    error = caught.value
    assert str(error) == "hands[9] (E1): the game has already ended (tobi)"
    assert (error.code, error.values) == ("hand.after_end", {"reason": "tobi"})


def test_a_bad_ruleset_value_names_the_parameter_and_the_bounds():
    with pytest.raises(RulesError) as caught:
        resolve_rules({"preset": "ema", "uma": [15000, 5000, -5000, -10000]})
    error = caught.value
    assert str(error) == "rules.uma: the four values must sum to 0, they sum to 5000"
    assert (error.code, error.values) == (
        "rules.uma_sum",
        {"parameter": "uma", "sum": 5000, "players": 4},
    )


def test_three_uma_values_that_do_not_sum_to_zero_have_the_same_code_as_four():
    with pytest.raises(RulesError) as caught:
        resolve_rules({"preset": "tenhou_sanma", "uma": [15000, 0, -10000]})
    error = caught.value
    assert str(error) == "rules.uma: the three values must sum to 0, they sum to 5000"
    assert (error.code, error.values) == (
        "rules.uma_sum",
        {"parameter": "uma", "sum": 5000, "players": 3},
    )


def test_a_rules_refusal_inside_a_record_keeps_its_code():
    doc = {"format": "scorekeeper.game/1", "rules": {"preset": "ema", "start_points": 10**9}}
    doc |= {"players": ["A", "B", "C", "D"], "hands": []}
    with pytest.raises(RecordError) as caught:
        read_record(doc)
    assert caught.value.where == "rules.start_points"
    assert caught.value.code == "rules.out_of_range"
    assert caught.value.values["parameter"] == "start_points"


def test_the_calculator_refusals_carry_codes_too():
    hand = HandInput.from_json({"closed": "123m456p789s222s11z", "win_tile": "2s"})
    with pytest.raises(ScoringError) as caught:
        score_hand(hand)
    assert caught.value.code == "hand.no_yaku"
    assert caught.value.values == {"tiles": "123m456p222789s11z"}


def test_an_error_without_a_code_still_reads_as_before():
    error = errors.LocatedError("players", "missing")
    assert (str(error), error.code, error.values) == ("players: missing", "", {})
