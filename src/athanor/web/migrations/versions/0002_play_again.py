"""Play again: a table may follow another with the same seats and options.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        # The table this one follows (its seats' tokens may claim the same seats here),
        # and the table that follows this one.
        batch.add_column(sa.Column("previous_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("next_id", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("next_id")
        batch.drop_column("previous_id")
