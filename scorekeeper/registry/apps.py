from django.apps import AppConfig


class RegistryConfig(AppConfig):
    name = "scorekeeper.registry"
    label = "registry"
    verbose_name = "Registry"
