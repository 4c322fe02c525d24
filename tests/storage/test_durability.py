"""What was confirmed survives: a clean reopen and a process killed without closing."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from storage import Repository, SessionStatus
from tests.storage.conftest import CHANNEL, move, new_game

ROOT = Path(__file__).resolve().parents[2]


async def test_reopening_the_file_keeps_everything(db_path: Path) -> None:
    """Sessions, seats, log and settings read back equal after close and open."""
    first = await Repository.open(db_path)
    session = await move(first, await new_game(first), 1)
    await first.set_setting(1, "theme", "dark")
    log_before = await first.log(session.id)
    await first.close()

    second = await Repository.open(db_path)
    try:
        assert await second.get_session(session.id) == session
        assert await second.live_session(CHANNEL) == session
        assert await second.log(session.id) == log_before
        assert await second.get_setting(1, "theme") == "dark"
    finally:
        await second.close()


async def test_a_confirmed_move_survives_a_killed_process(db_path: Path) -> None:
    """A process that exits abruptly right after record_move returned loses nothing."""
    script = textwrap.dedent(
        f"""
        import asyncio, os, sys
        sys.path.insert(0, {str(ROOT)!r})
        from storage import Repository
        from tests.storage.conftest import move, new_game

        async def main():
            repo = await Repository.open({str(db_path)!r})
            session = await move(repo, await new_game(repo), 1)
            print(session.version, flush=True)
            os._exit(0)  # no close(), no checkpoint: only the WAL holds the move

        asyncio.run(main())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    confirmed_version = int(done.stdout.strip())

    repo = await Repository.open(db_path)
    try:
        [session] = await repo.live_sessions()
        assert session.version == confirmed_version
        assert session.status is SessionStatus.ACTIVE
        assert [e.seq for e in await repo.log(session.id)] == [0, 1]
        assert await repo.integrity_check() == "ok"
    finally:
        await repo.close()
