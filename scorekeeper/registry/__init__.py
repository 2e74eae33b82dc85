"""The registry: players, saved rulesets, members and accounts, and the login limit."""
