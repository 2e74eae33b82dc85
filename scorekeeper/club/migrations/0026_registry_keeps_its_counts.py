"""The login counts, the password-check budgets and the club's setup row are the registry's
models now (``registry/migrations/0001``): their tables stay as they are."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0025_ema_number_validator'),
    ]

    # The tables stay where they are (the registry's models keep their names): only the
    # models' state moves to the registry, no data.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="AddressCount"),
                migrations.DeleteModel(name="ClubSetup"),
                migrations.DeleteModel(name="LoginCount"),
            ],
            database_operations=[],
        ),
    ]
