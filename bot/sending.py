"""Sending outside an interaction's own route: a message's picture drawn off the loop, a new
message or an edit by the channel route, and an archived thread reopened to take it (Discord
answers 50083 there). `bot.replies` (within an interaction) and `bot.outbox` (the table's posts
while nobody presses anything) both send this way."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.convert import edit, new_message
from table.answers import Drawer, Message, PictureLate

log = logging.getLogger(__name__)

THREAD_ARCHIVED = 50083


async def drawn(drawer: Drawer | None, message: Message) -> Message:
    """`message` with its picture drawn off the loop; its fallback (or the message without an
    image) when the picture cannot be drawn."""
    picture = message.picture
    if picture is None:
        return message
    try:
        if drawer is None:
            raise PictureLate("no renderer to draw with")
        data = await drawer.picture(picture)
    except Exception as exc:
        if not isinstance(exc, PictureLate):  # a late one was logged where it passed
            log.exception(
                "could not draw the %s of session %s (%s)",
                picture.what,
                picture.session_id,
                picture.game,
            )
        if message.fallback is not None:
            return await drawn(drawer, message.fallback)
        return dataclasses.replace(message, image=None)
    return dataclasses.replace(message, image=data, alt=message.alt or picture.alt)


Unarchive = Callable[[], Awaitable[None]]


async def post(
    channel: discord.abc.Messageable,
    board: Message,
    *,
    drawer: Drawer | None = None,
    unarchive: Unarchive | None = None,
) -> int:
    """A new message outside any interaction (a reminder, a bot's move), its picture drawn by
    `drawer`; in an archived thread (50083) `unarchive` runs and the message is sent again.
    Its id."""
    board = await drawn(drawer, board)
    try:
        return (await channel.send(**new_message(board))).id
    except discord.HTTPException as exc:
        if exc.code != THREAD_ARCHIVED or unarchive is None:
            raise
        await unarchive()
        return (await channel.send(**new_message(board))).id


async def edit_message(
    channel: discord.PartialMessageable,
    message_id: int,
    board: Message,
    *,
    drawer: Drawer | None = None,
    unarchive: Unarchive | None = None,
) -> bool:
    """Edit a message the bot posted into `board` (every part replaced; nobody notified);
    False when it is gone (10008). In an archived thread, as `post`."""
    board = await drawn(drawer, board)
    message = channel.get_partial_message(message_id)
    try:
        try:
            await message.edit(**edit(board))
        except discord.HTTPException as exc:
            if exc.code != THREAD_ARCHIVED or unarchive is None:
                raise
            await unarchive()
            await message.edit(**edit(board))
    except discord.NotFound:
        return False
    return True


def unarchiver(channel: object) -> Unarchive | None:
    """A thread's way to reopen itself (None for any other channel)."""
    if not isinstance(channel, discord.Thread):
        return None
    thread = channel

    async def unarchive() -> None:
        await thread.edit(archived=False)

    return unarchive
