"""Yaku that decide the fu decide them on the server too, whether the han were given or
made from the yaku: pinfu by tsumo 20, pinfu on a discard 30, chiitoitsu 25. A winner in
riichi has a closed hand, the open/closed chip left on "Not said"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.club.models import HandRecord

pytestmark = pytest.mark.django_db


def sent(bob_client, game, **fields):
    data = {"sequence": "0", **fields}
    return bob_client.post(reverse("hand_create", args=[game.pk]), data)


@pytest.mark.parametrize(
    ("outcome", "yaku", "han", "fu"),
    [
        ("tsumo", ["Pinfu", "Menzen Tsumo"], "2", 20),
        ("ron", ["Pinfu", "Tanyao"], "2", 30),
        ("ron", ["Chiitoitsu"], "2", 25),
    ],
)
def test_pinfu_and_chiitoitsu_give_the_fu_beside_a_han_chosen(
    bob_client, game, outcome, yaku, han, fu
):
    who = {"winner": "1"} if outcome == "tsumo" else {"winners": ["1"], "discarder": "2"}
    response = sent(
        bob_client, game, outcome=outcome, **who, win_1_han=han, win_1_yaku=yaku, win_1_open=""
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    win = HandRecord.objects.get(game=game).to_hand().outcome
    wins = win.wins if outcome == "ron" else (win.win,)
    assert (wins[0].han, wins[0].fu) == (int(han), fu)


def test_a_winner_in_riichi_is_closed_when_open_or_closed_is_not_said(bob_client, game):
    response = sent(
        bob_client,
        game,
        outcome="ron",
        winners=["1"],
        discarder="2",
        riichi=["1"],
        win_1_han="3",
        win_1_fu="40",
        win_1_yaku=["Riichi", "Tanyao"],
        win_1_open="",
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    assert HandRecord.objects.get(game=game).to_hand().outcome.wins[0].open is False
