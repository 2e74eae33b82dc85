from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("scorekeeper.club.urls")),
    path("admin/", admin.site.urls),
]
