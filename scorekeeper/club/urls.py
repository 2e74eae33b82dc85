from django.urls import path

from scorekeeper.club import (
    views,
    views_accounts,
    views_calculator,
    views_exports,
    views_games,
    views_history,
    views_registry,
    views_table,
)

urlpatterns = [
    path("payment-table/", views.payment_table, name="payment_table"),
    # The home page ("" named home) is the list of games.
    *views_games.urlpatterns,
    *views_accounts.urlpatterns,
    *views_registry.urlpatterns,
    *views_table.urlpatterns,
    *views_exports.urlpatterns,
    *views_history.urlpatterns,
    *views_calculator.urlpatterns,
]
