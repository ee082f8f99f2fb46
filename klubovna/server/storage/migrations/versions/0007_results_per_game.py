"""Results carry their game and each seat's outcome: place, win/loss/draw and the game's
own figures (klubovna.core.declarations.SeatOutcome). The rows stored before are Matematický
poker's: their place comes from their table's ranking (1 in one-seat games), a duel's
won/lost/drawn becomes the outcome, and filled/complete are their figures as well. The
columns only Matematický poker fills (mode, filled, complete) may now be empty, and the
score too (a game whose result has none).

Revision ID: 0007
Revises: 0006
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

OUTCOMES = {"won": "win", "lost": "loss", "drawn": "draw"}
ONE_SEAT = ("solo", "ranked", "daily")

results = sa.table(
    "results", sa.column("id", sa.Integer), sa.column("table_id", sa.String),
    sa.column("seat", sa.Integer), sa.column("kind", sa.String),
    sa.column("filled", sa.Integer), sa.column("complete", sa.Boolean),
    sa.column("duel", sa.String), sa.column("place", sa.Integer),
    sa.column("outcome", sa.String), sa.column("figures", sa.JSON),
    sa.column("game", sa.String),
)
tables = sa.table("tables", sa.column("id", sa.String), sa.column("result", sa.JSON))


def upgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("game", sa.String(64), nullable=False,
                                   server_default="matematicky-poker"))
        batch.add_column(sa.Column("place", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("outcome", sa.String(8), nullable=True))
        batch.add_column(sa.Column("figures", sa.JSON(), nullable=True))
        for name, kind in (("mode", sa.String(8)), ("filled", sa.Integer()),
                           ("complete", sa.Boolean()), ("score", sa.Integer())):
            batch.alter_column(name, existing_type=kind, nullable=True)
    connection = op.get_bind()
    connection.execute(results.update().where(results.c.kind.in_(ONE_SEAT))
                       .values(place=1))
    for old, new in OUTCOMES.items():
        connection.execute(results.update().where(results.c.duel == old).values(outcome=new))
    # Figures and the places of duels and groups, row by row (few: one-seat games are most).
    rows = connection.execute(sa.select(results.c.id, results.c.table_id, results.c.seat,
                                        results.c.kind, results.c.filled,
                                        results.c.complete)).all()
    ranked: dict[str, dict[int, int]] = {}
    for row in rows:
        values: dict[str, object] = {
            "figures": {"filled": row.filled, "complete": bool(row.complete)}}
        if row.kind not in ONE_SEAT:
            if row.table_id not in ranked:
                result = connection.execute(sa.select(tables.c.result)
                                            .where(tables.c.id == row.table_id)).scalar()
                ranked[row.table_id] = places(result)
            values["place"] = ranked[row.table_id].get(row.seat)
        connection.execute(results.update().where(results.c.id == row.id).values(**values))
    with op.batch_alter_table("results") as batch:
        batch.drop_column("duel")


def places(result: dict[str, Any] | None) -> dict[int, int]:
    """Seat -> place in a stored duel's or group's result: by score, then filled cells,
    equal ones sharing a place (as klubovna.games.matematicky_poker.outcomes does)."""
    seats = (result or {}).get("seats") or []
    strength = {each["seat"]: (each["total"], each["filled"]) for each in seats}
    return {seat: 1 + sum(other > mine for other in strength.values())
            for seat, mine in strength.items()}


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("duel", sa.String(8), nullable=True))
    connection = op.get_bind()
    for old, new in OUTCOMES.items():
        connection.execute(results.update().where(results.c.outcome == new,
                                                  results.c.kind == "duel").values(duel=old))
    # Only Matematický poker's rows fit the old shape.
    connection.execute(results.delete().where(results.c.game != "matematicky-poker"))
    with op.batch_alter_table("results") as batch:
        for name, kind in (("mode", sa.String(8)), ("filled", sa.Integer()),
                           ("complete", sa.Boolean()), ("score", sa.Integer())):
            batch.alter_column(name, existing_type=kind, nullable=False)
        batch.drop_column("figures")
        batch.drop_column("outcome")
        batch.drop_column("place")
        batch.drop_column("game")
