"""Writing a projection's wins (``Projection.wins``) as ``WinRecord`` rows with their
``WinYaku``: for one game where the services save its projection, for many where backups,
restores and the demo data store games in bulk. The rows name the seats' players, so they
are built once the game's seats are known."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.club.models import Game, WinRecord, WinYaku
from scorekeeper.club.projection import WIN_FIELDS, Projection

#: A win row to store and the names of its yaku.
StoredWin = tuple[WinRecord, tuple[str, ...]]


def stored_wins(game: Game, player_ids: Sequence[int], projection: Projection) -> list[StoredWin]:
    """The win rows of a game whose seats (East to North) are ``player_ids``, to store with
    ``store_wins`` once the game is."""
    rows = []
    for row in projection.wins:
        discarder = row["discarder_seat"]
        win = WinRecord(
            game=game,
            player_id=player_ids[row["seat"]],
            discarder_id=None if discarder is None else player_ids[discarder],
            **{name: row[name] for name in WIN_FIELDS},
        )
        rows.append((win, tuple(row["yaku"])))
    return rows


def store_wins(wins: Iterable[StoredWin]) -> None:
    """Store win rows and their yaku, in two inserts however many there are."""
    wins = list(wins)
    WinRecord.objects.bulk_create(win for win, _ in wins)
    WinYaku.objects.bulk_create(
        WinYaku(win=win, name=name) for win, names in wins for name in names
    )


def replace_wins(game: Game, player_ids: Sequence[int], projection: Projection) -> None:
    """Store a game's win rows in place of those it had."""
    WinRecord.objects.filter(game=game).delete()
    store_wins(stored_wins(game, player_ids, projection))


def win_facts(win: WinRecord, yaku: Iterable[str]) -> tuple[object, ...]:
    """What a win row says, its players and its yaku, to compare rows with a replay."""
    return (
        *(getattr(win, name) for name in WIN_FIELDS),
        win.player_id,
        win.discarder_id,
        tuple(yaku),
    )


def stored_win_facts(game: Game) -> list[tuple[object, ...]]:
    """What the stored win rows of ``game`` say (``win_facts``), in the order played (with
    ``win_records__yaku`` prefetched, no query)."""
    wins = sorted(game.win_records.all(), key=lambda win: (win.hand, win.pk))
    return [
        win_facts(win, (y.name for y in sorted(win.yaku.all(), key=lambda y: y.pk))) for win in wins
    ]


def projected_win_facts(
    game: Game, player_ids: Sequence[int], projection: Projection
) -> list[tuple[object, ...]]:
    """What the win rows of ``projection`` would say (``win_facts``)."""
    return [win_facts(win, names) for win, names in stored_wins(game, player_ids, projection)]
