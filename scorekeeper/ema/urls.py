from django.urls import path

from scorekeeper.ema import views

urlpatterns = [
    path("tournaments/<int:pk>/ema/", views.tournament_ema, name="tournament_ema"),
    path(
        "tournaments/<int:pk>/ema.xlsx",
        views.tournament_ema_file,
        {"kind": "xlsx"},
        name="tournament_ema_xlsx",
    ),
    path(
        "tournaments/<int:pk>/ema.csv",
        views.tournament_ema_file,
        {"kind": "csv"},
        name="tournament_ema_csv",
    ),
    path("ranking/", views.ranking, name="ranking"),
    path("ranking.csv", views.ranking_download, {"kind": "csv"}, name="ranking_csv"),
    path("ranking.json", views.ranking_download, {"kind": "json"}, name="ranking_json"),
    path("ranking/players/<int:player_id>/", views.ranking_player, name="ranking_player"),
    path("ranking/results/", views.outside_results, name="outside_results"),
    path(
        "ranking/results/<int:pk>/delete/",
        views.outside_result_delete,
        name="outside_result_delete",
    ),
]
