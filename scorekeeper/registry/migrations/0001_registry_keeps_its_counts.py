"""The registry's models, once the club's: their tables keep the club's names, and nothing
is moved (the state alone comes here)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("club", "0026_registry_keeps_its_counts"),
    ]

    # The club's tables, as they are (``db_table``): only the models' state comes here.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='AddressCount',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('ip', models.CharField(max_length=45, unique=True)),
                        ('count', models.PositiveIntegerField(default=0)),
                        ('started', models.DateTimeField(db_index=True)),
                    ],
                    options={
                        'db_table': 'club_addresscount',
                    },
                ),
                migrations.CreateModel(
                    name='ClubSetup',
                    fields=[
                        ('id', models.PositiveSmallIntegerField(default=1, primary_key=True, serialize=False)),
                        ('done_at', models.DateTimeField(auto_now_add=True)),
                    ],
                    options={
                        'db_table': 'club_clubsetup',
                        'constraints': [models.CheckConstraint(condition=models.Q(('id', 1)), name='one_club_setup')],
                    },
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
                    options={
                        'db_table': 'club_logincount',
                        'constraints': [models.UniqueConstraint(fields=('username', 'ip'), name='one_login_count_per_key')],
                    },
                ),
    ],
            database_operations=[],
        ),
    ]
