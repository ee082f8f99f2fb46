"""Tests of the Žolíky s kameny engine and its best-move search."""
