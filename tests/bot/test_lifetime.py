"""Over the life of a game: a rules upgrade mid-game, a thread that archived, a rate limit,
and moderators as Discord resolves them (owner, administrator role)."""

from __future__ import annotations

import sqlite3

from fakediscord import FakeUser
from games.dragrage import SPEC as DRAG_RAGE
from tests.bot.conftest import World, active_user_id, button
from tests.games.dragrage.test_upgrade import V1_MID_HEAT

ADMINISTRATOR = 1 << 3


def _seated_v1_state(world: World) -> str:
    """The version-1 Drag Rage state of the rules tests, with Alice and Bob in the seats."""
    return (
        V1_MID_HEAT.replace('"id":1,"name":"Ann"', f'"id":{world.alice.id},"name":"alice"')
        .replace('"id":2,"name":"Bob"', f'"id":{world.bob.id},"name":"bob"')
        .replace("Ann", "alice")
        .replace("Bob", "bob")
    )


async def test_a_game_saved_under_old_rules_plays_on_and_the_table_is_told_once(
    world: World,
) -> None:
    """A session saved by rules version 1 loads, plays under version 2, and the first board
    after the upgrade lists what changed; the next board does not repeat it."""
    await world.new_race()
    assert world.bot is not None
    session_id = (await world.bot.service.current(world.channel.id)).session_id
    db = sqlite3.connect(world.data_dir / "redline.sqlite3", isolation_level=None)
    try:
        db.execute(
            "UPDATE sessions SET state_json = ?, rules_version = 1, version = version + 1 "
            "WHERE id = ?",
            (_seated_v1_state(world), session_id),
        )
    finally:
        db.close()
    r = await world.slash(world.bob, "dragrage advance", counter=9)  # Bob is to move in it
    await r.wait_followups(1)
    board = world.latest_board()  # the table's new turn message
    assert "rules of Drag Rage were updated" in board.content
    assert DRAG_RAGE.changelog[2].splitlines()[0][:40] in board.content
    nxt = world.user(active_user_id(board))
    label = next(str(lbl) for lbl, cid, off in board.buttons if cid and not off)
    again = await world.fake.click(nxt, board, button(board, label))
    await again.wait_followups(1)
    assert "were updated" not in world.latest_board().content, "told once"
    check = sqlite3.connect(world.data_dir / "redline.sqlite3")
    try:
        (stored,) = check.execute(
            "SELECT rules_version FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
    finally:
        check.close()
    assert stored == DRAG_RAGE.rules_version


async def test_a_game_in_an_archived_thread_still_gets_its_board(world: World) -> None:
    """The game's thread archived while players were away: the bot unarchives it to post."""
    thread = world.fake.add_thread(world.channel, "drag-night")
    world.channel, parent = thread, world.channel
    try:
        await world.new_race()
        world.fake.archive_thread(thread)
        board = world.latest_board()
        mover = world.user(active_user_id(board))
        r = await world.slash(mover, "dragrage advance", counter=5)
        await r.wait_followups(1)
        assert world.latest_board().id != board.id, "the new board is in the thread"
    finally:
        world.channel = parent


async def test_a_rate_limited_followup_is_retried_and_posted_once(world: World) -> None:
    """Discord answers the board's followup with 429: discord.py waits and the board is
    posted exactly once."""
    await world.new_race()
    world.fake.rate_limit_followups(1)
    board = world.latest_board()
    before = len(world.public())
    mover = world.user(active_user_id(board))
    r = await world.slash(mover, "dragrage advance", counter=5)
    await r.wait_followups(1)
    assert world.fake.rate_limited, "the 429 was served"
    assert len(world.public()) == before + 1


async def _end_as(world: World, user: FakeUser) -> None:
    r = await world.slash(user, "game end")
    assert r.ephemeral and r.message.buttons, r.content
    await world.fake.click(user, r.message, button(r.message, "End the game"))
    assert any("was ended by" in m.content for m in world.public())


async def test_the_server_owner_may_end_any_game(world: World) -> None:
    """The owner has every permission (Manage Server included) as Discord resolves it."""
    await world.new_race()
    world.fake.set_owner(world.guild, world.carol)
    await _end_as(world, world.carol)


async def test_an_administrator_may_end_any_game(world: World) -> None:
    """A role with Administrator implies Manage Server."""
    await world.new_race()
    admins = world.fake.add_role(world.guild, "admins", ADMINISTRATOR)
    world.fake.give_role(world.guild, world.carol, admins)
    await _end_as(world, world.carol)
