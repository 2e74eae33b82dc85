"""A three-player Tenhou mjlog written as tenhou.net/6 JSON, laid out as Tenhou's own
mjlog2json lays it out (only the yaku of the logs here are named):

    python mjlog_to_tenhou6.py GAME.mjlog.xml LOG_ID > GAME.tenhou6.json
"""

import json
import sys
import urllib.parse
import xml.etree.ElementTree as ET

YAKU = {
    0: "門前清自摸和",
    1: "立直",
    2: "一発",
    7: "平和",
    8: "断幺九",
    9: "一盃口",
    10: "自風 東",
    11: "自風 南",
    12: "自風 西",
    13: "自風 北",
    14: "場風 東",
    15: "場風 南",
    16: "場風 西",
    17: "場風 北",
    18: "役牌 白",
    19: "役牌 發",
    20: "役牌 中",
    34: "混一色",
    52: "ドラ",
    53: "裏ドラ",
    54: "赤ドラ",
}
LIMIT = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}


def code(tile):
    if tile in (16, 52, 88):
        return {16: 51, 52: 52, 88: 53}[tile]
    kind = tile // 4
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def kind_code(kind):
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def ints(text):
    return [int(x) for x in text.split(",")] if text else []


def call(m):
    """The call's tenhou.net/6 string and whether it goes among the draws."""
    if m & 0x4:
        t = m >> 10
        r = t % 3
        t //= 3
        t = t // 7 * 9 + t % 7
        kinds = [t + r] + [t + i for i in range(3) if i != r]
        return "c" + "".join(str(kind_code(k)) for k in kinds), True
    if m & 0x18:
        t = (m >> 9) // 3
        c = str(kind_code(t))
        return ("p" + c * 3, True) if m & 0x8 else (c * 3 + "k" + c, False)
    if m & 0x20:
        return "f44", False
    c = str(kind_code((m >> 8) // 4))
    return (c * 3 + "a" + c, False) if m & 3 == 0 else ("m" + c * 4, True)


root = ET.parse(sys.argv[1]).getroot()
log_id = sys.argv[2]
un = root.find("UN").attrib
names = [urllib.parse.unquote(un[f"n{i}"]) for i in range(4)]
rounds = []
for el in root:
    tag, a = el.tag, el.attrib
    if tag == "INIT":
        seed = ints(a["seed"])
        hand = {
            "head": seed[:3],
            "scores": [x * 100 for x in ints(a["ten"])],
            "dora": [code(seed[5])],
            "ura": [],
            "haipai": [sorted(code(t) for t in ints(a[f"hai{s}"])) for s in range(3)],
            "draws": [[], [], []],
            "discards": [[], [], []],
            "last": [None] * 3,
            "riichi": [False] * 3,
        }
        rounds.append(hand)
    elif tag[0] in "TUV" and tag[1:].isdigit():
        s = "TUV".index(tag[0])
        t = int(tag[1:])
        hand["draws"][s].append(code(t))
        hand["last"][s] = t
    elif tag[0] in "DEF" and tag[1:].isdigit():
        s = "DEF".index(tag[0])
        t = int(tag[1:])
        c = 60 if t == hand["last"][s] else code(t)
        if hand["riichi"][s]:
            c = f"r{c}"
            hand["riichi"][s] = False
        hand["discards"][s].append(c)
        hand["last"][s] = None
    elif tag == "N":
        s = int(a["who"])
        text, among_draws = call(int(a["m"]))
        (hand["draws"] if among_draws else hand["discards"])[s].append(text)
        hand["last"][s] = None
    elif tag == "REACH" and a["step"] == "1":
        hand["riichi"][int(a["who"])] = True
    elif tag == "DORA":
        hand["dora"].append(code(int(a["hai"])))
    elif tag == "AGARI":
        sc = ints(a["sc"])
        deltas = [x * 100 for x in sc[1::2]]
        fu, points, limit = ints(a["ten"])
        yaku = ints(a.get("yaku", ""))
        han = sum(yaku[1::2])
        who, frm = int(a["who"]), int(a["fromWho"])
        text = f"{LIMIT[limit]}{points}点" if limit else f"{fu}符{han}飜{points}点"
        lines = [f"{YAKU[i]}({h}飜)" for i, h in zip(yaku[::2], yaku[1::2], strict=False)]
        hand["ura"] = [code(t) for t in ints(a.get("doraHaiUra", ""))]
        hand["result"] = ["和了", deltas, [who, frm, int(a.get("paoWho", who)), text, *lines]]
        if "owari" in a:
            owari = a["owari"].split(",")
            final = [int(owari[i]) * 100 if i % 2 == 0 else float(owari[i]) for i in range(8)]
    elif tag == "RYUUKYOKU":
        sc = ints(a["sc"])
        hand["result"] = ["流局", [x * 100 for x in sc[1::2]]]
        if "owari" in a:
            owari = a["owari"].split(",")
            final = [int(owari[i]) * 100 if i % 2 == 0 else float(owari[i]) for i in range(8)]

log = []
for h in rounds:
    entry = [h["head"], h["scores"], h["dora"], h["ura"]]
    for s in range(3):
        entry += [h["haipai"][s], h["draws"][s], h["discards"][s]]
    entry += [[], [], []]
    entry.append(h["result"])
    log.append(entry)
doc = {
    "ver": 2.3,
    "ref": log_id,
    "rule": {"disp": "三鳳南喰赤", "aka53": 1, "aka52": 1, "aka51": 0},
    "lobby": 0,
    "sc": final,
    "name": names,
    "log": log,
}
print(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
