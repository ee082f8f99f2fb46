"""Computer players of Žolíky s kameny: Lehká, Střední and Těžká (easy, medium, hard).
Each chooses from the seat's view (the one a human gets), never from the game state, so it
sees no other rack and not the pool."""

from __future__ import annotations

from collections.abc import Mapping

from klubovna.bots import Bot

from .lehka import LEHKA, Lehka
from .stredni import STREDNI, Stredni, extended
from .tezka import TEZKA, Tezka

BOTS: Mapping[str, Bot] = {LEHKA.name: LEHKA, STREDNI.name: STREDNI, TEZKA.name: TEZKA}
"""The computer players a table may seat, by name, easiest first; the first is the
default one."""

RATINGS: Mapping[str, int] = {"lehka": 1000, "stredni": 1729, "tezka": 2458}
"""Each one's fixed rating on the ratings' scale (bench/computer_ratings.py, 2026-12-07,
40 games a step: 100 % each, so each step is the most the ladder counts (+729))."""

__all__ = ["BOTS", "RATINGS", "LEHKA", "STREDNI", "TEZKA", "Lehka", "Stredni", "Tezka", "extended"]
