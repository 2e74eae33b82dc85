"""Names unique whatever their case, in the database; login attempts counted in one row per
username and address; the first organiser's setup row; a game's start token.

Two players (rulesets, seasons) whose names differed only in case could be made by two
requests at the same moment. Before the constraint goes on, every such name but the first
made gets " (2)", " (3)"... so that nothing is lost and the organiser can see which to
rename or merge; each renaming is printed."""

import django.db.models.functions.text
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

NAME_LENGTH = 100


def rename_names_taken_in_another_case(
    apps: StateApps, schema_editor: BaseDatabaseSchemaEditor
) -> None:
    for model_name in ("Player", "SavedRuleset", "Season"):
        model = apps.get_model("club", model_name)
        rows = list(model.objects.order_by("pk").values_list("pk", "name"))
        taken = {name.lower() for _, name in rows}
        first: set[str] = set()
        for pk, name in rows:
            if name.lower() not in first:
                first.add(name.lower())
                continue
            number = 2
            while True:
                suffix = f" ({number})"
                new = name[: NAME_LENGTH - len(suffix)] + suffix
                if new.lower() not in taken:
                    break
                number += 1
            taken.add(new.lower())
            model.objects.filter(pk=pk).update(name=new)
            print(f"\n  {model_name} {pk}: {name!r} renamed {new!r} (the name was taken in another case)")


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0007_stops_by_choice_under_optional_yame'),
    ]

    operations = [
        migrations.CreateModel(
            name='ClubSetup',
            fields=[
                ('id', models.PositiveSmallIntegerField(default=1, primary_key=True, serialize=False)),
                ('done_at', models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.CreateModel(
            name='LoginCount',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('username', models.CharField(max_length=150)),
                ('ip', models.CharField(blank=True, max_length=45)),
                ('count', models.PositiveIntegerField(default=0)),
                ('started', models.DateTimeField(db_index=True)),
            ],
        ),
        migrations.DeleteModel(
            name='LoginAttempt',
        ),
        migrations.AddField(
            model_name='game',
            name='start_token',
            field=models.UUIDField(blank=True, editable=False, null=True, unique=True),
        ),
        migrations.AlterField(
            model_name='player',
            name='name',
            field=models.CharField(max_length=100),
        ),
        migrations.AlterField(
            model_name='savedruleset',
            name='name',
            field=models.CharField(max_length=100),
        ),
        migrations.AlterField(
            model_name='season',
            name='name',
            field=models.CharField(max_length=100),
        ),
        migrations.RunPython(rename_names_taken_in_another_case, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('name'), name='player_name_unique_ignoring_case', violation_error_message='There is already a player with this name.'),
        ),
        migrations.AddConstraint(
            model_name='savedruleset',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('name'), name='ruleset_name_unique_ignoring_case', violation_error_message='There is already a ruleset with this name.'),
        ),
        migrations.AddConstraint(
            model_name='season',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('name'), name='season_name_unique_ignoring_case', violation_error_message='There is already a season with this name.'),
        ),
        migrations.AddConstraint(
            model_name='clubsetup',
            constraint=models.CheckConstraint(condition=models.Q(('id', 1)), name='one_club_setup'),
        ),
        migrations.AddConstraint(
            model_name='logincount',
            constraint=models.UniqueConstraint(fields=('username', 'ip'), name='one_login_count_per_key'),
        ),
    ]
