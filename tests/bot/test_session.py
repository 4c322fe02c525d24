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
    await r.wait_followups(1)
    assert "was ended" in r.messages[-1].content and not r.messages[-1].buttons
    r = await world.slash(world.alice, "dragrage advance", counter=5)
    assert r.ephemeral and "no game" in r.content


async def test_game_in_a_thread_is_separate(world: World) -> None:
    """A thread holds its own game, independent of its parent channel."""
    thread = world.fake.add_thread(world.channel, "heat-2")
    await world.slash(world.alice, "game new", game="dragrage")
    r = await world.fake.slash(world.bob, thread, "game new", game="dragrage")
    assert not r.ephemeral and "lobby" in r.content


async def test_finished_race_can_still_be_looked_at(world: World) -> None:
    """After a game ends, status, log and rules still answer for that game."""
    await world.new_race()
    r = await world.slash(world.mod, "game end")
    await world.fake.click(world.mod, r.message, button(r.message, "End the game"))
    r = await world.slash(world.bob, "game log")
    assert r.ephemeral and "#0" in r.content
    r = await world.slash(world.bob, "game rules")
    assert "Drag Rage" in r.embeds[0]["title"]


async def test_old_lobby_buttons_never_touch_a_newer_game(world: World) -> None:
    """Join/Start on an ended lobby are refused; the new lobby is untouched."""
    r = await world.slash(world.alice, "game new", game="dragrage")
    old_lobby = r.message
    r = await world.slash(world.alice, "game end")
    await world.fake.click(world.alice, r.message, button(r.message, "End the game"))
    r = await world.slash(world.carol, "game new", game="dragrage")
    new_lobby = r.message
    r = await world.fake.click(world.bob, old_lobby, button(old_lobby, "Join"))
    assert r.ephemeral and "closed" in r.content
    r = await world.fake.click(world.carol, old_lobby, button(old_lobby, "Start"))
    assert r.ephemeral and "closed" in r.content
    assert "bob" not in world.fake.store.messages[new_lobby.id].content


async def test_games_are_not_played_in_direct_messages(world: World) -> None:
    """Game commands are server-only (declared to Discord, and refused if they arrive anyway)."""
    game = next(c for c in world.fake.synced_commands() if c["name"] == "game")
    assert game.get("contexts") in ([0], None) or game.get("dm_permission") is False
    dm = world.fake.store.open_dm(world.alice.id)
    r = await world.fake.slash(world.alice, dm, "game new", game="dragrage", force=True)
    assert r.ephemeral and "server" in r.content


async def test_leave_the_lobby(world: World) -> None:
    """A guest can leave before the start; a host alone in the lobby ends it instead (a host
    with company hands it over: see test_faults)."""
    await world.slash(world.alice, "game new", game="dragrage")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.bob, "game leave")
    assert "bob" not in r.content.split("Seated")[1].split("\n")[0]
    r = await world.slash(world.alice, "game leave")
    assert r.ephemeral and "/game end" in r.content


async def test_the_lobby_counts_seats_in_words(world: World) -> None:
    """Two of two seated reads "ready", not "Needs 2 players"; options read in words."""
    r = await world.slash(world.alice, "game new", game="dragrage")
    assert "Needs 1 more player" in r.content
    r = await world.slash(world.bob, "game join")
    assert "Every seat is taken: ready to start" in r.content and "Needs" not in r.content


async def test_the_log_starts_with_the_setup_in_words(world: World) -> None:
    """Right after the start `/game log` says who the game was set up for (and any coin flip)."""
    await world.new_race()
    r = await world.slash(world.carol, "game log")
    assert "#0 the game was set up for alice, bob" in r.content, r.content
