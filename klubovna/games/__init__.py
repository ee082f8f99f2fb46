"""The club's games, one subpackage each (rules, state, view). The one registry of games
by name is klubovna/tables/registry.py; nothing here names a game."""
