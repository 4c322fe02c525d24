"""Rush 'n' Crush private path messages and the handler of its `rnc:` buttons and gear menu.

The path flow is private: a typed path, a suggested one or one built step by step is first
shown as a preview image with a "Drive it" button; only that button (or `/rushncrush move
drive:True`) moves the car. Builder steps carry the draft in their custom_id.
"""

from __future__ import annotations

import discord

from bot.replies import Reply
from bot.rushncrush import board as boards
from bot.rushncrush import ids
from bot.rushncrush import path as paths
from bot.table import Table, me
from games.engine import GameOver, NotYourTurn
from games.rushncrush import RncState, parse_path, preview_path
from render.rushncrush import render_rnc_preview, render_rushncrush
from table.answers import Message
from table.host import DAMAGED
from table.ids import ButtonId
from table.service import ServiceError, Snapshot, StaleBoard, WrongGame

KEY = "rushncrush"


def mover(interaction: discord.Interaction, snap: Snapshot) -> RncState:
    """The game's state, if it is this user's turn in this channel's race."""
    state = snap.state
    if snap.spec.key != KEY:
        raise WrongGame(
            f"the game in this channel is {snap.spec.title}; its moves are its buttons "
            f"and the `/{snap.spec.key}` commands"
        )
    if not isinstance(state, RncState) or snap.is_lobby:
        raise ServiceError("the race has not started yet; the host starts it with `/game start`")
    if snap.outcome is not None or not snap.record.is_live:
        raise GameOver("the race is over; start another with `/game new`")
    if me(snap, interaction.user.id) not in snap.active_players:
        turn = state.turn
        name = snap.name_of(turn.player) if turn is not None else "nobody"
        raise NotYourTurn(f"it is {name}'s turn, not yours; wait for yours")
    return state


async def send_preview(
    table: Table, reply: Reply, snap: Snapshot, state: RncState, path: str
) -> None:
    """Check a whole path and answer privately with its preview and Drive it / Edit / Cancel."""
    preview = preview_path(state, me(snap, reply.user_id), path)
    tokens = parse_path(path)
    image = await table.renderer.run(render_rnc_preview, snap.view(), preview)
    await reply.answer(paths.preview_board(snap, tokens, preview, image), ephemeral=True)


async def draft_board(
    table: Table, snap: Snapshot, state: RncState, user: int, path: str
) -> Message:
    plan = paths.draft(state, user, path)
    image = await table.renderer.run(render_rnc_preview, snap.view(), plan.preview)
    return paths.builder_board(snap, user, plan, image)


async def send_builder(table: Table, reply: Reply, snap: Snapshot) -> None:
    state = mover(reply.interaction, snap)
    board = await draft_board(table, snap, state, me(snap, reply.user_id), "")
    await reply.answer(board, ephemeral=True)


async def send_course(table: Table, reply: Reply, snap: Snapshot) -> None:
    if snap.spec.key != KEY:
        raise WrongGame(f"the game in this channel is {snap.spec.title}, not Rush 'n' Crush")
    if snap.state is None:
        raise ServiceError("the race has not started yet; the host starts it with `/game start`")
    image = await table.renderer.run(render_rushncrush, snap.view(), whole_course=True)
    board = Message(
        content=f"**The whole course** · game #{snap.session_id} (only you see this)",
        image=image,
        filename=f"course-{snap.session_id}-{snap.version}.png",
    )
    await reply.answer(board, ephemeral=True)


# ----- rnc: buttons ----------------------------------------------------------------------


async def route(table: Table, reply: Reply, rid: ButtonId, values: list[str]) -> None:
    """What each `rnc:` button (and the gear menu) does."""
    interaction = reply.interaction
    snap = await table.service.by_id(rid.session_id)
    if snap.record.channel_id != interaction.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if snap.spec.key != KEY:
        raise ServiceError(DAMAGED)
    if rid.verb == ids.CANCEL:
        await reply.edit_origin(content="✖ Closed: nothing was driven.", attachments=[], view=None)
        return
    if rid.verb == ids.COURSE:
        await send_course(table, reply, snap)
        return
    if rid.version != snap.version:
        raise StaleBoard("the board has moved on; here is the current one", snap)
    if rid.verb == ids.BUILD:
        await send_builder(table, reply, snap)
    elif rid.verb == ids.STEP:
        state = mover(interaction, snap)
        board = await draft_board(table, snap, state, me(snap, interaction.user.id), rid.payload)
        await reply.edit_origin(board)
    elif rid.verb == ids.PREVIEW:
        state = mover(interaction, snap)
        await send_preview(table, reply, snap, state, rid.payload)
    elif rid.verb == ids.PICK:
        action = ids.parse_gear_value(values[0] if values else "")
        await table.play(reply, action, session_id=rid.session_id, expected_version=rid.version)
    elif rid.verb == ids.MORE:
        mover(interaction, snap)
        await reply.answer(boards.gear_panel(snap, me(snap, interaction.user.id)), ephemeral=True)
    else:
        raise ServiceError("this button belongs to an older version of the bot; use `/game status`")
