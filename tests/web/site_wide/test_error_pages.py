"""The error pages a person may meet: the server failing (500), a form sent from a page that
went stale (403, CSRF) and an address with nothing at it (404). Rendered with DEBUG off, as
in production."""

from __future__ import annotations

import pytest
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.test import Client
from django.urls import path, reverse

from scorekeeper.urls import urlpatterns as project_urls

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


def broken_view(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a view")


urlpatterns = [path("test/broken/", broken_view), *project_urls]


@pytest.fixture(autouse=True)
def production(settings):
    settings.DEBUG = False


def test_a_failing_view_shows_the_plain_error_page(alice):
    client = Client(raise_request_exception=False)
    client.force_login(alice)

    response = client.get("/test/broken/")
    html = response.content.decode()

    assert response.status_code == 500
    assert "Something went wrong on our side" in html
    assert "Nothing you entered was lost if you saw a confirmation" in html
    assert 'href="/"' in html
    assert "a bug in a view" not in html  # no details of the failure


def test_the_error_page_renders_without_a_request_or_a_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        html = render_to_string("500.html")

    assert "<h1>Something went wrong on our side</h1>" in html
    assert "{%" not in html and "{#" not in html


def test_a_form_from_a_stale_page_asks_to_reload_and_try_again(bob, game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)

    response = client.post(reverse("hand_create", args=[game.pk]), {"outcome": "draw"})
    html = response.content.decode()

    assert response.status_code == 403
    assert "The page went stale" in html
    assert "Reload the page and try again." in html
    assert 'class="site-nav"' in html  # a page of the site, to go on from
    game.refresh_from_db()
    assert game.hand_count == 0


def test_an_address_with_nothing_at_it_says_so_inside_the_site(client):
    response = client.get("/no-such-page/")
    html = response.content.decode()

    assert response.status_code == 404
    assert "<h1>Not found</h1>" in html
    assert 'class="site-nav"' in html  # the site's header, to go on from
    assert 'href="/"' in html or f'href="{reverse("home")}"' in html
