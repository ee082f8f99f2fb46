"""Challenges: a friend invited into a room (#36).

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("from_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("to_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
    )
    op.create_index("ix_challenges_from_id", "challenges", ["from_id"])
    op.create_index("ix_challenges_to_id", "challenges", ["to_id"])


def downgrade() -> None:
    op.drop_index("ix_challenges_to_id", "challenges")
    op.drop_index("ix_challenges_from_id", "challenges")
    op.drop_table("challenges")
