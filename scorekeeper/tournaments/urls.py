from django.urls import path

from scorekeeper.tournaments import views

SESSION = "tournaments/<int:pk>/sessions/<int:number>/"
TABLE = SESSION + "tables/<int:table>/"

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournament_list"),
    path("tournaments/games/<int:game_id>/clock/", views.game_clock, name="game_clock"),
    path("tournaments/new/", views.tournament_new, name="tournament_new"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:pk>/edit/", views.tournament_edit, name="tournament_edit"),
    path("tournaments/<int:pk>/players/", views.tournament_register, name="tournament_register"),
    path(
        "tournaments/<int:pk>/players/<int:entrant_id>/",
        views.tournament_player,
        name="tournament_player",
    ),
    path(
        "tournaments/<int:pk>/players/<int:entrant_id>/remove/",
        views.entrant_remove,
        name="entrant_remove",
    ),
    path("tournaments/<int:pk>/results/", views.tournament_results, name="tournament_results"),
    path(
        "tournaments/<int:pk>/results.csv",
        views.results_download,
        {"kind": "csv"},
        name="tournament_results_csv",
    ),
    path(
        "tournaments/<int:pk>/results.json",
        views.results_download,
        {"kind": "json"},
        name="tournament_results_json",
    ),
    path("tournaments/<int:pk>/penalties/", views.tournament_penalty, name="tournament_penalty"),
    path(
        "tournaments/<int:pk>/penalties/<int:penalty>/take-back/",
        views.tournament_penalty_back,
        name="tournament_penalty_back",
    ),
    path("tournaments/<int:pk>/hide/", views.tournament_hide, name="tournament_hide"),
    path(SESSION, views.tournament_session, name="tournament_session"),
    path(SESSION + "results/", views.session_results_page, name="tournament_session_results"),
    path(SESSION + "seat/", views.session_seat, name="session_seat"),
    path(SESSION + "substitute/", views.session_substitute, name="session_substitute"),
    path(SESSION + "start/", views.session_start, name="session_start"),
    path(TABLE, views.table_page, name="table_page"),
    path(TABLE + "qr.svg", views.table_qr, name="tournament_table_qr"),
    path(TABLE + "key/<str:key>/", views.table_key, name="table_key"),
    path(TABLE + "end-by-time/", views.table_end_by_time, name="table_end_by_time"),
    path(TABLE + "<slug:action>/", views.table_action, name="tournament_table_action"),
]
