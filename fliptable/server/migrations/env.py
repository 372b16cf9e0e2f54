"""Alembic's environment for the server's schema. The server runs migrations itself
(``fliptable.server.migrate``) and hands over its open connection; the ``alembic``
command line is not needed."""

from __future__ import annotations

from alembic import context

from fliptable.server.models import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only the server runs these migrations
    raise RuntimeError("fliptable's migrations run from fliptable.server.migrate with a connection")
context.configure(connection=connection, target_metadata=metadata, version_table="ft_alembic_version")
with context.begin_transaction():
    context.run_migrations()
