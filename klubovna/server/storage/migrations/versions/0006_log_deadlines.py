"""Each log entry notes the table's next deadline after it, so a restart reads one row per
unfinished table instead of replaying every log (Hub.start).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable, no default: a plain ADD COLUMN that rewrites no row (the rows stored before
    # say NULL: not known), so a big log migrates at once.
    op.add_column("table_log", sa.Column("deadline", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_log") as batch:
        batch.drop_column("deadline")
