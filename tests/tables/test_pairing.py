"""Quick pairing's rule (klubovna/tables/pairing.py): pools, widening windows, who first."""

from __future__ import annotations

import random

from klubovna.tables.pairing import WINDOW_ANY_MS, Seeker, pairs, window


def tickets(made: list[tuple[Seeker, Seeker]]) -> list[tuple[str, str]]:
    return [(a.ticket, b.ticket) for a, b in made]


def test_the_window_widens_then_takes_anyone() -> None:
    assert window(0) == 100 and window(5_000) == 300 and window(WINDOW_ANY_MS - 1) == 1299
    assert window(WINDOW_ANY_MS) is None


def test_only_the_same_pool_meets() -> None:
    a, b = Seeker("a", "duel", 1500, 0), Seeker("b", "group", 1500, 0)
    assert pairs([a, b], 60_000) == []
    assert tickets(pairs([a, b, Seeker("c", "duel", 1500, 1)], 1)) == [("a", "c")]


def test_the_longest_waiting_is_served_first_with_the_closest_rating() -> None:
    old = Seeker("old", "p", 1500, 0)
    near = Seeker("near", "p", 1540, 9_000)
    nearer_but_new = Seeker("nn", "p", 1520, 9_500)
    far = Seeker("far", "p", 1900, 100)
    made = tickets(pairs([near, far, old, nearer_but_new], 10_000))
    # old (window 500) takes the closest, 1520; far's window (496) reaches 1540.
    assert made == [("old", "nn"), ("far", "near")]


def test_a_new_seeker_outside_every_window_waits_until_it_widens() -> None:
    a, b = Seeker("a", "p", 1000, 0), Seeker("b", "p", 2400, 0)
    assert pairs([a, b], 20_000) == []  # 1,400 apart, windows of 900
    assert pairs([a, b], WINDOW_ANY_MS - 1) == []
    assert tickets(pairs([a, b], WINDOW_ANY_MS)) == [("a", "b")]


def test_everybody_is_in_at_most_one_pair_and_it_is_deterministic() -> None:
    rng = random.Random(7)
    seekers = [Seeker(f"s{i}", rng.choice("xy"), round(rng.gauss(1500, 300)),
                      rng.randrange(60_000)) for i in range(300)]
    made = pairs(seekers, 60_000)
    seen = [ticket for pair in tickets(made) for ticket in pair]
    assert len(seen) == len(set(seen))
    assert all(a.pool == b.pool for a, b in made)
    assert made == pairs(list(reversed(seekers)), 60_000)
