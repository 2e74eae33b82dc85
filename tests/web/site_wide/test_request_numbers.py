"""Every number a request carries is read by one bounded reader (``scorekeeper.request_numbers``):
ASCII digits, at most eighteen of them. ``str.isdigit`` takes "²" and "①", which ``int``
then refuses with a server error; ``int`` takes Arabic digits and thousands of digits."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game
from scorekeeper.request_numbers import request_number

ROOT = Path(__file__).resolve().parents[3]
#: What a request is read from: the request, its query, form and headers.
REQUEST_NAMES = {"request", "query", "POST", "GET", "META", "headers", "COOKIES", "FILES"}


def _code() -> list[tuple[Path, ast.AST]]:
    out = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        if "migrations" in path.parts or path.name in ("gunicorn.conf.py", "request_numbers.py"):
            continue  # the environment's numbers, and the reader itself
        out.append((path.relative_to(ROOT), ast.parse(path.read_text())))
    return out


def _reads_the_request(node: ast.AST) -> bool:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name) and inner.id in REQUEST_NAMES:
            return True
        if isinstance(inner, ast.Attribute) and inner.attr in REQUEST_NAMES:
            return True
    return False


def test_no_code_tells_digits_with_isdigit_nor_reads_the_request_with_int():
    found = []
    for path, tree in _code():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in ("isdigit", "isnumeric"):
                found.append(f"{path}:{node.lineno} .{func.attr}()")
            is_int = isinstance(func, ast.Name) and func.id == "int"
            if is_int and any(_reads_the_request(arg) for arg in node.args):
                found.append(f"{path}:{node.lineno} int(<the request>)")
    assert found == []


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("0", 0),
        ("42", 42),
        ("9" * 18, 10**18 - 1),
        ("9" * 19, None),  # past an id column
        ("²", None),  # a digit to str.isdigit, not to int
        ("①", None),
        ("٣", None),  # an Arabic three: int takes it
        ("３", None),  # a full-width three: int takes it too
        (" 3", None),
        ("1_000", None),
        ("+1", None),
        ("-1", None),
        ("", None),
        ("5" * 5000, None),
    ],
)
def test_a_number_is_ascii_digits_and_bounded(text, number):
    assert request_number(text) == number


def test_a_superscript_dora_count_from_the_calculator_is_left_out_not_a_server_error(
    bob_client, game
):
    table = reverse("game_table", args=[game.pk])
    for count in ("²", "①", "5" * 5000, "٣"):
        response = bob_client.get(table, {"seat": "1", "han": "3", "dora": count, "ura": count})
        assert response.status_code == 200
        assert 'name="win_1_dora" value="' not in response.content.decode()
    response = bob_client.get(table, {"seat": "1", "han": "3", "dora": "2"})
    assert 'name="win_1_dora" value="2"' in response.content.decode()


def test_a_log_import_confirmed_with_a_superscript_ruleset_is_refused_not_a_server_error(
    alice_client,
):
    response = alice_client.post(reverse("log_import"), {"confirm": "1", "ruleset": "²"})
    assert response.status_code == 422
    assert Game.objects.count() == 0


def test_a_content_length_in_other_digits_is_a_bad_request(client):
    response = client.get(reverse("home"), CONTENT_LENGTH="١٢")
    assert response.status_code == 400
