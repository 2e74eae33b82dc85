"""What the platforms' logs call things, in the project's words: yaku, dora, abortive draws,
outcomes and lobbies.

- Tenhou's mjlog XML numbers its yaku 0-54 (``<AGARI yaku="id,han,...">``, ``yakuman="id"``):
  the order of ``scoring.yaku.YAKU``, with the per-wind yakuhai (10-13 seat, 14-17 round),
  renhou (36) and the three dora lines (52 dora, 53 ura, 54 aka); Tenhou's own viewer
  (tenhou.net/5) and mjx's and fastmaj's decoders agree on the numbers.
- tenhou.net/6 JSON writes each yaku as ``name(N飜)`` or ``name(役満)``: Tenhou's Japanese
  names; a Mahjong Soul game converted by tensoul-style converters carries Mahjong Soul's own
  Japanese or English names (``fan`` table of the game's data: ``Fully Concealed Hand``,
  ``Prevalent Wind``, ``Red Five``...). The romaji the calculator uses are accepted as well.
- Outcomes of a tenhou.net/6 round (``和了``, ``流局``, ``九種九牌``...) in Tenhou's Japanese
  and the converters' Japanese, romaji and English.

Renhou is no yaku on either platform's ranked rules and has no name in the record: a log that
names it is refused (``LogError``), as is any name not listed here.
"""

from __future__ import annotations

from typing import Final

from scoring.outcomes import AbortReason

#: Tenhou's yaku ids that are not yaku but dora: (dora, ura dora, red fives) index.
TENHOU_DORA: Final[dict[int, int]] = {52: 0, 53: 1, 54: 2}
#: Tenhou's yaku ids, in the project's names.
TENHOU_YAKU: Final[dict[int, str]] = {
    0: "Menzen Tsumo",
    1: "Riichi",
    2: "Ippatsu",
    3: "Chankan",
    4: "Rinshan Kaihou",
    5: "Haitei Raoyue",
    6: "Houtei Raoyui",
    7: "Pinfu",
    8: "Tanyao",
    9: "Iipeikou",
    **{wind: "Seat Wind" for wind in range(10, 14)},
    **{wind: "Round Wind" for wind in range(14, 18)},
    18: "Haku",
    19: "Hatsu",
    20: "Chun",
    21: "Double Riichi",
    22: "Chiitoitsu",
    23: "Chantaiyao",
    24: "Ittsu",
    25: "Sanshoku Doujun",
    26: "Sanshoku Doukou",
    27: "Sankantsu",
    28: "Toitoi",
    29: "Sanankou",
    30: "Shousangen",
    31: "Honroutou",
    32: "Ryanpeikou",
    33: "Junchan",
    34: "Honitsu",
    35: "Chinitsu",
    37: "Tenhou",
    38: "Chiihou",
    39: "Daisangen",
    40: "Suuankou",
    41: "Suuankou Tanki",
    42: "Tsuuiisou",
    43: "Ryuuiisou",
    44: "Chinroutou",
    45: "Chuuren Poutou",
    46: "Junsei Chuuren Poutou",
    47: "Kokushi Musou",
    48: "Kokushi Musou Juusanmen",
    49: "Daisuushii",
    50: "Shousuushii",
    51: "Suukantsu",
}

_WINDS: Final = (("東", "East"), ("南", "South"), ("西", "West"), ("北", "North"))

