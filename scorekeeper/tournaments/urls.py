from django.urls import path

from scorekeeper.tournaments.views import organiser, phone, public, screen, tables

SESSION = "tournaments/<int:pk>/sessions/<int:number>/"
TABLE = SESSION + "tables/<int:table>/"
MINE = "tournaments/<int:pk>/me/<int:entrant_id>/<str:key>/"

urlpatterns = [
    path("tournaments/", public.tournament_list, name="tournament_list"),
    path("tournaments/games/<int:game_id>/clock/", tables.game_clock, name="game_clock"),
    path("tournaments/new/", organiser.tournament_new, name="tournament_new"),
    path("tournaments/<int:pk>/", public.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:pk>/edit/", organiser.tournament_edit, name="tournament_edit"),
    path(
        "tournaments/<int:pk>/players/", organiser.tournament_register, name="tournament_register"
    ),
    path(
        "tournaments/<int:pk>/players/<int:entrant_id>/",
        public.tournament_player,
        name="tournament_player",
    ),
    path(
        "tournaments/<int:pk>/players/<int:entrant_id>/remove/",
        organiser.entrant_remove,
        name="entrant_remove",
    ),
    path(
        "tournaments/<int:pk>/players/<int:entrant_id>/withdraw/",
        organiser.entrant_withdraw,
        name="entrant_withdraw",
    ),
    path("tournaments/<int:pk>/register/", phone.register_page, name="tournament_register_self"),
    path(MINE, phone.my_tournament, name="my_tournament"),
    path(MINE + "qr.svg", phone.my_qr, name="my_tournament_qr"),
    path(MINE + "withdraw/", phone.my_withdraw, name="my_tournament_withdraw"),
    path(MINE + "check-in/", phone.my_check_in, name="my_tournament_check_in"),
    path(
        "tournaments/<int:pk>/players/<int:entrant_id>/check-in/",
        organiser.entrant_check_in,
        name="entrant_check_in",
    ),
    path(
        "tournaments/<int:pk>/players/<int:entrant_id>/approve/",
        organiser.entrant_approve,
        name="entrant_approve",
    ),
    path(
        "tournaments/<int:pk>/players/<int:entrant_id>/revoke/",
        organiser.entrant_revoke,
        name="entrant_revoke",
    ),
    path("tournaments/<int:pk>/plan/", organiser.tournament_plan, name="tournament_plan"),
    path("tournaments/<int:pk>/results/", public.tournament_results, name="tournament_results"),
    path("tournaments/<int:pk>/screen/", screen.tournament_screen, name="tournament_screen"),
    path(
        "tournaments/<int:pk>/results.csv",
        public.results_download,
        {"kind": "csv"},
        name="tournament_results_csv",
    ),
    path(
        "tournaments/<int:pk>/results.json",
        public.results_download,
        {"kind": "json"},
        name="tournament_results_json",
    ),
    path(
        "tournaments/<int:pk>/penalties/", organiser.tournament_penalty, name="tournament_penalty"
    ),
    path(
        "tournaments/<int:pk>/penalties/<int:penalty>/take-back/",
        organiser.tournament_penalty_back,
        name="tournament_penalty_back",
    ),
    path("tournaments/<int:pk>/hide/", organiser.tournament_hide, name="tournament_hide"),
    path(SESSION, tables.tournament_session, name="tournament_session"),
    path(SESSION + "results/", public.session_results_page, name="tournament_session_results"),
    path(SESSION + "seat/", organiser.session_seat, name="session_seat"),
    path(SESSION + "substitute/", organiser.session_substitute, name="session_substitute"),
    path(SESSION + "start/", organiser.session_start, name="session_start"),
    path(TABLE, tables.table_page, name="table_page"),
    path(TABLE + "qr.svg", tables.table_qr, name="tournament_table_qr"),
    path(TABLE + "key/<str:key>/", tables.table_key, name="table_key"),
    path(TABLE + "end-by-time/", tables.table_end_by_time, name="table_end_by_time"),
    path(TABLE + "take-away/", organiser.table_withdraw, name="table_withdraw"),
    path(TABLE + "<slug:action>/", organiser.table_action, name="tournament_table_action"),
]
