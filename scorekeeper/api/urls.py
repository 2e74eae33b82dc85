from django.urls import path

from scorekeeper.api import pages, views

urlpatterns = [
    path("api/v1/openapi.json", views.openapi, name="api_openapi"),
    path("api/v1/games", views.games, name="api_games"),
    path("api/v1/games/<int:game_id>", views.game_detail, name="api_game_detail"),
    path("api/v1/games/<int:game_id>/hands", views.hand_create, name="api_hand_create"),
    path(
        "api/v1/games/<int:game_id>/hands/<int:number>", views.hand_detail, name="api_hand_detail"
    ),
    path("api/v1/players", views.players, name="api_players"),
    path("api/v1/hand", views.hand_score, name="api_hand_score"),
    path("api/v1/standings", views.standings_view, name="api_standings"),
    path("api/v1/ratings", views.ratings_view, name="api_ratings"),
    path("api/<path:rest>", views.unknown, name="api_unknown"),
    path("account/tokens/", pages.token_list, name="token_list"),
    path("account/tokens/<int:pk>/revoke/", pages.token_revoke, name="token_revoke"),
]
