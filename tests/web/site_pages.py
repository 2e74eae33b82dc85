"""Every page and partial of the site, with real things behind each address, for the tests
that read the whole site in one language (``test_japanese_pages``).

``build_club`` makes one of everything a page can show: a finished game from a real Tenhou
record with a penalty, a game in play with a win, a draw, an abortive draw and a chombo, a
game begun on paper, a deleted game's line, a season, a saved ruleset, members. ``visits``
lists the requests that show them, whole pages and the parts htmx swaps in, each with the
URL name it exercises so a test can check that no URL of the URL conf was left out.
``visible_text`` is what a reader sees of an HTML answer."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import date
from html.parser import HTMLParser
from typing import Any

from django.contrib.auth import get_user_model
from django.urls import reverse

from scorekeeper.api.tokens import make_token
from scorekeeper.club.models import DeletedGame, Game, Player, SavedRuleset, Season
from scorekeeper.operations.deletion import delete_game
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.outbox import keep_for_deleted
from scorekeeper.table.services.penalties import give_penalty
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.services import (
    create_tournament,
    register_players,
    seat_session,
    start_session,
)
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS
from scoring.state import GameState
from tests.real_data import LOGS_DIR
from tests.web.conftest import PASSWORD
from tests.web.history_data import import_games

HTMX = {"HX-Request": "true"}
#: A Tenhou game as tenhou.net/6 JSON, pasted on the log import page (read, not stored).
LOG_GAME = LOGS_DIR / "tenhou6-json" / "2019021004gm-00a9-0000-e2f6516d.json"


def pasted_log(names: frozenset[str], *, add_up: bool = True) -> str:
    """The Tenhou game as the club's players played it (their names in the log); with
    ``add_up`` false, its first hand's scores changed so that they no longer add up."""
    doc = json.loads(LOG_GAME.read_text())
    doc["name"] = sorted(names - {"alice", "bob", "charlie"})[:4]
    if not add_up:
        first = doc["log"][0][-1][1]
        first[0] += 1000
    return json.dumps(doc, ensure_ascii=False)


def _target(element: str) -> dict[str, str]:
    return {**HTMX, "HX-Target": element}


# The club.


@dataclass
class Club:
    finished: Game
    playing: Game
    paper: Game
    deleting: Game
    season: Season
    ruleset: SavedRuleset
    aki: Player
    spare: Player
    bob_id: int
    #: A tournament of the four players: session 1 seated and started, session 2 not seated.
    tournament: Tournament
    #: Aki's entry in it, and its table 1's game.
    entrant_id: int
    #: The first entrant's own page (its signed link), and another entrant's id.
    entrant_url: str
    other_entrant_id: int
    tournament_game_id: int
    #: A three-player game in play (its first hand a tsumo with two kita).
    sanma: Game | None = None
    #: The names of players and accounts (English letters a page may show in any language).
    names: frozenset[str] = field(default_factory=frozenset)
    #: What people typed in Japanese (tables, a season, a ruleset, a penalty's reason).
    typed: frozenset[str] = field(default_factory=frozenset)
    #: Bob's API token, made for a bot.
    bob_token_id: int = 0
    #: A deleted game's id; a hand waited on a phone for it.
    gone_id: int = 0


