"""The table: starting a game, recording hands, corrections, undo, finishing or abandoning a
game, the live board and the chart of a game in play, and the list of games."""
