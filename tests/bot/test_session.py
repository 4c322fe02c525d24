"""The /game lifecycle: lobby rules, status, log, rules, ending with confirmation."""

from __future__ import annotations

from tests.bot.conftest import World, button


async def test_second_game_in_a_channel_is_refused(world: World) -> None:
    """One live game per channel: a second /game new explains what to do instead."""
    await world.slash(world.alice, "game new", game="dragrage")
    r = await world.slash(world.bob, "game new", game="dragrage")
    assert r.ephemeral and "already" in r.content


async def test_only_the_host_starts_and_needs_two_players(world: World) -> None:
    """Starting alone, or as a guest, is refused with a reason."""
    await world.slash(world.alice, "game new", game="dragrage")
    r = await world.slash(world.alice, "game start")
    assert r.ephemeral and "needs 2" in r.content
    await world.slash(world.bob, "game join")
    r = await world.slash(world.bob, "game start")
    assert r.ephemeral and "host" in r.content


async def test_join_button_seats_a_player(world: World) -> None:
    """The lobby's Join button seats the presser and updates the lobby message."""
    r = await world.slash(world.alice, "game new", game="dragrage")
    lobby = r.message
    r = await world.fake.click(world.bob, lobby, button(lobby, "Join"))
    assert "bob" in world.fake.store.messages[lobby.id].content


async def test_status_rules_and_log(world: World) -> None:
    """Status shows the board again; rules and log answer privately."""
    await world.new_race()
    r = await world.slash(world.alice, "game status")
    await r.wait_followups(1)
    assert r.messages[-1].files
    r = await world.slash(world.bob, "game rules")
    assert r.ephemeral and "Drag Rage" in r.embeds[0]["title"]
    r = await world.slash(world.bob, "game log")
    assert r.ephemeral and "#0" in r.content


async def test_end_needs_host_or_manage_server_and_a_confirmation(world: World) -> None:
    """A bystander cannot end the game; a moderator can, after confirming."""
    await world.new_race()
    r = await world.slash(world.carol, "game end")
    assert r.ephemeral and "host" in r.content
    r = await world.slash(world.mod, "game end")
    assert r.ephemeral
    confirm = r.message
    r = await world.fake.click(world.mod, confirm, button(confirm, "End the game"))
    await r.wait_followups(1)
    assert "was ended" in world.public()[-1].content
    r = await world.slash(world.alice, "game status")
    assert r.ephemeral and "no game" in r.content


async def test_game_in_a_thread_is_separate(world: World) -> None:
    """A thread holds its own game, independent of its parent channel."""
    thread = world.fake.add_thread(world.channel, "heat-2")
    await world.slash(world.alice, "game new", game="dragrage")
    r = await world.fake.slash(world.bob, thread, "game new", game="dragrage")
    assert not r.ephemeral and "lobby" in r.content
