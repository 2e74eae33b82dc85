"""The API's OpenAPI document, served at ``/api/v1/openapi.json``. A test keeps it true:
every address and method it lists is the API's and every one of the API's is listed, and
the answers the tests get are checked against its schemas
(``tests/web/api/test_api_openapi.py``).
"""

from __future__ import annotations

from typing import Any, Final

from django.conf import settings

VERSION: Final = "1.0.0"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _body(name: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": _ref(name)}}}


def _refused(description: str) -> dict[str, Any]:
    return _json(_ref("Refusal"), description)


SEAT: Final = {"type": "integer", "minimum": 0, "maximum": 3}
NUMBER: Final = {"type": "number"}
WHOLE: Final = {"type": "integer"}
WHEN: Final = {"type": "string", "format": "date-time"}

SCHEMAS: Final[dict[str, Any]] = {
    "Refusal": {
        "type": "object",
        "description": "Why a request was refused, in the reader's language (Accept-Language).",
        "required": ["code", "values", "text"],
        "additionalProperties": False,
        "properties": {
            "code": {"type": "string", "examples": ["game.stale"]},
            "values": {"type": "object", "description": "What the text is made from."},
            "text": {"type": "string"},
        },
    },
    "Hand": {
        "type": "object",
        "description": (
            "A hand as the game record has it (docs/game-record.md): one outcome of ron, "
            "tsumo, draw, abort, chombo; riichi, end optional."
        ),
        "minProperties": 1,
        "properties": {
            "riichi": {"type": "array", "items": SEAT},
            "ron": {"type": "object"},
            "tsumo": {"type": "object"},
            "draw": {"type": "object"},
            "abort": {"type": "object"},
            "chombo": {"type": "object"},
            "end": {"type": "boolean"},
        },
    },
    "PlayedHand": {
        "description": "A hand as played: the record's hand with what was computed.",
        "allOf": [
            _ref("Hand"),
            {
                "type": "object",
                "required": ["round", "dealer", "honba", "sticks", "deltas", "scores"],
                "properties": {
                    "round": {"type": "string", "pattern": "^[ESWN][1-4]$"},
                    "dealer": SEAT,
                    "honba": WHOLE,
                    "sticks": WHOLE,
                    "deltas": {"type": "array", "items": WHOLE},
                    "scores": {"type": "array", "items": WHOLE},
                },
            },
        ],
    },
    "About": {
        "type": "object",
        "description": "What the club keeps of a game beside its record.",
        "required": ["id", "url", "status", "hand_count", "revision", "created_at"],
        "properties": {
            "id": WHOLE,
            "url": {"type": "string"},
            "status": {"enum": ["in_play", "finished", "abandoned"]},
            "table_label": {"type": "string"},
            "ruleset_name": {"type": "string"},
            "hand_count": {
                "type": "integer",
                "description": "The hands recorded: the sequence the next hand is sent with.",
            },
            "revision": {"type": "integer", "description": "Changes with every write."},
            "created_at": WHEN,
            "finished_at": {"oneOf": [WHEN, {"type": "null"}]},
        },
    },
    "FinalRow": {
        "type": "object",
        "required": ["seat", "name", "points", "place", "result"],
        "properties": {
            "seat": SEAT,
            "name": {"type": "string"},
            "points": WHOLE,
            "place": WHOLE,
            "result": NUMBER,
        },
    },
    "GameSummary": {
        "type": "object",
        "description": "The game record's output (docs/game-record.md) without its hands.",
        "required": ["format", "rules", "players", "finished", "end_reason", "final", "game"],
        "properties": {
            "format": {"const": "scorekeeper.game/1"},
            "rules": {"type": "object"},
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 4},
            "finished": {"type": "boolean"},
            "end_reason": {"type": ["string", "null"]},
            "final": {"oneOf": [{"type": "array", "items": _ref("FinalRow")}, {"type": "null"}]},
            "game": _ref("About"),
        },
    },
    "Game": {
        "description": "The game record's output document (docs/game-record.md), and game.",
        "allOf": [
            _ref("GameSummary"),
            {
                "type": "object",
                "required": ["hands"],
                "properties": {"hands": {"type": "array", "items": _ref("PlayedHand")}},
            },
        ],
    },
    "GameList": {
        "type": "object",
        "required": ["games"],
        "properties": {
            "games": {
                "type": "array",
                "items": {
                    "allOf": [
                        _ref("About"),
                        {
                            "type": "object",
                            "required": ["players"],
                            "properties": {
                                "players": {"type": "array", "items": {"type": "string"}}
                            },
                        },
                    ]
                },
            }
        },
    },
    "Players": {
        "type": "object",
        "required": ["players"],
        "properties": {
            "players": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "name"],
                    "properties": {"id": WHOLE, "name": {"type": "string"}},
                },
            }
        },
    },
    "HandDocument": {
        "type": "object",
        "description": "A hand as it lies on the table (docs/hand.md, scorekeeper.hand/1).",
        "required": ["closed", "win_tile"],
        "properties": {
            "format": {"const": "scorekeeper.hand/1"},
            "rules": {"oneOf": [{"type": "string"}, {"type": "object"}]},
            "closed": {"type": "string", "examples": ["234567m40699p234s"]},
            "melds": {"type": "array", "items": {"type": "object"}},
            "win_tile": {"type": "string", "examples": ["4s"]},
            "tsumo": {"type": "boolean"},
            "riichi": {"type": "boolean"},
        },
    },
    "HandScore": {
        "type": "object",
        "description": "The calculator's answer (docs/hand.md).",
        "required": ["yaku", "han", "fu", "yakuman", "limit", "payments"],
        "properties": {
            "yaku": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name", "han"],
                    "properties": {"name": {"type": "string"}, "han": WHOLE},
                },
            },
            "han": {"type": ["integer", "null"]},
            "fu": {"type": ["integer", "null"]},
            "yakuman": WHOLE,
            "fu_breakdown": {"type": "array", "items": {"type": "object"}},
            "limit": {"type": ["string", "null"]},
            "payments": {"type": "object"},
        },
    },
    "NewGame": {
        "type": "object",
        "description": (
            "A game record (docs/game-record.md) of the club's players by name: rules, "
            "players, and optionally start (a game begun on paper), hands, penalties; and "
            "table_label."
        ),
        "required": ["format", "rules", "players"],
        "properties": {
            "format": {"const": "scorekeeper.game/1"},
            "rules": {"oneOf": [{"type": "string"}, {"type": "object"}]},
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 4},
            "start": {"type": "object"},
            "hands": {"type": "array", "items": _ref("Hand")},
            "penalties": {"type": "array"},
            "table_label": {"type": "string", "maxLength": 40},
        },
    },
    "SentHand": {
        "type": "object",
        "required": ["sequence", "hand"],
        "additionalProperties": False,
        "properties": {
            "sequence": {
                "type": "integer",
                "minimum": 0,
                "description": "The number of hands the game had when this hand was entered.",
            },
            "hand": _ref("Hand"),
            "entered_at": {
                "type": "string",
                "format": "date-time",
                "description": "When the hand was entered, with its offset (a hand kept a while).",
            },
        },
    },
    "Correction": {
        "type": "object",
        "required": ["sequence", "hand"],
        "additionalProperties": False,
        "properties": {
            "sequence": {"type": "integer", "minimum": 0, "description": "The game's hand_count."},
            "revision": {"type": "integer", "minimum": 0, "description": "The game's revision."},
            "hand": _ref("Hand"),
        },
    },
    "HandAnswer": {
        "type": "object",
        "required": ["sequence", "hand", "game"],
        "properties": {
            "outcome": {
                "enum": ["recorded", "merged", "conflict", "kept", "discarded"],
                "description": "What became of the hand sent with this key.",
            },
            "repeated": {"type": "boolean", "description": "The key had been sent before."},
            "sequence": WHOLE,
            "hand": {"oneOf": [_ref("PlayedHand"), {"type": "null"}]},
            "game": _ref("GameSummary"),
        },
    },
    "Undone": {
        "type": "object",
        "required": ["undone", "game"],
        "properties": {"undone": _ref("PlayedHand"), "game": _ref("Game")},
    },
    "Standings": {
        "type": "object",
        "required": ["season", "player_count", "minimum_games", "sort", "standings"],
        "properties": {
            "season": {"oneOf": [{"type": "object"}, {"type": "null"}]},
            "player_count": {"enum": [3, 4]},
            "minimum_games": WHOLE,
            "sort": {"type": "string"},
            "standings": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["rank", "player_id", "player", "games", "total", "average"],
                    "properties": {
                        "rank": WHOLE,
                        "player_id": WHOLE,
                        "player": {"type": "string"},
                        "games": WHOLE,
                        "total": NUMBER,
                        "average": NUMBER,
                        "average_place": NUMBER,
                        "places": {"type": "array", "items": WHOLE},
                        "average_points": WHOLE,
                    },
                },
            },
        },
    },
    "Ratings": {
        "type": "object",
        "required": ["player_count", "season", "minimum_games", "ratings"],
        "properties": {
            "player_count": {"enum": [3, 4]},
            "season": {"type": ["integer", "null"]},
            "minimum_games": WHOLE,
            "ratings": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "name", "games", "mu", "sigma", "rating", "r"],
                    "properties": {
                        "id": WHOLE,
                        "name": {"type": "string"},
                        "games": WHOLE,
                        "mu": NUMBER,
                        "sigma": NUMBER,
                        "rating": NUMBER,
                        "r": NUMBER,
                    },
                },
            },
        },
    },
}

