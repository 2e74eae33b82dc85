from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "scorekeeper.table"
    label = "table"
    verbose_name = "Table"
