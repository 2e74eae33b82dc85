"""Many phones at once against a real gunicorn (four workers, four threads each) and a real
database: a double tap multiplied by fifty, and a club night of tables whose phones all
record the same hands at the same time. Every hand is recorded exactly once, every refusal
is a clean 409, points are conserved, and nothing is ever a 5xx. Ten phones undoing at
once take back one hand, not ten."""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from scoring.game import replay
from scoring.record_hand import parse_hand
from scoring.rules import PRESETS
from tests.server.harness import HTMX, Phone, Server, conserved, hand_form, hand_record

#: Tables, phones per table, hands per game.
CLUB_NIGHT = {"postgres": (10, 5, 40), "sqlite": (2, 3, 10)}
DOUBLE_TAPS = 50
SAME_KEY = 20
BOUND = 300  # seconds any one burst may take


def run_all(threads: list[threading.Thread]) -> None:
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + BOUND
    for thread in threads:
        thread.join(timeout=max(0.1, deadline - time.monotonic()))
    assert not any(t.is_alive() for t in threads), f"the burst took more than {BOUND} s"


def expected_state(hands: int) -> dict[str, Any]:
    rules = PRESETS["tenhou"]
    return replay(rules, [parse_hand(hand_record(n)) for n in range(hands)]).state.to_json()


def test_fifty_phones_sending_the_same_hand_record_it_once(server: Server):
    (game,) = server.add_games(1)
    bob = Phone(server).log_in("bob")
    phones = [bob.twin() for _ in range(DOUBLE_TAPS)]
    start = threading.Barrier(DOUBLE_TAPS)
    answers: list[Any] = []

    def tap(phone: Phone) -> None:
        start.wait()
        answers.append(phone.post(f"/games/{game}/hands/", hand_form(0), **HTMX))

    run_all([threading.Thread(target=tap, args=(p,)) for p in phones])

    assert Counter(a.status for a in answers) == {200: 1, 409: DOUBLE_TAPS - 1}
    for answer in answers:
        if answer.status == 409:
            assert "This hand was already recorded" in answer.body
            assert answer.sequence() == 1
    stored = server.games([game])[game]
    assert (stored["hand_count"], stored["sequences"]) == (1, [0])
    assert stored["hands"] == [hand_record(0)]


def test_ten_phones_undoing_at_once_undo_one_hand(server: Server):
    (game,) = server.add_games(1)
    bob = Phone(server).log_in("bob")
    for sequence in range(3):
        assert bob.post(f"/games/{game}/hands/", hand_form(sequence), **HTMX).status == 200
    phones = [bob.twin() for _ in range(10)]
    start = threading.Barrier(len(phones))
    answers: list[Any] = []

    def undo(phone: Phone) -> None:
        start.wait()
        form = {"sequence": "3", "confirmed": "on"}
        answers.append(phone.post(f"/games/{game}/undo/", form, **HTMX))

    run_all([threading.Thread(target=undo, args=(p,)) for p in phones])

    assert Counter(a.status for a in answers) == {200: 1, 409: len(phones) - 1}
    stored = server.games([game])[game]
    assert stored["sequences"] == [0, 1]
    assert stored["state"] == expected_state(2)


@dataclass
class Tally:
    recorded: Counter[int] = field(default_factory=Counter)
    refused: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def record_until(phone: Phone, game: int, hands: int, tally: Tally) -> None:
    """One phone at a table: send the next hand as this phone last saw the game; when
    another phone got there first, take the table it is shown and go on from there."""
    seen = phone.get(f"/games/{game}/").sequence()
    assert seen is not None
    while seen < hands:
        answer = phone.post(f"/games/{game}/hands/", hand_form(seen), **HTMX)
        with tally.lock:
            if answer.status == 200:
                tally.recorded[game] += 1
            elif answer.status == 409:
                tally.refused += 1
            else:
                tally.errors.append((answer.status, answer.body[:300]))
        now = answer.sequence()
        seen = now if now is not None else phone.get(f"/games/{game}/").sequence() or 0


def test_a_club_night_of_phones_records_every_hand_exactly_once(server: Server):
    tables, per_table, hands = CLUB_NIGHT[server.backend]
    games = server.add_games(tables)
    bob = Phone(server).log_in("bob")
    tally = Tally()
    threads = [
        threading.Thread(target=record_until, args=(bob.twin(), game, hands, tally))
        for game in games
        for _ in range(per_table)
    ]
    started = time.monotonic()

    run_all(threads)

    seconds = time.monotonic() - started
    print(
        f"\n{server.backend}: {tables} tables x {per_table} phones x {hands} hands: "
        f"{tables * hands} recorded, {tally.refused} refused as stale, "
        f"{len(tally.errors)} errors, in {seconds:.1f} s"
    )
    assert tally.errors == []
    assert tally.recorded == dict.fromkeys(games, hands)
    expected = expected_state(hands)
    for game, stored in server.games(games).items():
        assert stored["sequences"] == list(range(hands)), game
        assert stored["hands"] == [hand_record(n) for n in range(hands)], game
        assert stored["state"] == expected, game
        assert conserved(stored["state"]), game
    assert server.manage("verify_games").returncode == 0
    assert server.errors_logged() == []


def test_one_hand_sent_at_once_under_its_key_by_many_phones_is_stored_once(server: Server):
    """An outbox and its retries (and a second tab) sending one waiting hand at once: one
    hand, and every sending gets the first one's answer."""
    (game,) = server.add_games(1)
    bob = Phone(server).log_in("bob")
    phones = [bob.twin() for _ in range(SAME_KEY)]
    start = threading.Barrier(SAME_KEY)
    form = {**hand_form(0), "key": str(uuid.uuid4()), "waited": "1"}
    answers: list[Any] = []

    def send(phone: Phone) -> None:
        start.wait()
        answers.append(phone.post(f"/games/{game}/hands/", form, **HTMX))

    run_all([threading.Thread(target=send, args=(p,)) for p in phones])

    assert Counter(a.status for a in answers) == {200: SAME_KEY}
    assert all("Hand 1 recorded: " in answer.body for answer in answers)
    stored = server.games([game])[game]
    assert (stored["hand_count"], stored["hands"]) == (1, [hand_record(0)])


def test_phones_that_kept_the_same_hand_each_under_its_own_key_store_it_once(server: Server):
    """Phones that each waited with the same hand for the same place, sending at once: one
    records it, the others' are taken as that hand."""
    (game,) = server.add_games(1)
    bob = Phone(server).log_in("bob")
    phones = [bob.twin() for _ in range(SAME_KEY)]
    start = threading.Barrier(SAME_KEY)
    answers: list[Any] = []

    def send(phone: Phone) -> None:
        start.wait()
        form = {**hand_form(0), "key": str(uuid.uuid4()), "waited": "1"}
        answers.append(phone.post(f"/games/{game}/hands/", form, **HTMX))

    run_all([threading.Thread(target=send, args=(p,)) for p in phones])

    assert Counter(a.status for a in answers) == {200: SAME_KEY}
    taken = [a for a in answers if "taken as that one" in a.body]
    assert len(taken) == SAME_KEY - 1
    stored = server.games([game])[game]
    assert (stored["hand_count"], stored["hands"]) == (1, [hand_record(0)])
