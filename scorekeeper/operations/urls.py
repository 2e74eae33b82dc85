from django.urls import path

from scorekeeper.operations import views
from scorekeeper.operations.logs import views as logs

urlpatterns = [
    path("organiser/", views.organiser_menu, name="organiser_menu"),
    path("backup/", views.backup_download, name="backup_download"),
    path("backup/restore/", views.backup_restore, name="backup_restore"),
    path("games/import/", views.game_import, name="game_import"),
    path("games/import-log/", logs.log_import, name="log_import"),
    path("games/delete/", views.game_find, name="game_find"),
    path("games/<int:game_id>/delete/", views.game_delete, name="game_delete"),
]
