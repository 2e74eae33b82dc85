from django.urls import path

from scorekeeper.history import views, views_exports, views_yaku

urlpatterns = [
    path("history/", views.history, name="history"),
    path("seasons/", views.season_list, name="season_list"),
    path("seasons/new/", views.season_new, name="season_new"),
    path("seasons/<int:season_id>/", views.season_detail, name="season_detail"),
    path("seasons/<int:season_id>/edit/", views.season_edit, name="season_edit"),
    path("standings/", views.standings, name="standings"),
    path("players/<int:player_id>/", views.player_detail, name="player_detail"),
    path("statistics/", views_yaku.statistics, name="statistics"),
    path(
        "games/<int:game_id>/standings.csv",
        views_exports.game_standings_csv,
        name="game_standings_csv",
    ),
    path(
        "games/<int:game_id>/standings.json",
        views_exports.game_standings_json,
        name="game_standings_json",
    ),
    path(
        "seasons/<int:season_id>/standings.csv",
        views_exports.season_standings_csv,
        name="season_standings_csv",
    ),
    path(
        "seasons/<int:season_id>/standings.json",
        views_exports.season_standings_json,
        name="season_standings_json",
    ),
    path("standings.csv", views_exports.standings_csv, name="standings_csv"),
    path("standings.json", views_exports.standings_json, name="standings_json"),
]
