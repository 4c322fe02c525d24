"""A deploy overlap (the new process started before the old one stopped, same shards, one
database): both schedulers find the same items due, and each is announced exactly once.

Each test runs on SQLite (one file, two connections) and PostgreSQL (one database, two pools);
`Twins.tick_in_step` makes both passes read the same due items before either acts on them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest

from table.clocks import Clock
from tests.bot.conftest import World, active_user_id
from tests.bot.test_table_e2e import _advance
from tests.bot.twins import Twins, pg_server, twins

__all__ = ["pg_server", "twins"]  # fixtures, used by name

HOUR = 3600.0
DAY = 24 * HOUR


async def _race(world: World, *, bot: bool = False, **clock: object) -> None:
    """A started Drag Rage race of Alice against Bob (or a bot seat), with a turn clock when
    `clock` options are given."""
    await world.slash(world.alice, "game new", game="dragrage")
    if bot:
        await world.slash(world.alice, "game bot add")
    else:
        await world.slash(world.bob, "game join")
    if clock:
        await world.slash(world.alice, "game clock", **clock)
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)


def _told(world: World, seqs: range) -> list[int]:
    """How many of the channel's messages tell each step (its `#seq` line in a turn's
    message), in order: a step played once and told once reads 1."""
    lines = [line for m in world.public() for line in m.content.splitlines()]
    return [sum(line.startswith(f"• #{seq} ") for line in lines) for seq in seqs]


async def test_a_lapsed_take_back_is_announced_once(twins: Twins) -> None:
    """Nobody answers a take-back: both passes find it lapsed, the table reads it once."""
    world = twins.world
    await world.new_race()
    first = world.latest_board()
    mover = world.user(active_user_id(first))
    await _advance(world, first)
    await world.slash(mover, "game undo")
    assert twins.said("asks to take back") == 1
    world.clock.advance(DAY)
    await twins.tick_in_step("pending_takebacks")
    assert twins.said("Not everyone answered") == 1


async def test_a_timeout_is_played_and_announced_once(twins: Twins) -> None:
    """A player's 24 h run out: the bot plays one move for them, told once, one missed turn."""
    world = twins.world
    await _race(world, mode="turn", time="24h")
    late = active_user_id(world.latest_board())
    world.clock.advance(DAY + 60)
    await twins.tick_in_step("reminders_sent")
    assert twins.said("time ran out: 🤖 the bot played") == 1
    assert world.bot is not None
    snap = await world.bot.service.current(world.channel.id)
    assert snap.clock.of(late).missed == 1


async def test_a_reminder_is_sent_once(twins: Twins) -> None:
    """A third of the turn has passed: the slow player is reminded once (by DM or here)."""
    world = twins.world
    await _race(world, mode="turn", time="24h")
    slow = world.user(active_user_id(world.latest_board()))
    world.clock.advance(8 * HOUR + 60)
    await twins.tick_in_step("reminders_sent")
    assert twins.dms(slow, "it's your turn") + twins.said("it's your turn") == 1


async def test_a_game_ended_for_absence_is_announced_once(twins: Twins) -> None:
    """ "End after 1 missed turn": the clock runs out, the game ends, the table reads it once."""
    world = twins.world
    await _race(world, mode="turn", time="24h", end_after=1)
    world.clock.advance(DAY + 60)
    await twins.tick_in_step("reminders_sent")
    assert twins.said("time ran out. 🏁") == 1


async def test_a_bot_seats_turn_is_played_once(twins: Twins) -> None:
    """Both passes find the bot seat to act: each of its moves is played and told once."""
    world = twins.world
    assert world.bot is not None
    for bot in twins.bots:
        bot.table.on_moved = None  # the new process's own pass after a move: the ticks do it
    await _race(world, bot=True)
    snap = await world.bot.service.current(world.channel.id)
    if world.alice.id in snap.active_players:
        await _advance(world, world.latest_board())
    before = (await world.bot.service.current(world.channel.id)).record.last_seq
    await twins.tick_in_step("reminders_sent")
    after = (await world.bot.service.current(world.channel.id)).record.last_seq
    assert after > before
    assert _told(world, range(before + 1, after + 1)) == [1] * (after - before)


