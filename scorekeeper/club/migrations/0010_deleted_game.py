"""A game deleted because it was entered by mistake leaves a line in the history
(``DeletedGame``)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0009_games_begun_elsewhere_and_penalties'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='DeletedGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game_id', models.PositiveIntegerField(unique=True)),
                ('table_label', models.CharField(blank=True, max_length=50)),
                ('ruleset_name', models.CharField(max_length=100)),
                ('players', models.JSONField(default=list)),
                ('status', models.CharField(choices=[('in_play', 'In play'), ('finished', 'Finished'), ('abandoned', 'Abandoned')], max_length=10)),
                ('hand_count', models.PositiveIntegerField(default=0)),
                ('started_at', models.DateTimeField()),
                ('deleted_at', models.DateTimeField()),
                ('deleted_by_name', models.CharField(blank=True, max_length=150)),
                ('deleted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-started_at', '-game_id'],
                'indexes': [models.Index(fields=['-started_at', '-game_id'], name='club_delete_started_4e0e1d_idx')],
            },
        ),
    ]
