"""The table's model, once the club's: its table keeps the club's name, and nothing is
moved (the state alone comes here)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('club', '0028_table_keeps_its_sent_hands'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The club's table, as it is (``db_table``): only the model's state comes here.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='SentHand',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('key', models.UUIDField()),
                        ('after', models.UUIDField(blank=True, null=True)),
                        ('sequence', models.PositiveIntegerField()),
                        ('data', models.JSONField()),
                        ('outcome', models.CharField(choices=[('recorded', 'recorded'), ('merged', 'merged'), ('conflict', 'conflict'), ('kept', 'kept'), ('discarded', 'discarded')], max_length=10)),
                        ('reason', models.CharField(blank=True, choices=[('taken', 'taken'), ('after', 'after'), ('closed', 'closed'), ('late', 'late'), ('changed', 'changed')], default='', max_length=10)),
                        ('entered_at', models.DateTimeField(blank=True, null=True)),
                        ('sent_at', models.DateTimeField(default=django.utils.timezone.now, editable=False)),
                        ('settled_at', models.DateTimeField(blank=True, null=True)),
                        ('replaced', models.JSONField(blank=True, null=True)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sent_hands', to='club.game')),
                        ('sent_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('settled_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'club_senthand',
                        'ordering': ['game', 'sent_at'],
                        'constraints': [models.UniqueConstraint(fields=('game', 'key'), name='one_hand_per_key')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
