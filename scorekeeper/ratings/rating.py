"""The arithmetic of the ratings, with no database: one game's places in, each player's new
standing out.

Two ratings stand side by side:

- **The skill rating**: OpenSkill's Plackett-Luce model at the library's default parameters
  (a player starts at mu 25, sigma 25/3). A game's final places are its ranks; tied places
  are equal ranks. What is shown is the conservative estimate ``mu - 3 sigma`` (OpenSkill's
  ordinal), scaled as ``1000 + 25 x ordinal``: a newcomer shows 1000, and a player of the
  club's average level, once their games have made the estimate sure (sigma near 1.7), shows
  about 1500. The uncertainty is shown on the same scale (``25 x sigma``).
- **Tenhou's R**: start 1500; after each game ``R += A x (P + (table average R - own R) /
  40)``, where ``A = 1 - 0.002 x games`` for a player with fewer than 400 games before this
  one (else 0.2) and ``P`` is 30/10/-10/-30 by place at four players, 30/0/-30 at three. A
  tied group of places shares the ``P`` of the places it covers (two tied 2nd at four
  players get (10 - 10) / 2 = 0 each), as tied places share their uma.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

#: The model at the library's defaults: every rating is worked out with this one.
MODEL: Final = PlackettLuce()
START_MU: Final[float] = MODEL.mu
START_SIGMA: Final[float] = MODEL.sigma
START_R: Final = 1500.0

#: The shown rating: ``SHOWN_BASE + SHOWN_SCALE x (mu - 3 sigma)``.
SHOWN_BASE: Final = 1000.0
SHOWN_SCALE: Final = 25.0

#: Tenhou's place points by place, by the number of players.
R_PLACE_POINTS: Final[dict[int, tuple[int, ...]]] = {4: (30, 10, -10, -30), 3: (30, 0, -30)}
#: From this many games on, a player's R moves by a fifth of the formula.
R_SETTLED_GAMES: Final = 400


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's ratings of one kind (three or four players) after some games."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    r: float = START_R
    games: int = 0

    @property
    def shown(self) -> float:
        return shown_rating(self.mu, self.sigma)

    @property
    def uncertainty(self) -> float:
        return SHOWN_SCALE * self.sigma


def shown_rating(mu: float, sigma: float) -> float:
    """The rating as shown: the conservative ordinal ``mu - 3 sigma``, scaled.

    >>> shown_rating(25.0, 25 / 3), shown_rating(25.0, 1.7)
    (1000.0, 1497.5)
    """
    return SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma)


def place_points(places: Sequence[int]) -> list[float]:
    """Each player's Tenhou place points, a tied group sharing those of the places it covers.

    >>> place_points([1, 2, 3, 4]), place_points([1, 2, 2, 4]), place_points([1, 1, 3])
    ([30.0, 10.0, -10.0, -30.0], [30.0, 0.0, 0.0, -30.0], [15.0, 15.0, -30.0])
    """
    table = R_PLACE_POINTS[len(places)]
    shares = []
    for place in places:
        tied = sum(1 for other in places if other == place)
        covered = table[place - 1 : place - 1 + tied]
        shares.append(sum(covered) / tied)
    return shares


def r_factor(games: int) -> float:
    """Tenhou's ``A`` for a player with ``games`` games before this one.

    >>> r_factor(0), r_factor(150), r_factor(399), r_factor(400), r_factor(1000)
    (1.0, 0.7, 0.20199999999999996, 0.2, 0.2)
    """
    return 1 - 0.002 * games if games < R_SETTLED_GAMES else 0.2


def r_changes(rs: Sequence[float], games: Sequence[int], places: Sequence[int]) -> list[float]:
    """Each player's R change for one game: their R and games before it, and their places.

    >>> r_changes([1500.0] * 4, [0] * 4, [1, 2, 3, 4])
    [30.0, 10.0, -10.0, -30.0]
    """
    average = sum(rs) / len(rs)
    return [
        r_factor(n) * (p + (average - r) / 40)
        for r, n, p in zip(rs, games, place_points(places), strict=True)
    ]


def rate_game(before: Sequence[Standing], places: Sequence[int]) -> list[Standing]:
    """Each player's standing after a game, from their standings before it and their final
    places (1 is first; equal places are a tie), in the same order.

    >>> after = rate_game([Standing()] * 4, [1, 2, 3, 4])
    >>> [round(s.mu, 3) for s in after], [s.r for s in after], after[0].games
    ([27.795, 26.553, 24.689, 20.962], [1530.0, 1510.0, 1490.0, 1470.0], 1)
    """
    teams = [[MODEL.create_rating([s.mu, s.sigma])] for s in before]
    rated = MODEL.rate(teams, ranks=list(places))
    changes = r_changes([s.r for s in before], [s.games for s in before], places)
    return [
        Standing(team[0].mu, team[0].sigma, s.r + change, s.games + 1)
        for s, team, change in zip(before, rated, changes, strict=True)
    ]
