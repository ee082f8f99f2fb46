"""Lobbies (duel and group rooms); who each seat records for; one result per seat.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# SQLite's inline UNIQUE on results.table_id has no name; this convention names it when
# batch mode reflects the table, so it can be dropped (PostgreSQL names it itself).
NAMES = {"uq": "%(table_name)s_%(column_0_name)s_key"}


def upgrade() -> None:
    op.create_table(
        "lobbies",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("last_activity", sa.BigInteger(), nullable=False),
    )
    op.create_index("ix_lobbies_status", "lobbies", ["status"])
    with op.batch_alter_table("table_seats") as batch:
        batch.add_column(sa.Column("profile_id", sa.String(32), nullable=True))
    with op.batch_alter_table("results", naming_convention=NAMES) as batch:
        batch.drop_constraint("results_table_id_key", type_="unique")
        batch.add_column(sa.Column("seat", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("duel", sa.String(8), nullable=True))
        batch.create_unique_constraint("uq_results_table_seat", ["table_id", "seat"])


def downgrade() -> None:
    with op.batch_alter_table("results", naming_convention=NAMES) as batch:
        batch.drop_constraint("uq_results_table_seat", type_="unique")
        batch.drop_column("duel")
        batch.drop_column("seat")
        batch.create_unique_constraint("results_table_id_key", ["table_id"])
    with op.batch_alter_table("table_seats") as batch:
        batch.drop_column("profile_id")
    op.drop_index("ix_lobbies_status", "lobbies")
    op.drop_table("lobbies")
