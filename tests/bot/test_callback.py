"""One callback per press (issue 31): an answer ready within the ack budget is the press's
one interaction callback, the pressed message redrawn (type 7) or a new message (type 4); a
press whose work takes longer is acknowledged when the budget runs out and answered after.

Most tests run in a patient world (Discord waits a minute, the budget is 30 s), so every answer
that can ride on the callback does, however loaded the machine: what they count is requests,
never time. Requests are counted at the fake: those with the interaction's token, and all of
them (the channel routes too) while the press was answered."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.callback import BUSY_SHARE, Callback
from fakediscord import FakeMessage
from fakediscord.interaction import (
    CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    UPDATE_MESSAGE,
    InteractionResult,
)
from render.registry import RENDERERS
from table import ids
from table.ids import ButtonId
from tests.bot.conftest import World, active_user_id, button, draw_boards_with, running_world
from tests.bot.test_turns_e2e import first_move, rush

CALLBACK = ("POST", "/api/v10/interactions/{iid}/{token}/callback")
FOLLOWUP = ("POST", "/api/v10/webhooks/{app}/{token}")
EDIT_ORIGINAL = ("PATCH", "/api/v10/webhooks/{app}/{token}/messages/{mid}")


@pytest.fixture
async def patient(tmp_path: Path) -> AsyncIterator[World]:
    """A world where the first response may take a minute and the bot's ack budget is 30 s."""
    async with running_world(tmp_path, ack_deadline=60.0) as world:
        world.answer_within(30.0)
        yield world


def routes(result: InteractionResult) -> list[tuple[str, str]]:
    """The requests made with the interaction's id or token, in order."""
    return [(call.method, call.route) for call in result.requests]


def counter(board: FakeMessage) -> str:
    """A Drag Rage board's first counter button."""
    return next(str(cid) for label, cid, off in board.buttons if str(label).isdigit() and not off)


async def test_joining_redraws_the_lobby_in_the_one_callback(patient: World) -> None:
    """Join pressed on a lobby: the lobby redrawn is the callback, the press's only request."""
    w = patient
    lobby = (await w.slash(w.alice, "game new", game="dragrage")).message
    sent = len(w.fake.requests)
    r = await w.fake.click(w.bob, lobby, button(lobby, "Join"))
    assert r.response_type == UPDATE_MESSAGE and routes(r) == [CALLBACK]
    assert len(w.fake.requests) == sent + 1
    assert lobby.edited and w.bob.name in lobby.content


async def test_a_step_in_the_same_turn_is_the_turn_message_then_the_private_plan(
    patient: World,
) -> None:
    """The mover acts again: the turn message redrawn is the callback, and the mover's private
    plan follows it: two requests, not a deferral, a followup and an edit."""
    w = patient
    board = await rush(w)
    mover = w.user(active_user_id(board))
    sent = len(w.fake.requests)
    r = await w.fake.click(mover, board, str(first_move(board)))
    assert r.response_type == UPDATE_MESSAGE and routes(r) == [CALLBACK, FOLLOWUP]
    assert len(w.fake.requests) == sent + 2
    assert board.edited and "move 1" in board.content and board.files
    assert r.message.id == board.id
    assert r.messages[-1].ephemeral_to == mover.id and "Planned move" in r.messages[-1].content


async def test_a_handover_is_the_ended_turn_in_the_callback_and_one_new_message(
    patient: World,
) -> None:
    """Play passes on: the pressed message tells its whole turn in the callback, and one
    followup pings the next player: two requests, not a deferral, a followup and an edit."""
    w = patient
    await w.new_race()
    board = w.latest_board()
    mover = active_user_id(board)
    sent = len(w.fake.requests)
    r = await w.fake.click(w.user(mover), board, counter(board))
    assert r.response_type == UPDATE_MESSAGE and routes(r) == [CALLBACK, FOLLOWUP]
    assert len(w.fake.requests) == sent + 2
    assert "this turn is over" in board.content and not board.buttons
    new = w.latest_board()
    assert new.id != board.id and active_user_id(new) != mover
    assert new.notified_ids == [active_user_id(new)]


