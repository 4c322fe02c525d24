"""Persistent buttons: one dynamic item matches every Redline custom_id, even after a restart."""

from __future__ import annotations

import json
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot import customid, presenters, replies
from bot.customid import ButtonId
from bot.service import LobbyError, ServiceError
from bot.table import channel_of
from games.engine import InvalidAction, Player

if TYPE_CHECKING:
    from bot.client import RedlineBot

log = logging.getLogger(__name__)


class RedlineButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=customid.TEMPLATE):
    """Any button the bot ever drew. Decodes its custom_id and routes the press."""

    def __init__(self, button_id: ButtonId) -> None:
        super().__init__(discord.ui.Button(custom_id=button_id.encode()))
        self.button_id = button_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RedlineButton:
        button_id = ButtonId.decode(match.string)
        if button_id is None:  # the template matched, so this cannot happen
            raise ValueError(match.string)
        return cls(button_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: RedlineBot = interaction.client
        await replies.funnel(
            interaction,
            lambda: route(bot, interaction, self.button_id),
            on_stale=lambda stale: bot.table.show_stale(interaction, stale),
        )


async def route(bot: RedlineBot, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
    """What each verb does."""
    service, table = bot.service, bot.table
    snap = await service.by_id(bid.session_id)
    if snap.record.channel_id != interaction.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if bid.verb in (customid.JOIN, customid.START) and not snap.is_lobby:
        raise LobbyError("that lobby has closed; see `/game status` for this channel's game")
    if bid.verb == customid.ACTION:
        try:
            action = snap.spec.parse_action(json.loads(bid.payload))
        except (ValidationError, ValueError) as exc:
            raise InvalidAction("that button is not a move this game knows") from exc
        await table.play(
            interaction, action, session_id=bid.session_id, expected_version=bid.version
        )
    elif bid.verb == customid.JOIN:
        user = interaction.user
        snap = await service.join(
            channel_of(interaction), Player(id=user.id, name=user.display_name)
        )
        board = presenters.lobby(snap)
        await interaction.response.edit_message(content=board.content, view=replies.to_view(board))
    elif bid.verb == customid.START:
        snap = await service.start(channel_of(interaction), interaction.user.id)
        await interaction.response.edit_message(view=None)
        await replies.send(interaction, await table.board(snap))
    elif bid.verb == customid.BOARD:
        await table.show(interaction, await service.by_id(bid.session_id), ephemeral=True)
    elif bid.verb == customid.SHEET:
        await bot.show_private(interaction, bid.session_id)
    elif bid.verb == customid.END:
        await bot.confirm_end(interaction, bid)
    else:
        raise ServiceError("this button belongs to an older version of the bot; use `/game status`")
