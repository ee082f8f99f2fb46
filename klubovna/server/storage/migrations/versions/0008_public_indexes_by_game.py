"""The leaderboard's and the daily table's indexes lead with the results' game: their
queries select Matematický poker's results, now that results of
other games share the table.

Revision ID: 0008
Revises: 0007
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

INDEXES = {
    "ix_results_board": ["kind", "published", "complete", "finished_at"],
    "ix_results_daily": ["daily_date", "kind", "published"],
    "ix_results_best": ["kind", "published", "complete", "profile_id", "score", "mode"],
}
"""The indexes as they were (0002, 0003); each now has `game` in front."""


def upgrade() -> None:
    for name, columns in INDEXES.items():
        op.drop_index(name, "results")
        op.create_index(name, "results", ["game", *columns])


def downgrade() -> None:
    for name, columns in INDEXES.items():
        op.drop_index(name, "results")
        op.create_index(name, "results", columns)
