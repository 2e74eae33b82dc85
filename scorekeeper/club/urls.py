from django.urls import path

from scorekeeper.calculator import views as views_calculator
from scorekeeper.calculator import views_payment
from scorekeeper.history import views as views_history
from scorekeeper.history import views_exports
from scorekeeper.registry import views as views_registry
from scorekeeper.registry import views_accounts
from scorekeeper.table import views as views_table
from scorekeeper.table import views_games

urlpatterns = [
    path("payment-table/", views_payment.payment_table, name="payment_table"),
    # The home page ("" named home) is the list of games.
    *views_games.urlpatterns,
    *views_accounts.urlpatterns,
    *views_registry.urlpatterns,
    *views_table.urlpatterns,
    *views_exports.urlpatterns,
    *views_history.urlpatterns,
    *views_calculator.urlpatterns,
]
