"""The hands sent with a key are the table's model now (``table/migrations/0001``): their
table stays as it is."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0027_saved_ruleset_offered_first'),
    ]

    # The table stays where it is (the table's model keeps its name): only the model's
    # state moves to the table, no data.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="SentHand"),
            ],
            database_operations=[],
        ),
    ]
