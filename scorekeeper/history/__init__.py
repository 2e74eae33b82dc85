"""History: the games played, seasons, standings, players' pages, downloads and charts."""
