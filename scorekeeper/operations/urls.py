from django.urls import path

from scorekeeper.operations import views

urlpatterns = [
    path("backup/", views.backup_download, name="backup_download"),
]
