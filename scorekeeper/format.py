"""How numbers and names read on every page: points with thousands separators and one minus
sign (U+2212), signed changes and results, tsumo payments as players say them ("300-500",
"500 all"), round names and seat winds, lists of names, rulesets by name, abortive draws, limits,
yakuman and the reasons a game ends in words, and yaku by name.

Every word is in the reader's language (English, or Japanese as a club writes it: 東1局 2本場,
満貫, 九種九牌, 立直). Formatting only: every number comes from ``scoring``. Downloads (CSV,
JSON) keep plain numbers and do not use these.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scoring.rules import PRESETS
from scoring.seats import Wind
from scoring.seats import seat_wind as wind_of_seat
from scoring.state import round_number, round_wind
from scoring.yaku import WIND_YAKU, wind_yaku_name

#: The one minus sign pages write: a true minus, as wide as the plus.
MINUS: Final = "\u2212"

PRESET_LABELS: Final = {
    "ema": pgettext_lazy("preset", "EMA"),
    "wrc": pgettext_lazy("preset", "WRC"),
    "tenhou": pgettext_lazy("preset", "Tenhou"),
    "mahjongsoul": pgettext_lazy("preset", "Mahjong Soul"),
    "mleague": pgettext_lazy("preset", "M-League"),
    "tenhou_sanma": pgettext_lazy("preset", "Tenhou sanma"),
    "mahjongsoul_sanma": pgettext_lazy("preset", "Mahjong Soul sanma"),
}


def preset_label(name: str) -> str:
    """The name players know a preset by.

    >>> preset_label("mahjongsoul")
    'Mahjong Soul'
    """
    return str(PRESET_LABELS.get(name, name))


#: The presets as form choices, each label read in the language of the page it is shown on.
PRESET_CHOICES: Final = tuple((name, PRESET_LABELS.get(name, name)) for name in PRESETS)


def format_points(points: int) -> str:
    """Points with a thousands separator, below zero with the minus sign.

    >>> format_points(12000), format_points(-2300)
    ('12,000', '−2,300')
    """
    if points < 0:
        return f"{MINUS}{-points:,}"
    return f"{points:,}"


def format_tsumo(tsumo: tuple[int, int | None]) -> str:
    """A tsumo as players call it: ``each non-dealer-dealer``, or ``each all`` for a dealer.

    >>> format_tsumo((300, 500)), format_tsumo((500, None))
    ('300-500', '500 all')
    """
    each, from_dealer = tsumo
    if from_dealer is None:
        return all_pay(each)
    return f"{format_points(each)}-{format_points(from_dealer)}"


def all_pay(points: int) -> str:
    """What each of the three pays when the dealer wins by tsumo (``500 all``, 500オール)."""
    return _("%(points)s all") % {"points": format_points(points)}


def signed(points: int) -> str:
    """A change or a difference in points, with its sign.

    >>> signed(3200), signed(-1100), signed(0)
    ('+3,200', '−1,100', '0')
    """
    if points > 0:
        return f"+{format_points(points)}"
    return format_points(points)


def signed_result(result: Decimal | float, places: int = 1) -> str:
    """A +/- result in thousands, to ``places`` decimals.

    >>> signed_result(Decimal("53.0")), signed_result(Decimal("-8.1")), signed_result(Decimal(0))
    ('+53.0', '−8.1', '0.0')
    >>> signed_result(Decimal("-0.314"), places=2)
    '−0.31'
    """
    number = Decimal(result)
    text = f"{abs(number):.{places}f}"
    if number > 0:
        return f"+{text}"
    if number < 0:
        return f"{MINUS}{text}"
    return text


def sign_class(points: int | Decimal) -> str:
    """``up``, ``down`` or ``even``, for colouring a number."""
    return "up" if points > 0 else "down" if points < 0 else "even"


#: The four places, 1st to 4th, as standings and a player's record count them (1位 ... 4位).
PLACE_NAMES: Final = (
    pgettext_lazy("place", "1st"),
    pgettext_lazy("place", "2nd"),
    pgettext_lazy("place", "3rd"),
    pgettext_lazy("place", "4th"),
)
#: The same four places as a game is finished in them, which the uma is paid by: Japanese
#: has its own word for these (1着 ... 4着).
FINISH_NAMES: Final = (
    gettext_lazy("1st"),
    gettext_lazy("2nd"),
    gettext_lazy("3rd"),
    gettext_lazy("4th"),
)


#: The two kinds of game, whose results are different scales (RULES.md, version 3): the
#: standings, a season's pages, the ratings, the statistics and a player's page count one at
#: a time.
KINDS: Final = (
    (4, pgettext_lazy("kind of game", "Four players")),
    (3, pgettext_lazy("kind of game", "Three players")),
)


#: The four winds' names (東 南 西 北 in Japanese).
WIND_WORDS: Final = {
    Wind.EAST: pgettext_lazy("wind", "East"),
    Wind.SOUTH: pgettext_lazy("wind", "South"),
    Wind.WEST: pgettext_lazy("wind", "West"),
    Wind.NORTH: pgettext_lazy("wind", "North"),
}


def wind_name(wind: Wind | str) -> str:
    """A wind's name, from the wind or its letter (``E``).

    >>> wind_name("S"), wind_name(Wind.NORTH)
    ('South', 'North')
    """
    return str(WIND_WORDS[Wind(wind)])


def round_name(round_index: int, *, honba: int = 0) -> str:
    """The round as players say it (東1局), with the honba when there are some (東1局 2本場).

    >>> round_name(0), round_name(5), round_name(8)
    ('East 1', 'South 2', 'West 1')
    >>> round_name(4, honba=2)
    'South 1, 2 honba'
    """
    name = pgettext("round", "%(wind)s %(number)s") % {
        "wind": wind_name(round_wind(round_index)),
        "number": round_number(round_index),
    }
    if not honba:
        return name
    return pgettext("round", "%(round)s, %(honba)s honba") % {"round": name, "honba": honba}


def seat_wind(seat: int, dealer: int, players: int = 4) -> str:
    """A seat's wind in the current round: the dealer is East, then counter-clockwise, over
    the ``players`` seats (three players have no North).

    >>> seat_wind(2, 2), seat_wind(1, 2), seat_wind(3, 2), seat_wind(1, 2, 3)
    ('East', 'North', 'South', 'West')
    """
    return wind_name(wind_of_seat(seat, dealer, players))


def starting_wind(seat: int) -> str:
    """A seat's wind at East 1, which names the seat for the whole game.

    >>> starting_wind(0), starting_wind(3)
    ('East', 'North')
    """
    return wind_name(Wind.of_index(seat))


#: The most characters a name takes where room is short: a chip, a "vs" line, a card of
#: the history. Longer names are cut (``short_name``); the whole name is a hover away
#: (``title``), and on the pages that link it, a tap.
SHORT_NAME: Final = 12


def short_name(name: str, most: int = SHORT_NAME) -> str:
    """The name cut at a word when it is longer than ``most`` characters, with "…"; a
    first word that is longer by itself is cut within it.

    >>> short_name("Maximilian Alexander Konstantin von Hohenbergen")
    'Maximilian…'
    >>> short_name("Aki"), short_name("渡辺 さくら"), short_name("Maximiliana-Jo")
    ('Aki', '渡辺 さくら', 'Maximiliana…')
    >>> short_name("Jo Ann Marie Smith")
    'Jo Ann…'
    """
    if len(name) <= most:
        return name
    first, *rest = name.split(" ")
    kept = first
    for word in rest:
        if len(kept) + 1 + len(word) > most - 1:
            break
        kept = f"{kept} {word}"
    return f"{kept[: most - 1]}…"


def name_list(names: Sequence[str]) -> str:
    """Names joined as in a sentence (Aki、Ben in Japanese).

    >>> name_list(["Aki"]), name_list(["Aki", "Ben"]), name_list(["Aki", "Ben", "Chie"])
    ('Aki', 'Aki and Ben', 'Aki, Ben and Chie')
    """
    if len(names) <= 1:
        return "".join(names)
    separator = pgettext("list of names", ", ")
    return _("%(names)s and %(last)s") % {"names": separator.join(names[:-1]), "last": names[-1]}


#: Abortive draws as players say them.
ABORT_WORDS: Final = {
    "kyuushu_kyuuhai": gettext_lazy("kyuushu kyuuhai (nine terminals)"),
    "suufon_renda": gettext_lazy("suufon renda (four winds)"),
    "suucha_riichi": gettext_lazy("suucha riichi (four riichi)"),
    "suukaikan": gettext_lazy("suukaikan (four kans)"),
    "sanchahou": gettext_lazy("sanchahou (triple ron)"),
}


def abort_name(reason: str) -> str:
    """An abortive draw's name (九種九牌); an unknown reason as given.

    >>> abort_name("suufon_renda")
    'suufon renda (four winds)'
    """
    return str(ABORT_WORDS.get(reason, reason))


#: The limits a win reaches, by the engine's names (``scoring.payments``), and the two
#: ways of reaching one that the rules name.
LIMIT_WORDS: Final = {
    "mangan": pgettext_lazy("limit", "mangan"),
    "haneman": pgettext_lazy("limit", "haneman"),
    "baiman": pgettext_lazy("limit", "baiman"),
    "sanbaiman": pgettext_lazy("limit", "sanbaiman"),
    "yakuman": pgettext_lazy("limit", "yakuman"),
    "kazoe_yakuman": pgettext_lazy("limit", "kazoe yakuman"),
    "kiriage_mangan": pgettext_lazy("limit", "kiriage mangan"),
}


def limit_name(limit: str, *, capital: bool = False) -> str:
    """A limit's name (満貫, 跳満 ...), in English lower case unless ``capital``.

    >>> limit_name("haneman"), limit_name("kazoe_yakuman", capital=True)
    ('haneman', 'Kazoe yakuman')
    """
    name = str(LIMIT_WORDS.get(limit, limit))
    return capfirst(name) if capital else name


def yakuman_name(count: int, *, capital: bool = False) -> str:
    """One or more yakuman as players say it (役満, ダブル役満), lower case unless ``capital``.

    >>> yakuman_name(1), yakuman_name(2, capital=True), yakuman_name(4)
    ('yakuman', 'Double yakuman', '4× yakuman')
    """
    if count <= 1:
        name = pgettext("limit", "yakuman")
    elif count == 2:
        name = pgettext("limit", "double yakuman")
    elif count == 3:
        name = pgettext("limit", "triple yakuman")
    else:
        name = pgettext("limit", "%(count)s× yakuman") % {"count": count}
    return capfirst(name) if capital else name


def han_fu(han: int, fu: int | None = None) -> str:
    """A win's han and fu as players say them (3翻40符).

    >>> han_fu(3, 40), han_fu(6)
    ('3 han 40 fu', '6 han')
    """
    if fu is None:
        return _("%(han)s han") % {"han": han}
    return _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}


#: Why a game ended, in a word or two, by ``scoring.state.EndReason``'s values.
END_REASON_WORDS: Final = {
    "last_hand": pgettext_lazy("end reason", "last hand"),
    "tobi": pgettext_lazy("end reason", "tobi"),
    "agari_yame": pgettext_lazy("end reason", "agari-yame"),
    "tenpai_yame": pgettext_lazy("end reason", "tenpai-yame"),
    "extension_over": pgettext_lazy("end reason", "end of the extension"),
    "time": pgettext_lazy("end reason", "time"),
}


def end_reason_name(reason: str) -> str:
    """Why a game ended, in a word or two (飛び, アガリ止め, テンパイ止め).

    >>> end_reason_name("agari_yame")
    'agari-yame'
    """
    return str(END_REASON_WORDS.get(reason, reason))


#: Every yaku's name by the engine's (``scoring.yaku``, the calculator's ``scoring.calculator``)
#: English name, and the dora lines.
YAKU_WORDS: Final = {
    "Menzen Tsumo": pgettext_lazy("yaku", "Menzen Tsumo"),
    "Riichi": pgettext_lazy("yaku", "Riichi"),
    "Ippatsu": pgettext_lazy("yaku", "Ippatsu"),
    "Chankan": pgettext_lazy("yaku", "Chankan"),
    "Rinshan Kaihou": pgettext_lazy("yaku", "Rinshan Kaihou"),
    "Haitei Raoyue": pgettext_lazy("yaku", "Haitei Raoyue"),
    "Houtei Raoyui": pgettext_lazy("yaku", "Houtei Raoyui"),
    "Pinfu": pgettext_lazy("yaku", "Pinfu"),
    "Tanyao": pgettext_lazy("yaku", "Tanyao"),
    "Iipeikou": pgettext_lazy("yaku", "Iipeikou"),
    "Seat Wind": pgettext_lazy("yaku", "Seat Wind"),
    "Round Wind": pgettext_lazy("yaku", "Round Wind"),
    "Haku": pgettext_lazy("yaku", "Haku"),
    "Hatsu": pgettext_lazy("yaku", "Hatsu"),
    "Chun": pgettext_lazy("yaku", "Chun"),
    "Double Riichi": pgettext_lazy("yaku", "Double Riichi"),
    "Chiitoitsu": pgettext_lazy("yaku", "Chiitoitsu"),
    "Chantaiyao": pgettext_lazy("yaku", "Chantaiyao"),
    "Ittsu": pgettext_lazy("yaku", "Ittsu"),
    "Sanshoku Doujun": pgettext_lazy("yaku", "Sanshoku Doujun"),
    "Sanshoku Doukou": pgettext_lazy("yaku", "Sanshoku Doukou"),
    "Sankantsu": pgettext_lazy("yaku", "Sankantsu"),
    "Toitoi": pgettext_lazy("yaku", "Toitoi"),
    "Sanankou": pgettext_lazy("yaku", "Sanankou"),
    "Shousangen": pgettext_lazy("yaku", "Shousangen"),
    "Honroutou": pgettext_lazy("yaku", "Honroutou"),
    "Ryanpeikou": pgettext_lazy("yaku", "Ryanpeikou"),
    "Junchan": pgettext_lazy("yaku", "Junchan"),
    "Honitsu": pgettext_lazy("yaku", "Honitsu"),
    "Chinitsu": pgettext_lazy("yaku", "Chinitsu"),
    "Tenhou": pgettext_lazy("yaku", "Tenhou"),
    "Chiihou": pgettext_lazy("yaku", "Chiihou"),
    "Daisangen": pgettext_lazy("yaku", "Daisangen"),
    "Suuankou": pgettext_lazy("yaku", "Suuankou"),
    "Suuankou Tanki": pgettext_lazy("yaku", "Suuankou Tanki"),
    "Tsuuiisou": pgettext_lazy("yaku", "Tsuuiisou"),
    "Ryuuiisou": pgettext_lazy("yaku", "Ryuuiisou"),
    "Chinroutou": pgettext_lazy("yaku", "Chinroutou"),
    "Chuuren Poutou": pgettext_lazy("yaku", "Chuuren Poutou"),
    "Junsei Chuuren Poutou": pgettext_lazy("yaku", "Junsei Chuuren Poutou"),
    "Kokushi Musou": pgettext_lazy("yaku", "Kokushi Musou"),
    "Kokushi Musou Juusanmen": pgettext_lazy("yaku", "Kokushi Musou Juusanmen"),
    "Daisuushii": pgettext_lazy("yaku", "Daisuushii"),
    "Shousuushii": pgettext_lazy("yaku", "Shousuushii"),
    "Suukantsu": pgettext_lazy("yaku", "Suukantsu"),
    "Nagashi Mangan": pgettext_lazy("yaku", "Nagashi Mangan"),
    "Dora": pgettext_lazy("yaku", "Dora"),
    "Ura Dora": pgettext_lazy("yaku", "Ura Dora"),
    "Aka Dora": pgettext_lazy("yaku", "Aka Dora"),
}
#: The calculator names a wind yaku with its wind (``Seat Wind East``): each such name, with
#: the yaku and the wind it is made of.
_WIND_YAKU: Final = {
    wind_yaku_name(yaku, wind): (yaku, wind) for yaku in WIND_YAKU for wind in Wind
}


def yaku_name(name: str) -> str:
    """A yaku's name (立直, 自風 東), from the engine's English name; an unknown name as given.

    >>> yaku_name("Riichi"), yaku_name("Seat Wind East"), yaku_name("Renhou")
    ('Riichi', 'Seat Wind East', 'Renhou')
    """
    if name in _WIND_YAKU:
        yaku, wind = _WIND_YAKU[name]
        return pgettext("yaku", "%(yaku)s %(wind)s") % {
            "yaku": YAKU_WORDS[yaku],
            "wind": wind_name(wind),
        }
    return str(YAKU_WORDS.get(name, name))
