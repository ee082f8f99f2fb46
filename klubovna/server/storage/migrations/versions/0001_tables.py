"""Tables, their seats and their event logs.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "table_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("key_hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "table_log",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("now", sa.BigInteger(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("seq", sa.BigInteger(), nullable=True),
        sa.Column("action", sa.JSON(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("table_log")
    op.drop_table("table_seats")
    op.drop_index("ix_tables_status", "tables")
    op.drop_table("tables")