def build_club() -> Club:
    """The personas of ``tests/web/conftest.py`` (alice an organiser, bob a member, charlie
    an outsider) and a club with one of everything. Names people type (a table, a season, a
    ruleset) are Japanese, as a Japanese club would type them; players keep the names of the
    other tests' fixtures (Aki, Ben, Chie, Dan)."""
    users = get_user_model().objects
    alice = users.create_user("alice", password=PASSWORD, is_staff=True)
    bob = users.create_user("bob", password=PASSWORD)
    make_member(bob)
    users.create_user("charlie", password=PASSWORD)

    finished = import_games(1)[0].game
    Game.objects.filter(pk=finished.pk).update(table_label="卓1")
    finished.refresh_from_db()
    give_penalty(
        game=finished, seat=2, points=2000, reason="遅刻", expected_revision=finished.revision
    )
    finished.refresh_from_db()
    players = [seat.player for seat in finished.seats.order_by("number")]
    spare = Player.objects.create(name="Eri")

    rules = PRESETS["tenhou"]
    playing = start_game(
        rules=rules, ruleset_name="tenhou", players=players, table_label="卓2", created_by=alice
    )
    riichi_pinfu = Win(1, han=3, fu=30, yaku=("Riichi", "Pinfu", "Tanyao"), dora=(0, 0, 0))
    hands = [
        Hand(Ron(0, (riichi_pinfu,)), riichi=(1,)),
        Hand(Tsumo(Win(1, han=1, fu=30, yaku=("Menzen Tsumo",), open=False))),
        Hand(Draw(tenpai=(0, 2))),
        Hand(Abort(AbortReason.KYUUSHU_KYUUHAI)),
        Hand(Chombo(3)),
    ]
    for sequence, hand in enumerate(hands):
        record_hand(game=playing, hand=hand, expected_sequence=sequence, user=bob)
    playing.refresh_from_db()

    on_paper = GameState((36000, 29000, 24000, 30000), round_index=4, honba=2, sticks=1)
    paper = start_game(
        rules=PRESETS["ema"],
        ruleset_name="ema",
        players=players,
        table_label="卓3",
        created_by=alice,
        start=on_paper,
    )
    sanma = start_game(
        rules=PRESETS["tenhou_sanma"],
        ruleset_name="tenhou_sanma",
        players=players[:3],
        table_label="卓5",
        created_by=alice,
    )
    kita = Win(1, han=4, fu=30, yaku=("Riichi", "Menzen Tsumo"), dora=(0, 0, 0), kita=2)
    record_hand(game=sanma, hand=Hand(Tsumo(kita), riichi=(1,)), expected_sequence=0, user=bob)
    deleting = start_game(rules=rules, ruleset_name="tenhou", players=players, created_by=alice)
    record_hand(game=deleting, hand=Hand(Draw()), expected_sequence=0)
    gone = start_game(rules=rules, ruleset_name="tenhou", players=players, table_label="卓4")
    delete_game(game=gone, expected_sequence=0, user=alice)
    # A hand that waited on a phone for it, sent after it was deleted: its page lists it.
    keep_for_deleted(
        deleted=DeletedGame.objects.get(game_id=gone.pk),
        hand=Hand(Draw(tenpai=(0,))),
        sequence=0,
        key=uuid.UUID(int=1),
        user=bob,
    )

    season = Season.objects.create(
        name="2025年春季リーグ", start_date=date(2025, 1, 1), end_date=date(2025, 6, 30)
    )
    ruleset = SavedRuleset.objects.create(name="クラブ公式ルール", preset="ema")
    tournament = create_tournament(
        rules=rules,
        ruleset_name="tenhou",
        name="秋季大会",
        start_date=date(2025, 11, 1),
        sessions=2,
        registration_open=True,
        players_record=True,
    )
    register_players(tournament=tournament, players=players)
    first = seat_session(session=tournament.session_rows.get(number=1), method="random", seed=1)
    start_session(session=first, user=alice)
    bob_token = make_token(user=bob, name="ディスコードのボット", scope="record").token
    return Club(
        finished=finished,
        playing=playing,
        paper=paper,
        deleting=deleting,
        season=season,
        ruleset=ruleset,
        aki=players[0],
        spare=spare,
        bob_id=bob.pk,
        tournament=tournament,
        entrant_id=tournament.entrants.get(player=players[0]).pk,
        entrant_url=tournament.entrants.get(player=players[0]).own_url(),
        other_entrant_id=tournament.entrants.exclude(player=players[0]).order_by("pk")[0].pk,
        tournament_game_id=first.tables.get(number=1).game_id,
        sanma=sanma,
        names=frozenset(p.name for p in [*players, spare]) | {"alice", "bob", "charlie"},
        typed=frozenset(
            {"卓1", "卓2", "卓3", "卓4", "卓5", "遅刻", season.name, ruleset.name, tournament.name}
        ),
        bob_token_id=bob_token.pk,
        gone_id=gone.pk,
    )


# The requests.


#: An id that nothing has.
PK_NONE = 4243


