"""Ratings (#37): each profile's current rating per game, and each rated result's rating
after it (the history).

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.BigInteger(), nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "sigma", "mu"])
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("rating", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("rating_change", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.drop_column("rating_change")
        batch.drop_column("rating")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
