"""Web Push (#38): browsers' subscriptions, the outbox of messages, a profile's quiet hours.

Revision ID: 0018
Revises: 0017
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("quiet_from", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("quiet_to", sa.Integer(), nullable=True))
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("profile_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("device_id", sa.String(32),
                  sa.ForeignKey("devices.id", ondelete="CASCADE"), nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("last_used", sa.BigInteger(), nullable=True),
    )
    op.create_index("ix_push_subscriptions_profile_id", "push_subscriptions", ["profile_id"])
    op.create_index("ix_push_subscriptions_device_id", "push_subscriptions", ["device_id"])
    op.create_table(
        "push_outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("profile_id", sa.String(32),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("topic", sa.String(64), nullable=False),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("body", sa.String(300), nullable=False),
        sa.Column("url", sa.String(300), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("not_before", sa.BigInteger(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_try", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.UniqueConstraint("profile_id", "topic"),
    )
    op.create_index("ix_push_outbox_due", "push_outbox", ["state", "next_try"])


def downgrade() -> None:
    op.drop_index("ix_push_outbox_due", "push_outbox")
    op.drop_table("push_outbox")
    op.drop_index("ix_push_subscriptions_device_id", "push_subscriptions")
    op.drop_index("ix_push_subscriptions_profile_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("quiet_to")
        batch.drop_column("quiet_from")
