"""Command line: ``python -m scoring score GAME.json``, ``table --rules NAME [--json]``,
``hand HAND.json``. Bad input prints one message and exits with status 1, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from scoring.errors import ScoringError
from scoring.rules import resolve_rules
from scoring.table import TableRow, payment_table


def _load(path: str, stdin: TextIO) -> Any:
    try:
        if path == "-":
            return json.load(stdin)
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise ScoringError(f"{path}: cannot read: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ScoringError(f"{path}: not JSON: {error}") from None


def _money(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


def _cell(row: TableRow) -> str:
    if row.tsumo is None:
        tsumo = "—"
    elif row.tsumo[1] is None:
        tsumo = f"{row.tsumo[0]:,} all"
    else:
        tsumo = f"{row.tsumo[0]:,}/{row.tsumo[1]:,}"
    return f"{_money(row.ron)} / {tsumo}"


def format_table(rows: Sequence[TableRow]) -> str:
    """The payment table as text: one line per han/fu, ``ron / tsumo`` per cell."""
    lines = []
    for dealer in (False, True):
        lines.append("Dealer" if dealer else "Non-dealer")
        for row in rows:
            if row.dealer != dealer:
                continue
            if row.han is None:
                label = "yakuman"
            elif row.fu is None:
                label = f"{row.han}+ han {row.limit or ''}".rstrip()
            else:
                label = f"{row.han} han {row.fu} fu"
            lines.append(f"  {label:<22} {_cell(row)}")
    return "\n".join(lines)


def _rules_arg(text: str) -> Any:
    text = text.strip()
    return json.loads(text) if text.startswith("{") else text


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score a game record (scorekeeper.game/1)")
    score.add_argument("game", help="GAME.json, or - for standard input")
    table = commands.add_parser("table", help="print the payment table of a ruleset")
    table.add_argument(
        "--rules",
        default="tenhou",
        help='a preset name, or a JSON object {"preset": ..., overrides}',
    )
    table.add_argument("--json", action="store_true", help="print JSON rows")
    hand = commands.add_parser("hand", help="value a winning hand (scorekeeper.hand/1)")
    hand.add_argument("hand", help="HAND.json, or - for standard input")
    args = parser.parse_args(argv)
    try:
        if args.command == "score":
            from scoring.record import score_document

            result: Any = score_document(_load(args.game, stdin))
        elif args.command == "hand":
            from scoring.calculator.score import calculate_hand

            result = calculate_hand(_load(args.hand, stdin))
        else:
            try:
                rules = resolve_rules(_rules_arg(args.rules))
            except json.JSONDecodeError as error:
                raise ScoringError(f"--rules: not JSON: {error}") from None
            rows = payment_table(rules)
            if not args.json:
                print(format_table(rows), file=out)
                return 0
            result = [row.to_json() for row in rows]
    except ScoringError as error:
        print(f"error: {error}", file=err)
        return 1
    json.dump(result, out, ensure_ascii=False, indent=1)
    out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
