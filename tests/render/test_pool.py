"""The render pool: images from worker processes are the bytes drawn in the bot's own process;
a dead worker is replaced; calls that cannot be pickled are drawn in-process; close stops it."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.samples import drawings, positions
from games.registry import GAMES, AnySpec
from render.registry import RENDERERS
from render.textcache import CACHE
from runtime.render_pool import NotPicklable, RenderCrashed, RenderPool
from runtime.render_slots import Drawing
from runtime.rendering import Renderer


@pytest.fixture(scope="module")
def pool() -> Iterator[RenderPool]:
    made = RenderPool(2)
    yield made
    made.close(wait=True)


def _running(pid: int) -> bool:
    """The process exists and is not a zombie (Linux /proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _gone(pids: list[int], timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(_running(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


def _replaced(pool: RenderPool, pid: int) -> bool:
    pids = pool.worker_pids()
    return pid not in pids and len(pids) == pool.processes


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=list(GAMES))
async def test_every_games_images_from_the_pool_are_byte_identical(
    spec: AnySpec, pool: RenderPool
) -> None:
    """Boards and every seated player's sheet of seeded positions (minimum and maximum
    players): the PNG bytes from a worker process equal those drawn single-threaded here."""
    if spec.key not in RENDERERS:
        pytest.skip(f"{spec.key} has no renderers yet (test_registry holds every game to it)")
    todo = [d for p in positions(spec) for d in drawings(spec, p)]
    assert todo, f"{spec.key}: nothing to draw"
    for drawing in todo:
        here = drawing()
        there = await pool.run(drawing.draw, *drawing.args, **drawing.options)
        assert there == here, f"{drawing.name}: the pool drew different bytes"


async def test_start_up_is_measured(pool: RenderPool) -> None:
    """Every worker answers once in the background; the time it took is kept."""
    assert pool.started.wait(30)
    assert pool.startup_seconds is not None and pool.startup_seconds > 0
    assert len(pool.worker_pids()) == 2


async def test_a_killed_worker_is_replaced_and_the_drawing_done() -> None:
    """SIGKILL one worker: a new one takes its place, and the next drawing arrives."""
    made = RenderPool(2)
    try:
        assert made.started.wait(30)
        killed = made.worker_pids()[0]
        os.kill(killed, signal.SIGKILL)
        assert _gone([killed])
        deadline = time.monotonic() + 10
        while not _replaced(made, killed) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _replaced(made, killed)
        drawing = drawings(GAMES["dragrage"], next(positions(GAMES["dragrage"])))[0]
        assert await made.run(drawing.draw, *drawing.args) == drawing()
        assert made.replacements == 1
    finally:
        made.close(wait=True)


async def test_a_drawing_that_kills_its_worker_twice_is_reported() -> None:
    """A call that crashes every worker it reaches is retried once, then raises."""
    made = RenderPool(1)
    try:
        with pytest.raises(RenderCrashed):
            await made.run(os._exit, 3)
        assert made.replacements == 2
        assert await made.run(sum, [1, 2]) == 3, "the pool still draws afterwards"
    finally:
        made.close(wait=True)


async def test_a_call_that_does_not_pickle_is_drawn_in_process() -> None:
    """The pool refuses a closure; the Renderer draws it on its own threads instead."""
    renderer = Renderer(RENDERERS, processes=2)
    try:
        assert renderer.processes is not None
        with pytest.raises(NotPicklable):
            await renderer.processes.run(lambda: 1)
        assert await renderer.run(lambda x: x + 1, 41) == 42
    finally:
        renderer.close()


async def test_closing_stops_every_worker() -> None:
    """The workers exit when the pool is closed (as the bot closes its renderer)."""
    renderer = Renderer(RENDERERS, processes=2)
    assert renderer.processes is not None
    assert renderer.processes.started.wait(30)
    pids = renderer.processes.worker_pids()
    renderer.close()
    assert _gone(pids), f"render workers {pids} still running after close"


def test_zero_or_one_process_draws_in_the_bots_own() -> None:
    """0 and 1 mean no pool (as before the pool existed)."""
    for processes in (0, 1):
        renderer = Renderer(RENDERERS, processes=processes)
        assert renderer.processes is None
        renderer.close()


async def test_the_bot_draws_its_boards_in_the_pool(tmp_path: Path) -> None:
    """A bot started with render_processes=2 answers a press with a board drawn by a worker:
    the posted PNG is the bytes the renderer draws here from the same public view."""
    from bench.driver import active_user_id, boot, live_buttons, shut_down
    from fakediscord import FakeDiscord

    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        channel = fake.add_channel(guild)
        host, guest = fake.add_member(guild, "host"), fake.add_member(guild, "guest")
        app = await boot(fake, tmp_path, render_processes=2)
        bot = app.bot
        assert bot is not None
        try:
            assert bot.table.renderer.processes is not None
            await fake.slash(host, channel, "game new", game="dragrage", where="here")
            await fake.slash(guest, channel, "game join")
            started = await fake.slash(host, channel, "game start")
            await started.wait_followups(1)
            board = [m for m in started.messages if m.files][-1]
            player = host if active_user_id(board) == host.id else guest
            _, custom_id = live_buttons(board)[0]
            CACHE.clear()
            pressed = await fake.click(player, board, custom_id)
            await pressed.wait_followups(1)
            posted = [m for m in pressed.followups if m.files][-1].files[0][1]
            drawn_here = CACHE.stats()
            assert drawn_here.hits + drawn_here.misses == 0, "the board was drawn in-process"
            snap = await bot.service.current(channel.id)
            assert posted == RENDERERS["dragrage"].board(snap.view(None))
            assert bot.table.renderer.processes.worker_pids()
        finally:
            await shut_down(app)


def test_the_default_size_follows_the_cores_within_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """One worker per usable core, at most DEFAULT_MAX; a one-core container quota means no
    pool at all (Settings.render_pool_size is then 0: drawing in the bot's process)."""
    from runtime import render_pool
    from runtime.settings import Settings

    monkeypatch.setattr(render_pool.os, "sched_getaffinity", lambda pid: set(range(64)))
    monkeypatch.setattr(render_pool, "_cgroup_cores", lambda: None)
    assert render_pool.default_size() == render_pool.DEFAULT_MAX
    monkeypatch.setattr(render_pool, "_cgroup_cores", lambda: 1)
    assert render_pool.default_size() == 1
    assert Settings(_env_file=None).render_pool_size == 0  # type: ignore[call-arg]
    assert Settings(_env_file=None, render_processes=3).render_pool_size == 3  # type: ignore[call-arg]


@pytest.mark.parametrize("delay", [0.0, 0.4, 0.8])
def test_closing_while_starting_exits_without_a_traceback(delay: float) -> None:
    """A bot that stops while its pool is still starting (a refused login, a quick SIGTERM)
    lets the start finish and stops the workers: no half-started worker complains."""
    import subprocess
    import sys

    code = (
        "import time\n"
        "from runtime.render_pool import RenderPool\n"
        "if __name__ == '__main__':\n"
        f"    pool = RenderPool(2); time.sleep({delay}); pool.close(); print('closed')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0 and "closed" in done.stdout
    assert "Traceback" not in done.stderr, done.stderr


async def test_a_background_drawing_runs_at_low_priority_in_a_worker_of_its_own() -> None:
    """A replay (a background drawing) runs at the lowest CPU priority, so the moves' drawings
    on the other cores come first, and its worker ends with it (its memory goes back to the
    system): the next drawing runs on a fresh worker at normal priority, not as a crash."""
    made = RenderPool(1)
    try:
        background = Drawing("replay", "dragrage", 1, background=True)
        assert await made.draw(background, os.nice, 0) == 19
        replay_worker = await made.draw(background, os.getpid)
        assert await made.run(os.nice, 0) == 0
        assert await made.run(os.getpid) != replay_worker
        assert made.replacements == 0
    finally:
        made.close(wait=True)