async def test_the_sheet_opened_from_the_board_is_one_private_callback(patient: World) -> None:
    """A private answer to a press (the player's sheet) is the callback itself, ephemeral."""
    w = patient
    await w.slash(w.alice, "game new", game="spacetruckin")
    await w.slash(w.alice, "game start")
    board = w.latest_board()
    sheet = next(c for c in board.custom_ids if _verb(c) == ids.SHEET)
    r = await w.fake.click(w.alice, board, sheet)
    assert r.response_type == CHANNEL_MESSAGE and routes(r) == [CALLBACK]
    assert r.message.ephemeral_to == w.alice.id and r.message.files


async def test_a_command_answered_in_public_is_one_callback(patient: World) -> None:
    """`/game new` shows its lobby in the callback: no "thinking" placeholder to fill."""
    r = await patient.slash(patient.alice, "game new", game="dragrage")
    assert r.response_type == CHANNEL_MESSAGE and routes(r) == [CALLBACK]
    assert "lobby" in r.content and not r.ephemeral


async def test_a_bug_after_the_commit_is_told_in_the_callback(patient: World) -> None:
    """The board cannot be composed after the move was saved: the callback itself says the
    move was saved and shows the position in text (never "nothing was changed")."""
    w = patient
    await w.new_race()
    assert w.bot is not None
    host = w.bot.table.host
    real = host.board

    def broken_once(snap: Any, *, with_buttons: bool = True) -> Any:
        host.board = real  # type: ignore[method-assign]
        raise KeyError("presenter bug")

    host.board = broken_once  # type: ignore[method-assign]
    board = w.latest_board()
    r = await w.fake.click(w.user(active_user_id(board)), board, counter(board))
    assert r.response_type == CHANNEL_MESSAGE and routes(r) == [CALLBACK]
    assert not r.ephemeral and "was saved" in r.content and "Nothing was changed" not in r.content


async def test_a_press_whose_drawing_is_slow_is_acknowledged_in_time_then_answered(
    world: World,
) -> None:
    """The board is still drawing when the budget runs out: the press is acknowledged then
    (a deferred update, within Discord's deadline), and the board follows as an edit (then
    the mover's private plan)."""
    board = await rush(world)
    assert world.bot is not None
    release = threading.Event()
    draw = RENDERERS["rushncrush"].board

    def held(*args: Any, **kwargs: Any) -> bytes:
        release.wait(30)
        return draw(*args, **kwargs)

    draw_boards_with(world.bot, "rushncrush", held)
    mover = world.user(active_user_id(board))
    r = await world.fake.click(mover, board, str(first_move(board)), wait=False)
    try:
        await r.wait_response()
        assert r.response_type == DEFERRED_UPDATE_MESSAGE and r.record.answers == 0
    finally:
        release.set()
    await world.answered()
    assert routes(r) == [CALLBACK, EDIT_ORIGINAL, FOLLOWUP] and not r.error_codes  # the plan
    assert board.edited and "move 1" in board.content and board.files


def _verb(custom_id: str) -> str | None:
    decoded = ButtonId.decode(custom_id)
    return decoded.verb if decoded is not None else None


class _Response:
    """An interaction's response as the callback's clock sees it: deferred or not."""

    def __init__(self) -> None:
        self.deferrals = 0

    def is_done(self) -> bool:
        return self.deferrals > 0

    async def defer(self) -> None:
        self.deferrals += 1


async def test_a_press_that_waited_past_the_budget_is_acknowledged_before_any_work() -> None:
    """The budget counts from the press, as Discord's deadline does: a press whose handler
    starts a second late (a busy event loop) is deferred at once."""
    late = SimpleNamespace(
        id=1, created_at=datetime.now(UTC) - timedelta(seconds=1), response=_Response()
    )
    callback = Callback(cast(Any, late), budget=0.5, thinking=False, ephemeral=False)
    await callback.start()
    assert late.response.deferrals == 1


async def test_a_press_on_a_busy_event_loop_is_acknowledged_before_any_work() -> None:
    """The event loop takes long to come back to the press (here a callback that blocks it):
    an answer in the callback would wait as long, so the press is deferred at once."""
    fresh = SimpleNamespace(id=2, created_at=datetime.now(UTC), response=_Response())
    callback = Callback(cast(Any, fresh), budget=0.5, thinking=False, ephemeral=False)
    asyncio.get_running_loop().call_soon(time.sleep, 0.5 * BUSY_SHARE * 2)  # the loop's work
    await callback.start()
    assert fresh.response.deferrals == 1