GAME_ID: Final = {"name": "game_id", "in": "path", "required": True, "schema": WHOLE}
NUMBER_PARAM: Final = {
    "name": "number",
    "in": "path",
    "required": True,
    "description": "The hand's index in the game, from 0 (as hands[number]).",
    "schema": {"type": "integer", "minimum": 0},
}
KEY: Final = {
    "name": "Idempotency-Key",
    "in": "header",
    "description": "A UUID made for this request; a retry sends the same one.",
    "schema": {"type": "string", "format": "uuid"},
}
LANGUAGE: Final = {
    "name": "Accept-Language",
    "in": "header",
    "required": False,
    "description": "The language of the refusals' text: en or ja.",
    "schema": {"type": "string"},
}
#: Every endpoint with a token may be answered so.
TOKEN_REFUSALS: Final = {
    "401": _refused("No token, or one unknown, revoked, or of a deactivated account."),
    "429": _refused("Too many requests with this token this minute (Retry-After)."),
}
WRITE_REFUSALS: Final = {
    **TOKEN_REFUSALS,
    "400": _refused("The body is not JSON, or the Idempotency-Key is missing or not a UUID."),
    "403": _refused("A read token, or an account that is not a member."),
    "404": _refused("No such game (or hand)."),
    "409": _refused(
        "The game has moved on (game.stale), the key came with another hand (key.reused), "
        "or the game is closed or full."
    ),
    "422": _refused("A field is wrong, or the rules refuse the hand (the engine's code)."),
}


