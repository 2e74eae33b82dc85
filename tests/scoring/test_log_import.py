"""Platform logs made into game records: every real log in tests/data converts and reproduces
what Tenhou recorded; the same game from mjlog XML and from tenhou.net/6 JSON gives the same
record; the single-hand logs convert as what they show; a damaged or hostile log is refused
with its place named.

The cases, and where each is seen (tests/data/README.md, logs/SOURCES.md):

| case | log |
|---|---|
| ron, tsumo, riichi placed / ronned on its discard | the 51 raw logs (417 hands) |
| double ron (sticks and honba to the nearest) | 2019103023gm (XML + JSON), double_ron.json |
| pao on a double yakuman tsumo, tobi | 2019103023gm |
| kazoe, open / closed kans, chankan | tenhou-hands.json's 354 wins; chankan.json |
| nagashi mangan (``nm``) | fastmaj 2014051613gm |
| aborts: kyuushu, suufon renda, sanchahou | fastmaj logs (``yao9``, ``kaze4``, ``ron3``) |
| aborts: kyuushu, suucha riichi | kyushukyuhai.json, four_reach.json |
| exhaustive draw's tenpai from the payments | ryukyoku.json, 2023053016gm |
| July 2009's uma, no tenpai-yame until June 2010, no red fives | fastmaj 2009-2010 logs |
| results in tenths (no rounding) since about 2020 | 2023053016gm |
| a game begun mid-way (start, 30,000 start points) | double_ron.json, kyushukyuhai.json |
| Mahjong Soul in English (Gold Room) | confusing_nakis_7.json |
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from real_data import (
    GAMES_DIR,
    HAND_CASES,
    LOGS_DIR,
    RAW_LOGS_DIR,
    case_dora,
    case_open,
    case_yaku,
)

from scoring.__main__ import main
from scoring.errors import LogError
from scoring.logs.convert import MAX_LOG_BYTES, convert_log
from scoring.logs.names import JSON_YAKU, TENHOU_YAKU
from scoring.outcomes import Abort, AbortReason, Draw, Ron, Tsumo
from scoring.record import Source, parse_record, record_to_json
from scoring.record_output import scored_json
from scoring.rules import PRESETS, resolve_rules
from scoring.standings import final_standings
from scoring.yaku import BY_NAME

RAW_LOGS = sorted(RAW_LOGS_DIR.iterdir())
PAIRS = sorted((LOGS_DIR / "mjlog-xml").glob("*.xml"))
SINGLE = LOGS_DIR / "tenhou6-json-single-kyoku"


def _slug(path: Path) -> str:
    return path.name.removesuffix(".mjlog.xml").removesuffix(".json")


def _single(name: str) -> Any:
    return convert_log((SINGLE / f"mjai-reviewer__{name}.json").read_bytes())


def test_the_raw_logs_are_all_there():
    assert len(RAW_LOGS) == 51
    assert len(PAIRS) == 6
    assert len(list(SINGLE.glob("*.json"))) == 6


@pytest.mark.parametrize("log", RAW_LOGS, ids=_slug)
def test_a_raw_log_converts_and_reproduces_what_tenhou_recorded(log: Path):
    expected = json.loads((GAMES_DIR / f"{_slug(log)}.expected.json").read_text())
    imported = convert_log(log.read_bytes())
    out = scored_json(imported.record, imported.replay)
    hands = out["hands"]
    assert [h["round"] for h in hands] == expected["rounds"]
    assert [h["honba"] for h in hands] == expected["honba"]
    assert [h["sticks"] for h in hands] == expected["sticks"]
    assert [h["scores"] for h in hands] == expected["scores"]
    assert out["finished"] is True
    assert [row["points"] for row in out["final"]] == expected["final_points"]
    assert [row["result"] for row in out["final"]] == expected["final_result"]


def _bare(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand without what the curated records leave out: yaku, dora, open, and fu at 5 han
    and more (they count nothing there)."""
    hand = json.loads(json.dumps(hand))
    for kind in ("ron", "tsumo"):
        if kind in hand:
            for win in hand[kind]["wins"] if kind == "ron" else [hand[kind]]:
                for key in ("yaku", "dora", "open"):
                    win.pop(key, None)
                if win.get("han", 0) >= 5:
                    win.pop("fu", None)
    return hand


