"""The registry's writes: the club's players (organisers add and rename one, merge two,
delete one with no games), a saved ruleset stored as its preset plus the overrides, and an
account's password.

Standings, a player's page and the statistics are sums over the stored seats done when a
page is read (``history.queries``, ``history.standings``), each seat holding its game's
figures; so a merge that moves the seats to the kept player is the whole recomputation, and
no total is patched. A player sits once in a game (the database's ``one_seat_per_player``):
a merge that would seat one player twice is refused, naming the games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scorekeeper.club.bounds import (
    ema_number_error,
    hidden_character_error,
    name_error,
    name_key,
    normal_name,
)
from scorekeeper.club.models import Game, PlatformName, Player, SavedRuleset, Seat, WinRecord
from scorekeeper.club.signals import first_moment, games_changed_since
from scorekeeper.errors import IdentityRefused, PlayerRefused, ServiceError
from scorekeeper.registry.identities import Identity, identity_errors
from scoring.rules import Ruleset


@dataclass(frozen=True)
class MergePart:
    """A room above the registry whose own rows name players (a tournament's registered
    players and seats), registered when the site starts (``register_merge_part``): a merge
    asks it first whether it allows the merge (``refusal``: why not, in the reader's
    language, or ``None``), then has it move its rows from the merged player to the kept
    one (``move``), in the merge's transaction."""

    name: str
    refusal: Callable[[Player, Player], str | None]
    move: Callable[[Player, Player], None]


#: The rooms' parts, by name.
MERGE_PARTS: dict[str, MergePart] = {}


def register_merge_part(part: MergePart) -> None:
    MERGE_PARTS[part.name] = part


def _locked(pk: int) -> Player:
    try:
        return Player.objects.select_for_update().get(pk=pk)
    except Player.DoesNotExist:
        raise PlayerRefused(
            _("This player no longer exists (deleted or merged meanwhile).")
        ) from None


def _game_name(game: Game) -> str:
    if game.table_label:
        return _("game %(number)s (%(table)s)") % {"number": game.pk, "table": game.table_label}
    return _("game %(number)s") % {"number": game.pk}


def _checked_name(name: str) -> str:
    name = normal_name(name)
    size = Player._meta.get_field("name").max_length
    assert isinstance(size, int)
    wrong = name_error(name, size)
    if wrong:
        raise PlayerRefused(_("The name: %(error)s.") % {"error": wrong})
    return name


def _taken(name: str) -> str:
    return _("There is already a player called “%(name)s”.") % {"name": name}


def add_player(*, name: str) -> Player:
    """A new player (spaces tidied), unless another player has the name in any case."""
    name = _checked_name(name)
    try:
        with transaction.atomic():
            return Player.objects.create(name=name)
    except IntegrityError:
        raise PlayerRefused(_taken(name)) from None


def player_named(*, name: str) -> Player:
    """The player with this name in any case, made if there is none (``name`` as a form
    cleans it). A player of this name made by another request or a restore at the same moment,
    in the same case or another, is taken rather than refused."""
    found = Player.objects.filter(name_key=name_key(name)).first()
    if found is not None:
        return found
    hidden = hidden_character_error(name)
    if hidden:
        raise PlayerRefused(_("%(name)s: %(error)s.") % {"name": repr(name), "error": hidden})
    try:
        with transaction.atomic():
            return Player.objects.create(name=name)
    except IntegrityError:
        pass
    # The database's unique name refused it: the other's row has been committed
    # (PostgreSQL waits for it before refusing), so it is there to be read.
    found = Player.objects.filter(name_key=name_key(name)).first()
    if found is None:
        raise PlayerRefused(_taken(name))
    return found


def locked_players(players: Sequence[Player]) -> list[Player]:
    """``players`` read again with their rows locked until the transaction ends, in id order
    as a merge locks them: a merge or a deletion of one of them waits until the caller has
    stored what seats them, and then sees those seats. One merged or deleted before is
    refused, by name."""
    ids = [player.pk for player in players]
    found = Player.objects.select_for_update().filter(pk__in=ids).order_by("pk").in_bulk()
    for player in players:
        if player.pk not in found:
            raise PlayerRefused(
                _(
                    "%(name)s was merged into another player or deleted meanwhile: choose the "
                    "players again."
                )
                % {"name": player.name}
            )
    return [found[pk] for pk in ids]


def rename_player(*, player: Player, name: str) -> Player:
    """Give ``player`` a new name (spaces tidied), unless another player has it in any case."""
    name = _checked_name(name)
    try:
        with transaction.atomic():
            locked = _locked(player.pk)
            taken = Player.objects.filter(name_key=name_key(name)).exclude(pk=locked.pk).first()
            if taken is not None:
                raise PlayerRefused(_taken(taken.name))
            renamed = locked.name != name
            locked.name = name
            locked.save(update_fields=["name", "name_key"])
            if renamed:
                # The tables that kept this player's name read it again.
                Game.objects.filter(seats__player=locked).update(seats_changed_at=timezone.now())
    except IntegrityError:
        # The same name saved by another request after the check above.
        raise PlayerRefused(_taken(name)) from None
    return locked


