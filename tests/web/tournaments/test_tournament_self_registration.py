"""Players registering themselves from their phones: the places and the waiting list that
moves up by itself, the organiser's approval, the closing time, withdrawing, the signed link
to a player's own page and its revocation; every refusal changes nothing."""

from __future__ import annotations

import io
import re
from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.club.models import Player
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments.models import Entrant, Tournament
from scorekeeper.tournaments.services import (
    plan_tournament,
    start_session,
    update_tournament,
    withdraw_entrants,
)
from scoring.outcomes import Hand, Tsumo, Win
from tests.web.tournament_data import make_tournament

IN, WAITING, PENDING = Entrant.Status.IN, Entrant.Status.WAITING, Entrant.Status.PENDING


def _open(**fields) -> Tournament:
    tournament = make_tournament(players=0, sessions=2)
    Tournament.objects.filter(pk=tournament.pk).update(registration_open=True, **fields)
    tournament.refresh_from_db()
    return tournament


def _sign_up(tournament: Tournament, name: str, **data):
    url = reverse("tournament_register_self", args=[tournament.pk])
    return Client().post(url, {"name": name, **data})


def _status(tournament: Tournament) -> dict[str, str]:
    return {e.player.name: e.status for e in tournament.entrants.select_related("player")}


def test_the_places_fill_then_a_waiting_list_that_moves_up_when_a_player_withdraws(db):
    tournament = _open(places=2)
    links = {}
    for name in ("Aki", "Ben", "Chie", "Dan"):
        response = _sign_up(tournament, name)
        assert response.status_code == 302
        links[name] = response.url
    assert _status(tournament) == {"Aki": IN, "Ben": IN, "Chie": WAITING, "Dan": WAITING}
    page = Client().get(links["Dan"]).content.decode()
    assert "waiting list: number 2" in page
    # Aki withdraws from their own page: Chie, first on the list, takes the place.
    response = Client().post(links["Aki"] + "withdraw/")
    assert response.status_code == 302
    assert _status(tournament) == {"Ben": IN, "Chie": IN, "Dan": WAITING}
    assert "waiting list: number 1" in Client().get(links["Dan"]).content.decode()
    # The organiser's withdrawal of a player moves the list up too.
    withdraw_entrants(entrants=[tournament.entrants.get(player__name="Ben")])
    assert _status(tournament)["Dan"] == IN


def test_the_tournament_page_counts_the_places_taken_apart_from_the_waiting_list(alice_client, db):
    tournament = _open(places=2)
    for name in ("Aki", "Ben", "Chie"):
        _sign_up(tournament, name)

    page = alice_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()

    # Two places, both taken; the third to register waits and is not counted as registered.
    assert "2 registered players" in page
    assert "1 on the waiting list" in page


def test_more_places_in_the_settings_move_the_waiting_list_up(db):
    tournament = _open(places=1)
    _sign_up(tournament, "Aki")
    _sign_up(tournament, "Ben")
    assert _status(tournament) == {"Aki": IN, "Ben": WAITING}
    update_tournament(tournament=tournament, places=2)
    assert _status(tournament) == {"Aki": IN, "Ben": IN}


def test_registrations_wait_for_approval_and_go_to_the_waiting_list_when_full(alice_client, db):
    tournament = _open(places=1, approval=True)
    _sign_up(tournament, "Aki")
    _sign_up(tournament, "Ben")
    assert _status(tournament) == {"Aki": PENDING, "Ben": PENDING}
    # Waiting for approval, nobody is in the results.
    assert (
        "Aki"
        not in Client().get(reverse("tournament_results", args=[tournament.pk])).content.decode()
    )
    for name in ("Aki", "Ben"):
        entrant = tournament.entrants.get(player__name=name)
        url = reverse("entrant_approve", args=[tournament.pk, entrant.pk])
        assert alice_client.post(url).status_code == 302
    assert _status(tournament) == {"Aki": IN, "Ben": WAITING}
    # Approving again is refused, and changes nothing.
    aki = tournament.entrants.get(player__name="Aki")
    response = alice_client.post(
        reverse("entrant_approve", args=[tournament.pk, aki.pk]), follow=True
    )
    assert "Aki is not waiting for approval." in response.content.decode()
    # A member who is not an organiser cannot approve.
    ben = tournament.entrants.get(player__name="Ben")
    assert Client().post(reverse("entrant_approve", args=[tournament.pk, ben.pk])).status_code in (
        302,
        403,
    )
    assert _status(tournament)["Ben"] == WAITING


