from django.apps import AppConfig


class HistoryConfig(AppConfig):
    name = "scorekeeper.history"
    label = "history"
    verbose_name = "History"