def save_player(*, player: Player, name: str, identity: Identity) -> Player:
    """Add ``player`` (a new one) or rename them, and give them ``identity``: all or nothing."""
    with transaction.atomic():
        saved = rename_player(player=player, name=name) if player.pk else add_player(name=name)
        return set_identity(player=saved, identity=identity)


def _ema_taken(number: str, holder: Player) -> str:
    return _("%(name)s has the EMA number %(number)s.") % {"name": holder.name, "number": number}


def _platform_taken(platform: str, name: str, holder: Player) -> str:
    return _("%(holder)s is %(name)s on %(platform)s.") % {
        "holder": holder.name,
        "name": name,
        "platform": PlatformName.Platform(platform).label,
    }


def set_identity(*, player: Player, identity: Identity) -> Player:
    """Give ``player`` this identity: their names in Latin letters, country and EMA number,
    and exactly these platform names (those left out are forgotten). An EMA number or a
    platform name that is another player's is refused, naming them (``IdentityRefused``,
    with the field)."""
    wrong = identity_errors(identity)
    if wrong:
        where, message = next(iter(wrong.items()))
        raise IdentityRefused(message, field=where)
    wanted = identity.pairs()
    try:
        with transaction.atomic():
            locked = _locked(player.pk)
            if identity.ema_number:
                holder = (
                    Player.objects.filter(ema_number=identity.ema_number)
                    .exclude(pk=locked.pk)
                    .first()
                )
                if holder is not None:
                    raise IdentityRefused(
                        _ema_taken(identity.ema_number, holder), field="ema_number"
                    )
            for platform in {platform for platform, _name in wanted}:
                names = [name for p, name in wanted if p == platform]
                taken = (
                    PlatformName.objects.filter(platform=platform, name__in=names)
                    .exclude(player=locked)
                    .select_related("player")
                    .order_by("name")
                    .first()
                )
                if taken is not None:
                    raise IdentityRefused(
                        _platform_taken(platform, taken.name, taken.player), field=platform
                    )
            locked.given_name = identity.given_name
            locked.family_name = identity.family_name
            locked.country = identity.country
            locked.ema_number = identity.ema_number
            locked.save(update_fields=["given_name", "family_name", "country", "ema_number"])
            held = {(row.platform, row.name): row.pk for row in locked.platform_names.all()}
            PlatformName.objects.filter(
                pk__in=[pk for pair, pk in held.items() if pair not in wanted]
            ).delete()
            PlatformName.objects.bulk_create(
                PlatformName(player=locked, platform=platform, name=name)
                for platform, name in sorted(wanted - held.keys())
            )
    except IntegrityError:
        # The same number or name saved for another player after the checks above.
        raise IdentityRefused(
            _("Another player was given this EMA number or platform name meanwhile: try again."),
            field=None,
        ) from None
    return locked


def remember_ema_number(*, player: Player, number: str) -> bool:
    """Give ``player`` the EMA number ``number`` (a tournament's registration gave it), where
    they have none and no other player has it; whether it was given. In the caller's
    transaction."""
    if ema_number_error(number):
        return False
    if Player.objects.filter(ema_number=number).exists():
        return False
    try:
        with transaction.atomic():
            given = Player.objects.filter(pk=player.pk, ema_number="").update(ema_number=number)
    except IntegrityError:
        return False  # given to another player meanwhile
    return bool(given)


def remember_platform_name(*, player: Player, platform: str, name: str) -> bool:
    """Keep ``name`` as ``player``'s name on ``platform`` (a log's, as the import mapped it),
    unless a player has that name there already or it is no name a platform name can be;
    whether it was kept. In the caller's transaction."""
    if platform not in PlatformName.Platform.values or identity_errors(
        Identity(platform_names={platform: [name]})
    ):
        return False
    if PlatformName.objects.filter(platform=platform, name=name).exists():
        return False
    try:
        with transaction.atomic():
            PlatformName.objects.create(player=player, platform=platform, name=name)
    except IntegrityError:
        return False  # kept for another player meanwhile
    return True


def shared_games(keep: Player, merge: Player) -> list[Game]:
    """The games both players sit in, oldest first: a merge would seat one player twice."""
    return list(
        Game.objects.filter(seats__player=keep)
        .filter(seats__player=merge)
        .only("pk", "table_label")
        .order_by("created_at", "pk")
    )


