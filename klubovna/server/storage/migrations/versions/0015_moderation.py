"""Moderation: a moderator's notice and bar on a profile, and the audit log (#36).

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("notice", sa.String(300), nullable=True))
        batch.add_column(sa.Column("barred_until", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("bar_reason", sa.String(300), nullable=True))
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("at", sa.BigInteger(), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target", sa.String(64), nullable=False),
        sa.Column("reason", sa.String(300), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
    )
    op.create_index("ix_audit_log_at", "audit_log", ["at"])


def downgrade() -> None:
    op.drop_index("ix_audit_log_at", "audit_log")
    op.drop_table("audit_log")
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("bar_reason")
        batch.drop_column("barred_until")
        batch.drop_column("notice")
