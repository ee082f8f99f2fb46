"""Chat: a profile's choice of own words, and reports for the moderators (#36).

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("free_chat", sa.Boolean(), nullable=False,
                                   server_default="0"))
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("room", sa.String(8), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("by_profile", sa.String(32), nullable=True),
        sa.Column("by_nickname", sa.String(24), nullable=False),
        sa.Column("profile_id", sa.String(32), nullable=True),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("message", sa.JSON(), nullable=True),
        sa.Column("context", sa.JSON(), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
    )
    op.create_index("ix_reports_created_at", "reports", ["created_at"])
    op.create_index("ix_reports_profile_id", "reports", ["profile_id"])


def downgrade() -> None:
    op.drop_index("ix_reports_profile_id", "reports")
    op.drop_index("ix_reports_created_at", "reports")
    op.drop_table("reports")
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("free_chat")
