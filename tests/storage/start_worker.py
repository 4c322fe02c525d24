"""A Redline start-up in miniature, for the concurrent-start tests.

Run as `python -m tests.storage.start_worker MODE BUSY_MS`. It imports everything, prints
`ready`, then for every line `go FOLDER` on stdin starts "a bot" on FOLDER and prints one line:
    opened | refused | crash <ExceptionType> <message>
MODE `lock`: take the folder's InstanceLock, open the Repository, create one session, close,
release (refused = AlreadyRunning). MODE `open`: open the Repository without the lock (what two
processes sharing a fresh file do), then close. The parent writes `go` to every worker at once,
so the attempts on one folder start within a millisecond or so of each other.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from storage import AlreadyRunning, InstanceLock, Repository

DB_FILE = "redline.sqlite3"


async def _open(folder: Path, busy_ms: int) -> Repository:
    return await Repository.open(folder / DB_FILE, busy_timeout_ms=busy_ms)


async def start(mode: str, folder: Path, busy_ms: int) -> str:
    if mode == "open":
        repo = await _open(folder, busy_ms)
        await repo.close()
        return "opened"
    try:
        lock = InstanceLock.acquire(folder)
    except AlreadyRunning:
        return "refused"
    with lock:
        repo = await _open(folder, busy_ms)
        try:
            await repo.create_session(
                guild_id=1,
                channel_id=os.getpid(),
                game_key="dragrage",
                host_id=1,
                host_name="Host",
                options_json="{}",
                seed=1,
                rules_version=1,
            )
        finally:
            await repo.close()
    return "opened"


def main() -> None:
    mode, busy_ms = sys.argv[1], int(sys.argv[2])
    print("ready", flush=True)
    for line in sys.stdin:
        folder = Path(line.split(" ", 1)[1].strip())
        try:
            result = asyncio.run(start(mode, folder, busy_ms))
        except Exception as exc:  # the test counts these: there must be none
            result = f"crash {type(exc).__name__} {exc}".replace("\n", " ")
        print(result, flush=True)


if __name__ == "__main__":
    main()
