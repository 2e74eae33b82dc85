from django.urls import path

from scorekeeper.table.views import actions, exports, games, hands, live, offline, penalties

urlpatterns = [
    # The home page is the list of games: the tables in play first.
    path("", games.game_list, name="home"),
    path("games/", games.game_list, name="game_list"),
    # The service worker answers for the whole site, so it is served from its root.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.web_manifest, name="web_manifest"),
    path("offline/", offline.offline_page, name="offline"),
    path("games/new/", games.game_new, name="game_new"),
    path("games/<int:game_id>/", hands.game_table, name="game_table"),
    path("games/<int:game_id>/hands/", hands.hand_create, name="hand_create"),
    path("games/<int:game_id>/preview/", hands.hand_preview, name="hand_preview"),
    # A hand's own page (its edit form): hands are numbered from 1. The former addresses,
    # numbered from 0, lead to the same hand.
    path("games/<int:game_id>/hands/<int:number>/", hands.hand_edit, name="hand_edit"),
    path(
        "games/<int:game_id>/hands/<int:sequence>/edit/",
        hands.hand_edit_former,
        name="hand_edit_former",
    ),
    path(
        "games/<int:game_id>/conflicts/<int:sent_id>/",
        hands.conflict_settle,
        name="conflict_settle",
    ),
    path("games/<int:game_id>/undo/", actions.hand_undo, name="hand_undo"),
    path("games/<int:game_id>/finish/", actions.game_finish, name="game_finish"),
    path("games/<int:game_id>/abandon/", actions.game_abandon, name="game_abandon"),
    path("games/<int:game_id>/reopen/", actions.game_reopen, name="game_reopen"),
    path("games/<int:game_id>/penalties/", penalties.penalty_new, name="penalty_new"),
    path(
        "games/<int:game_id>/penalties/<int:index>/remove/",
        penalties.penalty_remove,
        name="penalty_remove",
    ),
    path("games/<int:game_id>/record.json", actions.game_record, name="game_record"),
    path("games/<int:game_id>/waiting.json", actions.game_waiting, name="game_waiting"),
    path("games/<int:game_id>/hands.csv", exports.hand_log_csv, name="hand_log_csv"),
    path("games/<int:game_id>/hands.json", exports.hand_log_json, name="hand_log_json"),
    path("games/<int:game_id>/chart/", live.game_chart, name="game_chart"),
    path(
        "games/<int:game_id>/from-tiles/<int:seat>/",
        hands.hand_from_tiles,
        name="hand_from_tiles",
    ),
    path("games/<int:game_id>/live/", live.game_live, name="game_live"),
    path("games/<int:game_id>/live/board/", live.game_live_board, name="game_live_board"),
]
