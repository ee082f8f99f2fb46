"""Computer opponents, one folder per game; pure, standard library only.

Bots get the same per-seat view as humans and nothing more.
"""
