"""Whatever a bot sends, the API answers with a refusal it can read, never a 500, and a
refused hand or game stores nothing."""

from __future__ import annotations

import uuid

from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scorekeeper.club.models import Game, HandRecord
from tests.web.api_helpers import Bot

SEATS = st.integers(min_value=-2, max_value=5)
WIN = st.fixed_dictionaries(
    {"winner": SEATS},
    optional={
        "han": st.integers(min_value=-1, max_value=30),
        "fu": st.sampled_from([0, 20, 25, 30, 35, 110, 120, 7]),
        "yakuman": st.integers(min_value=0, max_value=7),
        "pao": SEATS,
        "chips": st.integers(min_value=-1, max_value=3),
    },
)
#: Hands near the record's shape, and any JSON at all.
HANDS = st.one_of(
    st.fixed_dictionaries(
        {"ron": st.fixed_dictionaries({"from": SEATS, "wins": st.lists(WIN, max_size=4)})},
        optional={"riichi": st.lists(SEATS, max_size=5), "end": st.booleans()},
    ),
    st.fixed_dictionaries({"tsumo": WIN}, optional={"riichi": st.lists(SEATS, max_size=5)}),
    st.fixed_dictionaries(
        {"draw": st.fixed_dictionaries({}, optional={"tenpai": st.lists(SEATS, max_size=5)})}
    ),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
        ),
        max_leaves=8,
    ),
)
BODIES = st.fixed_dictionaries(
    {"hand": HANDS},
    optional={
        "sequence": st.one_of(st.integers(min_value=-1, max_value=2), st.text(max_size=2)),
        "entered_at": st.one_of(st.text(max_size=25), st.integers()),
        "extra": st.none(),
    },
)


@hypothesis_settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=BODIES)
def test_any_hand_a_bot_sends_is_recorded_or_refused_cleanly(bob, game, settings, body):
    settings.SCOREKEEPER_API_RATE = 10_000
    # One token for every example: the fixtures are made once for them all.
    if not hasattr(bob, "fuzz_bot"):
        bob.fuzz_bot = Bot(bob)
    before = Game.objects.get(pk=game.pk).hand_count
    status, answer = bob.fuzz_bot.post(f"/api/v1/games/{game.pk}/hands", body, key=uuid.uuid4())
    assert status < 500
    after = Game.objects.get(pk=game.pk).hand_count
    if status == 201:
        assert after == before + 1
        assert HandRecord.objects.filter(game=game).count() == after
    else:
        assert set(answer) == {"code", "values", "text"} and answer["code"], answer
        assert after == before


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
NEW_GAMES = st.fixed_dictionaries(
    {},
    optional={
        "format": st.sampled_from(["scorekeeper.game/1", "scorekeeper.game/2"]) | JSON,
        "rules": st.sampled_from(["tenhou", "ema", "tenhou_sanma", "nope"]) | JSON,
        "players": st.lists(st.sampled_from(["Aki", "ben", "Chie", "Dan", "Eve"]), max_size=5)
        | JSON,
        "table_label": st.text(max_size=50) | JSON,
        "hands": st.lists(HANDS, max_size=2),
        "start": JSON,
    },
)


@hypothesis_settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=NEW_GAMES)
def test_any_game_a_bot_starts_is_started_or_refused_cleanly(bob, players, settings, body):
    settings.SCOREKEEPER_API_RATE = 10_000
    if not hasattr(bob, "fuzz_bot"):
        bob.fuzz_bot = Bot(bob)
    before = Game.objects.count()
    status, answer = bob.fuzz_bot.post("/api/v1/games", body)
    assert status < 500
    if status == 201:
        assert Game.objects.count() == before + 1
    else:
        assert set(answer) == {"code", "values", "text"} and answer["code"], answer
        assert Game.objects.count() == before
