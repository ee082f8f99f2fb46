"""The database schema (SQLAlchemy 2 models) and engine creation.

Schema changes go through an Alembic migration in migrations/versions/.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from klubovna.server.storage.files import private_sqlite

JOURNAL_SIZE_LIMIT = 8 * 1024 * 1024
"""Bytes of write-ahead log SQLite keeps on disk once it starts the log afresh (it reuses
the file rather than shrink it otherwise). The log writer truncates it regularly too."""
WAL_AUTOCHECKPOINT = 1000
"""Pages after which a commit of the pooled connections checkpoints (SQLite's default, said
here: the move path's own connection never does, see Store.append_now)."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table (room): what game, how configured, its seed and whether it is over."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # "active" | "over"
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    kind: Mapped[str] = mapped_column(String(16), default="solo")  # solo | ranked | daily
    profile_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """The player whose game is recorded; None: nothing is recorded."""
    daily_date: Mapped[str | None] = mapped_column(String(10), nullable=True)


class SeatRow(Base):
    """A seat of a table and the hash of its access key."""

    __tablename__ = "table_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64))
    profile_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """Duel and group: the player this seat records for (None: nobody)."""


class LogRow(Base):
    """One confirmed entry of a table's log; seed + these rows replay the table."""

    __tablename__ = "table_log"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    now: Mapped[int] = mapped_column(BigInteger)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seq: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    deadline: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """The table's next deadline after this entry (Unix ms), 0 when it has none; NULL in
    rows stored before it was noted (migration 0006). Never part of the replay."""


class ProfileRow(Base):
    """A player: a nickname, nothing else about them; its keys are its devices'."""

    __tablename__ = "profiles"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    nickname: Mapped[str] = mapped_column(String(24))
    nickname_folded: Mapped[str] = mapped_column(String(192), unique=True, index=True)
    """The nickname's uniqueness key (nicknames.key: the TR39 skeleton of its casefold(),
    at most nicknames.KEY_MAX long): nicknames are unique ignoring case and look-alikes."""
    created_at: Mapped[int] = mapped_column(BigInteger)
    consent: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    """Publishing consent: None until asked, then the player's answer."""
    stats_since: Mapped[int] = mapped_column(BigInteger, default=0)
    """Statistics count results finished at or after this time (a reset moves it)."""
    free_chat: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    """The person chose to write (and read) own words in the rooms that allow them."""
    notice: Mapped[str | None] = mapped_column(String(300), nullable=True)
    """A moderator's word to the person (why the nickname was hidden), until read."""
    barred_until: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """No online play before this time (Unix ms), by a moderator; None: not barred."""
    bar_reason: Mapped[str | None] = mapped_column(String(300), nullable=True)
    quiet_from: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Web Push's quiet hours, from this minute of the Prague day (push.py); None with
    `quiet_to` None: the default hours. Equal to `quiet_to`: no quiet hours."""
    quiet_to: Mapped[int | None] = mapped_column(Integer, nullable=True)


class DeviceRow(Base):
    """A device (a browser) signed in to a profile, with the hash of its own key: signing
    one out deletes its row, and its key opens nothing on any process from then on."""

    __tablename__ = "devices"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), index=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(64))
    """What the person sees in the list: from the browser's User-Agent, or as they named it."""
    created_at: Mapped[int] = mapped_column(BigInteger)
    last_seen: Mapped[int] = mapped_column(BigInteger)
    """Updated at most once a minute (devices.SEEN_EVERY_MS), not at every request."""


class CodeRow(Base):
    """A one-time secret, stored as its hash: a transfer code (10 minutes), the recovery
    code (until used), or a passkey ceremony's challenge (minutes)."""

    __tablename__ = "one_time_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # transfer | recovery | passkey-add | passkey-in
    profile_id: Mapped[str | None] = mapped_column(
        ForeignKey("profiles.id"), nullable=True, index=True)
    """None for a passkey sign-in's challenge: whose passkey answers is not known yet."""
    created_at: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """None: until used (the recovery code)."""
    used_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """Kept a day after use, so that a second try is told "used" rather than "wrong"."""


class PasskeyRow(Base):
    """A passkey (WebAuthn credential) of a profile: its public key and signature counter."""

    __tablename__ = "passkeys"

    id: Mapped[str] = mapped_column(String(512), primary_key=True)
    """The credential's id, base64url."""
    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[int] = mapped_column(BigInteger)
    last_used: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class FriendshipRow(Base):
    """Two profiles, friends or one asking the other: one row a pair, whoever asked
    (`low_id` < `high_id`, so two people asking each other at once make one row)."""

    __tablename__ = "friendships"

    low_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), primary_key=True)
    high_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), primary_key=True,
                                         index=True)
    asked_by: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[int] = mapped_column(BigInteger)
    accepted_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """None: a request waiting for the other's answer."""


