"""The table through Discord: take-backs with consent, and the replay of a finished game."""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import re
from typing import Any

import pytest

from bot.replies import Reply
from bot.workload import Work
from fakediscord import FakeMessage
from table import replays
from table.answers import Message
from tests.bot.conformance_driver import OUTCOME, Player
from tests.bot.conftest import World, active_user_id, button

BOT_WORK = ("redline-", "discord-ui-", "CommandTree")
"""Names of the bot's tasks: its replays and passes, and discord.py's interaction handlers."""


async def _advance(world: World, board: FakeMessage) -> FakeMessage:
    """The player to act plays the first free counter (an advance: no die rolled)."""
    mover = world.user(active_user_id(board))
    label = next(str(b[0]) for b in board.buttons if str(b[0]).isdigit() and not b[2])
    r = await world.fake.click(mover, board, button(board, label))
    await r.wait_followups(1)
    return world.latest_board()


async def test_a_take_back_agreed_by_the_other_player(world: World) -> None:
    """Alice advances, asks to take it back, Bob agrees: the board is as before her move and
    the game still verifies bit for bit at the end of the log."""
    await world.new_race()
    first = world.latest_board()
    mover = world.user(active_user_id(first))
    other = world.bob if mover is world.alice else world.alice
    after = await _advance(world, first)
    assert active_user_id(after) == other.id
    await world.slash(mover, "game undo")
    ask = next(m for m in reversed(world.public()) if "asks to take back" in m.content)
    assert other.id in ask.notified_ids, "the other player is asked"
    agree = await world.fake.click(other, ask, button(ask, "Agree"))
    await agree.wait_followups(1)
    assert any("took back" in m.content for m in world.public())
    back = world.latest_board()
    assert active_user_id(back) == mover.id, "her turn again, as before the move"


async def test_a_take_back_refused_by_one_no(world: World) -> None:
    """One "Refuse" keeps the move."""
    await world.new_race()
    first = world.latest_board()
    mover = world.user(active_user_id(first))
    other = world.bob if mover is world.alice else world.alice
    await _advance(world, first)
    await world.slash(mover, "game undo")
    ask = next(m for m in reversed(world.public()) if "asks to take back" in m.content)
    await world.fake.click(other, ask, button(ask, "Refuse"))
    assert any("was refused" in m.content for m in world.public())
    assert active_user_id(world.latest_board()) == other.id


async def test_a_move_that_rolled_dice_cannot_be_taken_back(world: World) -> None:
    """Let's Roll rolls dice: its take-back is refused at once, privately."""
    await world.new_race()
    board = await _advance(world, world.latest_board())
    caller = world.user(active_user_id(board))
    r = await world.fake.click(caller, board, button(board, "Let's Roll!"))
    await r.wait_followups(1)
    board = world.latest_board()
    roller = world.user(active_user_id(board))
    r = await world.fake.click(roller, board, button(board, "Roll 2 dice"))
    await r.wait_followups(1)
    undo = await world.slash(roller, "game undo")
    assert undo.ephemeral and "🚫" in undo.content, undo.content


async def test_the_replay_of_a_finished_game(world: World) -> None:
    """A finished race posts its animated replay; `/game replay` shows it again."""
    await world.new_race()
    for _ in range(300):
        board = world.latest_board()
        if "won the game" in board.content:
            break
        _, cid, _ = next(b for b in board.buttons if b[1] and not b[2])
        await world.fake.click(world.user(active_user_id(board)), board, str(cid))
    await world.idle()  # the replay is drawn after the answer
    posted = [m for m in world.public() if any(n.startswith("replay-") for n, _ in m.files)]
    assert posted, "the replay was posted when the race ended"
    r = await world.slash(world.carol, "game replay")
    await r.wait_followups(1, timeout=30)
    name, data = r.messages[-1].files[0]
    assert name.startswith("replay-") and data[:6] == b"GIF89a" and len(data) < 8_000_000


