from django.urls import path

from scorekeeper.table import (
    views,
    views_actions,
    views_exports,
    views_games,
    views_live,
    views_penalties,
)

urlpatterns = [
    # The home page is the list of games: the tables in play first.
    path("", views_games.game_list, name="home"),
    path("games/", views_games.game_list, name="game_list"),
    path("games/new/", views_games.game_new, name="game_new"),
    path("games/<int:game_id>/", views.game_table, name="game_table"),
    path("games/<int:game_id>/hands/", views.hand_create, name="hand_create"),
    path("games/<int:game_id>/preview/", views.hand_preview, name="hand_preview"),
    # A hand's own page (its edit form): hands are numbered from 1. The former addresses,
    # numbered from 0, lead to the same hand.
    path("games/<int:game_id>/hands/<int:number>/", views.hand_edit, name="hand_edit"),
    path(
        "games/<int:game_id>/hands/<int:sequence>/edit/",
        views.hand_edit_former,
        name="hand_edit_former",
    ),
    path("games/<int:game_id>/undo/", views_actions.hand_undo, name="hand_undo"),
    path("games/<int:game_id>/finish/", views_actions.game_finish, name="game_finish"),
    path("games/<int:game_id>/abandon/", views_actions.game_abandon, name="game_abandon"),
    path("games/<int:game_id>/reopen/", views_actions.game_reopen, name="game_reopen"),
    path("games/<int:game_id>/penalties/", views_penalties.penalty_new, name="penalty_new"),
    path(
        "games/<int:game_id>/penalties/<int:index>/remove/",
        views_penalties.penalty_remove,
        name="penalty_remove",
    ),
    path("games/<int:game_id>/record.json", views_actions.game_record, name="game_record"),
    path("games/<int:game_id>/hands.csv", views_exports.hand_log_csv, name="hand_log_csv"),
    path("games/<int:game_id>/hands.json", views_exports.hand_log_json, name="hand_log_json"),
    path("games/<int:game_id>/chart/", views_live.game_chart, name="game_chart"),
    path(
        "games/<int:game_id>/from-tiles/<int:seat>/",
        views.hand_from_tiles,
        name="hand_from_tiles",
    ),
    path("games/<int:game_id>/live/", views_live.game_live, name="game_live"),
    path("games/<int:game_id>/live/board/", views_live.game_live_board, name="game_live_board"),
]