def test_a_closed_registration_a_bad_name_or_a_name_registered_already_changes_nothing(db):
    tournament = _open(registration_closes_at=timezone.now() - timedelta(minutes=1))
    response = _sign_up(tournament, "Aki")
    assert response.status_code == 422
    assert "Registration for this tournament is closed." in response.content.decode()
    assert not Player.objects.filter(name="Aki").exists()
    Tournament.objects.filter(pk=tournament.pk).update(registration_closes_at=None)
    assert _sign_up(tournament, "  ").status_code == 422
    assert _sign_up(tournament, "Aki").status_code == 302
    response = _sign_up(tournament, "aki")
    assert response.status_code == 422
    assert "Aki is registered already" in response.content.decode()
    assert tournament.entrants.count() == 1
    # A tournament not open for registration has no registration page.
    closed = make_tournament(players=0)
    assert Client().get(reverse("tournament_register_self", args=[closed.pk])).status_code == 404


def test_the_identity_asked_for_is_checked_on_its_field_and_kept(db):
    tournament = _open(ask_identity=True)
    response = _sign_up(
        tournament, "Anna", given_name="Anna", family_name="Visser", country="NLD", ema_number="123"
    )
    assert response.status_code == 422
    assert "Not an EMA number" in response.content.decode()
    assert not Player.objects.filter(name="Anna").exists()
    response = _sign_up(
        tournament,
        "Anna",
        given_name="Anna",
        family_name="Visser",
        country="NLD",
        ema_number="07000155",
    )
    assert response.status_code == 302
    anna = Player.objects.get(name="Anna")
    assert (anna.given_name, anna.family_name, anna.country, anna.ema_number) == (
        "Anna",
        "Visser",
        "NLD",
        "07000155",
    )
    assert tournament.entrants.get().ema_number == "07000155"


def test_a_revoked_link_opens_nothing_and_the_new_one_does(alice_client, db):
    tournament = _open()
    old = _sign_up(tournament, "Aki").url
    assert Client().get(old).status_code == 200
    entrant = tournament.entrants.get()
    assert (
        alice_client.post(reverse("entrant_revoke", args=[tournament.pk, entrant.pk])).status_code
        == 302
    )
    entrant.refresh_from_db()
    assert Client().get(old).status_code == 404
    assert Client().post(old + "withdraw/").status_code == 404
    assert tournament.entrants.count() == 1
    assert Client().get(entrant.own_url()).status_code == 200
    # The organiser's roster gives the new link.
    assert entrant.own_url() in alice_client.get(tournament.get_absolute_url()).content.decode()


def test_my_page_shows_my_table_wind_and_opponents_in_english_and_japanese(db):
    tournament = _open()
    links = {name: _sign_up(tournament, name).url for name in ("Aki", "Ben", "Chie", "Dan")}
    plan_tournament(tournament=tournament, seed=1)
    aki = tournament.entrants.get(player__name="Aki")
    seat = aki.seats.select_related("table", "session").get(session__number=1)
    winds = ["East", "South", "West", "North"]
    page = Client().get(links["Aki"]).content.decode()
    assert f"Session 1 · table {seat.table.number}" in page
    assert f"You sit {winds[seat.number]}" in page
    for name in ("Ben", "Chie", "Dan"):
        assert name in page
    japanese = Client(HTTP_ACCEPT_LANGUAGE="ja").get(links["Aki"]).content.decode()
    assert "東南西北"[seat.number] in japanese
    # The page asks for itself again: its part alone.
    part = Client().get(links["Aki"], HTTP_HX_REQUEST="true").content.decode()
    assert part.lstrip().startswith('<section id="mine"')