def merge_players(*, keep: Player, merge: Player) -> int:
    """Move every seat of ``merge`` to ``keep`` and delete ``merge``; return the number of
    games that moved. Refused when both sit in a game, naming it. The kept player keeps both
    players' platform names, and their own names, country and EMA number where they have
    them, the merged player's where they have none; two different EMA numbers are refused
    (one of them is wrong: the organiser corrects it first)."""
    if keep.pk == merge.pk:
        raise PlayerRefused(_("A player cannot be merged into themselves: choose another player."))
    with transaction.atomic():
        # Both rows locked, in a fixed order, so two merges at once cannot cross.
        first, second = sorted((keep.pk, merge.pk))
        locked = {pk: _locked(pk) for pk in (first, second)}
        kept, merged = locked[keep.pk], locked[merge.pk]
        both = shared_games(kept, merged)
        if both:
            named = pgettext("list separator", ", ").join(_game_name(game) for game in both[:5])
            if len(both) > 5:
                named = _("%(games)s and %(count)s more") % {"games": named, "count": len(both) - 5}
            raise PlayerRefused(
                _(
                    "%(kept)s and %(merged)s both sit in %(games)s: a player cannot sit twice in "
                    "one game. Correct that game first."
                )
                % {"kept": kept.name, "merged": merged.name, "games": named}
            )
        if kept.ema_number and merged.ema_number and kept.ema_number != merged.ema_number:
            raise PlayerRefused(
                _(
                    "%(kept)s has the EMA number %(first)s and %(merged)s has %(second)s: one "
                    "person has one EMA number. Correct the wrong one first."
                )
                % {
                    "kept": kept.name,
                    "merged": merged.name,
                    "first": kept.ema_number,
                    "second": merged.ema_number,
                }
            )
        # The rooms above that name players in their own rows are asked, then told.
        for part in MERGE_PARTS.values():
            refusal = part.refusal(kept, merged)
            if refusal:
                raise PlayerRefused(refusal)
        # Where the merged player's games begin in the order, before their seats move.
        since = first_moment(Game.objects.filter(seats__player=merged))
        # The tables that kept the merged player in a seat read their seats again.
        Game.objects.filter(seats__player=merged).update(seats_changed_at=timezone.now())
        try:
            moved = Seat.objects.filter(player=merged).update(player=kept)
        except IntegrityError:
            # A game seating both was started after the check above.
            raise PlayerRefused(
                _(
                    "%(kept)s and %(merged)s now both sit in a game: a player cannot sit twice "
                    "in one game."
                )
                % {"kept": kept.name, "merged": merged.name}
            ) from None
        # The wins name the seats' players too.
        WinRecord.objects.filter(player=merged).update(player=kept)
        WinRecord.objects.filter(discarder=merged).update(discarder=kept)
        for part in MERGE_PARTS.values():
            part.move(kept, merged)
        PlatformName.objects.filter(player=merged).update(player=kept)
        filled = [
            name
            for name in ("given_name", "family_name", "country", "ema_number")
            if not getattr(kept, name) and getattr(merged, name)
        ]
        for name in filled:
            setattr(kept, name, getattr(merged, name))
        merged.delete()
        # After the delete: the EMA number is unique, and was the merged player's until then.
        kept.save(update_fields=filled)
        games_changed_since(since)
    return moved


def delete_player(*, player: Player) -> None:
    """Delete a player who has no games; one with games is refused (merge them instead)."""
    with transaction.atomic():
        locked = _locked(player.pk)
        games = Seat.objects.filter(player=locked).count()
        if games:
            raise PlayerRefused(
                ngettext(
                    "%(name)s has %(count)s game: only a player with no games can be deleted "
                    "(merge them into another player instead).",
                    "%(name)s has %(count)s games: only a player with no games can be deleted "
                    "(merge them into another player instead).",
                    games,
                )
                % {"name": locked.name, "count": games}
            )
        try:
            locked.delete()
        except (ProtectedError, IntegrityError):
            raise PlayerRefused(
                _(
                    "%(name)s has just been seated in a game: only a player with no games can "
                    "be deleted."
                )
                % {"name": locked.name}
            ) from None


def set_password(*, account: Any, password: str, by: Any) -> None:
    """Give ``account`` a new password. An organiser sets the password of an account that
    is not an organiser's; anyone sets their own. Every session of the account other than
    the one that set it ends, since the password it was opened with is gone."""
    own = account.pk == by.pk
    if not own and (account.is_staff or account.is_superuser):
        raise ServiceError(
            _("An organiser’s password is changed by that organiser (or in the admin).")
        )
    with transaction.atomic():
        account.set_password(password)
        account.save(update_fields=["password"])


def save_ruleset(*, ruleset: SavedRuleset, name: str, rules: Ruleset) -> SavedRuleset:
    """Store ``rules`` under ``name`` as its preset plus the overrides that differ from it
    (so a ruleset that changes nothing stores ``{}``). The database refuses a name taken
    meanwhile with ``IntegrityError``, and nothing is written."""
    ruleset.name = name
    ruleset.preset = rules.preset
    ruleset.overrides = rules.overrides()
    with transaction.atomic():
        ruleset.save()
    return ruleset


def offer_first(*, ruleset: SavedRuleset, offered: bool) -> None:
    """Name ``ruleset`` the one a new game of its number of players offers first (and no
    other saved ruleset for that number), or (``offered`` false) stop offering it first."""
    players = ruleset.players
    with transaction.atomic():
        if offered:
            others = SavedRuleset.objects.select_for_update().filter(offered_first=True)
            for other in others.exclude(pk=ruleset.pk):
                if other.players == players:
                    other.offered_first = False
                    other.save(update_fields=["offered_first"])
        ruleset.offered_first = offered
        ruleset.save(update_fields=["offered_first"])
