"""The site's addresses: each room of the club keeps its own in its ``urls.py``."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("scorekeeper.table.urls")),
    path("", include("scorekeeper.history.urls")),
    path("", include("scorekeeper.registry.urls")),
    path("", include("scorekeeper.calculator.urls")),
    path("", include("scorekeeper.operations.urls")),
    path("", include("scorekeeper.ratings.urls")),
    path("", include("scorekeeper.tournaments.urls")),
    path("", include("scorekeeper.ema.urls")),
    path("", include("scorekeeper.api.urls")),
    path("admin/", admin.site.urls),
    # The language switcher posts to Django's own view (set_language).
    path("i18n/", include("django.conf.urls.i18n")),
]

#: A request that met one of the limits says which (``scorekeeper.limits``).
handler400 = "scorekeeper.limits.bad_request"
