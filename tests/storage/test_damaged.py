"""Damaged rows never lock a channel: readers raise DamagedSession, end_damaged frees the channel.

Damage is made the way it happens in the field, behind the repository's back with a plain
sqlite3 connection (a hand edit, a bad restore, a bug in an old build): CHECK constraints are
bypassed with `PRAGMA ignore_check_constraints`, and a NOT NULL is dropped through
`PRAGMA writable_schema` to store a NULL.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from storage import DamagedSession, Repository, SessionNotFound, SessionStatus, StaleVersion
from tests.storage.conftest import CHANNEL, GUEST, move, new_game, new_lobby


def _raw(db_path: Path) -> sqlite3.Connection:
    raw = sqlite3.connect(db_path, isolation_level=None)
    raw.execute("PRAGMA ignore_check_constraints = ON")
    return raw


def _drop_not_null(db_path: Path, table: str, column_decl: str, loose_decl: str) -> None:
    raw = sqlite3.connect(db_path, isolation_level=None)
    try:
        version = raw.execute("PRAGMA schema_version").fetchone()[0]
        raw.execute("PRAGMA writable_schema = ON")
        changed = raw.execute(
            "UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE name = ?",
            (column_decl, loose_decl, table),
        ).rowcount
        assert changed == 1
        raw.execute(f"PRAGMA schema_version = {version + 1}")  # other connections re-read it
        raw.execute("PRAGMA writable_schema = OFF")
    finally:
        raw.close()


@dataclass(frozen=True)
class Damage:
    name: str
    sql: str
    reason: str  # a fragment of DamagedSession.reason
    status: str = "active"
    prepare: Callable[[Path], None] | None = None


DAMAGES = [
    Damage(
        "seat user_id is not an integer",
        f"UPDATE seats SET user_id = 'bob' WHERE user_id = {GUEST}",
        "seats.1.user_id: Input should be a valid integer",
    ),
    Damage(
        "status is not a known status",
        "UPDATE sessions SET status = 'paused'",
        "status: Input should be 'lobby', 'active', 'finished' or 'abandoned'",
        status="paused",
    ),
    Damage(
        "NULL where a value is required",
        "UPDATE sessions SET host_id = NULL",
        "host_id: Input should be a valid integer (found None)",
        prepare=lambda path: _drop_not_null(
            path, "sessions", "host_id       INTEGER NOT NULL", "host_id       INTEGER"
        ),
    ),
    Damage(
        "options_json is not valid UTF-8 text",
        "UPDATE sessions SET options_json = CAST(x'7bff22fe' AS TEXT)",
        "options_json: Input should be a valid string",
    ),
    Damage(
        "options_json is a binary blob",
        "UPDATE sessions SET options_json = x'00ff'",
        "options_json: Input should be a valid string",
    ),
    Damage(
        "rules_version is text",
        "UPDATE sessions SET rules_version = 'v2'",
        "rules_version: Input should be a valid integer",
    ),
    Damage(
        "seed is not a number",
        "UPDATE sessions SET seed = 'lucky'",
        "seed: Input should be a valid integer",
    ),
]


def _damage(db_path: Path, damage: Damage) -> None:
    if damage.prepare is not None:
        damage.prepare(db_path)
    raw = _raw(db_path)
    try:
        assert raw.execute(damage.sql).rowcount == 1
    finally:
        raw.close()


@pytest.mark.sqlite_only("raw sqlite3 writes that PostgreSQL's typed columns refuse")
@pytest.mark.parametrize("damage", DAMAGES, ids=[d.name for d in DAMAGES])
async def test_a_damaged_session_raises_damaged_and_can_be_ended(
    repo: Repository, db_path: Path, damage: Damage
) -> None:
    """Every reader raises DamagedSession with the raw ids; end_damaged frees the channel;
    a new game can start there; the damaged row and its log are kept."""
    session = await move(repo, await new_game(repo), 1)
    _damage(db_path, damage)

    readers = [repo.get_session(session.id), repo.latest_session(CHANNEL)]
    if damage.status == "active":  # a live row: it would lock the channel
        readers.append(repo.live_session(CHANNEL))
        assert await repo.live_session_id(CHANNEL) == session.id
    for read in readers:
        with pytest.raises(DamagedSession) as caught:
            await read
        error = caught.value
        assert (error.session_id, error.channel_id) == (session.id, CHANNEL)
        assert (error.game_key, error.status) == ("dragrage", damage.status)
        assert damage.reason in error.reason, error.reason
        assert f"session {session.id} (channel {CHANNEL}" in str(error)

    await repo.end_damaged(session.id, reason="damaged row: " + damage.name)

    assert await repo.live_session_id(CHANNEL) is None
    assert await repo.live_session(CHANNEL) is None
    fresh = await new_lobby(repo)
    assert await repo.live_session(CHANNEL) == fresh
    assert await repo.latest_session(CHANNEL) == fresh

    raw = sqlite3.connect(db_path)
    try:
        status, reason, version = raw.execute(
            "SELECT status, end_reason, version FROM sessions WHERE id = ?", (session.id,)
        ).fetchone()
        log_rows = raw.execute(
            "SELECT COUNT(*) FROM events WHERE session_id = ?", (session.id,)
        ).fetchone()[0]
    finally:
        raw.close()
    assert (status, reason) == ("abandoned", "damaged row: " + damage.name)
    assert version == session.version + 1
    assert log_rows == 2  # setup and the move, kept for inspection
    if damage.status == "active":  # still damaged, but no longer in anybody's way
        with pytest.raises(DamagedSession):
            await repo.get_session(session.id)
    else:  # the status was the damage, and ending it wrote a valid one
        assert (await repo.get_session(session.id)).status is SessionStatus.ABANDONED


@pytest.mark.sqlite_only("undecodable text exists only in SQLite (PostgreSQL checks encoding)")
async def test_other_sessions_stay_readable_and_live_sessions_skips_the_damaged(
    repo: Repository, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One bad row (even undecodable text, which sqlite3 raises on for the whole result set)
    leaves the others readable; live_sessions lists the good ones and logs the bad one."""
    good = await new_game(repo, channel_id=1)
    bad = await new_game(repo, channel_id=2)
    other = await new_game(repo, channel_id=3)
    raw = _raw(db_path)
    raw.execute("UPDATE seats SET name = CAST(x'ff' AS TEXT) WHERE session_id = ?", (bad.id,))
    raw.close()

    with caplog.at_level(logging.WARNING, logger="storage.queries"):
        live = await repo.live_sessions()
    assert live == [good, other]
    assert f"session {bad.id} (channel 2" in caplog.text
    assert await repo.get_session(good.id) == good
    with pytest.raises(DamagedSession, match=r"seats\.0\.name"):
        await repo.live_session(2)


async def test_end_damaged_moves_the_version_on(repo: Repository) -> None:
    """A button drawn before the damage cannot land a move or an end afterwards."""
    session = await new_game(repo)
    await repo.end_damaged(session.id, reason="test")
    with pytest.raises(StaleVersion):
        await move(repo, session, 1)
    ended = await repo.get_session(session.id)
    assert (ended.status, ended.end_reason) == (SessionStatus.ABANDONED, "test")


async def test_end_damaged_leaves_ended_sessions_alone(repo: Repository) -> None:
    """A finished session keeps its status, reason and version; a missing one is not found."""
    session = await new_game(repo)
    finished = await repo.end_session(
        session.id, expected_version=session.version, status=SessionStatus.FINISHED, reason="won"
    )
    await repo.end_damaged(session.id, reason="damaged")
    assert await repo.get_session(session.id) == finished
    with pytest.raises(SessionNotFound):
        await repo.end_damaged(999_999, reason="damaged")
