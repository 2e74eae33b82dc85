"""A small reference client of the Scorekeeper API (docs/api.md), for a club's bot or the
command line: the grammar of a hand said in one line (``grammar``), the calls (``client``),
and ``python -m scorekeeper_client``. Python's standard library only, so that a bot can
carry it as it is."""

from scorekeeper_client.client import ApiError, Client
from scorekeeper_client.grammar import GrammarError, parse_line

__all__ = ["ApiError", "Client", "GrammarError", "parse_line"]
