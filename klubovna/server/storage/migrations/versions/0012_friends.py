"""Friends and blocks (#36).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friendships",
        sa.Column("low_id", sa.String(32), sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("high_id", sa.String(32), sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("asked_by", sa.String(32), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("accepted_at", sa.BigInteger(), nullable=True),
    )
    op.create_index("ix_friendships_high_id", "friendships", ["high_id"])
    op.create_table(
        "blocks",
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("blocked_id", sa.String(32), sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
    )
    op.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"])


def downgrade() -> None:
    op.drop_index("ix_blocks_blocked_id", "blocks")
    op.drop_table("blocks")
    op.drop_index("ix_friendships_high_id", "friendships")
    op.drop_table("friendships")
