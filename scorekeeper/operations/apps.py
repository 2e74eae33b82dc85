from django.apps import AppConfig


class OperationsConfig(AppConfig):
    name = "scorekeeper.operations"
    label = "operations"
    verbose_name = "Operations"
