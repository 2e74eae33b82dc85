"""What depends on the number of players is asked of the one ``Seating`` value
(``scoring/seats.py``): no module of the engine, the site or the client branches on the
number of players itself.

The test reads every module with ``ast`` and lists:
- a comparison of a number-of-players expression with 3 or 4 (or with a tuple holding them):
  a name or attribute called ``players``/``player_count``, or ``len()`` of a per-seat
  sequence (``len(names) == 3``, ``len(paid) == 4``);
- ``% 4`` and ``// 4`` (round indices go by ``ROUNDS_PER_WIND``);
- ``range(3)`` and ``range(4)``;
- per-seat defaults written out: a literal tuple or list of three or four zeros (or
  ``False``), and ``[0] * 4`` or ``(None,) * 3``.

Outside ``scoring/seats.py``, which owns the value, each finding must be one of ``ALLOWED``,
each there for a reason that is not the number of players.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "scorekeeper", "scorekeeper_client")
#: The module that owns the number of players and all that follows from it.
OWNERS = frozenset({"scoring/seats.py"})

#: Names that hold a number of players.
PLAYER_NAMES = frozenset({"players", "player_count", "players_count"})
#: Names of sequences with one item per seat: their ``len()`` is the number of players.
PER_SEAT = frozenset(
    {"players", "names", "scores", "seats", "paid", "deltas", "changes", "chips", "won"}
    | {"riichi", "tenpai", "points"}
)
COUNTS = (3, 4)

#: Findings that are not about the number of players, by (module, enclosing function or
#: ``<module>``, source): the reason is the value.
ALLOWED: dict[tuple[str, str, str], str] = {
    # A tile's id among the 136 is its kind times the four copies of a tile.
    ("scoring/calculator/readings.py", "valued_readings", "tile_id // 4"): "four copies of a tile",
    ("scoring/calculator/yaku.py", "reading_yaku", "win_id // 4"): "four copies of a tile",
    ("scoring/calculator/yaku.py", "_triplet_yaku", "win_id // 4"): "four copies of a tile",
    # The dora after a wind indicator: East, South, West, North, East again (four winds).
    ("scoring/calculator/tiles.py", "_next_in_group", "(kind - 27 + 1) % 4"): "the four wind tiles",
    # The red fives counted per suit: man, pin, sou.
    ("scoring/calculator/input.py", "_counts_fit", "[0, 0, 0]"): "the three suits",
    # A win's dora, ura dora and red fives as a log gives them.
    ("scoring/logs/mjlog.py", "_win", "[0, 0, 0]"): "dora, ura dora, red fives",
    ("scoring/logs/tenhou6.py", "_win", "[0, 0, 0]"): "dora, ura dora, red fives",
    # A Tenhou win's first three items: the winner, the discarder and the liable player.
    ("scoring/logs/tenhou6.py", "_win", "range(3)"): "winner, discarder, pao",
}


def _terminal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_players(node: ast.expr) -> bool:
    """Whether ``node`` is a number of players: ``players``, ``rules.players``,
    ``len(names)``."""
    if _terminal(node) in PLAYER_NAMES:
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len":
        return len(node.args) == 1 and _terminal(node.args[0]) in PER_SEAT
    return False


def _is_count(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value in COUNTS


def _holds_count(node: ast.expr) -> bool:
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and any(map(_is_count, node.elts))


def _is_blank(node: ast.expr) -> bool:
    """A per-seat starting value: 0, ``False`` or ``None``."""
    return isinstance(node, ast.Constant) and node.value in (0, False, None)


def _finding(node: ast.AST) -> bool:
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        return any(
            (_is_players(a) and (_is_count(b) or _holds_count(b)))
            or (_is_players(b) and _is_count(a))
            for a, b in pairwise(sides)
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.FloorDiv):
        return isinstance(node.right, ast.Constant) and node.right.value == 4
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for count, seq in ((node.right, node.left), (node.left, node.right)):
            if _is_count(count) and isinstance(seq, ast.Tuple | ast.List):
                return len(seq.elts) == 1 and _is_blank(seq.elts[0])
        return False
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id == "range" and len(node.args) == 1 and _is_count(node.args[0])
    if isinstance(node, ast.Tuple | ast.List):
        elements = node.elts
        return len(elements) in COUNTS and all(
            isinstance(e, ast.Constant) and e.value is not None and _is_blank(e) for e in elements
        )
    return False


def findings(source: str, module: str = "<test>") -> Iterator[tuple[str, str, str]]:
    """Each finding in ``source``: its module, its enclosing function and its source."""

    def walk(node: ast.AST, scope: str) -> Iterator[tuple[str, str, str]]:
        for child in ast.iter_child_nodes(node):
            is_function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            inner = child.name if is_function else scope
            if _finding(child):
                yield module, scope, ast.get_source_segment(source, child) or ""
            yield from walk(child, inner)

    yield from walk(ast.parse(source), "<module>")


def _modules() -> list[Path]:
    return [
        path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_no_module_branches_on_the_number_of_players_outside_the_seating():
    modules = _modules()
    assert len(modules) > 100
    found = [
        finding
        for path in modules
        if (module := path.relative_to(ROOT).as_posix()) not in OWNERS
        for finding in findings(path.read_text(), module)
    ]
    assert [finding for finding in found if finding not in ALLOWED] == []


def test_every_allowance_is_still_needed():
    # An allowance whose code has gone would let the same words back in unseen elsewhere.
    found = {
        finding
        for path in _modules()
        for finding in findings(path.read_text(), path.relative_to(ROOT).as_posix())
    }
    assert sorted(set(ALLOWED) - found) == []


def test_the_finder_sees_the_branches_it_is_for():
    source = """
def pay(rules, names, paid, round_index):
    if rules.players == 3:
        pass
    three = len(names) == 3
    four = 4 == len(paid)
    kinds = players in (3, 4)
    dealer = round_index % 4
    seats = range(4)
    chips = (0, 0, 0, 0)
    won = [False] * 4
"""
    found = list(findings(source))
    assert {scope for _, scope, _ in found} == {"pay"}
    assert [text for _, _, text in found] == [
        "rules.players == 3",
        "len(names) == 3",
        "4 == len(paid)",
        "players in (3, 4)",
        "round_index % 4",
        "range(4)",
        "(0, 0, 0, 0)",
        "[False] * 4",
    ]


def test_the_finder_leaves_numbers_that_are_not_players_alone():
    source = """
def count(kinds, yakuman, winners, melds):
    a = len(kinds) == 3
    b = yakuman == 3
    c = len(winners) == 3
    d = len(melds) != 4
    e = (0, 0)
    f = [0] * 34
    g = tile % 9
    h = players <= 40
"""
    assert list(findings(source)) == []
