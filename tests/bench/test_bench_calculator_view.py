"""How long the hand calculator page takes for a full hand, whole and as the htmx partial:
the median server time of one request (the target is under 20 ms).

Run with ``pytest tests/bench --benchmark-enable``; the numbers are reported, never asserted.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

#: A riichi pinfu hand with a red five, a dora indicator and a honba: every part of the answer.
FULL_HAND = {
    "closed": "123m067p23456788s",
    "win_tile": "1m",
    "riichi": "1",
    "seat_wind": "S",
    "dora": "7s",
    "honba": "1",
}


@pytest.mark.django_db
@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true"}], ids=["page", "partial"])
def test_bench_calculator_view_for_a_full_hand(benchmark, client, headers):
    url = reverse("calculator")

    response = benchmark(client.get, url, FULL_HAND, **headers)

    assert response.status_code == 200
    assert "5 han 30 fu" in response.content.decode()
    if benchmark.stats is None:  # --benchmark-disable (the normal test run): ran once
        return
    median = benchmark.stats.stats.median
    benchmark.extra_info["median_ms"] = round(median * 1e3, 3)
    what = "partial" if headers else "page"
    print(f"\ncalculator {what} for a full hand: median {median * 1e3:.2f} ms")
