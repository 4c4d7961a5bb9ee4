"""Alembic's environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from athanor.web.store import Base

target_metadata = Base.metadata
connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only through athanor.web.store.migrate
    raise RuntimeError("run migrations through athanor.web.store.migrate()")
context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
