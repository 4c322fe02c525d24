"""Persistent buttons: one dynamic item matches every Redline custom_id, even after a restart.

Each item matches its whole prefix (`rl:...`), not only well-formed ids, so a damaged or forged
custom_id is answered with a clear refusal instead of silence; `Unknown` answers everything
else.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from pydantic import ValidationError

from bot import customid, presenters
from bot.customid import ButtonId, MalformedInput, any_with_prefix, bounded_json
from bot.replies import Ack, Reply, funnel
from bot.service import LobbyError, ServiceError
from bot.table import channel_of
from games.engine import InvalidAction, Player

if TYPE_CHECKING:
    from bot.client import RedlineBot

log = logging.getLogger(__name__)

DAMAGED = "that button is damaged or was not made by this bot; use `/game status` for the board"
KNOWN_PREFIXES = ("rl", "st", "rnc")
B = TypeVar("B", bound=ButtonId)


class RedlineButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=any_with_prefix("rl")):
    """Any `rl:` button the bot ever drew. Decodes its custom_id and routes the press."""

    def __init__(self, button_id: ButtonId | None, raw: str = "") -> None:
        super().__init__(discord.ui.Button(custom_id=button_id.encode() if button_id else raw))
        self.button_id = button_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RedlineButton:
        return cls(ButtonId.decode(match.string), match.string[:100])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: RedlineBot = interaction.client
        bid = self.button_id
        ack = (
            Ack.PRIVATE
            if bid is not None and bid.verb in (customid.BOARD, customid.SHEET)
            else Ack.UPDATE
        )
        await funnel(
            interaction,
            lambda reply: route(bot, reply, bid),
            ack=ack,
            on_stale=bot.table.show_stale,
        )


class Unknown(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=re.compile(rf"(?!(?:{'|'.join(KNOWN_PREFIXES)}):).*", re.DOTALL),
):
    """A component whose custom_id no Redline handler knows: answered, never left hanging."""

    def __init__(self, raw: str) -> None:
        super().__init__(discord.ui.Button(custom_id=raw[:100] or "?"))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Unknown:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def refuse(reply: Reply) -> None:
            raise ServiceError(DAMAGED)

        await funnel(interaction, refuse, ack=Ack.UPDATE)


def decoded(bid: B | None) -> B:
    """The decoded id, or a clear refusal for a damaged or forged one."""
    if bid is None:
        raise ServiceError(DAMAGED)
    return bid


async def route(bot: RedlineBot, reply: Reply, bid: ButtonId | None) -> None:
    """What each verb does."""
    bid = decoded(bid)
    service, table, interaction = bot.service, bot.table, reply.interaction
    if bid.verb == customid.END:  # before loading: a damaged game can still be ended
        if (
            bid.payload == "yes"
            and await service.live_id(channel_of(interaction)) != bid.session_id
        ):
            raise ServiceError("that game has already ended (or belongs to another channel)")
        await bot.confirm_end(reply, bid)
        return
    snap = await service.by_id(bid.session_id)
    if snap.record.channel_id != interaction.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if bid.verb in (customid.JOIN, customid.START) and not snap.is_lobby:
        raise LobbyError("that lobby has closed; see `/game status` for this channel's game")
    if bid.verb == customid.ACTION:
        try:
            action = snap.spec.parse_action(bounded_json(bid.payload))
        except (ValidationError, MalformedInput) as exc:
            raise InvalidAction("that button is not a move this game knows") from exc
        await table.play(
            reply,
            action,
            session_id=bid.session_id,
            expected_version=bid.version,
            expected_tag=bid.tag,
        )
    elif bid.verb == customid.JOIN:
        user = interaction.user
        snap = await service.join(
            channel_of(interaction), Player(id=user.id, name=user.display_name)
        )
        reply.mark_saved(snap, "seat")
        await reply.edit_origin(presenters.lobby(snap))
    elif bid.verb == customid.START:
        snap = await service.start(channel_of(interaction), interaction.user.id)
        reply.mark_saved(snap, "start")
        await reply.edit_origin(view=None)
        await reply.publish(await table.board(snap))
    elif bid.verb == customid.BOARD:
        await table.show(reply, await service.by_id(bid.session_id), ephemeral=True)
    elif bid.verb == customid.SHEET:
        await bot.show_private(reply, bid.session_id)
    else:
        raise ServiceError("this button belongs to an older version of the bot; use `/game status`")
