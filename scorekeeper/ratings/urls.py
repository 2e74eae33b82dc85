from django.urls import path

from scorekeeper.ratings import views

urlpatterns = [
    path("ratings/", views.ratings, name="ratings"),
    path("ratings.csv", views.ratings_csv, name="ratings_csv"),
    path("ratings.json", views.ratings_json, name="ratings_json"),
    path("ratings/players/<int:player_id>/", views.player_ratings_part, name="player_ratings"),
    path("ratings/games/<int:game_id>/", views.game_ratings_part, name="game_ratings"),
]
