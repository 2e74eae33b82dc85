"""A game's record parts beside its hands: the state it began from (a game begun on paper)
and the penalties taken off its final results. Existing games began at East 1 and have none."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0008_names_unique_ignoring_case_login_counts_setup'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='penalties',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name='game',
            name='start',
            field=models.JSONField(blank=True, null=True),
        ),
    ]
