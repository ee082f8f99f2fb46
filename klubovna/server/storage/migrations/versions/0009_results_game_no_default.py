"""The results' game has no default any more: 0007 gave the rows it moved over
Matematický poker's name, and since then every result names its own game (results.record),
so a default would only name one game in the schema.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.alter_column("game", existing_type=sa.String(64), existing_nullable=False,
                           server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.alter_column("game", existing_type=sa.String(64), existing_nullable=False,
                           server_default="matematicky-poker")
