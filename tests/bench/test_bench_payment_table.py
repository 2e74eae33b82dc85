"""How long the payment table page takes to render, whole and as the htmx partial.

Run with `make bench`; the suite runs each once, untimed, to keep them working.
"""

import pytest
from django.urls import reverse

from scorekeeper.calculator.payment import payment_sheets
from scoring.rules import PRESETS


def test_bench_payment_sheets(benchmark):
    non_dealer, dealer = benchmark(payment_sheets, PRESETS["wrc"])

    assert len(non_dealer.fu_rows) == len(dealer.fu_rows) == 11


@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true"}], ids=["page", "partial"])
def test_bench_payment_table_view(benchmark, client, headers):
    url = reverse("payment_table")

    response = benchmark(client.get, url, {"rules": "tenhou"}, **headers)

    assert response.status_code == 200