@pytest.mark.parametrize("log", RAW_LOGS, ids=_slug)
def test_a_raw_log_gives_the_hands_of_the_curated_record(log: Path):
    curated = json.loads((GAMES_DIR / f"{_slug(log)}.game.json").read_text())
    doc = record_to_json(convert_log(log.read_bytes()).record)
    assert [_bare(hand) for hand in doc["hands"]] == [_bare(h) for h in curated["hands"]]
    assert parse_record(doc) == convert_log(log.read_bytes()).record


def _wins(hand: Any) -> list[Any]:
    outcome = hand.outcome
    if isinstance(outcome, Ron):
        return list(outcome.wins)
    return [outcome.win] if isinstance(outcome, Tsumo) else []


def test_every_real_winning_hand_has_tenhous_yaku_dora_and_open():
    """The 354 winning hands of tenhou-hands.json (read from the same logs by other code)
    give the same yaku, dora and open/closed as the converter reads."""
    games = {}
    for log in RAW_LOGS:
        source = json.loads((GAMES_DIR / f"{_slug(log)}.expected.json").read_text())["source"]
        games[source] = convert_log(log.read_bytes()).record
    for case in HAND_CASES:
        hand = games[case["source"]].hands[case["hand_index_in_game"]]
        (win,) = [w for w in _wins(hand) if w.winner == case["winner_seat"]]
        assert list(win.yaku) == sorted(case_yaku(case), key=list(BY_NAME).index), case["id"]
        assert win.open is case_open(case), case["id"]
        if not case["expected"]["yakuman"]:
            assert win.dora == tuple(case_dora(case).values()), case["id"]
    assert len(HAND_CASES) == 354


@pytest.mark.parametrize("xml", PAIRS, ids=lambda p: p.stem)
def test_the_same_game_gives_the_same_record_from_xml_and_from_json(xml: Path):
    from_xml = convert_log(xml.read_bytes(), log_id=xml.stem)
    from_json = convert_log((LOGS_DIR / "tenhou6-json" / f"{xml.stem}.json").read_bytes())
    assert record_to_json(from_xml.record) == record_to_json(from_json.record)
    assert from_json.record.source == Source("tenhou", xml.stem)
    sc = json.loads((LOGS_DIR / "tenhou6-json" / f"{xml.stem}.json").read_text())["sc"]
    out = scored_json(from_xml.record, from_xml.replay)
    assert [row["points"] for row in out["final"]] == sc[0::2]
    assert [row["result"] for row in out["final"]] == sc[1::2]


def test_the_rules_are_read_from_what_the_log_shows():
    def rules(name: str) -> Any:
        return convert_log((RAW_LOGS_DIR / name).read_bytes()).record.rules.to_spec()

    # July 2009: the uma that reproduces the results, tonpuusen from the lobby.
    assert rules("fastmaj__2009072918gm-0061-0000-e6e91672_tw_0.mjlog.xml") == {
        "preset": "tenhou",
        "length": "tonpuusen",
        "uma": [10000, 5000, -5000, -10000],
    }
    # August 2009: a tenpai dealer in 1st at the end played on (no tenpai-yame yet).
    assert rules("fastmaj__2009082713gm-00e1-0000-8820f355_tw_3.mjlog.xml") == {
        "preset": "tenhou",
        "length": "tonpuusen",
        "tenpai_yame": "none",
    }
    # A lobby without red fives.
    assert rules("fastmaj__2009082817gm-00ab-0000-997dbe26_tw_0.mjlog.xml") == {
        "preset": "tenhou",
        "aka_dora": 0,
    }
    pair = PAIRS[-1]  # 2023: results in tenths, not rounded to 1000
    assert convert_log(pair.read_bytes()).record.rules.to_spec() == {
        "preset": "tenhou",
        "result_rounding": "none",
    }


def test_a_double_ron_pays_both_winners_and_the_sticks_go_to_the_nearest():
    imported = _single("double_ron")
    (hand,) = imported.record.hands
    assert isinstance(hand.outcome, Ron) and hand.outcome.discarder == 3
    assert [win.winner for win in hand.outcome.wins] == [0, 2]
    assert hand.riichi == (0,)
    assert imported.replay.results[0].deltas == (12000, 0, 2000, -14000)
    assert imported.record.rules.start_points == 30000  # a tournament's 30,000 start


def test_a_chankan_names_its_yaku():
    (hand,) = _single("chankan").record.hands
    assert isinstance(hand.outcome, Ron)
    assert hand.outcome.wins[0].yaku == ("Chankan", "Round Wind")
    assert hand.outcome.wins[0].dora == (1, 0, 2)