def _query(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "schema": schema,
        "description": description,
    }


PATHS: Final[dict[str, Any]] = {
    "/api/v1/openapi.json": {
        "get": {
            "operationId": "openapi",
            "summary": "This document.",
            "security": [],
            "responses": {"200": {"description": "The OpenAPI document."}},
        }
    },
    "/api/v1/games": {
        "get": {
            "operationId": "listGames",
            "summary": "The latest games (100 at most), the newest first.",
            "parameters": [
                _query("status", {"enum": ["in_play", "finished", "abandoned"]}, "Only these."),
                LANGUAGE,
            ],
            "responses": {
                "200": _json(_ref("GameList"), "The games."),
                "422": _refused("A bad status."),
                **TOKEN_REFUSALS,
            },
        },
        "post": {
            "operationId": "startGame",
            "summary": "Start a game (a record token).",
            "parameters": [KEY, LANGUAGE],
            "requestBody": _body("NewGame"),
            "responses": {
                "201": _json(_ref("Game"), "The game started."),
                "200": _json(_ref("Game"), "The game this Idempotency-Key started before."),
                **WRITE_REFUSALS,
            },
        },
    },
    "/api/v1/games/{game_id}": {
        "get": {
            "operationId": "getGame",
            "summary": "A game as its record's output document.",
            "parameters": [GAME_ID, LANGUAGE],
            "responses": {
                "200": _json(_ref("Game"), "The game."),
                "403": _refused(
                    "The game is withheld from the token's account (game.withheld): a "
                    "tournament hides its session's results, or it is a private "
                    "tournament's and the account is not a member's."
                ),
                "404": _refused("No such game."),
                **TOKEN_REFUSALS,
            },
        }
    },
    "/api/v1/games/{game_id}/hands": {
        "post": {
            "operationId": "recordHand",
            "summary": "Record a hand, exactly once per Idempotency-Key (a record token).",
            "parameters": [GAME_ID, {**KEY, "required": True}, LANGUAGE],
            "requestBody": _body("SentHand"),
            "responses": {
                "201": _json(_ref("HandAnswer"), "Recorded."),
                "200": _json(_ref("HandAnswer"), "This key was sent before: its first answer."),
                **WRITE_REFUSALS,
            },
        }
    },
    "/api/v1/games/{game_id}/hands/{number}": {
        "put": {
            "operationId": "correctHand",
            "summary": "Correct a hand (a record token; a finished game: an organiser's).",
            "parameters": [GAME_ID, NUMBER_PARAM, LANGUAGE],
            "requestBody": _body("Correction"),
            "responses": {"200": _json(_ref("HandAnswer"), "Corrected."), **WRITE_REFUSALS},
        },
        "delete": {
            "operationId": "undoHand",
            "summary": "Undo the last hand, which must be hand number (a record token).",
            "parameters": [
                GAME_ID,
                NUMBER_PARAM,
                _query(
                    "revision", {"type": "integer", "minimum": 0}, "The game's revision as read."
                ),
                LANGUAGE,
            ],
            "responses": {"200": _json(_ref("Undone"), "Undone."), **WRITE_REFUSALS},
        },
    },
    "/api/v1/players": {
        "get": {
            "operationId": "listPlayers",
            "summary": "The club's players, by name: those a new game may seat.",
            "parameters": [LANGUAGE],
            "responses": {"200": _json(_ref("Players"), "The players."), **TOKEN_REFUSALS},
        }
    },
    "/api/v1/hand": {
        "post": {
            "operationId": "scoreHand",
            "summary": "Score a hand from its tiles (docs/hand.md); nothing is stored.",
            "parameters": [LANGUAGE],
            "requestBody": _body("HandDocument"),
            "responses": {
                "200": _json(_ref("HandScore"), "The hand's yaku, han, fu and payments."),
                "400": _refused("The body is not JSON."),
                "422": _refused("Not a winning hand, no yaku, a tile that cannot be (field)."),
                **TOKEN_REFUSALS,
            },
        }
    },
    "/api/v1/standings": {
        "get": {
            "operationId": "standings",
            "summary": "The standings over finished games, all time or a season's.",
            "parameters": [
                _query("season", WHOLE, "A season's id; all time without it."),
                _query("players", {"enum": ["3", "4"]}, "Games of three or four players (4)."),
                _query("min_games", {"type": "integer", "minimum": 0}, "Players with at least."),
                _query("sort", {"enum": ["total", "average", "place", "games"]}, "The order."),
                LANGUAGE,
            ],
            "responses": {
                "200": _json(_ref("Standings"), "The standings."),
                "404": _refused("No such season."),
                "422": _refused("A bad option."),
                **TOKEN_REFUSALS,
            },
        }
    },
    "/api/v1/ratings": {
        "get": {
            "operationId": "ratings",
            "summary": "The ratings, all time or after a season's games.",
            "parameters": [
                _query("season", WHOLE, "A season's id; all time without it."),
                _query("players", {"enum": ["3", "4"]}, "Games of three or four players (4)."),
                _query("min_games", {"type": "integer", "minimum": 0}, "Players with at least."),
                LANGUAGE,
            ],
            "responses": {
                "200": _json(_ref("Ratings"), "The ratings."),
                "422": _refused("A bad option."),
                **TOKEN_REFUSALS,
            },
        }
    },
}


def document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": f"{settings.SCOREKEEPER_CLUB_NAME} API",
            "version": VERSION,
            "description": (
                "Read a club's games, standings and ratings, start games and record hands, "
                "in the game record's formats. Send a token made on your tokens page as "
                "Authorization: Bearer <token>. Every refusal is {code, values, text}."
            ),
        },
        "paths": PATHS,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer"}},
        },
        "security": [{"token": []}],
    }
