from django.contrib.auth import views as auth_views
from django.urls import path

from scorekeeper.registry import views, views_accounts, views_passwords, views_players

urlpatterns = [
    path("players/", views.player_list, name="player_list"),
    path("players/new/", views.player_new, name="player_new"),
    path("players/<int:pk>/edit/", views.player_edit, name="player_edit"),
    path("players/<int:pk>/merge/", views_players.player_merge, name="player_merge"),
    path("players/<int:pk>/delete/", views_players.player_delete, name="player_delete"),
    path("rulesets/", views.ruleset_list, name="ruleset_list"),
    path("rulesets/new/", views.ruleset_new, name="ruleset_new"),
    path("rulesets/<int:pk>/", views.ruleset_detail, name="ruleset_detail"),
    path("rulesets/<int:pk>/edit/", views.ruleset_edit, name="ruleset_edit"),
    path("rulesets/presets/<slug:name>/", views.preset_detail, name="preset_detail"),
    path("setup/", views_accounts.setup, name="setup"),
    path("accounts/login/", views_accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("members/", views_accounts.member_list, name="member_list"),
    path("members/new/", views_accounts.member_new, name="member_new"),
    path("members/<int:pk>/membership/", views_accounts.membership, name="membership"),
    path("members/<int:pk>/password/", views_passwords.member_password, name="member_password"),
    path("accounts/password/", views_passwords.password_change, name="password_change"),
]
