"""``manage.py verify_games``: replay every game from its stored hands (from its start, with
its penalties) and compare the result with what is stored beside them.

The hands are the truth; a game's state, hand count, status, each seat's standings and
statistics and its wins' rows are a projection of them (``scorekeeper.club.projection``).
After a crash, a restore from backup or a hand-made SQL fix, this says whether every
projection still matches its hands. It changes nothing. Exit status 1 when any game
differs, each difference on its own line naming the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import QuerySet

from scorekeeper.club.models import Game
from scorekeeper.club.projection import project_game
from scorekeeper.club.wins import projected_win_facts, stored_win_facts
from scoring.errors import ScoringError


def game_mismatches(game: Game) -> Iterator[str]:
    """What differs between ``game``'s stored projection and the replay of its hands."""
    hands = sorted(game.hands.all(), key=lambda h: h.sequence)
    sequences = [h.sequence for h in hands]
    if sequences != list(range(game.hand_count)):
        yield (
            f"hand_count is {game.hand_count} but the stored hands are numbered "
            f"{_ranges(sequences) or 'none'} (expected {_ranges(range(game.hand_count)) or 'none'})"
        )
    seats = sorted(game.seats.all(), key=lambda s: s.number)
    try:
        rules = game.ruleset()
    except ScoringError as error:
        yield f"the stored rules are refused: {error}"
        return
    if game.players != rules.players:
        yield f"players is {game.players}, the rules have {rules.players}"
    # Three or four seats, as the rules seat them.
    numbers = list(rules.seating.seats)
    if [s.number for s in seats] != numbers:
        yield f"seats are {[s.number for s in seats]}, expected {numbers}"
        return
    try:
        expected = project_game(game, [h.to_hand() for h in hands])
    except ScoringError as error:
        yield f"the stored hands do not replay: {error}"
        return
    state = expected.state
    stored = game.state if isinstance(game.state, dict) else {}
    for key, value in state.to_json().items():
        if stored.get(key) != value:
            yield f"state.{key} is {stored.get(key)!r}, the hands give {value!r}"
    if game.status != expected.status:
        if expected.finished:
            reason = state.end_reason or "stopped early"
            yield f"status is {game.status}, but the game has ended ({reason})"
        else:
            yield (
                f"status is {game.status}, but the hands do not end the game and it was not stopped"
            )
    for seat, row in zip(seats, expected.seats, strict=True):
        for name, value in row.items():
            stored_value = getattr(seat, name)
            if stored_value != value:
                yield f"seat {seat.number} {name} is {stored_value!r}, the hands give {value!r}"
    stored_wins = stored_win_facts(game)
    expected_wins = projected_win_facts(game, [s.player_id for s in seats], expected)
    if stored_wins != expected_wins:
        yield f"the win rows are {stored_wins!r}, the hands give {expected_wins!r}"


def _ranges(numbers: Any) -> str:
    """``0-3, 5, 7-8``: a list of sequence numbers, short."""
    parts: list[str] = []
    run: list[int] = []
    for n in numbers:
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [n]
    if run:
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(parts)


class Command(BaseCommand):
    help = "Replay every game from its stored hands and report where the stored projection differs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int, help="only these games")

    def handle(self, *args: Any, game_ids: list[int], **options: Any) -> None:
        games: QuerySet[Game] = Game.objects.order_by("pk").prefetch_related(
            "seats", "hands", "win_records__yaku"
        )
        if game_ids:
            games = games.filter(pk__in=game_ids)
        checked = hand_total = bad = 0
        for game in games.iterator(chunk_size=100):
            checked += 1
            hand_total += len(game.hands.all())
            problems = list(game_mismatches(game))
            if problems:
                bad += 1
            for problem in problems:
                self.stderr.write(f"game {game.pk}: {problem}")
        if bad:
            raise CommandError(f"{bad} of {checked} games differ from their hands")
        self.stdout.write(
            f"{checked} games, {hand_total} hands: every game matches the replay of its hands."
        )
