"""Profiles, recorded results, daily attempts; who a table records for.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("kind", sa.String(16), nullable=False, server_default="solo"))
        batch.add_column(sa.Column("profile_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("daily_date", sa.String(10), nullable=True))
        batch.create_index("ix_tables_profile_id", ["profile_id"])
    op.create_table(
        "profiles",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("nickname_folded", sa.String(24), nullable=False, unique=True),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("consent", sa.Boolean(), nullable=True),
        sa.Column("stats_since", sa.BigInteger(), nullable=False, server_default="0"),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False,
                  unique=True),
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("seconds", sa.Integer(), nullable=True),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("filled", sa.Integer(), nullable=False),
        sa.Column("complete", sa.Boolean(), nullable=False),
        sa.Column("started_at", sa.BigInteger(), nullable=False),
        sa.Column("finished_at", sa.BigInteger(), nullable=False),
        sa.Column("duration_ms", sa.BigInteger(), nullable=False),
        sa.Column("daily_date", sa.String(10), nullable=True),
        sa.Column("published", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_results_profile_id", "results", ["profile_id"])
    op.create_index("ix_results_board", "results", ["kind", "published", "complete", "finished_at"])
    op.create_index("ix_results_daily", "results", ["daily_date", "kind", "published"])
    op.create_table(
        "daily_attempts",
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily_attempts")
    op.drop_index("ix_results_daily", "results")
    op.drop_index("ix_results_board", "results")
    op.drop_index("ix_results_profile_id", "results")
    op.drop_table("results")
    op.drop_table("profiles")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_profile_id")
        batch.drop_column("daily_date")
        batch.drop_column("profile_id")
        batch.drop_column("kind")
