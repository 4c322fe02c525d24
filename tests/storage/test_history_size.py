"""Queries that do not grow with history: 20,000 sessions and 100,000 log rows."""

from __future__ import annotations

import sqlite3
import statistics
import time
from pathlib import Path

import asyncpg

from storage import Repository

SESSIONS = 20_000
LOG_ROWS = 100_000
BUDGET_MS = 5.0


def _fill(path: Path) -> tuple[int, int]:
    """Many ended sessions in 200 channels, one long game, and one live game; returns (the long
    game's id, the live game's channel)."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO sessions (guild_id, channel_id, game_key, status, host_id, options_json,"
        " seed, rules_version, state_json, version, created_at, updated_at)"
        " VALUES (1, ?, 'dragrage', 'finished', 7, '{}', '1', 2, '{}', 3, 0, 0)",
        [(100 + i % 200,) for i in range(SESSIONS)],
    )
    long_game = db.execute("SELECT MAX(id) FROM sessions").fetchone()[0]
    db.executemany(
        "INSERT INTO events (session_id, seq, actor, action_json, events_json, at)"
        " VALUES (?, ?, 7, '{}', '[]', 0)",
        [(long_game, seq) for seq in range(LOG_ROWS)],
    )
    db.execute(
        "INSERT INTO sessions (guild_id, channel_id, game_key, status, host_id, options_json,"
        " seed, rules_version, state_json, version, created_at, updated_at)"
        " VALUES (1, 150, 'dragrage', 'active', 7, '{}', '1', 2, '{}', 3, 0, 0)"
    )
    db.execute("COMMIT")
    db.close()
    return long_game, 150


_SESSION_COLUMNS = (
    "guild_id", "channel_id", "game_key", "status", "host_id", "options_json", "seed",
    "rules_version", "state_json", "version", "created_at", "updated_at",
)  # fmt: skip


async def _fill_postgres(url: str) -> tuple[int, int]:
    """The same rows as `_fill`, by COPY."""
    conn = await asyncpg.connect(url)
    try:
        ended = (1, 0, "dragrage", "finished", 7, "{}", "1", 2, "{}", 3, 0.0, 0.0)
        await conn.copy_records_to_table(
            "sessions",
            records=[(1, 100 + i % 200, *ended[2:]) for i in range(SESSIONS)],
            columns=_SESSION_COLUMNS,
        )
        long_game = await conn.fetchval("SELECT MAX(id) FROM sessions")
        await conn.copy_records_to_table(
            "events",
            records=[(long_game, seq, 7, "{}", "[]", 0.0) for seq in range(LOG_ROWS)],
            columns=("session_id", "seq", "actor", "action_json", "events_json", "at"),
        )
        await conn.copy_records_to_table(
            "sessions",
            records=[(1, 150, "dragrage", "active", *ended[4:])],
            columns=_SESSION_COLUMNS,
        )
        await conn.execute("ANALYZE")
    finally:
        await conn.close()
    return int(long_game), 150


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def test_lookups_and_the_log_stay_fast_with_a_long_history(target: str | Path) -> None:
    """The latest/live session of a channel and the last lines of a 100,000-row log each take
    a few milliseconds (median of 30), whatever the history behind them."""
    repo = await Repository.open(target)
    await repo.close()
    if isinstance(target, str):
        long_game, live_channel = await _fill_postgres(target)
    else:
        long_game, live_channel = _fill(target)
    repo = await Repository.open(target)
    try:
        timings: dict[str, list[float]] = {"latest": [], "live": [], "log tail": []}
        for _ in range(30):
            began = time.perf_counter()
            await repo.latest_session(100 + long_game % 200)
            timings["latest"].append(time.perf_counter() - began)
            began = time.perf_counter()
            await repo.live_session(live_channel)
            timings["live"].append(time.perf_counter() - began)
            began = time.perf_counter()
            tail = await repo.log(long_game, after_seq=LOG_ROWS - 16)
            timings["log tail"].append(time.perf_counter() - began)
        assert len(tail) == 15
    finally:
        await repo.close()
    medians = {name: _median_ms(samples) for name, samples in timings.items()}
    print(repo.dialect, ", ".join(f"{name} {ms:.2f} ms" for name, ms in medians.items()))
    assert all(ms < BUDGET_MS for ms in medians.values()), medians
