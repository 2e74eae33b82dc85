"""Who a player is beyond the club: their names in Latin letters, country and EMA number
(European tournaments), and their names on the online platforms (the logs).

The rooms above read identities here: the log import proposes the player a platform name
was mapped to before (``player_for_platform_name``), the exports carry each player's
identity (``identity_json``), a tournament's EMA file reads the names, country and number.
The writes are the registry's services (``services.set_identity``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import islice
from typing import Any, TypeVar

from django.utils.translation import gettext as _
from django_countries import countries

from scorekeeper.club.bounds import ema_number_error, latin_name_error
from scorekeeper.club.models import PlatformName, Player

T = TypeVar("T")

PLATFORMS: tuple[str, ...] = tuple(PlatformName.Platform.values)


@dataclass(frozen=True)
class Identity:
    """A player's identity as a form or a backup gives it: blank where unknown.
    ``platform_names`` maps a platform (``PlatformName.Platform``) to its names."""

    given_name: str = ""
    family_name: str = ""
    country: str = ""
    ema_number: str = ""
    platform_names: Mapping[str, Sequence[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, player: Player, names: Iterable[PlatformName] | None = None) -> Identity:
        """``player``'s stored identity (``names`` their platform names, when read already)."""
        by_platform: dict[str, list[str]] = defaultdict(list)
        for row in player.platform_names.all() if names is None else names:
            by_platform[row.platform].append(row.name)
        return cls(
            given_name=player.given_name,
            family_name=player.family_name,
            country=player.country,
            ema_number=player.ema_number,
            platform_names={p: sorted(by_platform[p]) for p in PLATFORMS if by_platform[p]},
        )

    @property
    def latin_name(self) -> str:
        """As the EMA's lists write it: "Anna VISSER"."""
        return " ".join(part for part in (self.given_name, self.family_name.upper()) if part)

    @property
    def country_label(self) -> str:
        return country_name(self.country)

    @property
    def platforms(self) -> list[tuple[str, Sequence[str]]]:
        """Each platform with names, as (its name in the reader's language, the names)."""
        return [
            (str(PlatformName.Platform(p).label), self.platform_names[p])
            for p in PLATFORMS
            if self.platform_names.get(p)
        ]

    @property
    def known(self) -> bool:
        return bool(self.latin_name or self.country or self.ema_number or self.platform_names)

    def pairs(self) -> set[tuple[str, str]]:
        return {
            (platform, name) for platform, names in self.platform_names.items() for name in names
        }


@cache
def alpha3_codes() -> frozenset[str]:
    """ISO 3166-1's three-letter codes, which the EMA's files use (``NLD``, ``JPN``)."""
    return frozenset(countries.alpha3(code) for code in countries.countries)


def country_choices() -> list[tuple[str, str]]:
    """Every country as (three-letter code, name in the reader's language), by name."""
    named = [(countries.alpha3(code), str(name)) for code, name in countries]
    return sorted(named, key=lambda pair: pair[1])


def country_name(code: str) -> str:
    """A three-letter code's country in the reader's language ("" for "")."""
    return str(countries.name(code)) if code else ""


def country_error(code: str) -> str | None:
    if code and code not in alpha3_codes():
        return _("%(code)s is not a country’s three-letter code (ISO 3166-1, as NLD or JPN)") % {
            "code": code
        }
    return None


def identity_errors(identity: Identity) -> dict[str, str]:
    """What is wrong with ``identity``, by field (platform names by their platform)."""
    wrong: dict[str, str | None] = {
        "given_name": identity.given_name and latin_name_error(identity.given_name, 50),
        "family_name": identity.family_name and latin_name_error(identity.family_name, 50),
        "country": country_error(identity.country),
        "ema_number": identity.ema_number and ema_number_error(identity.ema_number),
    }
    for platform, names in identity.platform_names.items():
        if platform not in PLATFORMS:
            wrong[platform] = _("no platform called %(platform)s") % {"platform": platform}
            continue
        for name in names:
            if not name.strip() or name != name.strip() or len(name) > 100 or "\x00" in name:
                wrong[platform] = _("%(name)s is not a platform name (1 to 100 characters)") % {
                    "name": repr(name)
                }
    return {key: value for key, value in wrong.items() if value}


def player_for_platform_name(platform: str, name: str) -> Player | None:
    """The player ``name`` on ``platform`` was mapped to, or ``None``."""
    row = PlatformName.objects.filter(platform=platform, name=name).select_related("player")
    found = row.first()
    return found.player if found else None


def players_for_platform_names(platform: str, names: Iterable[str]) -> dict[str, Player]:
    """Each of ``names`` on ``platform`` that was mapped to a player, with that player (one
    query, for a night's logs at once)."""
    rows = PlatformName.objects.filter(platform=platform, name__in=set(names))
    return {row.name: row.player for row in rows.select_related("player")}


def identity_json(identity: Identity) -> dict[str, Any]:
    """An identity as the JSON exports carry it: every field, blank ones as ``""``."""
    return {
        "given_name": identity.given_name,
        "family_name": identity.family_name,
        "country": identity.country,
        "ema_number": identity.ema_number,
        "platform_names": {p: list(identity.platform_names.get(p, ())) for p in PLATFORMS},
    }


def with_identities(
    rows: Iterable[T], player_id: Callable[[T], int], *, batch: int = 500
) -> Iterator[tuple[T, Identity]]:
    """Each of ``rows`` with its player's identity, read ``batch`` rows at a time (two
    queries a batch), so a streamed file stays streamed."""
    them = iter(rows)
    while chunk := list(islice(them, batch)):
        found = identities(player_id(row) for row in chunk)
        for row in chunk:
            yield row, found.get(player_id(row), Identity())


def identities(player_ids: Iterable[int]) -> dict[int, Identity]:
    """The identities of these players, in two queries whatever their number."""
    ids = set(player_ids)
    names: dict[int, list[PlatformName]] = defaultdict(list)
    for row in PlatformName.objects.filter(player_id__in=ids):
        names[row.player_id].append(row)
    players = Player.objects.filter(pk__in=ids).only(
        "given_name", "family_name", "country", "ema_number"
    )
    return {player.pk: Identity.of(player, names[player.pk]) for player in players}
