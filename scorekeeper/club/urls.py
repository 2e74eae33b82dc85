from django.urls import path

from scorekeeper.club import views

urlpatterns = [
    # The home page shows the payment table until there is a list of games to show.
    path("", views.payment_table, name="home"),
    path("payment-table/", views.payment_table, name="payment_table"),
]
