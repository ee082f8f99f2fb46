"""The leaderboard's index: each player's best score without reading the table.

Revision ID: 0003
Revises: 0002
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_results_best", "results",
        ["kind", "published", "complete", "profile_id", "score", "mode"],
    )


def downgrade() -> None:
    op.drop_index("ix_results_best", "results")
