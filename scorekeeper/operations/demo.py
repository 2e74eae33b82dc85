"""Demo data: a club's two years of games, made of random but legal hands.

Every hand is drawn from rough real-world frequencies (ron ~45%, tsumo ~25%, exhaustive draw
~20% with its tenpai players, riichi now and then, rare multi-ron, nagashi, abortive draws,
chombo and yakuman where the rules have them; han and fu from a plausible spread) and played
by the engine (``scoring.game.play_hand``); a draw the engine refuses is drawn again. Games
run until their rules end them. The same ``seed`` and ``today`` give the same club.

Games are stored in bulk (with the projection the services would keep), so ten thousand games
take well under a minute of database work.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Final

from django.db import transaction

from scorekeeper.club.models import Game, HandRecord, Player, SavedRuleset, Season, Seat
from scorekeeper.club.projection import Projection, project
from scorekeeper.club.signals import first_moment, games_changed_since
from scorekeeper.club.wins import StoredWin, store_wins, stored_wins
from scorekeeper.operations.bulk import stored_seats
from scoring.errors import IllegalHand
from scoring.game import play_hand
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.payments import FU_VALUES, impossible_reason
from scoring.record_hand import hand_to_json
from scoring.rules import PRESETS, Ruleset, resolve_rules
from scoring.state import GameState, Replay, start_state

NAMES: Final = (
    "Aki",
    "Ben",
    "Chie",
    "Dan",
    "Emma",
    "Felix",
    "Grace",
    "Hiro",
    "Isabel",
    "Jonas",
    "Kenji",
    "Lena",
    "Marco",
    "Nora",
    "佐藤",
    "鈴木",
    "高橋",
    "田中",
    "渡辺 さくら",
    "O'Brien",
)

#: Saved rulesets of the demo club: (name, preset, overrides).
SAVED: Final = (
    ("Club rules", "wrc", {"aka_dora": 3}),
    ("Tonpuusen nights", "tenhou", {"length": "tonpuusen"}),
)
#: Which ruleset a game is played under, by weight.
RULESET_WEIGHTS: Final = (
    ("Club rules", 45),
    ("tenhou", 20),
    ("Tonpuusen nights", 10),
    ("ema", 10),
    ("mleague", 8),
    ("mahjongsoul", 7),
    # A three-player table, when a fifth player turns up.
    ("tenhou_sanma", 8),
    ("mahjongsoul_sanma", 4),
)
HAN_WEIGHTS: Final = (22, 26, 20, 12, 8, 4, 2, 2.5, 0.8, 0.4, 0.3, 0.1, 0.1)
FU_WEIGHTS: Final = dict(zip(FU_VALUES, (6, 5, 45, 24, 9, 5, 2, 1.5, 1, 0.8, 0.5), strict=True))
#: A game that has not ended after this many hands is stopped there (it never happens with
#: the weights above, but a loop needs a bound).
MAX_HANDS: Final = 80


@dataclass(frozen=True, slots=True)
class DemoGame:
    """One generated game, ready to store."""

    ruleset_name: str
    rules: Ruleset
    #: The players' ids in seat order: three or four, as the rules have it.
    players: tuple[int, ...]
    hands: tuple[Hand, ...]
    replay: Replay
    status: str
    stopped_early: bool
    table_label: str
    created_at: datetime
    finished_at: datetime | None
    recorded_at: tuple[datetime, ...]


def _han(rng: random.Random, riichi: bool) -> int:
    han = rng.choices(range(1, 14), HAN_WEIGHTS)[0]
    return min(han + 1, 13) if riichi and han < 5 else han


def _win(rng: random.Random, winner: int, rules: Ruleset, *, tsumo: bool, riichi: bool) -> Win:
    if rng.random() < 0.004:
        double = rules.double_yakuman_hands or rules.multiple_yakuman
        return Win(winner=winner, yakuman=2 if double and rng.random() < 0.1 else 1)
    han = _han(rng, riichi)
    if han >= 5:
        return Win(winner=winner, han=han)
    while True:
        fu = rng.choices(list(FU_WEIGHTS), list(FU_WEIGHTS.values()))[0]
        if impossible_reason(han, fu, tsumo=tsumo) is None:
            return Win(winner=winner, han=han, fu=fu)


def _riichi(rng: random.Random, state: GameState, rules: Ruleset) -> tuple[int, ...]:
    return tuple(
        seat
        for seat in rules.seating.seats
        if rng.random() < 0.16 and (rules.riichi_below_1000 or state.scores[seat] >= 1000)
    )


def sample_hand(rng: random.Random, state: GameState, rules: Ruleset) -> Hand:
    """A plausible hand for this moment of the game (the engine still has to accept it)."""
    seats = rules.seating.seats
    roll = rng.random()
    if roll < 0.004:
        return Hand(Chombo(rng.choice(seats)))
    if roll < 0.03 and rules.abortive_draws:
        reasons = [r for r in rules.abortive_draws if r != "suucha_riichi"]
        if reasons:
            return Hand(Abort(AbortReason(rng.choice(reasons))))
    riichi = _riichi(rng, state, rules)
    weights = [3.0 if seat in riichi else 1.0 for seat in seats]
    winner = rng.choices(seats, weights)[0]
    if roll < 0.48:
        discarder = rng.choice([s for s in seats if s != winner])
        winners = [winner]
        if rules.multi_ron != "head_bump" and rng.random() < 0.02:
            winners.append(rng.choice([s for s in seats if s not in (winner, discarder)]))
        wins = tuple(_win(rng, w, rules, tsumo=False, riichi=w in riichi) for w in sorted(winners))
        return Hand(Ron(discarder, wins), riichi=riichi)
    if roll < 0.73:
        return Hand(Tsumo(_win(rng, winner, rules, tsumo=True, riichi=winner in riichi)), riichi)
    if rules.nagashi_mangan and rng.random() < 0.01:
        return Hand(Draw(nagashi=(rng.choice(seats),)), riichi)
    tenpai = tuple(s for s in seats if s in riichi or rng.random() < 0.4)
    return Hand(Draw(tenpai=tenpai), riichi)


def play_demo_game(rng: random.Random, rules: Ruleset) -> tuple[list[Hand], Replay]:
    """Hands drawn and played until the rules end the game."""
    start = state = start_state(rules)
    hands: list[Hand] = []
    results = []
    while not state.finished and len(hands) < MAX_HANDS:
        for _ in range(50):
            hand = sample_hand(rng, state, rules)
            try:
                result = play_hand(state, hand, rules, index=len(hands))
                break
            except IllegalHand:
                continue
        else:  # pragma: no cover (a draw with nobody tenpai is always legal)
            hand = Hand(Draw())
            result = play_hand(state, hand, rules, index=len(hands))
        hands.append(hand)
        results.append(result)
        state = result.after
    return hands, Replay(start, tuple(results))


def _club_nights(first: date, last: date) -> list[date]:
    """Tuesdays and Saturdays, the demo club's evenings."""
    days = (last - first).days + 1
    return [d for d in (first + timedelta(n) for n in range(days)) if d.weekday() in (1, 5)]


