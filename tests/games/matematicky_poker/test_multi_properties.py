"""Properties of duel and group games under random legal play of every seat (hypothesis).

No crash, every playing seat ends finished, seed + log replays exactly, the text form
round-trips, and no view shows any undrawn card, nor another seat's board during play beyond
the cards the viewer has handled itself (a duel's `opponent`); one who watches sees the
public part alone, the same whatever any seat holds.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klubovna.core import SharedView
from klubovna.games.matematicky_poker import ENGINE, GRACE_MS, Player, State, replay
from klubovna.games.matematicky_poker import view as view_module
from klubovna.games.matematicky_poker.state import JOKER
from tests.games.matematicky_poker import (
    DEALER_VIEW_KEYS,
    DUEL_VIEW_KEYS,
    MULTI_VIEW_KEYS,
    WATCH_VIEW_KEYS,
    queue_of,
)

NOW = 1_700_000_000_000
MAX_STEPS = 500
"""Up to 6 seats x (25 cells + 2 jokers) handled, 54 draws, plus start and early draws."""

MULTI_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def configs() -> st.SearchStrategy[dict[str, Any]]:
    duel = st.just({"variant": "duel"})
    group = st.builds(
        lambda seats, plays: {"variant": "group", "seats": seats, "dealer_plays": plays},
        st.integers(2, 6),
        st.booleans(),
    )
    return st.one_of(duel, group)


def other_cards(cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(JOKER if card == 13 else card + 1 for card in reversed(cards))


def scrambled(player: Player) -> Player:
    """Another seat's private part changed: the board shifted by one cell (same score is not
    kept, so only the public entries may differ), the hand and counters altered."""
    return replace(
        player,
        board=player.board[1:] + player.board[:1],
        from_joker=player.from_joker[1:] + player.from_joker[:1],
        hand=None if player.hand is None else (player.hand % 13) + 1,
        drawn_at=None if player.drawn_at is None else player.drawn_at + 7,
        kept_jokers=player.kept_jokers + 1,
    )


def without_public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("seats", "ranking", "opponent")}


def check_opponent(state: State, seat: int, opponent: dict[str, Any]) -> None:
    """A duel seat sees of the other board only numbers of cards it has handled itself: the
    cells stamped at most at its own count (all once it is finished), values from its cards."""
    me, other = state.players[seat], state.players[1 - seat]
    handled = me.position - (me.hand is not None)
    expected = [
        value if stamp is not None and (me.finished or stamp <= handled) else None
        for value, stamp in zip(other.board, other.stamps, strict=True)
    ]
    assert opponent["board"] == expected
    if not me.finished:
        seen = list(state.deck[:handled])
        for value, joker in zip(opponent["board"], opponent["jokers"], strict=True):
            if value is not None and not joker:
                seen.remove(value)  # ValueError: a number the seat never had


def check_views(state: State) -> None:
    undrawn = state.deck[state.drawn :]
    rigged_deck = replace(state, deck=state.deck[: state.drawn] + other_cards(undrawn))
    for seat in range(len(state.players)):
        shown = ENGINE.view(state, seat)
        keys = DEALER_VIEW_KEYS if seat not in state.playing else (
            DUEL_VIEW_KEYS if state.variant == "duel" else MULTI_VIEW_KEYS)
        assert set(shown) == keys
        # Its parts (shared with other views) have disjoint keys, and the memos that
        # share them give what a fresh computation gives.
        assert isinstance(shown, SharedView)
        assert sum(len(part) for part in shown.parts) == len(shown)
        view_module._player_memo.clear()
        view_module._player_by_id.clear()
        view_module._standings_by_id.clear()
        view_module._standings_by_value.clear()
        view_module._public_memo.clear()
        assert ENGINE.view(state, seat) == shown
        assert shown["cards_left"] == len(undrawn)
        json.dumps(shown)
        # Nothing depends on the undrawn cards.
        assert ENGINE.view(rigged_deck, seat) == shown
        if state.variant == "duel":
            check_opponent(state, seat, shown["opponent"])
        if state.over:
            assert shown["boards"] is not None
            continue
        assert shown["boards"] is None
        # Nothing but the public entries (and a duel's `opponent`, checked above) depends on
        # the other seats' private parts.
        others = tuple(
            p if each == seat else scrambled(p) for each, p in enumerate(state.players)
        )
        rigged = ENGINE.view(replace(state, players=others), seat)
        assert without_public(rigged) == without_public(shown)
        for entry in shown["seats"]:
            assert set(entry) == {"seat", "score", "filled", "handled", "finished", "left"}
            # A client's queue length is the rules' own.
            assert queue_of(shown, entry) == state.waiting(entry["seat"])


def check_watched(state: State) -> None:
    """One who watches: the very public part the seats' views share, a null seat, and
    nothing that moves with the undrawn cards or with any seat's board, hand or counters
    while the game runs (the boards are everybody's at the end)."""
    watched = ENGINE.view(state, None)
    assert isinstance(watched, SharedView) and set(watched) == WATCH_VIEW_KEYS
    assert watched.public is ENGINE.view(state, 0).public
    assert (watched["seat"], watched["over"], watched["deadline"]) == (None, state.over, None)
    rigged_deck = replace(state, deck=state.deck[: state.drawn] + other_cards(
        state.deck[state.drawn:]))
    assert ENGINE.view(rigged_deck, None) == watched
    if not state.over:
        everyone = replace(state, players=tuple(scrambled(p) for p in state.players))
        assert without_public(ENGINE.view(everyone, None)) == without_public(watched)


def check_invariants(state: State) -> None:
    assert State.from_text(state.to_text()) == state
    for seat in state.playing:
        player = state.players[seat]
        assert player.used <= 25
        assert player.kept_jokers + sum(player.from_joker) <= 2
        assert player.position <= state.drawn <= len(state.deck)
        if player.hand is not None:
            assert state.deck[player.position - 1] == player.hand
    ranking = [(r["score"], r["filled"]) for r in ENGINE.view(state, 0)["ranking"]]
    assert ranking == sorted(ranking, reverse=True)
    check_views(state)
    check_watched(state)


def play(
    config: dict[str, Any], seed: int, data: st.DataObject, period: int | None
) -> tuple[State, list[dict[str, Any]], int]:
    state = ENGINE.new(config, seed)
    now = NOW
    log: list[dict[str, Any]] = []
    allow_end = data.draw(st.integers(0, 9), label="end allowed") == 0
    for _ in range(MAX_STEPS):
        if state.over:
            break
        if period is not None:
            now += data.draw(st.integers(0, 2 * period), label="pause")
            if data.draw(st.booleans(), label="tick"):
                state, _ = ENGINE.advance(state, now)
                log.append({"kind": "tick", "now": now})
                deadline = ENGINE.next_deadline(state)
                assert deadline is None or deadline > now
                if state.over:
                    break
        moved = ENGINE.advance(state, now)[0]
        choices = [
            (seat, action)
            for seat in range(len(state.players))
            for action in ENGINE.legal(moved, seat)
            if allow_end or action["type"] != "end"
        ]
        assert choices or moved.over, "a game that is not over always has a legal action"
        if allow_end and moved.started and not moved.over:  # sometimes somebody leaves
            leavers = {s for s in moved.playing if not moved.players[s].finished}
            if config["variant"] == "group":
                leavers.add(0)
            choices += [(seat, {"type": "leave"}) for seat in sorted(leavers)]
        if not choices:
            state = moved
            log.append({"kind": "tick", "now": now})
            break
        seat, action = choices[data.draw(st.integers(0, len(choices) - 1), label="action")]
        state, events = ENGINE.apply(state, seat, action, now)
        json.dumps(events)
        assert all(e.get("to") in (None, [e.get("seat")]) for e in events)
        log.append({"kind": "act", "seat": seat, "action": action, "now": now})
        check_invariants(state)
    return state, log, now


def check_end(state: State, config: dict[str, Any], seed: int, log: list[dict[str, Any]]) -> None:
    assert state.over
    assert all(state.players[seat].finished for seat in state.playing)
    result = ENGINE.result(state)
    assert result is not None
    assert [s["seat"] for s in result["seats"]] == list(state.playing)
    if config["variant"] == "duel":
        assert result["winner"] in (None, 0, 1)
    check_invariants(state)
    assert replay(config, seed, log).to_text() == state.to_text()


@MULTI_SETTINGS
@given(seed=seeds, config=configs(), data=st.data())
def test_random_easy_multi_game(seed: int, config: dict[str, Any], data: st.DataObject) -> None:
    state, log, _ = play(config, seed, data, None)
    if not state.ended:
        assert all(state.players[s].filled == 25 or state.players[s].left for s in state.playing)
    check_end(state, config, seed, log)


@MULTI_SETTINGS
@given(seed=seeds, config=configs(), seconds=st.integers(3, 60), data=st.data())
def test_random_hard_multi_game_with_time_jumps(
    seed: int, config: dict[str, Any], seconds: int, data: st.DataObject
) -> None:
    config = {**config, "mode": "hard", "seconds": seconds}
    state, log, now = play(config, seed, data, seconds * 1000 + GRACE_MS)
    while not state.over:  # let every queue run out, the dealer drawing what is left
        now += 10**9
        state, _ = ENGINE.advance(state, now)
        log.append({"kind": "tick", "now": now})
        if state.over:
            break
        # The dealer draws what is left; with the deck out, kept jokers are placed.
        seat, action = next(
            (seat, action)
            for seat in range(len(state.players))
            for action in ENGINE.legal(state, seat)
            if action["type"] in ("draw", "kept_joker")
        )
        state, _ = ENGINE.apply(state, seat, action, now)
        log.append({"kind": "act", "seat": seat, "action": action, "now": now})
    if not state.ended:
        assert all(state.players[seat].used == 25 or state.players[seat].left
                   for seat in state.playing)
    assert ENGINE.next_deadline(state) is None
    check_end(state, config, seed, log)
