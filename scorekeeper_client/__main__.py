"""``python -m scorekeeper_client``: record a hand from a line, undo, show a game, or only
read a line (``parse``). The club's address and the token come from ``--url`` and
``--token`` or from ``SCOREKEEPER_URL`` and ``SCOREKEEPER_TOKEN``.

    python -m scorekeeper_client start tenhou Aki Ben Chie Dan
    python -m scorekeeper_client record 12 "ron E 3 30 from S riichi E"
    python -m scorekeeper_client correct 12 1 "ron E 4 30 from S riichi E"
    python -m scorekeeper_client parse "tsumo S mangan"
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from scorekeeper_client.client import ApiError, Client
from scorekeeper_client.grammar import GrammarError, parse_line


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper_client", description=__doc__)
    parser.add_argument("--url", default=os.environ.get("SCOREKEEPER_URL", ""))
    parser.add_argument("--token", default=os.environ.get("SCOREKEEPER_TOKEN", ""))
    parser.add_argument("--language", default=os.environ.get("SCOREKEEPER_LANGUAGE", "en"))
    commands = parser.add_subparsers(dest="command", required=True)
    parse = commands.add_parser("parse", help="print the hand a line says, as JSON")
    parse.add_argument("line")
    parse.add_argument("--players", nargs="*", default=[], help="the names, East first")
    record = commands.add_parser("record", help="record the hand a line says")
    record.add_argument("game", type=int)
    record.add_argument("line")
    record.add_argument("--sequence", type=int, help="the number of hands seen (default: now)")
    start = commands.add_parser("start", help="start a game of the club's players")
    start.add_argument("rules", help="a preset: tenhou, ema, wrc, ...")
    start.add_argument("players", nargs="+", help="the names, East first")
    start.add_argument("--table", default="", help="the table's label")
    correct = commands.add_parser("correct", help="put the hand a line says in place of one")
    correct.add_argument("game", type=int)
    correct.add_argument("number", type=int, help="the hand's number, from 1")
    correct.add_argument("line")
    show = commands.add_parser("show", help="a game's scores")
    show.add_argument("game", type=int)
    undo = commands.add_parser("undo", help="undo a game's last hand")
    undo.add_argument("game", type=int)
    return parser.parse_args(argv)


def _scores(game: dict[str, Any]) -> str:
    about = game["game"]
    hands = game.get("hands")
    last = hands[-1]["scores"] if hands else None
    lines = [f"game {about['id']} ({about['status']}), {about['hand_count']} hands"]
    if last is not None:
        lines += [f"  {name}: {points}" for name, points in zip(game["players"], last, strict=True)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(argv)
    try:
        if args.command == "parse":
            print(json.dumps(parse_line(args.line, players=args.players)))
            return 0
        if not args.url or not args.token:
            print("give --url and --token (or SCOREKEEPER_URL, SCOREKEEPER_TOKEN)", file=sys.stderr)
            return 2
        client = Client(args.url, args.token, language=args.language)
        if args.command == "record":
            game = client.game(args.game)
            hand = parse_line(args.line, players=game["players"])
            sequence = args.sequence if args.sequence is not None else game["game"]["hand_count"]
            answer = client.record(args.game, hand, sequence=sequence)
            played = answer["hand"]
            words = "again: " if answer.get("repeated") else ""
            print(f"{words}hand {answer['sequence'] + 1} ({played['round']}) recorded")
            for name, delta, points in zip(
                answer["game"]["players"], played["deltas"], played["scores"], strict=True
            ):
                print(f"  {name}: {delta:+} -> {points}")
        elif args.command == "start":
            game = client.start(args.rules, args.players, table_label=args.table)
            print(f"game {game['game']['id']} started: {', '.join(game['players'])}")
        elif args.command == "correct":
            game = client.game(args.game)
            hand = parse_line(args.line, players=game["players"])
            answer = client.correct(args.game, args.number, hand)
            played = answer["hand"]
            print(f"hand {args.number} ({played['round']}) corrected")
            for name, delta, points in zip(
                answer["game"]["players"], played["deltas"], played["scores"], strict=True
            ):
                print(f"  {name}: {delta:+} -> {points}")
        elif args.command == "show":
            print(_scores(client.game(args.game)))
        else:
            answer = client.undo(args.game)
            print(f"undone: hand {answer['game']['game']['hand_count'] + 1}")
    except GrammarError as error:
        print(f"not read: {error}", file=sys.stderr)
        return 2
    except ApiError as error:
        print(f"refused ({error.code}): {error.text}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