#: tenhou.net/6 yaku names (Tenhou's Japanese; Mahjong Soul's Japanese and English as the
#: converters write them), in the project's names.
JSON_YAKU: Final[dict[str, str]] = {
    # Tenhou's Japanese (tenhou.net/6, the same words as its viewer).
    "門前清自摸和": "Menzen Tsumo",
    "立直": "Riichi",
    "一発": "Ippatsu",
    "槍槓": "Chankan",
    "嶺上開花": "Rinshan Kaihou",
    "海底摸月": "Haitei Raoyue",
    "河底撈魚": "Houtei Raoyui",
    "平和": "Pinfu",
    "断幺九": "Tanyao",
    "断么九": "Tanyao",
    "一盃口": "Iipeikou",
    **{f"自風 {jp}": "Seat Wind" for jp, _ in _WINDS},
    **{f"場風 {jp}": "Round Wind" for jp, _ in _WINDS},
    "役牌 白": "Haku",
    "役牌 發": "Hatsu",
    "役牌 中": "Chun",
    "両立直": "Double Riichi",
    "七対子": "Chiitoitsu",
    "混全帯幺九": "Chantaiyao",
    "混全帯么九": "Chantaiyao",
    "一気通貫": "Ittsu",
    "三色同順": "Sanshoku Doujun",
    "三色同刻": "Sanshoku Doukou",
    "三槓子": "Sankantsu",
    "対々和": "Toitoi",
    "三暗刻": "Sanankou",
    "小三元": "Shousangen",
    "混老頭": "Honroutou",
    "二盃口": "Ryanpeikou",
    "純全帯幺九": "Junchan",
    "純全帯么九": "Junchan",
    "混一色": "Honitsu",
    "清一色": "Chinitsu",
    "天和": "Tenhou",
    "地和": "Chiihou",
    "大三元": "Daisangen",
    "四暗刻": "Suuankou",
    "四暗刻単騎": "Suuankou Tanki",
    "字一色": "Tsuuiisou",
    "緑一色": "Ryuuiisou",
    "清老頭": "Chinroutou",
    "九蓮宝燈": "Chuuren Poutou",
    "純正九蓮宝燈": "Junsei Chuuren Poutou",
    "国士無双": "Kokushi Musou",
    "国士無双１３面": "Kokushi Musou Juusanmen",
    "国士無双13面": "Kokushi Musou Juusanmen",
    "大四喜": "Daisuushii",
    "小四喜": "Shousuushii",
    "四槓子": "Suukantsu",
    # Mahjong Soul's Japanese where it differs from Tenhou's.
    "役牌:自風牌": "Seat Wind",
    "役牌:場風牌": "Round Wind",
    "ダブル立直": "Double Riichi",
    "国士無双十三面待ち": "Kokushi Musou Juusanmen",
    # Mahjong Soul's English.
    "Fully Concealed Hand": "Menzen Tsumo",
    "Robbing a Kan": "Chankan",
    "After a Kan": "Rinshan Kaihou",
    "Under the Sea": "Haitei Raoyue",
    "Under the River": "Houtei Raoyui",
    "White Dragon": "Haku",
    "Green Dragon": "Hatsu",
    "Red Dragon": "Chun",
    "Prevalent Wind": "Round Wind",
    "All Simples": "Tanyao",
    "Pure Double Sequence": "Iipeikou",
    "Half Outside Hand": "Chantaiyao",
    "Pure Straight": "Ittsu",
    "Mixed Triple Sequence": "Sanshoku Doujun",
    "Triple Triplets": "Sanshoku Doukou",
    "Three Quads": "Sankantsu",
    "All Triplets": "Toitoi",
    "Three Concealed Triplets": "Sanankou",
    "Little Three Dragons": "Shousangen",
    "All Terminals and Honors": "Honroutou",
    "Seven Pairs": "Chiitoitsu",
    "Fully Outside Hand": "Junchan",
    "Half Flush": "Honitsu",
    "Twice Pure Double Sequence": "Ryanpeikou",
    "Full Flush": "Chinitsu",
    "Blessing of Heaven": "Tenhou",
    "Blessing of Earth": "Chiihou",
    "Big Three Dragons": "Daisangen",
    "Four Concealed Triplets": "Suuankou",
    "All Honors": "Tsuuiisou",
    "All Green": "Ryuuiisou",
    "All Terminals": "Chinroutou",
    "Thirteen Orphans": "Kokushi Musou",
    "Four Little Winds": "Shousuushii",
    "Four Quads": "Suukantsu",
    "Nine Gates": "Chuuren Poutou",
    "True Nine Gates": "Junsei Chuuren Poutou",
    "Single-wait Four Concealed Triplets": "Suuankou Tanki",
    "Thirteen-wait Thirteen Orphans": "Kokushi Musou Juusanmen",
    "Four Big Winds": "Daisuushii",
}
#: The calculator's own names are read as themselves (``Riichi``, ``Pinfu``, ``Seat Wind``...).
JSON_YAKU.update({name: name for name in set(TENHOU_YAKU.values())})

#: tenhou.net/6 dora lines: (dora, ura dora, red fives) index; kita are counted with the dora.
JSON_DORA: Final[dict[str, int]] = {
    "ドラ": 0,
    "Dora": 0,
    "裏ドラ": 1,
    "Ura Dora": 1,
    "赤ドラ": 2,
    "Red Five": 2,
    "Aka Dora": 2,
}
#: Kita (North tiles set aside, three players only): not read yet.
JSON_KITA: Final = frozenset({"抜きドラ", "Kita"})

