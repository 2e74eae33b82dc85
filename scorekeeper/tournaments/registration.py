"""Players registering themselves: the places, the waiting list that moves up by itself,
the organiser's approval, the closing time; a player's withdrawal from their own page,
and the organiser's revocation of that page's link.

Each write runs in one transaction with the tournament's row locked (as ``services``), so
two players taking the last place at once get one place and one turn on the waiting list.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import name_key
from scorekeeper.club.models import Player
from scorekeeper.errors import IdentityRefused, ServiceError
from scorekeeper.registry.identities import Identity
from scorekeeper.registry.services import player_named, set_identity
from scorekeeper.tournaments.models import MAX_ENTRANTS, Entrant, TableSeat, Tournament
from scorekeeper.tournaments.services import _full, _locked, _move_up, _replan


def register_self(
    *,
    tournament: Tournament,
    name: str,
    identity: Identity | None = None,
    substitute: bool = False,
    now: datetime | None = None,
) -> Entrant:
    """A player registers themselves under ``name`` (the club's player of that name, or a
    new one): in, on the waiting list where the places are taken, or waiting for approval
    where the tournament asks for it. Refused once registration is closed, and for a name
    registered already; ``identity`` (where the tournament asks for it) is kept with the
    player where it holds none, and refused (``IdentityRefused``, with the field) where wrong."""
    with transaction.atomic():
        locked = _locked(tournament)
        if locked.registration_closed(now):
            raise ServiceError(_("Registration for this tournament is closed."))
        if locked.entrants.count() >= MAX_ENTRANTS:
            raise ServiceError(
                _("A tournament has at most %(most)s players; %(have)s are registered.")
                % {"most": MAX_ENTRANTS, "have": MAX_ENTRANTS}
            )
        known = Player.objects.filter(name_key=name_key(name)).first()
        if known is not None and locked.entrants.filter(player=known).exists():
            raise ServiceError(
                _("%(name)s is registered already: the organiser can send you your link.")
                % {"name": known.name}
            )
        player = known or player_named(name=name)
        if identity is not None:
            # What the player gives fills what the club does not know yet, and never
            # overwrites it (anyone may type a name on this page).
            kept = Identity.of(player)
            merged = Identity(
                given_name=kept.given_name or identity.given_name,
                family_name=kept.family_name or identity.family_name,
                country=kept.country or identity.country,
                ema_number=kept.ema_number or identity.ema_number,
                platform_names=kept.platform_names,
            )
            if merged != kept:
                set_identity(player=player, identity=merged)
        if locked.approval:
            status = Entrant.Status.PENDING
        elif substitute:
            # A substitute takes no place: never on the waiting list.
            status = Entrant.Status.IN
        elif _full(locked):
            status = Entrant.Status.WAITING
        else:
            status = Entrant.Status.IN
        entrant = Entrant.objects.create(
            tournament=locked,
            player=player,
            status=status,
            substitute=substitute,
            ema_number=identity.ema_number if identity else "",
        )
        if status == Entrant.Status.IN and not substitute:
            _replan(locked)
    return entrant


def approve(*, entrant: Entrant) -> Entrant:
    """The organiser approves a registration: in, or on the waiting list where the places
    are taken. Refused for one not waiting for approval."""
    with transaction.atomic():
        tournament = _locked(entrant.tournament)
        locked = Entrant.objects.select_for_update().get(pk=entrant.pk)
        if locked.status != Entrant.Status.PENDING:
            raise ServiceError(
                _("%(name)s is not waiting for approval.") % {"name": entrant.player.name}
            )
        full = _full(tournament) and not locked.substitute
        locked.status = Entrant.Status.WAITING if full else Entrant.Status.IN
        locked.save(update_fields=["status"])
        if locked.status == Entrant.Status.IN:
            _replan(tournament)
    return locked


def withdraw_self(*, entrant: Entrant) -> list[Entrant]:
    """A player withdraws: one who has played drops out (their games stay), one who has not
    is taken out; the waiting list moves up into the place. Those who moved up."""
    with transaction.atomic():
        tournament = _locked(entrant.tournament)
        locked = Entrant.objects.select_for_update().filter(pk=entrant.pk).first()
        if locked is None or locked.withdrawn_at is not None:
            raise ServiceError(_("You have withdrawn already."))
        seated = TableSeat.objects.filter(entrant=locked)
        if seated.filter(session__started_at__isnull=False).exists():
            locked.withdrawn_at = timezone.now()
            locked.save(update_fields=["withdrawn_at"])
        else:
            hand = seated.exclude(session__method="planned").select_related("session").first()
            if hand is not None:
                raise ServiceError(
                    _(
                        "You are seated in session %(number)s: ask the organiser, who seats "
                        "it again without you."
                    )
                    % {"number": hand.session.number}
                )
            locked.delete()
        moved = _move_up(tournament)
        _replan(tournament)
    return moved


def check_in(*, entrant: Entrant, back: bool = False) -> Entrant:
    """The player is here (``back``: taken back, a mistake at the desk). The sessions are
    seated from those checked in: the organiser plans them once check-in is over, and a
    no-show is replaced by a substitute or planned out. Refused for a player not in."""
    with transaction.atomic():
        tournament = _locked(entrant.tournament)
        if not tournament.check_in:
            raise ServiceError(_("This tournament does not ask players to check in."))
        locked = Entrant.objects.select_for_update().select_related("player").get(pk=entrant.pk)
        if locked.status != Entrant.Status.IN or locked.withdrawn_at is not None:
            raise ServiceError(
                _("%(name)s is not playing in this tournament: there is nothing to check in.")
                % {"name": locked.player.name}
            )
        locked.checked_in_at = None if back else (locked.checked_in_at or timezone.now())
        locked.save(update_fields=["checked_in_at"])
    return locked


def revoke_link(*, entrant: Entrant) -> Entrant:
    """The player's link opens nothing from now on; a new one is given (the organiser's)."""
    Entrant.objects.filter(pk=entrant.pk).update(key_version=entrant.key_version + 1)
    entrant.key_version += 1
    return entrant


__all__ = [
    "IdentityRefused",
    "approve",
    "check_in",
    "register_self",
    "revoke_link",
    "withdraw_self",
]