def test_the_aborts_and_the_draw_convert_as_they_show():
    four = _single("four_reach")
    assert four.record.hands[0].outcome == Abort(AbortReason.SUUCHA_RIICHI)
    assert four.record.hands[0].riichi == (0, 1, 2, 3)
    assert four.replay.state.sticks == 4
    nine = _single("kyushukyuhai")
    assert nine.record.hands[0].outcome == Abort(AbortReason.KYUUSHU_KYUUHAI)
    draw = _single("ryukyoku")
    assert draw.record.hands[0].outcome == Draw(tenpai=(0, 1))
    assert draw.replay.results[0].deltas == (1500, 1500, -1500, -1500)


def test_a_mahjong_soul_hand_in_english_gets_the_mahjong_soul_preset():
    imported = _single("confusing_nakis_7")
    assert imported.record.rules.preset == "mahjongsoul"
    assert imported.record.source == Source("mahjongsoul", "")
    (hand,) = imported.record.hands
    assert isinstance(hand.outcome, Ron)
    assert hand.outcome.wins[0].yaku == ("Riichi",)
    assert imported.replay.results[0].deltas == (-2600, 2600, 0, 0)
    assert imported.whole is False


def test_every_yaku_name_maps_to_a_yaku_of_the_record():
    assert set(TENHOU_YAKU.values()) | set(JSON_YAKU.values()) <= set(BY_NAME)
    assert set(TENHOU_YAKU.values()) == set(BY_NAME)


# Damaged and hostile logs.

GAME_XML = PAIRS[0]
GAME_JSON = LOGS_DIR / "tenhou6-json" / f"{GAME_XML.stem}.json"


def _refusal(data: str | bytes, **kwargs: Any) -> LogError:
    with pytest.raises(LogError) as caught:
        convert_log(data, **kwargs)
    return caught.value