@dataclass(frozen=True)
class Visit:
    #: The URL conf's name of the view it reaches.
    name: str
    url: str
    method: str = "GET"
    data: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    #: What the page is, in the failure message when the address alone does not say.
    note: str = ""
    #: The status a reader who may use the view gets (when it is not 200).
    status: int = 200
    #: A write that changes the club: made after every read, so the reads see the club whole.
    writes: bool = False

    @property
    def label(self) -> str:
        htmx = " (htmx)" if self.headers else ""
        note = f" [{self.note}]" if self.note else ""
        return f"{self.method} {self.url}{htmx}{note}"


def _hand_form(sequence: int) -> dict[str, Any]:
    return {
        "sequence": str(sequence),
        "outcome": "ron",
        "discarder": "2",
        "winners": ["0"],
        "win_0_han": "2",
        "win_0_fu": "40",
        "win_0_yaku": ["Riichi", "Pinfu"],
        "riichi": ["0"],
    }


def visits(club: Club) -> list[Visit]:
    """Every page and partial, in the order a reader could meet them."""
    done, now, paper = club.finished.pk, club.playing.pk, club.paper.pk
    assert club.sanma is not None
    sanma = club.sanma.pk
    hands = club.playing.hand_count
    aki, spare, season = club.aki.pk, club.spare.pk, club.season.pk
    r = reverse
    table = [
        Visit("home", r("home")),
        Visit("game_list", r("game_list")),
        Visit("game_list", r("game_list"), data={"status": "finished"}, note="filtered"),
        Visit("game_new", r("game_new")),
        Visit("game_new", r("game_new"), data={"players": "3"}, note="three players"),
        Visit("game_new", r("game_new"), "POST", {"players": ["x"]}, note="refused", status=422),
        Visit("game_table", r("game_table", args=[done]), note="final standings"),
        Visit("game_table", r("game_table", args=[now]), note="in play"),
        Visit("game_table", r("game_table", args=[paper]), note="begun on paper"),
        Visit("game_table", r("game_table", args=[now]), headers=HTMX, note="in play"),
        Visit("hand_preview", r("hand_preview", args=[now]), data=_hand_form(hands), headers=HTMX),
        Visit("hand_preview", r("hand_preview", args=[now]), "POST", _hand_form(hands), HTMX),
        Visit("hand_preview", r("hand_preview", args=[now]), data={"hand": "1"}, headers=HTMX),
        Visit("hand_edit", r("hand_edit", args=[now, 1])),
        Visit("hand_edit", r("hand_edit", args=[now, 1]), "POST", {"sequence": "x"}, status=422),
        Visit("hand_edit_former", r("hand_edit_former", args=[now, 0]), status=301),
        Visit("hand_undo", r("hand_undo", args=[now])),
        Visit("game_finish", r("game_finish", args=[now])),
        Visit("game_abandon", r("game_abandon", args=[now])),
        Visit("game_reopen", r("game_reopen", args=[done])),
        Visit("penalty_new", r("penalty_new", args=[done])),
        Visit("penalty_remove", r("penalty_remove", args=[done, 0])),
        Visit("game_record", r("game_record", args=[done])),
        Visit("game_table", r("game_table", args=[club.gone_id]), note="deleted", status=410),
        Visit("game_waiting", r("game_waiting", args=[club.gone_id])),
        Visit("hand_log_csv", r("hand_log_csv", args=[done])),
        Visit("hand_log_json", r("hand_log_json", args=[done])),
        Visit("game_chart", r("game_chart", args=[done]), headers=HTMX),
        Visit("game_chart", r("game_chart", args=[now])),
        Visit("hand_from_tiles", r("hand_from_tiles", args=[now, 0]), status=302),
        Visit("game_live", r("game_live", args=[now])),
        Visit("game_table", r("game_table", args=[sanma]), note="three players"),
        Visit("hand_log_csv", r("hand_log_csv", args=[sanma]), note="three players"),
        Visit("game_live", r("game_live", args=[sanma]), note="three players"),
        Visit("game_live", r("game_live", args=[done]), note="final standings"),
        Visit("game_live_board", r("game_live_board", args=[now]), headers=HTMX),
        Visit("game_live_board", r("game_live_board", args=[done]), headers=HTMX),
    ]
    history = [
        Visit("history", r("history")),
        Visit("history", r("history"), data={"player": aki}, headers=_target("history-results")),
        Visit("season_list", r("season_list")),
        Visit("season_new", r("season_new")),
        Visit("season_new", r("season_new"), "POST", {"name": ""}, note="refused", status=422),
        Visit("season_detail", r("season_detail", args=[season])),
        Visit("season_edit", r("season_edit", args=[season])),
        Visit("standings", r("standings")),
        Visit("standings", r("standings"), data={"players": "3"}, note="three players"),
        Visit("history", r("history"), data={"players": "3"}, note="three players"),
        Visit("statistics", r("statistics"), data={"players": "3"}, note="three players"),
        Visit("player_detail", r("player_detail", args=[aki]), data={"players": "3"}),
        Visit("standings", r("standings"), data={"minimum": 1}, headers=_target("standings-table")),
        Visit("player_detail", r("player_detail", args=[aki])),
        Visit("player_detail", r("player_detail", args=[spare]), note="no games yet"),
        Visit("statistics", r("statistics")),
        Visit("game_standings_csv", r("game_standings_csv", args=[done])),
        Visit("game_standings_json", r("game_standings_json", args=[done])),
        Visit("season_standings_csv", r("season_standings_csv", args=[season])),
        Visit("season_standings_json", r("season_standings_json", args=[season])),
        Visit("standings_csv", r("standings_csv")),
        Visit("standings_json", r("standings_json")),
        Visit("ratings", r("ratings")),
        Visit("ratings", r("ratings"), data={"players": "3"}, headers=_target("ratings-table")),
        Visit("ratings", r("ratings"), data={"season": season}, note="a season"),
        Visit("ratings_csv", r("ratings_csv")),
        Visit("ratings_json", r("ratings_json"), data={"season": season}),
        Visit("player_ratings", r("player_ratings", args=[aki])),
        Visit("player_ratings", r("player_ratings", args=[aki]), headers=_target("player-ratings")),
        Visit("game_ratings", r("game_ratings", args=[done])),
        Visit("game_ratings", r("game_ratings", args=[done]), headers=_target("game-ratings")),
    ]
    registry = [
        Visit("player_list", r("player_list")),
        Visit("player_new", r("player_new")),
        Visit("player_new", r("player_new"), "POST", {"name": ""}, note="refused", status=422),
        Visit("player_edit", r("player_edit", args=[aki])),
        Visit("player_merge", r("player_merge", args=[spare])),
        Visit("player_delete", r("player_delete", args=[spare])),
        Visit("ruleset_list", r("ruleset_list")),
        Visit("ruleset_new", r("ruleset_new")),
        Visit(
            "ruleset_new",
            r("ruleset_new"),
            "POST",
            {"preset": "mleague", "fill": "1", "name": ""},
            HTMX,
            note="a preset chosen",
        ),
        Visit("ruleset_detail", r("ruleset_detail", args=[club.ruleset.pk])),
        Visit("ruleset_edit", r("ruleset_edit", args=[club.ruleset.pk])),
        Visit(
            "ruleset_offer_first",
            r("ruleset_offer_first", args=[PK_NONE]),
            "POST",
            note="no such ruleset",
            status=404,
        ),
        *[Visit("preset_detail", r("preset_detail", args=[name])) for name in PRESETS],
        Visit("setup", r("setup"), note="accounts exist", status=404),
        Visit("login", r("login")),
        Visit("login", r("login"), "POST", {"username": "x", "password": "y"}, status=422),
        Visit("member_list", r("member_list")),
        Visit("member_new", r("member_new")),
        Visit(
            "lockout_lift",
            r("lockout_lift", args=[PK_NONE]),
            "POST",
            note="lifted already",
            status=302,
        ),
        Visit("member_password", r("member_password", args=[club.bob_id])),
        Visit("password_change", r("password_change")),
    ]
    tools = [
        Visit("calculator", r("calculator")),
        Visit("calculator", r("calculator"), data=PINFU, note="a hand counted"),
        Visit("calculator", r("calculator"), data=PINFU, headers=HTMX, note="a hand counted"),
        Visit("calculator", r("calculator"), data={"closed": "11m"}, note="too few tiles"),
        Visit("fu_calculator", r("fu_calculator")),
        Visit("fu_calculator", r("fu_calculator"), data=FU_HAND, headers=HTMX),
        Visit("payment_table", r("payment_table")),
        Visit("service_worker", r("service_worker")),
        Visit("web_manifest", r("web_manifest")),
        Visit("offline", r("offline")),
        Visit("payment_table", r("payment_table"), data={"rules": "mleague"}, headers=HTMX),
        Visit("hand_api", r("hand_api"), "POST", {"closed": "123m"}, status=400),
        Visit("organiser_menu", r("organiser_menu")),
        Visit("backup_download", r("backup_download")),
        Visit("backup_restore", r("backup_restore")),
        Visit("game_import", r("game_import")),
        Visit("log_import", r("log_import")),
        Visit(
            "log_import",
            r("log_import"),
            "POST",
            {"pasted": pasted_log(club.names)},
            note="a log shown",
        ),
        Visit(
            "log_import",
            r("log_import"),
            "POST",
            {"pasted": pasted_log(club.names, add_up=False)},
            note="a hand that does not add up",
            status=422,
        ),
        Visit("game_find", r("game_find"), data={"game": 999999}, note="no such game", status=422),
        Visit("game_find", r("game_find"), data={"game": club.deleting.pk}, status=302),
        Visit("game_delete", r("game_delete", args=[club.deleting.pk])),
    ]
    writes = [
        Visit(
            "hand_create",
            r("hand_create", args=[now]),
            "POST",
            {"sequence": str(hands)},
            HTMX,
            "refused",
            status=422,
            writes=True,
        ),
        Visit(
            "hand_create",
            r("hand_create", args=[now]),
            "POST",
            _hand_form(hands),
            HTMX,
            "recorded",
            writes=True,
        ),
        Visit("game_table", r("game_table", args=[now]), note="after a hand", writes=True),
        Visit(
            "conflict_settle",
            r("conflict_settle", args=[now, PK_NONE]),
            "POST",
            {"keep": "stored"},
            note="no such conflict",
            status=302,
            writes=True,
        ),
        Visit(
            "hand_undo",
            r("hand_undo", args=[now]),
            "POST",
            {"sequence": str(hands + 1), "confirmed": "on"},
            HTMX,
            "undone",
            writes=True,
        ),
        Visit(
            "membership",
            r("membership", args=[club.bob_id]),
            "POST",
            {"member": ""},
            status=302,
            writes=True,
        ),
        Visit(
            "set_language",
            r("set_language"),
            "POST",
            {"language": "ja", "next": "/"},
            status=302,
            writes=True,
        ),
        Visit("logout", r("logout"), "POST", status=302, writes=True),
    ]
    return table + history + registry + tools + tournaments(club) + api(club) + writes