async def test_a_new_game_gets_its_own_thread_and_is_played_there(world: World) -> None:
    """`/game new` in a text channel opens a thread (the default): the channel gets a link,
    the lobby and every board live in the thread, and the channel can host another game."""
    r = await world.fake.slash(world.alice, world.channel, "game new", game="dragrage")
    assert "🧵" in r.content and "lobby" in r.content
    thread_id = int(re.search(r"<#(\d+)>", r.content).group(1))  # type: ignore[union-attr]
    thread = world.fake.store.channels[thread_id]
    assert thread.is_thread and thread.parent_id == world.channel.id
    lobby = world.fake.channel_messages(thread)[-1]
    assert "Drag Rage" in lobby.content and "lobby" in lobby.content
    await world.fake.slash(world.bob, thread, "game join")
    start = await world.fake.slash(world.alice, thread, "game start")
    await start.wait_followups(1)
    board = [m for m in world.fake.channel_messages(thread) if m.files][-1]
    mover = world.user(active_user_id(board))
    click = await world.fake.click(
        mover,
        board,
        button(board, next(str(b[0]) for b in board.buttons if str(b[0]).isdigit() and not b[2])),
    )
    await click.wait_followups(1)
    assert len([m for m in world.fake.channel_messages(thread) if m.files]) == 2
    assert not [m for m in world.public() if m.files], "no board in the parent channel"
    another = await world.fake.slash(world.carol, world.channel, "game new", game="rushncrush")
    assert "🧵" in another.content, "the channel hosts many games, one thread each"


async def test_a_game_can_still_be_played_in_the_channel_itself(world: World) -> None:
    """`where:here` keeps the game in the channel."""
    r = await world.fake.slash(
        world.alice, world.channel, "game new", game="dragrage", where="here"
    )
    assert "lobby" in r.content and "🧵" not in r.content


async def test_a_stop_right_after_the_winning_move_logs_no_error(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot is stopped the moment the winning board appears, while it still answers the
    press (held there until the stop began) and would start the replay: the answer ends, no
    work of the bot runs on, nothing is logged as an error, and no traceback."""
    caplog.set_level(logging.INFO)
    release = asyncio.Event()
    publish = Reply.publish

    async def held_when_won(reply: Reply, *args: Any, **kwargs: Any) -> int:
        sent = await publish(reply, *args, **kwargs)
        if reply.saved is not None and reply.saved.outcome is not None:
            await release.wait()  # the winning board is up; the answer is not finished
        return sent

    monkeypatch.setattr(Reply, "publish", held_when_won)
    await world.new_race()
    for _ in range(300):
        board = world.latest_board()
        _, cid, _ = next(b for b in board.buttons if b[1] and not b[2])
        r = await world.fake.click(world.user(active_user_id(board)), board, str(cid), settle=0)
        await r.record.wait_until(functools.partial(_moved_on, world, board), 30, "a new board")
        if "won the game" in world.latest_board().content:
            break
        await world.answered()
    else:
        raise AssertionError("the race did not end")
    stopping = asyncio.create_task(world.stop_bot())
    release.set()  # the answer goes on only once the stop has begun
    await stopping
    assert not world.fake.store.messages[board.id].components, "the answer was finished"
    running = [t.get_name() for t in asyncio.all_tasks() if t.get_name().startswith(BOT_WORK)]
    assert not running, "the stopped bot's work runs on (and may fail later)"
    assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR], caplog.text
    assert "Traceback" not in caplog.text


def _moved_on(world: World, board: FakeMessage) -> bool:
    """A newer board than `board` is up (a press's own edit of `board` may come first)."""
    return world.latest_board().id != board.id


async def test_the_winning_press_is_answered_while_its_replay_is_still_drawn(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's answer never waits for the replay: the driver's winning press returns while
    the replay is still being built (here it never finishes; the stop cancels it)."""

    async def endless_replay(*built_from: object) -> Message:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    monkeypatch.setattr(replays, "replay_for", endless_replay)
    await world.new_race()
    final = await Player(world, [world.alice, world.bob], random.Random(3)).play()
    assert OUTCOME in final.content and "won the game" in final.content, final.content
    assert world.bot is not None and world.bot.workload.running(Work.POST), "still drawing"


async def test_a_replay_finished_after_the_interaction_expired_is_still_posted(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The winning press's token expires (15 min) while its replay is built: the replay is
    posted all the same, by the bot's own token in the channel."""
    built = replays.replay_for
    release = asyncio.Event()

    async def slow_replay(*built_from: Any) -> Message:
        await release.wait()
        return await built(*built_from)

    monkeypatch.setattr(replays, "replay_for", slow_replay)
    await world.new_race()
    final = await Player(world, [world.alice, world.bob], random.Random(3)).play()
    assert "won the game" in final.content, final.content
    world.fake.age_tokens(15 * 60 + 1)
    release.set()
    await world.idle()
    posted = [m for m in world.public() if any(n.startswith("replay-") for n, _ in m.files)]
    assert len(posted) == 1, "the replay was posted once the interaction had expired"