class BlockRow(Base):
    """`profile_id` blocked `blocked_id`: no requests, challenges or messages between them."""

    __tablename__ = "blocks"

    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), primary_key=True)
    blocked_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), primary_key=True,
                                            index=True)
    created_at: Mapped[int] = mapped_column(BigInteger)


class ChallengeRow(Base):
    """A challenge: `from_id` invites the friend `to_id` into the room `code` (a lobby)."""

    __tablename__ = "challenges"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    from_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), index=True)
    to_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), index=True)
    code: Mapped[str] = mapped_column(String(8))
    game: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10))  # waiting | accepted | declined | withdrawn


class ReportRow(Base):
    """A report of a chat message or a nickname, with the room's last messages, for the
    moderators (`klubovna admin`)."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created_at: Mapped[int] = mapped_column(BigInteger, index=True)
    room: Mapped[str] = mapped_column(String(8))
    game: Mapped[str] = mapped_column(String(64))
    by_profile: Mapped[str | None] = mapped_column(String(32), nullable=True)
    by_nickname: Mapped[str] = mapped_column(String(24))
    profile_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """The reported person's profile (None: a guest)."""
    nickname: Mapped[str] = mapped_column(String(24))
    message: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The message reported; None for a report of the nickname."""
    context: Mapped[list[Any]] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(8), default="open")  # open | done


class AuditRow(Base):
    """One moderator's action (`klubovna admin`), kept for good."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[int] = mapped_column(BigInteger, index=True)
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(300))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)


class ResultRow(Base):
    """One seat's result of a recorded game (a game the server ran for a profile): the
    seat's SeatOutcome (place, win/loss/draw, score, the game's own figures), and the
    columns Matematický poker's leaderboard and statistics read (empty for other games)."""

    __tablename__ = "results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    seat: Mapped[int] = mapped_column(Integer, server_default="0")
    """The table seat whose game this is (0 in one-seat games)."""
    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), index=True)
    game: Mapped[str] = mapped_column(String(64))  # the engine's name (results.record)
    kind: Mapped[str] = mapped_column(String(16))  # solo | ranked | daily | a room's kind
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """1 is first; equal ones share a place."""
    outcome: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """win | loss | draw; None where winning means nothing (a solo game, a group, a duel a
    player left or never played in)."""
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The game's headline number: points, chips won or lost."""
    figures: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The game's own numbers for its statistics (SeatOutcome.figures)."""
    mode: Mapped[str | None] = mapped_column(String(8), nullable=True)  # easy | hard
    seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    filled: Mapped[int | None] = mapped_column(Integer, nullable=True)
    complete: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    started_at: Mapped[int] = mapped_column(BigInteger)
    """Unix ms of the start action."""
    finished_at: Mapped[int] = mapped_column(BigInteger)
    duration_ms: Mapped[int] = mapped_column(BigInteger)
    daily_date: Mapped[str | None] = mapped_column(String(10), nullable=True)
    published: Mapped[bool] = mapped_column(Boolean)
    """On a public table (ranked leaderboard or the table of the day): consent was given."""
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The profile's rating in this game after this game, if it was rated (storage/ratings.py):
    the rating's history."""
    rating_change: Mapped[int | None] = mapped_column(Integer, nullable=True)

    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="uq_results_table_seat"),
        # The leaderboard's and the daily table's: a game's public results (game first).
        Index("ix_results_board", "game", "kind", "published", "complete", "finished_at"),
        Index("ix_results_daily", "game", "daily_date", "kind", "published"),
        # Each player's best score (the leaderboard's GROUP BY) read from the index alone.
        Index("ix_results_best", "game", "kind", "published", "complete", "profile_id",
              "score", "mode"),
    )