def api(club: Club) -> list[Visit]:
    """A member's tokens page, and the API's endpoints as a browser meets them: with a
    session and no token, refused (401) whoever reads; its description open to all."""
    done, now = club.finished.pk, club.playing.pk
    r = reverse
    return [
        Visit("token_list", r("token_list")),
        Visit("token_list", r("token_list"), "POST", {"name": ""}, note="refused", status=422),
        Visit(
            "token_revoke",
            r("token_revoke", args=[club.bob_token_id]),
            "POST",
            status=302,
            writes=True,
        ),
        Visit("api_openapi", r("api_openapi")),
        Visit("api_games", r("api_games"), status=401),
        Visit("api_game_detail", r("api_game_detail", args=[done]), status=401),
        Visit("api_hand_create", r("api_hand_create", args=[now]), "POST", status=401),
        Visit(
            "api_hand_detail",
            r("api_hand_detail", args=[now, 0]),
            "POST",
            note="PUT and DELETE only",
            status=405,
        ),
        Visit("api_players", r("api_players"), status=401),
        Visit("api_hand_score", r("api_hand_score"), "POST", status=401),
        Visit("api_standings", r("api_standings"), status=401),
        Visit("api_ratings", r("api_ratings"), status=401),
        Visit("api_unknown", r("api_unknown", args=["v1/nothing"]), status=404),
    ]


