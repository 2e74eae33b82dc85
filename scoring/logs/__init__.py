"""Games played online, read from the platforms' logs: Tenhou's mjlog XML and tenhou.net/6
JSON (Tenhou's own, and Mahjong Soul games as converters write them), made into game records
that reproduce what the platform recorded (``docs/log-import.md``).

``names`` holds the platforms' words, ``mjlog`` and ``tenhou6`` read each format into the
values of ``values``, and ``convert`` makes the record and checks it against the log.
Four-player and three-player games alike: a three-player log is read over three seats
under the platform's three-player preset (``mjlog``, ``tenhou6``).
"""
