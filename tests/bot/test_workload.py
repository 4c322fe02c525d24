"""The bot's work in flight (`bot/workload.py`): the idle signal tests wait on, and a stop that
ends background posts before the renderer closes."""

from __future__ import annotations

import asyncio

from bot.workload import ANSWERED, Work, Workload


async def _forever(event: asyncio.Event) -> None:
    await event.wait()


async def test_idle_waits_for_work_started_by_the_work_it_waits_for() -> None:
    """An answer that pokes a pass before it ends: idle returns only once the pass is done."""
    workload = Workload()
    done: list[str] = []

    async def stand_in() -> None:
        for _ in range(3):
            await asyncio.sleep(0)  # a few turns of the loop: the pass outlives the answer
        done.append("pass")

    async def answer() -> None:
        workload.spawn(stand_in(), kind=Work.PASS, name="pass")
        done.append("answer")

    workload.spawn(answer(), kind=Work.ANSWER, name="answer")
    await workload.idle()
    done.append("idle")
    assert done == ["answer", "pass", "idle"]


async def test_an_answer_does_not_wait_for_a_background_post() -> None:
    """Idle for answers and passes returns while a replay is still being drawn."""
    workload = Workload()
    drawing = workload.spawn(_forever(asyncio.Event()), kind=Work.POST, name="replay")
    await workload.idle(*ANSWERED)
    assert drawing is not None and not drawing.done()
    await workload.finish(grace=0)


async def test_finish_cancels_posts_and_starts_no_new_one() -> None:
    """A stop cancels a replay being drawn; a replay asked for afterwards is never started."""
    workload = Workload()
    drawing = workload.spawn(_forever(asyncio.Event()), kind=Work.POST, name="replay")
    assert await workload.finish(grace=60) == 1
    assert drawing is not None and drawing.cancelled()
    late = workload.spawn(_forever(asyncio.Event()), kind=Work.POST, name="late")
    assert late is None and not workload.running()


async def test_finish_lets_an_answer_in_flight_end_within_the_grace() -> None:
    """An answer still running when the stop begins completes; nothing is cancelled."""
    workload = Workload()
    released = asyncio.Event()
    finished: list[bool] = []

    async def answer() -> None:
        await released.wait()
        finished.append(True)

    workload.spawn(answer(), kind=Work.ANSWER, name="answer")
    stopping = asyncio.create_task(workload.finish(grace=60))
    released.set()  # after the stop began: the answer wakes up only once the stop looked
    assert await stopping == 0 and finished == [True]
