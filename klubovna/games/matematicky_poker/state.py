"""The state of a Matematický poker game, its one-line text form and the deck.
What may happen next lives in rules.py, points in scoring.py, what a seat sees in view.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from klubovna.core import Rng
from klubovna.core.textform import (
    NONE,
    flag,
    int_or_none,
    join_line,
    parse_flag,
    parse_int_or_none,
    split_line,
)

from .scoring import TABLES

JOKER = 0
"""A joker in the deck or in hand; numbers are 1..13."""
CELLS = 25
VALUES = range(1, 14)
COPIES = 4
"""Four cards of each value, plus JOKERS jokers: 54 cards."""
JOKERS = 2
MODES = ("easy", "hard")
VARIANTS = ("solo", "duel", "group")
"""Solo: one seat. Duel: two seats share one sequence, drawn as soon as both have handled
the current card (or earlier on request). Group: seat 0 is the dealer, who alone draws."""
DEALER = 0
"""The dealer's seat in a group game."""

TEXT_TAG = "mp1"
"""First field of the text form; bump it when the format changes."""
_CARD_CHARS = "*123456789TJQK"
"""Card i (0 = joker) is written as _CARD_CHARS[i] in the text form: T=10, J=11, Q=12, K=13."""
_EMPTY_CHAR = "."
_LEFT = "L"


def fresh_deck() -> list[int]:
    """The 54 cards in a fixed order, before shuffling.

    >>> deck = fresh_deck(); len(deck), deck.count(JOKER), deck.count(13)
    (54, 2, 4)
    """
    return [value for value in VALUES for _ in range(COPIES)] + [JOKER] * JOKERS


def shuffled_deck(seed: int) -> tuple[int, ...]:
    """The deck of a game: fresh_deck() shuffled once by the game's seeded Rng."""
    cards = fresh_deck()
    Rng(seed).shuffle(cards)
    return tuple(cards)


def _empty_board() -> tuple[int | None, ...]:
    return (None,) * CELLS


def _no_jokers() -> tuple[bool, ...]:
    return (False,) * CELLS


def _no_stamps() -> tuple[int | None, ...]:
    return (None,) * CELLS


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Player:
    """One seat's own part of the game: board, hand and counters."""

    position: int = 0
    """Index in the shared deck of the next card this seat draws."""
    board: tuple[int | None, ...] = field(default_factory=_empty_board)
    from_joker: tuple[bool, ...] = field(default_factory=_no_jokers)
    """Cells written by a joker (for display only; they score as ordinary numbers)."""
    hand: int | None = None
    """None, a number 1..13 waiting to be placed, or JOKER waiting for a choice."""
    drawn_at: int | None = None
    """Unix ms when the card in hand was drawn (hard mode, or when `min_think_ms` is set);
    None otherwise."""
    kept_jokers: int = 0
    forfeited: int = 0
    """Numbers that expired in hard mode; each costs one cell for good."""
    finished: bool = False
    left: bool = False
    """The seat left the game before finishing (so it is finished too)."""
    stamps: tuple[int | None, ...] = field(default_factory=_no_stamps)
    """Duel only: for each written cell, the seat's `position` when it was written (the cards
    it had taken into hand by then); the other seat sees the cell once it has handled as many
    cards itself (view.py). All None in the other variants."""

    @property
    def filled(self) -> int:
        return CELLS - self.board.count(None)

    @property
    def used(self) -> int:
        """Cells that are filled or lost to a forfeit; the game ends at 25."""
        return self.filled + self.forfeited


