"""Dice outside games: secret rolls (made, read, revealed once) and saved rolls (bounded)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from storage.db import Db, serialize
from storage.queries.transactions import reading, writing

SERVER_WIDE = 0
"""`owner_id` of a saved roll every member of the server may use."""
OUTSIDE_SERVERS = 0
"""`scope_id` of a member's saved rolls in direct messages and servers without the bot."""


@dataclass(frozen=True)
class SecretRollRow:
    id: int
    guild_id: int | None
    channel_id: int
    roller_id: int
    viewer_id: int | None
    expression: str
    seed: str
    commitment: str
    made_at: float
    revealed_at: float | None

    @property
    def is_revealed(self) -> bool:
        return self.revealed_at is not None

    def may_see(self, user_id: int) -> bool:
        """Before the reveal, only the roller and the member it was made for see it."""
        return user_id in (self.roller_id, self.viewer_id)


@dataclass(frozen=True)
class SavedRollRow:
    scope_id: int
    owner_id: int
    name: str
    expression: str


def _secret(row: Any) -> SecretRollRow:
    return SecretRollRow(**{k: row[k] for k in SecretRollRow.__dataclass_fields__})


def add_secret_roll(
    db: Db,
    *,
    now: float,
    guild_id: int | None,
    channel_id: int,
    roller_id: int,
    viewer_id: int | None,
    expression: str,
    seed: str,
    commitment: str,
) -> SecretRollRow:
    with writing(db):
        row = db.execute(
            "INSERT INTO secret_rolls (guild_id, channel_id, roller_id, viewer_id, expression,"
            " seed, commitment, made_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (guild_id, channel_id, roller_id, viewer_id, expression, seed, commitment, now),
        ).fetchone()
    return _secret(row)


def get_secret_roll(db: Db, *, roll_id: int) -> SecretRollRow | None:
    with reading(db):
        row = db.execute("SELECT * FROM secret_rolls WHERE id = ?", (roll_id,)).fetchone()
    return None if row is None else _secret(row)


def hidden_secret_rolls(db: Db, *, user_id: int, limit: int) -> list[SecretRollRow]:
    """Rolls `user_id` may reveal (made by them or for them), newest first."""
    with reading(db):
        rows = db.execute(
            "SELECT * FROM secret_rolls WHERE revealed_at IS NULL"
            " AND (roller_id = ? OR viewer_id = ?) ORDER BY id DESC LIMIT ?",
            (user_id, user_id, limit),
        ).fetchall()
    return [_secret(row) for row in rows]


def reveal_secret_roll(db: Db, *, now: float, roll_id: int) -> tuple[SecretRollRow | None, bool]:
    """Mark the roll revealed; (the row, whether this call revealed it: announce only then)."""
    with writing(db):
        changed = db.execute(
            "UPDATE secret_rolls SET revealed_at = ? WHERE id = ? AND revealed_at IS NULL",
            (now, roll_id),
        ).rowcount
        row = db.execute("SELECT * FROM secret_rolls WHERE id = ?", (roll_id,)).fetchone()
    return (None if row is None else _secret(row)), changed == 1


def save_roll(
    db: Db, *, now: float, scope_id: int, owner_id: int, name: str, expression: str, limit: int
) -> bool:
    """Save or replace a named roll; False (nothing written) when `limit` names exist already."""
    with writing(db):
        serialize(db, f"saved_rolls:{scope_id}:{owner_id}")
        exists = db.execute(
            "SELECT 1 FROM saved_rolls WHERE scope_id = ? AND owner_id = ? AND name = ?",
            (scope_id, owner_id, name),
        ).fetchone()
        count = db.execute(
            "SELECT COUNT(*) AS n FROM saved_rolls WHERE scope_id = ? AND owner_id = ?",
            (scope_id, owner_id),
        ).fetchone()["n"]
        if exists is None and count >= limit:
            return False
        db.execute(
            "INSERT INTO saved_rolls (scope_id, owner_id, name, expression, saved_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope_id, owner_id, name)"
            " DO UPDATE SET expression = excluded.expression, saved_at = excluded.saved_at",
            (scope_id, owner_id, name, expression, now),
        )
    return True


def saved_rolls(db: Db, *, scope_id: int, owner_ids: tuple[int, ...]) -> list[SavedRollRow]:
    """The saved rolls of these owners in a scope, by name (a member's own first on a tie)."""
    marks = ", ".join("?" for _ in owner_ids)
    with reading(db):
        rows = db.execute(
            "SELECT scope_id, owner_id, name, expression FROM saved_rolls"
            f" WHERE scope_id = ? AND owner_id IN ({marks}) ORDER BY name, owner_id DESC",
            (scope_id, *owner_ids),
        ).fetchall()
    return [SavedRollRow(**dict(row)) for row in rows]


def forget_roll(db: Db, *, scope_id: int, owner_id: int, name: str) -> bool:
    with writing(db):
        gone = db.execute(
            "DELETE FROM saved_rolls WHERE scope_id = ? AND owner_id = ? AND name = ?",
            (scope_id, owner_id, name),
        ).rowcount
    return int(gone) == 1
