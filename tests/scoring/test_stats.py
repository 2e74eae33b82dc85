"""Per-seat statistics of a game, counted by hand from small games."""

from __future__ import annotations

from scoring.game import replay
from scoring.outcomes import Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS
from scoring.stats import seat_stats

TENHOU = PRESETS["tenhou"]


def test_wins_deal_ins_riichi_and_values_are_counted_per_seat():
    hands = [
        # E1: seat 1 riichi, ron from seat 2 for 3 han 40 fu: 5,200.
        Hand(Ron(2, (Win(winner=1, han=3, fu=40),)), riichi=(1,)),
        # E2 (seat 1 deals): dealer tsumo 2 han 30 fu: 1,000 all = 3,000.
        Hand(Tsumo(Win(winner=1, han=2, fu=30))),
        # Chombo does not count as a hand.
        Hand(Chombo(3)),
        # E2 1 honba: draw, seats 0 and 3 riichi and tenpai; the dealer is noten: on to E3.
        Hand(Draw(tenpai=(0, 3)), riichi=(0, 3)),
        # E3 (seat 2 deals), double ron on seat 0's discard: seat 1 2 han 40 fu = 2,600;
        # seat 3 a mangan = 8,000.
        Hand(Ron(0, (Win(winner=1, han=2, fu=40), Win(winner=3, han=5)))),
    ]
    stats = seat_stats(TENHOU, replay(TENHOU, hands))
    assert [s.hands for s in stats] == [4, 4, 4, 4]
    assert [s.wins for s in stats] == [0, 3, 0, 1]
    assert stats[1].tsumo_wins == 1 and stats[1].dealer_wins == 1
    assert stats[1].win_points == 5200 + 3000 + 2600
    assert stats[1].best_win == 5200 and stats[1].best_hand == "3 han 40 fu"
    assert stats[3].best_win == 8000 and stats[3].best_hand == "5 han"
    assert [s.deal_ins for s in stats] == [1, 0, 1, 0]
    assert stats[0].deal_in_points == 2600 + 8000
    assert [s.riichi for s in stats] == [1, 1, 0, 1]
    assert [s.chombos for s in stats] == [0, 0, 0, 1]
    assert len(stats[0].points_by_hand) == 5


def test_tobi_marks_the_seat_below_zero():
    hands = [Hand(Ron(3, (Win(winner=0, yakuman=1),)))]
    stats = seat_stats(TENHOU, replay(TENHOU, hands))
    assert [s.tobi for s in stats] == [False, False, False, True]
    assert stats[0].yakuman == 1 and stats[0].best_win == 48000
