"""How long one confirmed move takes: `python bench/bench_storage.py [--moves N]`.

Times `Repository.record_move` (CAS + state update + log append, committed with WAL and
synchronous=FULL) on a temporary file, one move after another, and prints median and p99.
Also times the same work done the usual way (one aiosqlite call per statement) for contrast.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiosqlite

from bench.stats import percentile
from storage import Repository


def _summary(label: str, samples_ms: list[float]) -> str:
    return (
        f"{label:<34} median {statistics.median(samples_ms):6.3f} ms   "
        f"p99 {percentile(samples_ms, 99):6.3f} ms   "
        f"max {max(samples_ms):7.3f} ms   ({len(samples_ms)} moves)"
    )


async def _bench_repository(path: Path, moves: int, state_json: str) -> list[float]:
    repo = await Repository.open(path)
    try:
        session = await repo.create_session(
            guild_id=1,
            channel_id=1,
            game_key="bench",
            host_id=1,
            host_name="Host",
            options_json="{}",
            seed=1,
            rules_version=1,
        )
        session = await repo.start(
            session.id, expected_version=0, state_json=state_json, events_json="[]"
        )
        samples: list[float] = []
        for n in range(moves):
            began = time.perf_counter()
            session = await repo.record_move(
                session.id,
                expected_version=session.version,
                actor=1,
                action_json=f'{{"kind":"advance","n":{n}}}',
                events_json='[{"kind":"dice_rolled","who":1,"why":"move","dice":[3,4]}]',
                state_json=state_json,
            )
            samples.append((time.perf_counter() - began) * 1000)
        return samples
    finally:
        await repo.close()


async def _bench_per_statement(path: Path, moves: int, state_json: str) -> list[float]:
    """The same transaction as four awaited aiosqlite calls plus BEGIN/COMMIT."""
    await (await Repository.open(path)).close()  # schema
    db = await aiosqlite.connect(path, isolation_level=None)
    try:
        await db.execute("PRAGMA synchronous = FULL")
        cursor = await db.execute(
            "INSERT INTO sessions (channel_id, game_key, status, host_id, options_json, seed,"
            " rules_version, state_json, created_at, updated_at)"
            " VALUES (2, 'bench', 'active', 1, '{}', '1', 1, ?, 0, 0)",
            (state_json,),
        )
        session_id = cursor.lastrowid
        samples: list[float] = []
        for version in range(moves):
            began = time.perf_counter()
            await db.execute("BEGIN IMMEDIATE")
            row = await (
                await db.execute("SELECT version FROM sessions WHERE id = ?", (session_id,))
            ).fetchone()
            assert row is not None and row[0] == version
            await db.execute(
                "UPDATE sessions SET state_json = ?, version = version + 1, updated_at = ?"
                " WHERE id = ? AND version = ?",
                (state_json, time.time(), session_id, version),
            )
            await db.execute(
                "INSERT INTO events (session_id, seq, actor, action_json, events_json, at)"
                " VALUES (?, ?, 1, '{}', '[]', ?)",
                (session_id, version + 1, time.time()),
            )
            await db.execute("COMMIT")
            samples.append((time.perf_counter() - began) * 1000)
        return samples
    finally:
        await db.close()


async def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--state-bytes", type=int, default=4000, help="size of the state JSON")
    args = parser.parse_args()
    state_json = '{"blob":"' + "x" * max(0, args.state_bytes - 11) + '"}'
    with tempfile.TemporaryDirectory() as tmp:
        fast = await _bench_repository(Path(tmp) / "repo.sqlite3", args.moves, state_json)
        slow = await _bench_per_statement(Path(tmp) / "naive.sqlite3", args.moves, state_json)
    print(f"SQLite {aiosqlite.sqlite_version}, state JSON {len(state_json)} bytes, WAL + FULL")
    print(_summary("Repository.record_move (1 hop)", fast))
    print(_summary("same, one aiosqlite call/statement", slow))


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
