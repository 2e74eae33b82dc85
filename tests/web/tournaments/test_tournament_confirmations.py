"""The organiser's irreversible actions ask first (a page saying what will happen; nothing
changes until its button), then say what they did."""

from __future__ import annotations

import io

from django.urls import reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Table, Tournament
from tests.web.tournament_data import make_tournament


def _seated(players: int = 8):
    tournament = make_tournament(players=players, sessions=2)
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=2
    )
    return tournament, session


def test_starting_a_session_asks_first_then_says_what_started(alice_client, db):
    tournament, session = _seated()
    url = reverse("session_start", args=[tournament.pk, 1])
    asked = alice_client.post(url).content.decode()
    assert "Start session 1?" in asked and 'name="confirm" value="1"' in asked
    session.refresh_from_db()
    assert not session.started and not Game.objects.exists()
    done = alice_client.post(url, {"confirm": "1"}, follow=True).content.decode()
    session.refresh_from_db()
    assert session.started and Game.objects.count() == 2
    assert "Session 1 has started: 2 games and the clock." in done


def test_cancelling_a_tables_game_asks_first_then_says_it_counts_for_nothing(alice_client, db):
    tournament, session = _seated()
    session = services.start_session(session=session)
    game = session.tables.get(number=2).game
    url = reverse("tournament_table_action", args=[tournament.pk, 1, 2, "cancel"])
    assert "Cancel the game at table 2?" in alice_client.post(url).content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PLAY
    done = alice_client.post(url, {"confirm": "1"}, follow=True).content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    assert "The game at table 2 is cancelled: it counts for nothing." in done


def test_removing_a_registered_player_asks_first_then_says_who(alice_client, db):
    tournament = make_tournament(players=5, sessions=1)
    entrant = tournament.entrants.select_related("player").first()
    url = reverse("entrant_remove", args=[tournament.pk, entrant.pk])
    asked = alice_client.post(url).content.decode()
    assert f"Take {entrant.player.name} out of the tournament?" in asked
    assert tournament.entrants.count() == 5
    done = alice_client.post(url, {"confirm": "1"}, follow=True).content.decode()
    assert tournament.entrants.count() == 4
    assert f"{entrant.player.name} is no longer registered." in done


def test_a_game_played_again_is_remembered_through_a_backup(db):
    _, session = _seated(players=4)
    session = services.start_session(session=session)
    table = session.tables.get()
    first = table.game
    services.replay_table(table=table)
    text = "".join(backup_lines())
    assert f'"earlier_games":[{first.pk}]' in text
    Tournament.objects.all().delete()
    Game.objects.all().delete()
    Player.objects.all().delete()
    restore(io.StringIO(text))
    restored = Table.objects.get(pk=table.pk)
    assert list(restored.earlier_games.values_list("pk", flat=True)) == [first.pk]
    assert restored.game_id != first.pk


def test_the_referee_is_offered_only_what_the_tables_game_allows(alice_client, db):
    _, session = _seated(players=4)
    session = services.start_session(session=session)
    table = session.tables.get()
    url = table.get_absolute_url() + "?seats=1"
    in_play = alice_client.get(url).content.decode()
    assert all(word in in_play for word in ("End by time", "Cancel the game", "Play the game"))
    services.cancel_table(table=table)
    cancelled = alice_client.get(url).content.decode()
    assert "End by time" not in cancelled and "Cancel the game" not in cancelled
    assert "Play the game again" in cancelled