def generate(
    *, games: int, seed: int, today: date, roster: Sequence[tuple[str, int]]
) -> list[DemoGame]:
    """``games`` games between the players in ``roster`` (name, id) over the two years up to
    ``today``, oldest first. The last few are still in play; about one in a hundred was
    abandoned and two in a hundred stopped early by an organiser."""
    rng = random.Random(seed)
    rulesets = {name: resolve_rules({"preset": p, **o}) for name, p, o in SAVED}
    rulesets.update(PRESETS)
    activity = [rng.uniform(0.3, 1.0) for _ in roster]
    nights = _club_nights(today - timedelta(days=730), today - timedelta(days=1))
    starts = sorted(
        datetime.combine(rng.choice(nights), time(18), UTC)
        + timedelta(minutes=rng.randrange(0, 240))
        for _ in range(games)
    )
    in_play = min(4, games // 10)
    out = []
    for number, created_at in enumerate(starts):
        name = rng.choices([n for n, _ in RULESET_WEIGHTS], [w for _, w in RULESET_WEIGHTS])[0]
        rules = rulesets[name]
        seated: list[int] = []
        while len(seated) < rules.players:
            pick = rng.choices(range(len(roster)), activity)[0]
            if pick not in seated:
                seated.append(pick)
        hands, replayed = play_demo_game(rng, rules)
        status, stopped_early = Game.Status.FINISHED, False
        ending = rng.random()
        if number >= games - in_play or ending < 0.03:
            keep = rng.randrange(1, len(hands)) if len(hands) > 1 else len(hands)
            hands = hands[:keep]
            replayed = Replay(replayed.start, replayed.results[:keep])
            if number >= games - in_play:
                status = Game.Status.IN_PLAY
            elif ending < 0.01:
                status = Game.Status.ABANDONED
            else:
                stopped_early = True
        elif not replayed.state.finished:  # pragma: no cover (see MAX_HANDS)
            stopped_early = True
        minutes = [rng.uniform(4, 9) for _ in hands]
        recorded = tuple(
            created_at + timedelta(minutes=sum(minutes[: i + 1])) for i in range(len(hands))
        )
        ended = recorded[-1] + timedelta(minutes=1) if recorded else created_at
        out.append(
            DemoGame(
                ruleset_name=name,
                rules=rules,
                players=tuple(roster[pick][1] for pick in seated),
                hands=tuple(hands),
                replay=replayed,
                status=status,
                stopped_early=stopped_early,
                table_label=f"Table {rng.randint(1, 4)}",
                created_at=created_at,
                finished_at=None if status == Game.Status.IN_PLAY else ended,
                recorded_at=recorded,
            )
        )
    return out


def _projection(d: DemoGame) -> Projection:
    return project(
        d.rules,
        d.hands,
        stopped_early=d.stopped_early,
        abandoned=d.status == Game.Status.ABANDONED,
        played=d.replay,
    )


def _store(demo: Sequence[DemoGame]) -> list[Game]:
    projections = [_projection(d) for d in demo]
    games = [
        Game(
            table_label=d.table_label,
            ruleset_name=d.ruleset_name,
            rules=d.rules.to_json(),
            status=p.status,
            hand_count=p.hand_count,
            # One change per hand, one more for an organiser's stop or abandon.
            revision=len(d.hands) + (d.stopped_early or d.status == Game.Status.ABANDONED),
            state=p.state.to_json(),
            stopped_early=d.stopped_early,
            created_at=d.created_at,
            updated_at=d.finished_at or (d.recorded_at[-1] if d.recorded_at else d.created_at),
            finished_at=d.finished_at,
        )
        for d, p in zip(demo, projections, strict=True)
    ]
    Game.objects.bulk_create(games)
    seats: list[Seat] = []
    hands: list[HandRecord] = []
    wins: list[StoredWin] = []
    for game, d, p in zip(games, demo, projections, strict=True):
        seats += stored_seats(game, d.players, p)
        wins += stored_wins(game, d.players, p)
        hands += (
            HandRecord(game=game, sequence=i, data=hand_to_json(hand), recorded_at=at)
            for i, (hand, at) in enumerate(zip(d.hands, d.recorded_at, strict=True))
        )
    Seat.objects.bulk_create(seats)
    HandRecord.objects.bulk_create(hands)
    store_wins(wins)
    return games


def _seasons(today: date, demo: Sequence[DemoGame], games: Sequence[Game]) -> None:
    """Half-year seasons over the two years, a league of one ruleset this year, and a
    championship of chosen games."""
    wanted: list[Season] = []
    for year in range(today.year - 2, today.year + 1):
        for name, start, end in (
            (f"Spring {year}", date(year, 1, 1), date(year, 6, 30)),
            (f"Autumn {year}", date(year, 7, 1), date(year, 12, 31)),
        ):
            if end >= today - timedelta(days=730) and start <= today:
                wanted.append(Season(name=name, start_date=start, end_date=end))
    wanted.append(
        Season(
            name=f"Club rules league {today.year}",
            start_date=date(today.year, 1, 1),
            end_date=date(today.year, 12, 31),
            ruleset_name="Club rules",
        )
    )
    taken = set(Season.objects.values_list("name", flat=True))
    Season.objects.bulk_create(s for s in wanted if s.name not in taken)
    championship_name = f"Championship {today.year - 1}"
    if championship_name not in taken:
        finals = [
            game
            for game, d in zip(games, demo, strict=True)
            if d.status == Game.Status.FINISHED and d.created_at.year == today.year - 1
        ][-8:]
        championship = Season.objects.create(name=championship_name)
        championship.games.set(finals)


def seed_demo(
    *,
    games: int,
    seed: int = 0,
    today: date | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk: int = 1000,
) -> int:
    """Add ``games`` demo games (and the players, rulesets and seasons they need); return
    the number of hands stored. Existing data is kept."""
    today = today or datetime.now(UTC).date()
    rng = random.Random(seed)
    names = list(NAMES)
    rng.shuffle(names)
    names = sorted(names[: rng.randint(14, len(NAMES))])
    first_night = datetime.combine(today - timedelta(days=731), time(18), UTC)
    with transaction.atomic():
        new = [name for name in names if not Player.objects.filter(name=name).exists()]
        Player.objects.bulk_create(Player(name=name, created_at=first_night) for name in new)
        for name, preset, overrides in SAVED:
            SavedRuleset.objects.get_or_create(
                name=name, defaults={"preset": preset, "overrides": overrides}
            )
        roster = list(Player.objects.filter(name__in=names).values_list("name", "pk"))
        demo = generate(games=games, seed=seed, today=today, roster=sorted(roster))
        stored: list[Game] = []
        for start in range(0, len(demo), chunk):
            part = demo[start : start + chunk]
            stored += _store(part)
            if progress:
                progress(start + len(part), len(demo))
        _seasons(today, demo, stored)
        games_changed_since(first_moment(stored))
    return sum(len(d.hands) for d in demo)
