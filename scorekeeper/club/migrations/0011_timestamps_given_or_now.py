"""The moments rows were made default to now instead of being ``auto_now``/``auto_now_add``:
a restore and the demo data store the moments they are given, and the service that changes a
game sets its ``updated_at``. Only Python's view of the fields changes (a default Django
applies, not the database), so no table is touched: SQLite would otherwise copy every game and
hand into a new table for nothing."""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0010_deleted_game'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name=model,
                    name=name,
                    field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
                )
                for model, name in (
                    ('game', 'created_at'),
                    ('game', 'updated_at'),
                    ('handrecord', 'recorded_at'),
                    ('player', 'created_at'),
                    ('savedruleset', 'created_at'),
                    ('season', 'created_at'),
                )
            ],
        ),
    ]
