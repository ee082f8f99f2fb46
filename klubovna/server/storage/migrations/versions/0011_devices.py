"""Devices, one-time codes and passkeys: a profile on every device (#36).

Each profile's key becomes the key of its first device (named "" — the app shows it as
"the first device"), and the key leaves the profiles table. Going back keeps, per profile,
the key of its oldest device; the other devices, codes and passkeys are gone.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

# The inline UNIQUE of profiles.key_hash has no name in SQLite; named as PostgreSQL names it.
NAMES = {"uq": "%(table_name)s_%(column_0_name)s_key"}

profiles = sa.table(
    "profiles", sa.column("id", sa.String), sa.column("key_hash", sa.String),
    sa.column("created_at", sa.BigInteger),
)
devices = sa.table(
    "devices", sa.column("id", sa.String), sa.column("profile_id", sa.String),
    sa.column("key_hash", sa.String), sa.column("name", sa.String),
    sa.column("created_at", sa.BigInteger), sa.column("last_seen", sa.BigInteger),
)


def upgrade() -> None:
    op.create_table(
        "devices",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("last_seen", sa.BigInteger(), nullable=False),
    )
    op.create_index("ix_devices_profile_id", "devices", ["profile_id"])
    op.create_table(
        "one_time_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=True),
        sa.Column("used_at", sa.BigInteger(), nullable=True),
    )
    op.create_index("ix_one_time_codes_profile_id", "one_time_codes", ["profile_id"])
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(512), primary_key=True),
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("last_used", sa.BigInteger(), nullable=True),
    )
    op.create_index("ix_passkeys_profile_id", "passkeys", ["profile_id"])
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(profiles.c.id, profiles.c.key_hash, profiles.c.created_at)).all()
    if rows:
        connection.execute(devices.insert(), [
            {"id": secrets.token_urlsafe(12), "profile_id": id_, "key_hash": key_hash,
             "name": "", "created_at": created_at, "last_seen": created_at}
            for id_, key_hash, created_at in rows
        ])
    with op.batch_alter_table("profiles", naming_convention=NAMES) as batch:
        batch.drop_constraint("profiles_key_hash_key", type_="unique")
        batch.drop_column("key_hash")


def downgrade() -> None:
    with op.batch_alter_table("profiles", naming_convention=NAMES) as batch:
        batch.add_column(sa.Column("key_hash", sa.String(64), nullable=True))
    connection = op.get_bind()
    oldest: dict[str, str] = {}
    for profile_id, key_hash in connection.execute(
        sa.select(devices.c.profile_id, devices.c.key_hash)
        .order_by(devices.c.created_at.desc(), devices.c.id.desc())
    ):
        oldest[profile_id] = key_hash  # the last written is the oldest
    for profile_id, key_hash in oldest.items():
        connection.execute(profiles.update().where(profiles.c.id == profile_id)
                           .values(key_hash=key_hash))
    # A profile with every device signed out opens with no key: a random hash keeps it so.
    for (profile_id,) in connection.execute(
        sa.select(profiles.c.id).where(profiles.c.key_hash.is_(None))
    ).all():
        connection.execute(profiles.update().where(profiles.c.id == profile_id)
                           .values(key_hash=secrets.token_hex(32)))
    op.drop_index("ix_passkeys_profile_id", "passkeys")
    op.drop_table("passkeys")
    op.drop_index("ix_one_time_codes_profile_id", "one_time_codes")
    op.drop_table("one_time_codes")
    op.drop_index("ix_devices_profile_id", "devices")
    op.drop_table("devices")
    with op.batch_alter_table("profiles", naming_convention=NAMES) as batch:
        batch.alter_column("key_hash", existing_type=sa.String(64), nullable=False)
        batch.create_unique_constraint("profiles_key_hash_key", ["key_hash"])
