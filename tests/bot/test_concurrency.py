"""Double clicks, simultaneous players and independent channels, through the fake Discord."""

from __future__ import annotations

import asyncio

from tests.bot.conftest import World, active_user_id, button


async def test_ten_presses_of_one_button_apply_once(world: World) -> None:
    """10 simultaneous presses: the move lands once, the other 9 hear the board moved on."""
    await world.new_race()
    board = world.latest_board()
    player = world.user(active_user_id(board))
    cid = button(board, "4")
    results = await asyncio.gather(
        *(world.fake.click(player, board, cid, force=True) for _ in range(10))
    )
    for r in results:
        await r.wait_followups(1)
    public = [r for r in results if not r.messages[-1].ephemeral]
    stale = [r for r in results if r.messages[-1].ephemeral]
    assert len(public) == 1
    assert len(stale) == 9
    assert all("moved on" in r.messages[-1].content for r in stale)
    assert world.bot is not None
    snap = await world.bot.service.current(world.channel.id)
    assert snap.record.last_seq == 1, "exactly one move was logged"


async def test_two_players_pressing_at_once_serialise(world: World) -> None:
    """Both drivers press at the same moment: one move is applied, the other is refused."""
    await world.new_race()
    board = world.latest_board()
    results = await asyncio.gather(
        world.fake.click(world.alice, board, button(board, "6"), force=True),
        world.fake.click(world.bob, board, button(board, "7"), force=True),
    )
    for r in results:
        await r.wait_followups(1)
    assert sorted(r.messages[-1].ephemeral for r in results) == [False, True]
    assert world.bot is not None
    snap = await world.bot.service.current(world.channel.id)
    assert snap.record.last_seq == 1


async def test_sessions_in_different_channels_do_not_block_each_other(world: World) -> None:
    """A move in another channel is answered while a session is held busy (blocked by it,
    it would never be answered)."""
    await world.new_race()
    other = world.fake.add_channel(world.guild, "pit-lane")
    r = await world.fake.slash(world.alice, other, "game new", game="dragrage", where="here")
    await world.fake.slash(world.bob, other, "game join")
    r = await world.fake.slash(world.alice, other, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    busy = await world.bot.service.current(world.channel.id)
    async with world.bot.service.lock(busy.session_id):  # hold the first table's lock
        board = r.messages[-1]
        player = world.user(active_user_id(board))
        move = await world.fake.click(player, board, button(board, "5"))
        await move.wait_followups(1)
        assert not move.messages[-1].ephemeral
