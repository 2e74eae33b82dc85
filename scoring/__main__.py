"""Command line: ``python -m scoring score GAME.json``, ``table --rules NAME [--json]``,
``hand HAND.json``, ``convert LOG [--rules NAME]`` (a Tenhou or Mahjong Soul log made into a
game record, checked against the log's own numbers). Bad input prints one message and exits
with status 1, never a traceback."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, Final, TextIO

from scoring.errors import ScoringError
from scoring.rules import Ruleset, resolve_rules
from scoring.table import TableRow, payment_table

#: The largest document read: a record of the most hands a record may hold is far smaller.
MAX_DOCUMENT: Final = 4_000_000


def _unreadable(path: str, error: OSError) -> ScoringError:
    """A file the command line was given that cannot be read, naming it and why."""
    return ScoringError(
        f"{path}: cannot read: {error.strerror}",
        code="file.unreadable",
        values={"path": path, "reason": error.strerror},
    )


def _load(path: str, stdin: TextIO) -> Any:
    try:
        if path == "-":
            text = stdin.read(MAX_DOCUMENT + 1)
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read(MAX_DOCUMENT + 1)
    except OSError as error:
        raise _unreadable(path, error) from None
    except UnicodeDecodeError as error:
        raise ScoringError(
            f"{path}: not JSON: {error.reason}",
            code="file.not_json",
            values={"path": path, "reason": error.reason},
        ) from None
    # The length is checked before the text is decoded.
    if len(text) > MAX_DOCUMENT:
        raise ScoringError(
            f"{path}: longer than {MAX_DOCUMENT:,} characters",
            code="file.too_long",
            values={"path": path, "most": MAX_DOCUMENT},
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ScoringError(
            f"{path}: not JSON: {error.msg} at line {error.lineno}",
            code="file.not_json",
            values={"path": path, "reason": f"{error.msg} at line {error.lineno}"},
        ) from None


def _load_log(path: str, stdin: TextIO) -> bytes:
    """A log's bytes (the converter tells the format from them), read no further than its
    limit."""
    from scoring.logs.convert import MAX_LOG_BYTES

    try:
        if path == "-":
            data = (
                stdin.buffer.read(MAX_LOG_BYTES + 1)
                if hasattr(stdin, "buffer")
                else (stdin.read(MAX_LOG_BYTES + 1).encode())
            )
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_LOG_BYTES + 1)
    except OSError as error:
        raise _unreadable(path, error) from None
    return data


def _log_id(path: str) -> str:
    """The log id a file's name gives (Tenhou's ``2019021004gm-00a9-0000-e2f6516d.xml``):
    the name without its extensions, where it looks like one."""
    stem = Path(path).name.split(".")[0].split("&")[0]
    return stem if path != "-" and len(stem) > 10 and "gm-" in stem else ""


@contextmanager
def _cycle_collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a record is read, replayed and written: the
    engine's values hold no reference cycles, and the collector's passes over the thousands
    of fresh values a record makes cost as much as the scoring itself."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _dump(rows: list[Any], out: TextIO) -> None:
    """A list as JSON, one item a line (the C encoder; an indented ``json.dump`` takes the
    pure-Python one)."""
    encode = json.JSONEncoder(ensure_ascii=False).encode
    out.write("[\n" + ",\n".join(" " + encode(row) for row in rows) + "\n]")


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
    # A ruleset spec is a few hundred characters: the length is checked before decoding.
    if len(text) > MAX_RULES_ARG:
        raise ScoringError(
            f"--rules: longer than {MAX_RULES_ARG:,} characters",
            code="file.too_long",
            values={"path": "--rules", "most": MAX_RULES_ARG},
        )
    text = text.strip()
    return json.loads(text) if text.startswith("{") else text


MAX_RULES_ARG: Final = 10_000


def _resolve_rules_arg(text: str) -> Ruleset:
    try:
        return resolve_rules(_rules_arg(text))
    except json.JSONDecodeError as error:
        raise ScoringError(
            f"--rules: not JSON: {error}",
            code="file.not_json",
            values={"path": "--rules", "reason": str(error)},
        ) from None


@cache
def _parser() -> argparse.ArgumentParser:
    # Built once: the arguments never change.
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
    convert = commands.add_parser(
        "convert", help="make a game record from a Tenhou mjlog XML or tenhou.net/6 JSON log"
    )
    convert.add_argument("log", help="the log file, or - for standard input")
    convert.add_argument(
        "--rules",
        default=None,
        help="a preset name or a JSON ruleset to check the log under (default: the "
        "platform's, read from the log)",
    )
    return parser


def _plain_score(argv: Sequence[str]) -> argparse.Namespace | None:
    """The arguments of the plainest call, ``score GAME.json`` (or ``score -``), as argparse
    would read them, without building the parser: building it costs more than scoring a
    game. Anything else (an option, a missing or extra argument) goes to argparse."""
    if len(argv) == 2 and argv[0] == "score" and (argv[1] == "-" or argv[1][:1] != "-"):
        return argparse.Namespace(command="score", game=argv[1])
    return None


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    args = _plain_score(sys.argv[1:] if argv is None else argv) or _parser().parse_args(argv)
    try:
        if args.command == "score":
            from scoring.record import read_record
            from scoring.record_output import scored_text

            with _cycle_collector_paused():
                text = scored_text(*read_record(_load(args.game, stdin)))
            out.write(text + "\n")
            return 0
        elif args.command == "convert":
            from scoring.logs.convert import convert_log
            from scoring.record import record_to_json

            rules = None if args.rules is None else _resolve_rules_arg(args.rules)
            imported = convert_log(
                _load_log(args.log, stdin), rules=rules, log_id=_log_id(args.log)
            )
            json.dump(record_to_json(imported.record), out, ensure_ascii=False, indent=1)
            out.write("\n")
            return 0
        elif args.command == "hand":
            from scoring.calculator.score import calculate_hand

            result: Any = calculate_hand(_load(args.hand, stdin))
        else:
            rows = payment_table(_resolve_rules_arg(args.rules))
            if not args.json:
                print(format_table(rows), file=out)
                return 0
            result = [row.to_json() for row in rows]
    except ScoringError as error:
        print(f"error: {error}", file=err)
        return 1
    if args.command == "hand":
        json.dump(result, out, ensure_ascii=False, indent=1)
    else:
        _dump(result, out)
    out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