async def test_a_vacation_ending_is_announced_once_and_both_passes_go_on(twins: Twins) -> None:
    """Bob's one-day vacation runs out: one pass ends it and tells the table, and the other's
    pass, which found it over too, carries on without an error."""
    world = twins.world
    await world.new_race()
    await world.slash(world.bob, "vacation start", days=1)
    world.clock.advance(DAY + 60)
    await twins.tick_in_step("vacations_over")
    assert twins.said("vacation is over") == 1


async def _end_bobs_vacation_while(
    twins: Twins, monkeypatch: pytest.MonkeyPatch, meanwhile: Callable[[], Awaitable[object]]
) -> Clock:
    """Bob's one-day vacation runs out in a race with a 3-day clock; the old process's pass
    ends it, and `meanwhile` runs in the new process between the old one's reading the game's
    clock and its writing Bob's clock back. The game's clock afterwards."""
    world = twins.world
    await _race(world, mode="turn", time="3d")
    await world.slash(world.bob, "vacation start", days=1)
    world.clock.advance(DAY + 60)
    repo = twins.old.service.repo
    set_clock = repo.set_clock
    done: list[object] = []

    async def after_the_other(*args: Any, **kwargs: Any) -> Any:
        if not done:
            done.append(await meanwhile())
        return await set_clock(*args, **kwargs)

    monkeypatch.setattr(repo, "set_clock", after_the_other)
    await twins.old.scheduler.tick()
    assert done and twins.said("vacation is over") == 1
    assert world.bot is not None
    return (await world.bot.service.current(world.channel.id)).clock


async def test_a_vacation_ends_while_the_other_process_moves_in_that_game(
    twins: Twins, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move lands in the new process meanwhile: Bob's clock still runs again."""
    world = twins.world
    clock = await _end_bobs_vacation_while(
        twins, monkeypatch, lambda: _advance(world, world.latest_board())
    )
    assert clock.of(world.bob.id).paused_at is None


async def test_a_vacation_ends_while_the_other_process_starts_one_in_that_game(
    twins: Twins, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice starts a vacation in the new process meanwhile: Bob's clock runs again and
    Alice's stands still (neither clock write undoes the other)."""
    world = twins.world
    clock = await _end_bobs_vacation_while(
        twins, monkeypatch, lambda: world.slash(world.alice, "vacation start", days=3)
    )
    assert clock.of(world.bob.id).paused_at is None
    assert clock.of(world.alice.id).paused_at is not None


async def test_a_game_the_bots_finish_is_told_once_per_move_and_replayed_once(
    twins: Twins,
) -> None:
    """Alice never plays beside a bot: both passes play every turn to the end; each move is
    told once and the finished game's replay is posted once."""
    world = twins.world
    assert world.bot is not None
    await _race(world, bot=True, mode="turn", time="24h")
    for _ in range(40):
        await twins.tick_in_step("reminders_sent")
        snap = await world.bot.service.latest(world.channel.id)
        if not snap.record.is_live:
            break
        world.clock.advance(DAY + 60)
    else:
        raise AssertionError("the race did not end")
    assert snap.outcome is not None
    moves = snap.record.last_seq
    assert _told(world, range(1, moves + 1)) == [1] * moves
    assert twins.said("🎞️ Replay of") == 1


async def test_a_due_item_that_fails_does_not_stop_the_pass(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two races time out and playing the first one fails: the failure is logged and the same
    pass still plays the second."""
    second = replace(world, channel=world.fake.add_channel(world.guild, "second-strip"))
    for table in (world, second):
        await _race(table, mode="turn", time="24h")
    assert world.bot is not None
    service = world.bot.service
    broken = (await service.current(world.channel.id)).session_id
    stand_in = service.stand_in

    async def failing(session_id: int, player: int, turn: int) -> object:
        if session_id == broken:
            raise RuntimeError("this game's stand-in fails")
        return await stand_in(session_id, player, turn)

    monkeypatch.setattr(service, "stand_in", failing)
    world.clock.advance(DAY + 60)
    await world.bot.scheduler.tick()
    await world.bot.scheduler.settle()
    assert _told(second, range(1, 2)) == [1]
