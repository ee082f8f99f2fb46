"""Open rooms (#37): a room may be public, and the open list finds the public ones.

Revision ID: 0017
Revises: 0016
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lobbies") as batch:
        batch.add_column(sa.Column("listed", sa.Boolean(), nullable=False,
                                   server_default="0"))
    op.create_index("ix_lobbies_open", "lobbies", ["listed", "status", "game"])


def downgrade() -> None:
    op.drop_index("ix_lobbies_open", "lobbies")
    with op.batch_alter_table("lobbies") as batch:
        batch.drop_column("listed")
