"""Names by one rule on every database: a key beside each name (its letters in NFKC, case-
folded, its spaces tidied, as a digest), unique in the database, in place of the unique
lower-cased name, which PostgreSQL and SQLite lower differently ("Émile" and "émile" were two
names on SQLite) and which did not fold width ("ＡＫＩ" and "aki"). Accounts get the same key.

Names that the new rule takes for one: every such name but the first made gets " (2)",
" (3)"... as the unique lower-cased name's migration did, so that nothing is lost and the
organiser can see which to rename or merge; each renaming is printed. Usernames are not
renamed (their owners log in with them): a second account with the key of an earlier one is
left without a key row, and printed, for an organiser to rename."""

import hashlib
import unicodedata

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

import scorekeeper.club.models

NAME_LENGTH = 100


def name_key(name: str) -> str:
    """``bounds.name_key`` as it was when this migration was written."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return hashlib.sha256(" ".join(folded.split()).encode()).hexdigest()


def key_names(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for model_name in ("Player", "SavedRuleset", "Season"):
        model = apps.get_model("club", model_name)
        rows = list(model.objects.order_by("pk").values_list("pk", "name"))
        taken = {name_key(name) for _, name in rows}
        first: set[str] = set()
        for pk, name in rows:
            key = name_key(name)
            if key not in first:
                first.add(key)
                model.objects.filter(pk=pk).update(name_key=key)
                continue
            number = 2
            while True:
                suffix = f" ({number})"
                new = name[: NAME_LENGTH - len(suffix)] + suffix
                if name_key(new) not in taken:
                    break
                number += 1
            taken.add(name_key(new))
            first.add(name_key(new))
            model.objects.filter(pk=pk).update(name=new, name_key=name_key(new))
            print(f"\n  {model_name} {pk}: {name!r} renamed {new!r} (the name was taken)")


def key_accounts(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    account_name = apps.get_model("club", "AccountName")
    seen: set[str] = set()
    for pk, username in user_model.objects.order_by("pk").values_list("pk", "username"):
        key = name_key(username)
        if key in seen:
            print(f"\n  account {pk}: {username!r} is another account's username; rename it")
            continue
        seen.add(key)
        account_name.objects.create(user_id=pk, key=key)


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0013_game_source"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=scorekeeper.club.models.NameKeyField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="savedruleset",
            name="name_key",
            field=scorekeeper.club.models.NameKeyField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="season",
            name="name_key",
            field=scorekeeper.club.models.NameKeyField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.RunPython(key_names, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="player", name="player_name_unique_ignoring_case"),
        migrations.RemoveConstraint(
            model_name="savedruleset", name="ruleset_name_unique_ignoring_case"
        ),
        migrations.RemoveConstraint(model_name="season", name="season_name_unique_ignoring_case"),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("name_key",),
                name="player_name_key_unique",
                violation_error_message="There is already a player with this name.",
            ),
        ),
        migrations.AddConstraint(
            model_name="savedruleset",
            constraint=models.UniqueConstraint(
                fields=("name_key",),
                name="ruleset_name_key_unique",
                violation_error_message="There is already a ruleset with this name.",
            ),
        ),
        migrations.AddConstraint(
            model_name="season",
            constraint=models.UniqueConstraint(
                fields=("name_key",),
                name="season_name_key_unique",
                violation_error_message="There is already a season with this name.",
            ),
        ),
        migrations.CreateModel(
            name="AccountName",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("key", models.CharField(max_length=64, unique=True)),
            ],
        ),
        migrations.RunPython(key_accounts, migrations.RunPython.noop),
    ]