class RatingRow(Base):
    """A profile's current rating in one game (storage/ratings.py): Weng-Lin's mean and
    deviation, and how many rated games made it."""

    __tablename__ = "ratings"

    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[int] = mapped_column(BigInteger)

    __table_args__ = (Index("ix_ratings_board", "game", "sigma", "mu"),)


class LeaseRow(Base):
    """Which process owns a table or lobby (several processes only:
    klubovna/server/cluster/node.py).

    `resource` is `t:{table id}` or `l:{lobby code}`; `token` goes up at every take-over and
    every log write and lobby save checks it in its own transaction (the fencing token)."""

    __tablename__ = "leases"

    resource: Mapped[str] = mapped_column(String(40), primary_key=True)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    url: Mapped[str] = mapped_column(String(200))
    token: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[int] = mapped_column(BigInteger)


class LobbyRow(Base):
    """A duel or group lobby: the pure `Lobby` as JSON, and its game's table once started."""

    __tablename__ = "lobbies"

    code: Mapped[str] = mapped_column(String(8), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    table_id: Mapped[str | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting | playing | closed
    last_activity: Mapped[int] = mapped_column(BigInteger)
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    """A public room (Lobby.listed): the open list reads it by this column."""

    __table_args__ = (Index("ix_lobbies_open", "listed", "status", "game"),)


class DailyAttemptRow(Base):
    """One attempt per profile per Prague day; the primary key makes it race-proof."""

    __tablename__ = "daily_attempts"

    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id"), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32))



class PushSubscriptionRow(Base):
    """A browser's Web Push subscription (its push service's address and the keys its
    messages are encrypted to), made on one of the profile's devices: signing the device
    out deletes it (and the profile's deletion too)."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    profile_id: Mapped[str] = mapped_column(
        ForeignKey("profiles.id", ondelete="CASCADE"), index=True)
    device_id: Mapped[str] = mapped_column(
        ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1024), unique=True)
    p256dh: Mapped[str] = mapped_column(String(128))
    """The browser's P-256 public key, base64url as the browser gave it."""
    auth: Mapped[str] = mapped_column(String(64))
    """The browser's authentication secret (16 bytes), base64url."""
    created_at: Mapped[int] = mapped_column(BigInteger)
    last_used: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """When its push service last accepted a message; None: never yet."""


class PushOutboxRow(Base):
    """A message waiting to be sent to a profile's browsers, or sent and not yet looked
    at: one row per (profile, topic), so a topic says one thing until the person looks
    (realtime/push.py)."""

    __tablename__ = "push_outbox"
    __table_args__ = (UniqueConstraint("profile_id", "topic"),
                      Index("ix_push_outbox_due", "state", "next_try"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"))
    topic: Mapped[str] = mapped_column(String(64))
    """What the message is about, e.g. "game:<table id>", "friend:<profile id>"."""
    title: Mapped[str] = mapped_column(String(120))
    body: Mapped[str] = mapped_column(String(300))
    url: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[int] = mapped_column(BigInteger)
    not_before: Mapped[int] = mapped_column(BigInteger)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_try: Mapped[int] = mapped_column(BigInteger)
    """When the sender may take it (again): not_before, the end of the quiet hours, a
    back-off, or a claim's lease while a process sends it."""
    state: Mapped[str] = mapped_column(String(8))  # queued | sending | sent

def make_engine(url: str) -> Engine:
    """An engine; SQLite gets WAL and foreign keys so a kill -9 loses no commit, and a
    bounded write-ahead log."""
    is_sqlite = url.startswith("sqlite")
    if is_sqlite:
        private_sqlite(url)  # only the server's user may read it (files.py)
    # A server database (PostgreSQL) may restart under a running process: each connection
    # is checked as it is taken from the pool, so a move after the restart is not the one
    # that finds the pool's connections dead.
    engine = create_engine(
        url, connect_args={"check_same_thread": False} if is_sqlite else {},
        pool_pre_ping=not is_sqlite,
    )
    if is_sqlite:

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
            cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT}")
            cursor.close()

    return engine