def test_a_cut_xml_log_is_refused_naming_the_line_and_column():
    text = GAME_XML.read_text()
    error = _refusal(text[: len(text) // 2])
    assert error.code == "log.xml_damaged"
    assert error.where.startswith("XML line 1, column ")


def test_entity_expansion_is_refused():
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        "<mjloggm>&lol2;</mjloggm>"
    )
    assert _refusal(laughs).code == "log.xml_refused"


def test_a_huge_file_is_refused_before_it_is_read():
    error = _refusal(b"{" + b" " * MAX_LOG_BYTES + b"}")
    assert (error.code, error.values) == ("log.too_large", {"most": MAX_LOG_BYTES})


def test_something_else_is_refused():
    assert _refusal("hello").code == "log.unknown_format"
    assert _refusal(b"\xff\xfe<").code == "log.not_utf8"
    assert _refusal('{"log": [').code == "log.not_json"


def test_a_wrong_type_is_refused_naming_its_place():
    doc = json.loads(GAME_JSON.read_text())
    doc["log"][2][1][3] = "lots"
    error = _refusal(json.dumps(doc))
    assert (error.code, error.where) == ("log.damaged", "log[2][1][3]")
    doc["log"][2] = {"not": "a round"}
    assert _refusal(json.dumps(doc)).where == "log[2]"


def test_a_hand_that_does_not_add_up_refuses_the_whole_log_naming_the_hand():
    doc = json.loads(GAME_JSON.read_text())
    result = doc["log"][1][-1]
    result[1] = [result[1][0] + 1000, *result[1][1:]]
    error = _refusal(json.dumps(doc))
    assert error.code == "log.deltas_differ"
    assert error.where == "hands[1] (E2)"
    assert error.values["hand"] == 2 and error.values["seat"] == 0


def test_a_changed_score_in_the_xml_is_refused_at_its_hand():
    text = GAME_XML.read_text()
    agari = text.index("<AGARI", text.index("<AGARI") + 1)
    delta = text.index(",", text.index('sc="', agari)) + 1  # seat 0's change, in 100s
    end = text.index(",", delta)
    damaged = text[:delta] + str(int(text[delta:end]) + 10) + text[end:]
    error = _refusal(damaged)
    assert (error.code, error.where) == ("log.deltas_differ", "hands[1] (E2)")
    assert error.values["log"].startswith("-2,000 / ")
    assert error.values["record"].startswith("-3,000 / ")


def test_changed_final_results_are_refused():
    doc = json.loads(GAME_JSON.read_text())
    doc["sc"][1] += 1
    error = _refusal(json.dumps(doc))
    assert error.code == "log.final_results_differ"


def test_a_ruleset_under_which_the_numbers_do_not_come_out_is_refused():
    error = _refusal(GAME_XML.read_bytes(), rules=PRESETS["mahjongsoul"])
    assert error.code.startswith("log.")
    assert convert_log(GAME_XML.read_bytes(), rules=PRESETS["tenhou"]).whole


def test_a_four_player_tenhou6_log_without_its_fourth_name_is_refused_as_damaged():
    # A fourth name of "" is a three-player game, whose fourth seat holds nothing.
    doc = json.loads(GAME_JSON.read_text())
    doc["name"][3] = ""
    error = _refusal(json.dumps(doc))
    assert (error.code, error.where) == ("log.damaged", "log[0][1][3]")


def test_a_four_player_mjlog_marked_three_player_does_not_come_out():
    # Its fourth seat's points and changes are left out, so its scores do not add up.
    text = GAME_XML.read_text().replace('<GO type="169"', '<GO type="185"')
    assert _refusal(text).code.startswith("log.")


def test_a_yaku_without_a_name_in_the_record_is_refused():
    doc = json.loads(GAME_JSON.read_text())
    details = doc["log"][0][-1][2]
    details[4] = "人和(1飜)"
    error = _refusal(json.dumps(doc))
    assert (error.code, error.values["name"]) == ("log.unknown_yaku", "人和")


def test_the_source_goes_into_the_record_and_back():
    imported = convert_log(GAME_JSON.read_bytes())
    doc = record_to_json(imported.record)
    assert doc["source"] == {"platform": "tenhou", "log": GAME_XML.stem}
    assert parse_record(doc).source == imported.record.source


# The command line.


def test_the_command_line_writes_the_record_of_a_log():
    out = io.StringIO()
    assert main(["convert", str(GAME_XML)], out=out) == 0
    doc = json.loads(out.getvalue())
    assert doc["source"] == {"platform": "tenhou", "log": GAME_XML.stem}
    assert doc == record_to_json(convert_log(GAME_JSON.read_bytes()).record)


def test_the_command_line_reads_standard_input_and_a_ruleset():
    stdin = io.TextIOWrapper(io.BytesIO(GAME_JSON.read_bytes()), encoding="utf-8")
    out = io.StringIO()
    assert main(["convert", "-", "--rules", "tenhou"], stdin=stdin, out=out) == 0
    assert json.loads(out.getvalue())["players"][0] == "鬼ヅモ@川村軍団"


def test_the_command_line_refuses_bad_input_in_one_line(tmp_path):
    cut = tmp_path / "cut.xml"
    cut.write_bytes(GAME_XML.read_bytes()[:5000])
    err = io.StringIO()
    assert main(["convert", str(cut)], err=err) == 1
    assert err.getvalue().startswith("error: XML line 1, column ")
    assert err.getvalue().count("\n") == 1
    err = io.StringIO()
    assert main(["convert", str(GAME_XML), "--rules", "mahjongsoul"], err=err) == 1
    assert err.getvalue().startswith("error: <AGARI> 9.owari: the log's final results are -46.0")


def _altered(old: str, new: str) -> str:
    text = GAME_XML.read_text()
    assert text.count(old) == 1
    return text.replace(old, new)


# 2019021004gm's E1: seat 2 (Sidecar) wins a haneman by tsumo, 3,000 / 6,000 (``ten`` 12000),
# with no honba and no sticks (``ba="0,0"``), all four at 25,000 before (``sc``'s 250s).
E1_SC = 'sc="250,-60,250,-30,250,120,250,-30"'


@pytest.mark.parametrize(
    ("old", "new", "code", "place", "log", "record", "seat"),
    [
        (
            E1_SC,
            'sc="260,-60,240,-30,250,120,250,-30"',
            "log.stated_points_differ",
            "<AGARI> 1.sc",
            "26,000 / 24,000 / 25,000 / 25,000",
            "25,000 / 25,000 / 25,000 / 25,000",
            0,
        ),
        (
            'ten="40,12000,2"',
            'ten="40,13000,2"',
            "log.stated_differs",
            "<AGARI> 1.ten",
            "13,000",
            "12,000",
            None,
        ),
        (
            '<AGARI ba="0,0" hai="24,',
            '<AGARI ba="1,0" hai="24,',
            "log.stated_differs",
            "<AGARI> 1.ba",
            "1 / 0",
            "0 / 0",
            None,
        ),
    ],
    ids=["points-before", "worth", "honba"],
)
def test_every_number_a_win_states_is_checked_naming_the_hand(
    old, new, code, place, log, record, seat
):
    error = _refusal(_altered(old, new))
    assert (error.code, error.where) == (code, "hands[0] (E1)")
    assert error.values["place"] == place and error.values["hand"] == 1
    assert (error.values["log"], error.values["record"]) == (log, record)
    assert error.values["seat"] == seat
    if seat is not None:
        assert error.values["player"] == "鬼ヅモ@川村軍団"


def test_the_points_a_riichi_leaves_are_checked_naming_the_seat():
    # E2: seat 1 places a stick (190/210/370/220), then seat 3 does (.../210); the log here
    # says seat 3 still holds 22,000 after placing it.
    error = _refusal(
        _altered('<REACH who="3" ten="190,210,370,210"', '<REACH who="3" ten="190,210,370,220"')
    )
    assert (error.code, error.where) == ("log.stated_points_differ", "hands[1] (E2)")
    assert error.values["seat"] == 3 and error.values["place"] == "<REACH> 4.ten"
    assert error.values["record"] == "19,000 / 21,000 / 37,000 / 21,000"


LOBBY = LOGS_DIR / "lobby"


def _results(imported) -> tuple[int, ...]:
    rows = final_standings(imported.replay.state, imported.record.rules, ())
    return tuple(row.result_points for row in rows)


def test_a_lobby_log_takes_its_uma_and_shared_ties_from_its_own_final_results():
    # Hand-made (logs/lobby/SOURCES.md): 30,000 start and return, uma 15/5, first and second
    # tied at 31,300 sharing their uma: +11.3 / +11.3 / -5.0 / -17.6.
    imported = convert_log((LOBBY / "handmade-lobby-tie-1st-2nd.mjlog.xml").read_bytes())
    rules = imported.record.rules
    assert (rules.start_points, rules.return_points, rules.oka) == (30000, 30000, 0)
    assert rules.uma == (15000, 5000, -5000, -15000)
    assert rules.ties.value == "split"
    assert _results(imported) == (11300, 11300, -5000, -17600)


def test_a_lobby_log_whose_ties_do_not_settle_its_uma_is_refused_naming_the_numbers():
    # First and second tied, and third and fourth: any uma whose first and second add to 20
    # gives these results, so the log alone does not say the lobby's.
    data = (LOBBY / "handmade-lobby-tie-1st-2nd-3rd-4th.mjlog.xml").read_bytes()
    error = _refusal(data)
    assert error.code == "log.final_results_differ"
    assert error.values["log"] == "-11.3 / +11.3 / -11.3 / +11.3"


def test_a_lobby_log_comes_out_under_its_own_rules_with_the_ties_its_results_show():
    data = (LOBBY / "handmade-lobby-tie-1st-2nd-3rd-4th.mjlog.xml").read_bytes()
    # The lobby's rules saved from Tenhou's, which places ties by seat: the log's results
    # show tied places sharing, and that is taken from them.
    lobby = resolve_rules(
        {
            "preset": "tenhou",
            "length": "tonpuusen",
            "start_points": 30000,
            "return_points": 30000,
            "oka": 0,
            "uma": [15000, 5000, -5000, -15000],
            "result_rounding": "none",
        }
    )
    imported = convert_log(data, rules=lobby)
    assert imported.record.rules.ties.value == "split"
    assert _results(imported) == (-11300, 11300, -11300, 11300)


def test_a_converted_mahjong_soul_friendly_rooms_rules_are_read():
    path = LOBBY / "handmade-mahjongsoul-friendly-room-tie.json"
    imported = convert_log(path.read_bytes())
    rules = imported.record.rules
    assert rules.preset == "mahjongsoul"
    assert (rules.start_points, rules.return_points, rules.target_points) == (30000, 30000, 30000)
    assert rules.uma == (20000, 10000, -10000, -20000)
    assert _results(imported) == (-16300, 16300, -16300, 16300)
    # Without the room's uma the preset's (15/5) does not give the log's results.
    doc = json.loads(path.read_text())
    del doc["rule"]["shunweima_2"]
    assert _refusal(json.dumps(doc)).code == "log.final_results_differ"


def test_the_worth_a_json_wins_text_states_is_checked():
    # E1 of 2019021004gm: a haneman tsumo by a non-dealer, "跳満3000-6000点" (12,000).
    doc = json.loads(GAME_JSON.read_text())
    details = doc["log"][0][-1][2]
    assert details[3] == "跳満3000-6000点"
    details[3] = "跳満3000-7000点"
    error = _refusal(json.dumps(doc))
    assert (error.code, error.where) == ("log.stated_differs", "hands[0] (E1)")
    assert (error.values["log"], error.values["record"]) == ("13,000", "12,000")
    assert error.values["place"] == "log[0][16][2][3]"