def test_the_registration_states_go_through_a_backup_and_back(alice_client, db):
    tournament = _open(places=1, approval=False, ask_identity=True)
    _sign_up(tournament, "Aki")
    _sign_up(tournament, "Ben")
    text = "".join(backup_lines())
    Tournament.objects.all().delete()
    Player.objects.all().delete()
    restore(io.StringIO(text))
    restored = Tournament.objects.get()
    assert (restored.registration_open, restored.places, restored.ask_identity) == (True, 1, True)
    assert _status(restored) == {"Aki": IN, "Ben": WAITING}


def test_the_sessions_seat_those_checked_in_from_their_phone_or_at_the_desk(alice_client, db):
    tournament = _open(check_in=True)
    names = ("Aki", "Ben", "Chie", "Dan", "Eri", "Fumi")
    links = {name: _sign_up(tournament, name).url for name in names}
    # Aki and Ben check in from their phones, Chie and Dan at the desk; Eri is checked in
    # by mistake and taken back; Fumi does not come.
    for name in ("Aki", "Ben"):
        assert Client().post(links[name] + "check-in/").status_code == 302
    assert "You are checked in." in Client().get(links["Aki"]).content.decode()
    for name in ("Chie", "Dan", "Eri", "Eri"):
        entrant = tournament.entrants.get(player__name=name)
        url = reverse("entrant_check_in", args=[tournament.pk, entrant.pk])
        assert alice_client.post(url).status_code == 302
    # Only the organiser checks players in at the desk.
    fumi = tournament.entrants.get(player__name="Fumi")
    Client().post(reverse("entrant_check_in", args=[tournament.pk, fumi.pk]))
    plan_tournament(tournament=tournament, seed=1)
    seated = {
        e.player.name
        for e in tournament.entrants.filter(seats__session__number=1).select_related("player")
    }
    assert seated == {"Aki", "Ben", "Chie", "Dan"}
    assert "You are not seated yet." in Client().get(links["Fumi"]).content.decode()


def test_checking_in_from_a_phone_needs_the_tournament_to_ask_for_it(db):
    tournament = _open()
    link = _sign_up(tournament, "Aki").url
    assert Client().post(link + "check-in/").status_code == 404
    assert tournament.entrants.get().checked_in_at is None


def test_my_page_shows_the_standings_with_the_points_of_the_games_in_play(db):
    tournament = _open()
    links = {name: _sign_up(tournament, name).url for name in ("Aki", "Ben", "Chie", "Dan")}
    plan_tournament(tournament=tournament, seed=1)
    start_session(session=tournament.session_rows.get(number=1))
    table = tournament.session_rows.get(number=1).tables.get()
    assert table.game is not None
    # East wins a mangan by tsumo: 4,000 from each (the rules' dealer mangan tsumo).
    record_hand(game=table.game, hand=Hand(Tsumo(Win(0, han=5))), expected_sequence=0)
    east = table.seats.select_related("player").get(number=0).player.name
    page = Client().get(links["Aki"]).content.decode()
    row = r'<th scope="row">([^<]+)</th><td class="num">[^<]*</td>'
    live = re.findall(row + r'<td class="num"><span data-live>([^<]+)</span>', page)
    assert (east, "37,000") in live
    assert sorted(points for _, points in live) == ["21,000", "21,000", "21,000", "37,000"]
    # Hidden with the results: the session's points in play are its results to come.
    Tournament.objects.filter(pk=tournament.pk).update(hidden_from=1)
    assert "37,000" not in Client().get(links["Aki"]).content.decode()


def test_a_substitute_registers_as_such_takes_no_place_and_is_in_no_results(db):
    tournament = _open(places=1)
    _sign_up(tournament, "Aki")
    link = _sign_up(tournament, "Ben", substitute="on").url
    assert _status(tournament) == {"Aki": IN, "Ben": IN}
    ben = tournament.entrants.get(player__name="Ben")
    assert ben.substitute
    assert "registered as a substitute" in Client().get(link).content.decode()
    results = Client().get(reverse("tournament_results", args=[tournament.pk])).content.decode()
    assert "Aki" in results and "Ben" not in results
    # The next player still waits: the substitute took no place.
    _sign_up(tournament, "Chie")
    assert _status(tournament)["Chie"] == WAITING
