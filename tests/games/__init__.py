"""Tests of the game engines, one folder per game."""
