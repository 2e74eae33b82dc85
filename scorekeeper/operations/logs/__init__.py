"""Games played online, imported from the platforms' logs: ``services`` reads the logs sent
and stores their games, ``forms`` takes the logs and each name's player, ``pages`` is what the
preview shows, ``views`` the page."""
