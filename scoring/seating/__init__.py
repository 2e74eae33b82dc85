"""Who sits where in a tournament: pure combinatorics over players' ids (designs, a search
over a whole schedule, one session at a time, winds). It lives beside the engine, not in
the tournaments' room, so that the test that keeps Django out of ``scoring/`` keeps it out
of here too: the site stores and shows what these functions give."""