#: Tenhou's ``<RYUUKYOKU type>`` of the abortive draws.
TENHOU_ABORTS: Final[dict[str, AbortReason]] = {
    "yao9": AbortReason.KYUUSHU_KYUUHAI,
    "kaze4": AbortReason.SUUFON_RENDA,
    "reach4": AbortReason.SUUCHA_RIICHI,
    "kan4": AbortReason.SUUKAIKAN,
    "ron3": AbortReason.SANCHAHOU,
}
#: Tenhou's ``<RYUUKYOKU type>`` of a nagashi mangan.
TENHOU_NAGASHI: Final = "nm"

#: What ended a tenhou.net/6 round: a win, an exhaustive draw (``draw``), a nagashi mangan
#: (``nagashi``) or an abortive draw (its reason).
JSON_WIN: Final = frozenset({"和了", "Agari", "Ron", "Tsumo"})
JSON_DRAW: Final = frozenset({"流局", "Ryuukyoku", "Exhaustive Draw"})
#: Tenhou writes an exhaustive draw without payments by who was tenpai: everyone or nobody.
JSON_ALL_TENPAI: Final = frozenset({"全員聴牌"})
JSON_NONE_TENPAI: Final = frozenset({"全員不聴"})
JSON_NAGASHI: Final = frozenset({"流し満貫", "Nagashi Mangan", "Mangan at Draw"})
JSON_ABORTS: Final[dict[str, AbortReason]] = {
    "九種九牌": AbortReason.KYUUSHU_KYUUHAI,
    "Kyuushu Kyuuhai": AbortReason.KYUUSHU_KYUUHAI,
    "Nine Terminal Abortion": AbortReason.KYUUSHU_KYUUHAI,
    "四風連打": AbortReason.SUUFON_RENDA,
    "Suufon Renda": AbortReason.SUUFON_RENDA,
    "Four Wind Abortion": AbortReason.SUUFON_RENDA,
    "四家立直": AbortReason.SUUCHA_RIICHI,
    "Suucha Riichi": AbortReason.SUUCHA_RIICHI,
    "Four Riichi Abortion": AbortReason.SUUCHA_RIICHI,
    "四槓散了": AbortReason.SUUKAIKAN,
    "四開槓": AbortReason.SUUKAIKAN,
    "Suukaikan": AbortReason.SUUKAIKAN,
    "Four Kan Abortion": AbortReason.SUUKAIKAN,
    "三家和了": AbortReason.SANCHAHOU,
    "三家和": AbortReason.SANCHAHOU,
    "Sanchahou": AbortReason.SANCHAHOU,
    "Three Ron Abortion": AbortReason.SANCHAHOU,
}

#: Words of a tenhou.net/6 ``rule.disp`` naming a Mahjong Soul room (Japanese, Chinese and
#: English room names; ``友人戦``/``Friendly`` and ``大会戦``/``Tournament`` as the converters
#: write a friendly room's or a tournament's games).
MAHJONGSOUL_ROOMS: Final = (
    "銅の間",
    "銀の間",
    "金の間",
    "玉の間",
    "王座の間",
    "Bronze Room",
    "Silver Room",
    "Gold Room",
    "Jade Room",
    "Throne Room",
    "友人戦",
    "大会戦",
    "Friendly",
    "Tournament",
    "Tounament",
)
#: Words of a ``rule.disp`` saying the game was played East only or East and South.
TONPUUSEN_WORDS: Final = ("東", "East")
HANCHAN_WORDS: Final = ("南", "South")


__all__ = [
    "HANCHAN_WORDS",
    "JSON_ABORTS",
    "JSON_ALL_TENPAI",
    "JSON_DORA",
    "JSON_DRAW",
    "JSON_KITA",
    "JSON_NAGASHI",
    "JSON_NONE_TENPAI",
    "JSON_WIN",
    "JSON_YAKU",
    "MAHJONGSOUL_ROOMS",
    "TENHOU_ABORTS",
    "TENHOU_DORA",
    "TENHOU_NAGASHI",
    "TENHOU_YAKU",
    "TONPUUSEN_WORDS",
]
