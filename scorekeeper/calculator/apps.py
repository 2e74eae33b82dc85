from django.apps import AppConfig


class CalculatorConfig(AppConfig):
    name = "scorekeeper.calculator"
    label = "calculator"
    verbose_name = "Calculator"
