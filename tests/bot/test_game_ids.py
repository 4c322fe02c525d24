"""A button names its game, not only its number: after a restore, a prune or a database begun
anew, a board of a game that no longer exists never plays in the channel's new game."""

from __future__ import annotations

import re
import sqlite3
import time
from contextlib import closing

import pytest

from fakediscord import FakeMessage, FakeUser
from runtime import backup as ops
from runtime.settings import Settings
from table.ids import ButtonId
from tests.bot.conftest import World, active_user_id, button

GONE = "no longer exists"
DAY = 86_400.0


def _settings(world: World, **extra: object) -> Settings:
    return Settings(token=world.fake.token, data_dir=world.data_dir, **extra)  # type: ignore[arg-type]


def _buttons(messages: list[FakeMessage]) -> list[tuple[FakeMessage, str]]:
    """Every button on these messages, as (message, custom_id)."""
    return [(m, cid) for m in messages for _, cid, _ in m.buttons if cid]


async def _first_game(world: World) -> list[tuple[FakeMessage, str]]:
    """Game 1, one move in, with an "End the game?" confirmation left open: its buttons."""
    await world.new_race()
    first_board = world.latest_board()
    mover = world.user(active_user_id(first_board))
    label = next(text for text, _, _ in first_board.buttons if str(text).isdigit())
    await world.slash(mover, "dragrage advance", counter=int(label))
    end = await world.slash(world.alice, "game end")
    return _buttons([*world.public(), end.message])


async def _new_game_one_move_in(world: World) -> int:
    """The channel's next game, at the version game 1's newest board was drawn for."""
    await world.new_race()
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    label = next(text for text, _, _ in board.buttons if str(text).isdigit())
    await world.slash(mover, "dragrage advance", counter=int(label))
    return await _version(world)


async def _version(world: World) -> int:
    assert world.bot is not None
    snap = await world.bot.service.latest(world.channel.id)
    return snap.version if snap.record.is_live else -1


@pytest.mark.parametrize("how", ["restored from a backup", "pruned", "begun anew"])
async def test_an_old_board_plays_nothing_in_the_channels_new_game(world: World, how: str) -> None:
    """Every button of a game that no longer exists is refused in words; none applies to the
    channel's new game (which may carry the same number)."""
    users: tuple[FakeUser, ...] = (world.alice, world.bob, world.carol)
    saved = ops.take_backup(_settings(world), label="before-game-1")
    old = await _first_game(world)
    assert old and all(ButtonId.decode(cid) is not None for _, cid in old)
    if how == "pruned":
        end = await world.slash(world.alice, "game end")
        ended = await world.fake.click(
            world.alice, end.message, button(end.message, "End the game")
        )
        await ended.wait_followups(1)
        assert ops.prune_now(_settings(world, retention_days=1), now=time.time() + 2 * DAY)
    else:
        await world.stop_bot()
        if how == "restored from a backup":
            assert ops.restore_command(_settings(world), saved) == 0
        else:
            for suffix in ("", "-wal", "-shm"):
                (world.data_dir / f"redline.sqlite3{suffix}").unlink(missing_ok=True)
        await world.start_bot()
    version = await _new_game_one_move_in(world)

    applied = presses = 0
    unexplained: list[str] = []
    for message, cid in old:
        owners = [u for u in users if u.id == message.ephemeral_to] or users
        for user in owners:
            r = await world.fake.click(user, message, cid, force=True)
            await r.wait_followups(1)
            presses += 1
            now = await _version(world)
            applied += now != version
            version = now
            said = [m.content for m in r.messages if m.ephemeral_to == user.id]
            if not any(GONE in text.lower() for text in said):
                unexplained.append(f"{cid}: {[m.content[:60] for m in r.messages]}")
    assert applied == 0, (
        f"presses after the reset applied to the wrong game: {applied} of {presses}"
    )
    assert not unexplained, unexplained


def _untagged(custom_id: str) -> str:
    """The same button as the bot before game tags drew it."""
    return re.sub(r"^(\w+:\w+:\d+)\.[a-z2-7]+:", r"\1:", custom_id)


async def _press_untagged_counter(world: World) -> tuple[int, FakeMessage]:
    """The player to move presses a counter of the newest board, drawn without a game tag."""
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    cid = next(cid for text, cid, _ in board.buttons if str(text).isdigit() and cid)
    before = await _version(world)
    r = await world.fake.click(mover, board, _untagged(cid), force=True)
    await r.wait_followups(1)
    return before, r.messages[-1]


async def test_a_game_from_before_game_tags_still_takes_its_untagged_buttons(
    world: World,
) -> None:
    """Boards posted by the previous version (no game tag) keep working for their games."""
    await world.new_race()
    with closing(sqlite3.connect(world.data_dir / "redline.sqlite3")) as db, db:
        db.execute("UPDATE sessions SET untagged_buttons_ok = 1")  # what migration 0008 does
    before, answer = await _press_untagged_counter(world)
    assert not answer.ephemeral, answer.content
    assert await _version(world) == before + 1


async def test_an_untagged_button_is_refused_in_a_game_made_since(world: World) -> None:
    """A game made since game tags never had untagged boards: such a press is an older game's."""
    await world.new_race()
    before, answer = await _press_untagged_counter(world)
    assert answer.ephemeral and GONE in answer.content.lower(), answer.content
    assert await _version(world) == before
