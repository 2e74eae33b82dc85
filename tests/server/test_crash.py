"""The server dies in the middle of a burst of hands (SIGKILL to gunicorn's master and every
worker at once), starts again, and every game still replays to its stored projection: no
hand half-written, none that a phone was told was recorded lost, and the phones go on."""

from __future__ import annotations

import http.client
import threading
import time
from collections import Counter

from tests.server.harness import HTMX, Phone, Server, conserved, hand_form

PHONES = {"postgres": 8, "sqlite": 4}
#: Hands recorded in all before the server is killed: the burst is well under way.
BEFORE_KILL = 30


def test_a_server_killed_mid_burst_loses_no_recorded_hand_and_leaves_no_partial_one(
    server: Server,
):
    games = server.add_games(PHONES[server.backend])
    bob = Phone(server).log_in("bob")
    told: Counter[int] = Counter()  # hands each game's phone was told were recorded
    errors: list[tuple[int, str]] = []
    lock = threading.Lock()

    def record(phone: Phone, game: int) -> None:
        sequence = 0
        try:
            while sequence < 60:
                answer = phone.post(f"/games/{game}/hands/", hand_form(sequence), **HTMX)
                if answer.status != 200:
                    with lock:
                        errors.append((answer.status, answer.body[:200]))
                    return
                with lock:
                    told[game] += 1
                sequence += 1
        except (OSError, http.client.HTTPException):
            return  # the server is gone (perhaps in the middle of an answer)

    threads = [threading.Thread(target=record, args=(bob.twin(), g)) for g in games]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while sum(told.values()) < BEFORE_KILL and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(t.is_alive() for t in threads)
    assert errors == []
    assert sum(told.values()) >= BEFORE_KILL

    server.start()

    verified = server.manage("verify_games", check=False)
    assert verified.returncode == 0, verified.stderr
    stored = server.games(games)
    for game in games:
        count = stored[game]["hand_count"]
        # Every hand a phone was told about is there; at most the one in flight is extra.
        assert told[game] <= count <= told[game] + 1, game
        assert stored[game]["sequences"] == list(range(count)), game
        assert conserved(stored[game]["state"]), game
        phone = bob.twin()
        following = phone.post(f"/games/{game}/hands/", hand_form(count), **HTMX)
        assert following.status == 200, following.body[:300]
        assert following.sequence() == count + 1
    print(
        f"\n{server.backend}: killed after {sum(told.values())} acknowledged hands; "
        f"{sum(s['hand_count'] for s in stored.values())} stored; verify_games: "
        f"{verified.stdout.strip()}"
    )
