"""Where the table's scheduler posts (`table.answers.Outbox`): channel messages and DMs sent
through discord.py, outside any interaction.

A message's picture is drawn by the process's renderer before it is sent (`sending.post`); in
a game thread Discord archived while it went quiet (50083) the thread is unarchived and the
message sent once more. A DM the user does not take (50007, or 403) is refused quietly: the
caller then posts in the channel instead.
"""

from __future__ import annotations

import logging
from typing import Protocol

import discord

from bot.sending import Unarchive, edit_message, post
from table.answers import Drawer, Message

log = logging.getLogger(__name__)

CANNOT_DM = 50007


class _Client(Protocol):
    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def fetch_channel(self, channel_id: int, /) -> object: ...


class DiscordOutbox:
    """The table's `Outbox` on Discord: `client` sends, `drawer` draws the pictures."""

    def __init__(self, client: _Client, drawer: Drawer | None) -> None:
        self.client = client
        self.drawer = drawer

    async def post(self, channel_id: int, message: Message) -> int | None:
        channel = self.client.get_partial_messageable(channel_id)
        return await post(
            channel, message, drawer=self.drawer, unarchive=self._unarchiver(channel_id)
        )

    async def edit(self, channel_id: int, message_id: int, message: Message) -> bool:
        channel = self.client.get_partial_messageable(channel_id)
        return await edit_message(
            channel, message_id, message, drawer=self.drawer, unarchive=self._unarchiver(channel_id)
        )

    def _unarchiver(self, channel_id: int) -> Unarchive:
        async def unarchive() -> None:
            thread = await self.client.fetch_channel(channel_id)
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=False)

        return unarchive

    async def direct(self, user_id: int, text: str) -> bool:
        try:
            user = await self.client.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException as exc:
            if exc.code != CANNOT_DM and exc.status != 403:
                log.warning("could not DM user %s: %s", user_id, exc)
            return False
        return True
