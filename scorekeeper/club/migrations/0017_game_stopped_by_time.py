"""A game ended by time (a tournament's clock) says so: its record's ``"end": "time"``."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0016_hands_sent_with_a_key'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='stopped_by_time',
            field=models.BooleanField(default=False),
        ),
    ]
