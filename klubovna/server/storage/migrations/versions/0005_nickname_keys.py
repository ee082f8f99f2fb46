"""Nicknames unique by a confusable-aware key: PRECIS Nickname form, TR39 skeleton.

Every stored nickname is brought to its PRECIS (RFC 8266) form and `nickname_folded`
becomes its key (nicknames.key), under a unique index. Two profiles whose nicknames now
share a key, or a nickname the new rules refuse (only fillers, say), are settled by age:
the older profile (created_at, then id) keeps its name; a later one is renamed to the
first free "<name> 2", "<name> 3", ... ("Hráč 2", ... when its name is refused). See
docs/decisions/0052-nickname-precis.md, "Nicknames".

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from klubovna.server.features import nicknames

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

# SQLite's inline UNIQUE on nickname_folded has no name; this convention names it as
# PostgreSQL does, so batch mode can drop it (as in 0004).
NAMES = {"uq": "%(table_name)s_%(column_0_name)s_key"}
PLACEHOLDER = "Hráč"

profiles = sa.table(
    "profiles", sa.column("id", sa.String), sa.column("nickname", sa.String),
    sa.column("nickname_folded", sa.String), sa.column("created_at", sa.BigInteger),
)


def _free(base: str, taken: set[str]) -> tuple[str, str]:
    """The first "<base> N" (N = 2, 3, ...) that is a valid nickname with a free key."""
    number = 2
    while True:
        suffix = f" {number}"
        nickname = nicknames.enforce(base[: nicknames.MAX - len(suffix)].rstrip() + suffix)
        key = nicknames.key(nickname)
        if key not in taken:
            return nickname, key
        number += 1


def settle(rows: list[tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """{profile id: (nickname, key)} for (id, nickname) rows, oldest first."""
    taken: set[str] = set()
    settled: dict[str, tuple[str, str]] = {}
    for profile_id, old in rows:
        try:
            nickname = nicknames.enforce(old)
        except nicknames.BadNickname:
            nickname, key = _free(PLACEHOLDER, taken)
        else:
            key = nicknames.key(nickname)
            if key in taken:
                nickname, key = _free(nickname, taken)
        taken.add(key)
        settled[profile_id] = (nickname, key)
    return settled


def upgrade() -> None:
    with op.batch_alter_table("profiles", naming_convention=NAMES) as batch:
        batch.drop_constraint("profiles_nickname_folded_key", type_="unique")
        batch.alter_column("nickname_folded", type_=sa.String(192),
                           existing_type=sa.String(24), existing_nullable=False)
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(profiles.c.id, profiles.c.nickname)
        .order_by(profiles.c.created_at, profiles.c.id)
    ).all()
    for profile_id, (nickname, key) in settle([(r.id, r.nickname) for r in rows]).items():
        connection.execute(
            profiles.update().where(profiles.c.id == profile_id)
            .values(nickname=nickname, nickname_folded=key)
        )
    op.create_index("ix_profiles_nickname_folded", "profiles", ["nickname_folded"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_profiles_nickname_folded", "profiles")
    connection = op.get_bind()
    for row in connection.execute(sa.select(profiles.c.id, profiles.c.nickname)).all():
        connection.execute(
            profiles.update().where(profiles.c.id == row.id)
            .values(nickname_folded=row.nickname.casefold()[:24])
        )
    with op.batch_alter_table("profiles", naming_convention=NAMES) as batch:
        batch.alter_column("nickname_folded", type_=sa.String(24),
                           existing_type=sa.String(192), existing_nullable=False)
        batch.create_unique_constraint("profiles_nickname_folded_key", ["nickname_folded"])