def tournaments(club: Club) -> list[Visit]:
    """A tournament's pages: session 1 started, session 2 not yet seated."""
    t = club.tournament.pk
    entrant = club.entrant_id
    mine = club.entrant_url
    # Another player's link is revoked: the first one's stays open for every reader.
    other = club.other_entrant_id
    r = reverse
    return [
        Visit("tournament_list", r("tournament_list")),
        Visit("tournament_new", r("tournament_new")),
        Visit("tournament_new", r("tournament_new"), "POST", {"name": ""}, status=422),
        Visit("tournament_detail", r("tournament_detail", args=[t])),
        Visit("tournament_edit", r("tournament_edit", args=[t])),
        Visit(
            "tournament_register",
            r("tournament_register", args=[t]),
            "POST",
            {"new_names": "1" * 101},
            status=422,
        ),
        Visit("tournament_player", r("tournament_player", args=[t, entrant])),
        Visit("tournament_register_self", r("tournament_register_self", args=[t])),
        Visit(
            "tournament_register_self",
            r("tournament_register_self", args=[t]),
            "POST",
            {"name": ""},
            status=422,
        ),
        Visit("my_tournament", mine),
        Visit("my_tournament", mine, headers={"HX-Request": "true"}),
        Visit("my_tournament", r("my_tournament", args=[t, entrant, "x"]), status=404),
        Visit("my_tournament_qr", mine + "qr.svg"),
        Visit(
            "my_tournament_withdraw",
            r("my_tournament_withdraw", args=[t, entrant, "x"]),
            "POST",
            note="a wrong key",
            status=404,
        ),
        Visit(
            "my_tournament_check_in",
            r("my_tournament_check_in", args=[t, entrant, "x"]),
            "POST",
            note="a wrong key",
            status=404,
        ),
        Visit(
            "entrant_check_in",
            r("entrant_check_in", args=[t, other]),
            "POST",
            note="no check-in asked for: refused",
            status=302,
        ),
        Visit(
            "entrant_approve",
            r("entrant_approve", args=[t, entrant]),
            "POST",
            note="not waiting for approval",
            status=302,
        ),
        Visit(
            "entrant_revoke",
            r("entrant_revoke", args=[t, other]),
            "POST",
            status=302,
            writes=True,
        ),
        Visit("tournament_results", r("tournament_results", args=[t])),
        Visit(
            "tournament_results",
            r("tournament_results", args=[t]),
            data={"screen": "1"},
            note="the screen's former address",
            status=302,
        ),
        Visit("tournament_screen", r("tournament_screen", args=[t])),
        Visit("tournament_screen", r("tournament_screen", args=[t]), headers=_target("results")),
        Visit("tournament_results_csv", r("tournament_results_csv", args=[t])),
        Visit("tournament_results_json", r("tournament_results_json", args=[t])),
        Visit(
            "tournament_penalty",
            r("tournament_penalty", args=[t]),
            "POST",
            {"points": ""},
            status=422,
        ),
        Visit("tournament_session", r("tournament_session", args=[t, 1])),
        Visit("tournament_session", r("tournament_session", args=[t, 1]), data={"print": "1"}),
        Visit("tournament_session", r("tournament_session", args=[t, 2]), note="not seated"),
        Visit("tournament_session_results", r("tournament_session_results", args=[t, 1])),
        Visit(
            "session_seat",
            r("session_seat", args=[t, 2]),
            "POST",
            {"method": "prescripted"},
            status=422,
        ),
        Visit("session_substitute", r("session_substitute", args=[t, 2]), "POST", {}, status=422),
        Visit("table_page", r("table_page", args=[t, 1, 1]), status=302),
        Visit("table_page", r("table_page", args=[t, 1, 1]), data={"seats": "1"}),
        Visit("tournament_table_qr", r("tournament_table_qr", args=[t, 1, 1])),
        Visit("table_key", r("table_key", args=[t, 1, 1, "x"]), status=302, note="a wrong key"),
        Visit("game_clock", r("game_clock", args=[club.tournament_game_id])),
        Visit("game_clock", r("game_clock", args=[club.playing.pk]), note="no clock", status=204),
        Visit(
            "table_end_by_time",
            r("table_end_by_time", args=[t, 1, 1]),
            "POST",
            note="asks first",
        ),
        Visit(
            "table_end_by_time",
            r("table_end_by_time", args=[t, 1, 1]),
            "POST",
            {"confirm": "1"},
            status=302,
            writes=True,
        ),
        Visit(
            "tournament_table_action",
            r("tournament_table_action", args=[t, 1, 1, "time"]),
            "POST",
            {"late_minutes": "5", "extra_minutes": "0"},
            status=302,
            writes=True,
        ),
        Visit("session_start", r("session_start", args=[t, 2]), "POST", note="asks first"),
        Visit(
            "session_start",
            r("session_start", args=[t, 2]),
            "POST",
            {"confirm": "1"},
            status=302,
            writes=True,
        ),
        Visit(
            "tournament_plan",
            r("tournament_plan", args=[t]),
            "POST",
            {"seed": "-1"},
            note="a seed below zero",
            status=422,
        ),
        Visit(
            "entrant_withdraw",
            r("entrant_withdraw", args=[t, PK_NONE]),
            "POST",
            note="no such player",
            status=404,
        ),
        Visit(
            "table_withdraw",
            r("table_withdraw", args=[t, 1, 99]),
            "POST",
            note="no such table",
            status=404,
        ),
        Visit(
            "tournament_penalty_back",
            r("tournament_penalty_back", args=[t, 999999]),
            "POST",
            note="no such penalty",
            status=404,
        ),
        # The EMA's pages: the tournament is not finished, so its files are refused.
        Visit("tournament_ema", r("tournament_ema", args=[t])),
        Visit(
            "tournament_ema",
            r("tournament_ema", args=[t]),
            "POST",
            {"weight": "9"},
            note="a weight too large",
            status=422,
        ),
        Visit("tournament_ema_xlsx", r("tournament_ema_xlsx", args=[t]), status=409),
        Visit("tournament_ema_csv", r("tournament_ema_csv", args=[t]), status=409),
        Visit("ranking", r("ranking")),
        Visit("ranking", r("ranking"), data={"day": "2026-13-01"}, note="no such day", status=422),
        Visit("ranking_csv", r("ranking_csv")),
        Visit("ranking_json", r("ranking_json")),
        Visit("ranking_player", r("ranking_player", args=[club.aki.pk])),
        Visit("outside_results", r("outside_results")),
        Visit(
            "outside_results",
            r("outside_results"),
            "POST",
            {"players": "10", "place": "11"},
            note="a place past the players",
            status=422,
        ),
        Visit(
            "outside_result_delete",
            r("outside_result_delete", args=[PK_NONE]),
            "POST",
            note="no such result",
            status=404,
        ),
        Visit("tournament_hide", r("tournament_hide", args=[t]), "POST", status=302, writes=True),
        Visit("entrant_remove", r("entrant_remove", args=[t, entrant]), "POST", note="asks first"),
        Visit(
            "entrant_remove",
            r("entrant_remove", args=[t, entrant]),
            "POST",
            {"confirm": "1"},
            status=302,
            writes=True,
        ),
    ]


