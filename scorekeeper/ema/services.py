"""The EMA room's writes: a tournament's facts for the EMA, a result entered by hand (and
taken out), and a merge of two players moving the merged one's results."""

from __future__ import annotations

from django.db import transaction

from scorekeeper.club.models import Player
from scorekeeper.ema.models import OutsideResult, TournamentFacts


def save_facts(*, facts: TournamentFacts) -> TournamentFacts:
    """Store a tournament's facts (a form has checked them)."""
    with transaction.atomic():
        facts.save()
    return facts


def add_outside_result(*, result: OutsideResult) -> OutsideResult:
    with transaction.atomic():
        result.save()
    return result


def delete_outside_result(*, result: OutsideResult) -> None:
    with transaction.atomic():
        OutsideResult.objects.filter(pk=result.pk).delete()


def move_results(kept: Player, merged: Player) -> None:
    """The merged player's results entered by hand become the kept player's (a merge's
    part, in its transaction)."""
    OutsideResult.objects.filter(player=merged).update(player=kept)
