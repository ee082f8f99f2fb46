"""Alembic environment: runs migrations on the connection `migrate.upgrade` hands over."""

from alembic import context

from klubovna.server.storage.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
