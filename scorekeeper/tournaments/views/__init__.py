"""A tournament's pages, by who reads them: ``organiser`` (settings, registering players,
seating and starting a session, the referee's tools, penalties, hiding the results),
``tables`` (the players at their tables: a session's tables, a table's page, its code and
key, the clock on its game, ending by time), ``screen`` (the projector's page in the hall)
and ``public`` (the list, a tournament's page, its results, a player's path, the downloads).
``handlers`` holds what they share: who may read a tournament, loading what a request names,
and the one shape of a handler that calls a service.

Who may read a tournament: whoever may read the club's games (``can_read``), and visitors
only while the tournament is public. The organiser (a staff account) runs it; members
record their table's game on the game's own page, as any game.
"""
