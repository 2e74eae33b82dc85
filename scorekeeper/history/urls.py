from django.urls import path

from scorekeeper.history.views import exports, history, statistics

urlpatterns = [
    path("history/", history.history, name="history"),
    path("seasons/", history.season_list, name="season_list"),
    path("seasons/new/", history.season_new, name="season_new"),
    path("seasons/<int:season_id>/", history.season_detail, name="season_detail"),
    path("seasons/<int:season_id>/edit/", history.season_edit, name="season_edit"),
    path("standings/", history.standings, name="standings"),
    path("players/<int:player_id>/", history.player_detail, name="player_detail"),
    path("statistics/", statistics.statistics, name="statistics"),
    path(
        "games/<int:game_id>/standings.csv",
        exports.game_standings_csv,
        name="game_standings_csv",
    ),
    path(
        "games/<int:game_id>/standings.json",
        exports.game_standings_json,
        name="game_standings_json",
    ),
    path(
        "seasons/<int:season_id>/standings.csv",
        exports.season_standings_csv,
        name="season_standings_csv",
    ),
    path(
        "seasons/<int:season_id>/standings.json",
        exports.season_standings_json,
        name="season_standings_json",
    ),
    path("standings.csv", exports.standings_csv, name="standings_csv"),
    path("standings.json", exports.standings_json, name="standings_json"),
]
