"""Writes of the club's saved rulesets."""

from __future__ import annotations

from django.db import transaction

from scorekeeper.club.models import SavedRuleset
from scoring.rules import Ruleset


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
