from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "scorekeeper.club"
    label = "club"
    verbose_name = "Club"