#: A closed riichi pinfu hand won by ron on 1m, with a red five pin (as in test_calculator).
PINFU = {"closed": "123m067p234567s88s", "win_tile": "1m", "riichi": "1", "seat_wind": "S"}
FU_HAND = {"meld_1_kind": "sequence", "meld_1_open": "closed", "meld_1_tiles": "simples"}


# What a reader sees.

#: Attributes whose values a reader sees (or hears, from a screen reader).
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
#: Input types whose value is written on them.
BUTTON_INPUTS = {"submit", "button", "reset"}
UNSEEN = {"script", "style", "template"}
#: Text set as code: commands and file names, which stay as typed (the command line is
#: English in every language).
CODE = {"code", "kbd", "samp"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.unseen = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in UNSEEN or tag in CODE:
            self.unseen += 1
            return
        values = dict(attrs)
        self.parts += [values[a] or "" for a in SHOWN_ATTRIBUTES if a in values]
        if tag == "input" and (values.get("type") or "").lower() in BUTTON_INPUTS:
            self.parts.append(values.get("value") or "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in UNSEEN and tag not in CODE:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if (tag in UNSEEN or tag in CODE) and self.unseen:
            self.unseen -= 1

    def handle_data(self, data: str) -> None:
        if not self.unseen:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """The words of an HTML page or partial a reader sees: its text (the title too), not
    scripts, styles, templates or code; of attributes only those shown or read out (titles, ARIA
    labels, placeholders, alternative text) and the words on input buttons."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return " ".join(" ".join(parser.parts).split())
