from django.urls import path

from scorekeeper.calculator import views

urlpatterns = [
    path("calculator/", views.calculator, name="calculator"),
    path("calculator/fu/", views.fu_calculator, name="fu_calculator"),
    path("api/hand/", views.hand_api, name="hand_api"),
    path("payment-table/", views.payment_table, name="payment_table"),
]
