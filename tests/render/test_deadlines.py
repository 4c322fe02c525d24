"""Render deadlines (issue 23): a drawing that hangs fails with RenderTimeout at its deadline
and frees its slot (a worker process is killed and replaced; a thread is left behind and a
fresh one started, within a bound); hung sessions and replays never take every slot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from runtime.render_pool import RenderPool
from runtime.render_slots import Drawing, RenderTimeout
from runtime.render_threads import RenderThreads
from tests.render.hanging import Hang, hanging, hung_pids, release, until
from tests.render.test_pool import _replaced, _running

SHORT = 0.5


def _board(session: int) -> Drawing:
    return Drawing("board", "dragrage", session)


@pytest.fixture
def gate(tmp_path: Path) -> Iterator[Path]:
    """The folder `Hang` counts its calls in; released at the end so no thread hangs on."""
    yield tmp_path
    release(tmp_path)


@pytest.fixture
async def workers() -> AsyncIterator[RenderPool]:
    pool = RenderPool(2, timeout=SHORT)
    assert await asyncio.to_thread(pool.started.wait, 60)
    yield pool
    pool.close(wait=True)


async def test_a_hung_worker_is_killed_and_replaced(workers: RenderPool, gate: Path) -> None:
    """The drawing fails at its deadline; its worker is gone, a fresh one draws."""
    with pytest.raises(RenderTimeout):
        await workers.draw(_board(1), Hang(gate, 1, sum), [1, 2])
    (hung,) = hung_pids(gate)
    assert await until(lambda: not _running(hung)), f"the hung worker {hung} still runs"
    # The killed worker is a zombie (so not "running") until its slot's thread reaps it and
    # starts another: wait for the replacement itself, not for a count that the old pid meets.
    assert await until(lambda: _replaced(workers, hung)), f"{hung} not replaced"
    assert await workers.draw(_board(2), sum, [1, 2]) == 3
    assert workers.replacements == 1
    assert workers.stats().passed == {("dragrage", "board"): 1}


async def test_a_session_that_hung_never_takes_the_last_worker(
    workers: RenderPool, gate: Path
) -> None:
    """After a hang, that session's drawings run one at a time, beside the others: of two
    more that would hang, one runs and one waits (and passes its deadline waiting)."""
    with pytest.raises(RenderTimeout):
        await workers.draw(_board(1), Hang(gate, 3, sum), [1, 2])
    again = [workers.draw(_board(1), Hang(gate, 3, sum), [1, 2]) for _ in range(2)]
    results = await asyncio.gather(*again, return_exceptions=True)
    assert [type(r) for r in results] == [RenderTimeout, RenderTimeout]
    assert hanging(gate) == 2, "the second drawing of the suspect session ran beside the first"


async def test_a_hung_thread_is_left_behind_and_a_fresh_one_draws(gate: Path) -> None:
    """Both threads hang: each fails at its deadline and a new thread draws the next one."""
    threads = RenderThreads(2, timeout=SHORT)
    try:
        hangs = [threads.draw(_board(n), Hang(gate, 2, sum), [1, 2]) for n in (1, 2)]
        results = await asyncio.gather(*hangs, return_exceptions=True)
        assert [type(r) for r in results] == [RenderTimeout, RenderTimeout]
        assert await threads.draw(_board(3), sum, [1, 2]) == 3
        assert hanging(gate) == 2 and threads.stats().stuck_threads == 2
        release(gate)
        assert await until(lambda: threads.stats().stuck_threads == 0)
    finally:
        threads.close()


async def test_a_stuck_sessions_next_drawing_is_text_at_once(gate: Path) -> None:
    """While a session's board is stuck on a left-behind thread, its next board fails at once
    without being drawn (no second thread stuck on it)."""
    threads = RenderThreads(2, timeout=SHORT)
    try:
        with pytest.raises(RenderTimeout):
            await threads.draw(_board(1), Hang(gate, 2, sum), [1, 2])
        with pytest.raises(RenderTimeout):
            await threads.draw(_board(1), Hang(gate, 2, sum), [1, 2])
        assert hanging(gate) == 1
        assert threads.stats().skipped == {("dragrage", "board"): 1}
    finally:
        threads.close()


async def test_threads_left_behind_are_bounded(gate: Path) -> None:
    """With one thread: one left behind is replaced, a second is not (drawings then pass
    their deadline waiting); once they return, the pool draws again."""
    threads = RenderThreads(1, timeout=SHORT)
    try:
        for session in (1, 2):
            with pytest.raises(RenderTimeout):
                await threads.draw(_board(session), Hang(gate, 2, sum), [1, 2])
        with pytest.raises(RenderTimeout):
            await threads.draw(_board(3), sum, [1, 2])
        assert threads.stats().stuck_threads == 2
        release(gate)
        assert await until(lambda: threads.stats().stuck_threads == 0)
        assert await threads.draw(_board(3), sum, [1, 2]) == 3
    finally:
        threads.close()


async def test_replays_leave_a_slot_for_moves(gate: Path) -> None:
    """Two replays that hang hold one thread of two: a move's board is drawn on the other."""
    threads = RenderThreads(2, timeout=30)
    try:
        replays = [
            asyncio.ensure_future(
                threads.draw(Drawing("replay", "dragrage", n, True), Hang(gate, 2, sum), [1, 2])
            )
            for n in (1, 2)
        ]
        assert await until(lambda: hanging(gate) == 1)
        assert await threads.draw(_board(3), sum, [1, 2]) == 3
        assert hanging(gate) == 1, "the second replay took the last thread"
        release(gate)
        assert await asyncio.gather(*replays) == [3, 3]
    finally:
        threads.close()
