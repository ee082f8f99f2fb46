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

__all__ = ["BOTS", "LEHKA", "STREDNI", "TEZKA", "Lehka", "Stredni", "Tezka", "extended"]