@dataclass(frozen=True, slots=True)
class State:
    """A whole game. Immutable: rules return a new State, so copying is free.

    >>> s = State(mode="easy", seconds=None, table="adjacent", preview=True,
    ...           deck=shuffled_deck(7), players=(Player(),))
    >>> State.from_text(s.to_text()) == s
    True
    """

    mode: str
    seconds: int | None
    """Hard mode: seconds per card (3..300); None in easy mode."""
    table: str
    preview: bool
    deck: tuple[int, ...]
    """Every card of the game in draw order (server side only, never in a view)."""
    players: tuple[Player, ...]
    started: bool = False
    min_think_ms: int = 0
    """Recorded games: a card may be placed only this long after it was drawn (0: no limit)."""
    variant: str = "solo"
    dealer_plays: bool = True
    """Group only: whether seat 0 (the dealer) also has a board."""
    drawn: int = 0
    """Duel and group: cards drawn so far from the shared deck (every seat's queue ends there;
    a seat's own `position` is where its queue starts). Unused solo."""
    ended: bool = False
    """Group: the dealer ended the game for everyone."""

    @property
    def _first_playing(self) -> int:
        """Seat 0 (DEALER) has no board when a group's dealer only deals."""
        return 1 if self.variant == "group" and not self.dealer_plays else 0

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats that have a board (all but a group dealer who only deals)."""
        return tuple(range(self._first_playing, len(self.players)))

    def plays(self, seat: int) -> bool:
        """Whether `seat` has a board (as `seat in playing`, without building the tuple)."""
        return self._first_playing <= seat < len(self.players)

    @property
    def over(self) -> bool:
        return self.started and (
            self.ended or all(self.players[seat].finished for seat in self.playing)
        )

    def waiting(self, seat: int) -> int:
        """Drawn cards `seat` still has to handle: the one in hand plus its queue."""
        player = self.players[seat]
        if player.finished:
            return 0
        queued = self.drawn - player.position if self.variant != "solo" else 0
        return (player.hand is not None) + queued

    def to_text(self) -> str:
        """A one-line form that round-trips through `State.from_text` (tests, logs, bugs).

        Fields: tag, mode, seconds, table, preview 1/0, started 1/0, deck (`*` joker,
        T J Q K for 10-13), min_think_ms (only when not 0), for duel and group: variant,
        dealer plays 1/0, cards drawn, ended 1/0; then per player after `|`:
        position, board (`.` empty), joker cells (comma list or `-`), hand, drawn_at,
        kept jokers, forfeited, finished (`L`: left the game, which finishes it); in a duel
        also the written cells' stamps (comma list in cell order, `-` for none).

        >>> s = State(mode="hard", seconds=30, table="school", preview=False,
        ...           deck=(5, 0, 13), players=(Player(position=1, hand=5, drawn_at=1000),),
        ...           started=True)
        >>> s.to_text()
        'mp1 hard 30 school 0 1 5*K | 1 ......................... - 5 1000 0 0 0'
        """
        head = [
            TEXT_TAG,
            self.mode,
            int_or_none(self.seconds),
            self.table,
            flag(self.preview),
            flag(self.started),
            "".join(_CARD_CHARS[card] for card in self.deck),
        ]
        if self.min_think_ms:
            head.append(str(self.min_think_ms))
        if self.variant != "solo":
            head += [
                self.variant,
                flag(self.dealer_plays),
                str(self.drawn),
                flag(self.ended),
            ]
        rows = []
        for p in self.players:
            jokers = ",".join(str(i) for i, j in enumerate(p.from_joker) if j) or NONE
            fields = [
                str(p.position),
                "".join(_EMPTY_CHAR if v is None else _CARD_CHARS[v] for v in p.board),
                jokers,
                NONE if p.hand is None else _CARD_CHARS[p.hand],
                int_or_none(p.drawn_at),
                str(p.kept_jokers),
                str(p.forfeited),
                _LEFT if p.left else flag(p.finished),
            ]
            if self.variant == "duel":
                stamps = [str(stamp) for stamp in p.stamps if stamp is not None]
                fields.append(",".join(stamps) or NONE)
            rows.append(fields)
        return join_line(head, rows)

    @classmethod
    def from_text(cls, text: str) -> State:
        """Parse `to_text()` output; raises ValueError on anything malformed."""
        head, players = split_line(text)
        if len(head) not in (7, 8, 11, 12) or head[0] != TEXT_TAG:
            raise ValueError(f"not a {TEXT_TAG} state: {text!r}")
        _, mode, seconds, table, preview, started, deck, *rest = head
        think = rest[: len(rest) % 2]
        variant, dealer_plays, drawn, ended = rest[len(rest) % 2 :] or ("solo", "1", "0", "0")
        min_think_ms = int(think[0]) if think else 0
        if min_think_ms <= 0 and think:
            raise ValueError(f"min_think_ms is written only when positive: {think[0]!r}")
        if variant not in VARIANTS or (variant == "solo" and len(rest) > 1):
            raise ValueError(f"unknown variant {variant!r}")
        if mode not in MODES or table not in TABLES:
            raise ValueError(f"unknown mode {mode!r} or table {table!r}")
        if not players:
            raise ValueError("a state needs at least one player")
        return cls(
            mode=mode,
            seconds=parse_int_or_none(seconds),
            table=table,
            preview=parse_flag(preview),
            started=parse_flag(started),
            deck=tuple(_parse_card(ch) for ch in deck),
            players=tuple(_parse_player(fields, variant == "duel") for fields in players),
            min_think_ms=min_think_ms,
            variant=variant,
            dealer_plays=parse_flag(dealer_plays),
            drawn=int(drawn),
            ended=parse_flag(ended),
        )


def _parse_player(fields: list[str], duel: bool) -> Player:
    count = 9 if duel else 8
    if len(fields) != count:
        raise ValueError(f"a player has {count} fields here, got {fields}")
    position, board, jokers, hand, drawn_at, kept, forfeited, finished = fields[:8]
    if len(board) != CELLS:
        raise ValueError(f"a board has {CELLS} cells, got {board!r}")
    joker_cells = set() if jokers == NONE else {int(i) for i in jokers.split(",")}
    if not joker_cells <= set(range(CELLS)):
        raise ValueError(f"joker cells out of range: {jokers!r}")
    cells = tuple(None if ch == _EMPTY_CHAR else _parse_card(ch) for ch in board)
    if JOKER in cells:
        raise ValueError(f"a board holds numbers, not jokers: {board!r}")
    stamps = _parse_stamps(fields[8], cells) if duel else _no_stamps()
    return Player(
        position=int(position),
        board=cells,
        from_joker=tuple(i in joker_cells for i in range(CELLS)),
        hand=None if hand == NONE else _parse_card(hand),
        drawn_at=parse_int_or_none(drawn_at),
        kept_jokers=int(kept),
        forfeited=int(forfeited),
        finished=finished == _LEFT or parse_flag(finished),
        left=finished == _LEFT,
        stamps=stamps,
    )


def _parse_stamps(text: str, cells: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """A duel player's stamps, one per written cell in cell order."""
    given = [] if text == NONE else [int(stamp) for stamp in text.split(",")]
    written = [cell for cell, value in enumerate(cells) if value is not None]
    if len(given) != len(written):
        raise ValueError(f"one stamp per written cell, got {text!r}")
    stamps: list[int | None] = [None] * CELLS
    for cell, stamp in zip(written, given, strict=True):
        stamps[cell] = stamp
    return tuple(stamps)


def _parse_card(ch: str) -> int:
    card = _CARD_CHARS.find(ch) if len(ch) == 1 else -1
    if card < 0:
        raise ValueError(f"not a card: {ch!r}")
    return card
