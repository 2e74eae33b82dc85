from django.contrib.auth import views as auth_views
from django.urls import path

from scorekeeper.registry.views import accounts, players, rulesets

urlpatterns = [
    path("players/", players.player_list, name="player_list"),
    path("players/new/", players.player_new, name="player_new"),
    path("players/<int:pk>/edit/", players.player_edit, name="player_edit"),
    path("players/<int:pk>/merge/", players.player_merge, name="player_merge"),
    path("players/<int:pk>/delete/", players.player_delete, name="player_delete"),
    path("rulesets/", rulesets.ruleset_list, name="ruleset_list"),
    path("rulesets/new/", rulesets.ruleset_new, name="ruleset_new"),
    path("rulesets/<int:pk>/", rulesets.ruleset_detail, name="ruleset_detail"),
    path("rulesets/<int:pk>/edit/", rulesets.ruleset_edit, name="ruleset_edit"),
    path(
        "rulesets/<int:pk>/offer-first/",
        rulesets.ruleset_offer_first,
        name="ruleset_offer_first",
    ),
    path("rulesets/presets/<slug:name>/", rulesets.preset_detail, name="preset_detail"),
    path("setup/", accounts.setup, name="setup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("members/", accounts.member_list, name="member_list"),
    path("members/new/", accounts.member_new, name="member_new"),
    path("members/<int:pk>/membership/", accounts.membership, name="membership"),
    path("members/<int:pk>/password/", accounts.member_password, name="member_password"),
    path("members/lockouts/<int:pk>/lift/", accounts.lockout_lift, name="lockout_lift"),
    path("accounts/password/", accounts.password_change, name="password_change"),
]
