"""Persistent buttons and menus: one dynamic item answers every custom_id, even after a
restart, and routes it by namespace (see `RedlineComponent`). A damaged or forged custom_id is
answered with a clear refusal instead of silence."""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, TypeVar, cast

import discord

from bot.replies import Ack, Reply, Work, funnel
from bot.table import Table, channel_of
from table.answers import Press
from table.host import DAMAGED
from table.ids import ButtonId
from table.service import (
    ServiceError,
)

log = logging.getLogger(__name__)

B = TypeVar("B", bound=ButtonId)


class RedlineComponent(
    discord.ui.DynamicItem[discord.ui.Item[Any]], template=re.compile(".*", re.DOTALL)
):
    """Every button and menu the bot ever drew, by any game: one persistent item.

    The namespace before the first `:` picks the codec and the handlers: `rl` for the verbs
    every game shares (play an action, join, start, show the board or sheet, end), a game's
    own namespace (`st`, `rnc`, ...) for the verbs its adapter declares, `dice` for a secret
    roll's (the host's extra verbs: no game, and in DMs too). Anything else, or an id that
    does not decode, is refused in words.
    """

    def __init__(self, item: discord.ui.Item[Any], raw: str) -> None:
        super().__init__(item)
        self.raw = raw

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RedlineComponent:
        return cls(item, match.string)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        table = cast(_Host, interaction.client).table
        raw: Any = dict(interaction.data or {}).get("values") or []
        values = tuple(str(v)[:100] for v in raw)[:25]
        namespace = self.raw.split(":", 1)[0]
        verbs = table.verbs_by_namespace.get(namespace)
        work: Work
        if table.host.knows(self.raw):
            ack = Ack.of(table.host.placeholder(self.raw))

            async def pressed(reply: Reply) -> None:
                anywhere = table.host.works_anywhere(self.raw)
                press = press_of(interaction, self.raw, values, anywhere=anywhere)
                await table.deliver(reply, await table.host.press(press))

            work = pressed

        elif verbs is not None:
            gid = verbs.codec.decode(self.raw)
            handler = verbs.handlers.get(gid.verb) if gid is not None else None
            ack = verbs.acks.get(gid.verb, Ack.UPDATE) if gid is not None else Ack.UPDATE

            async def work(reply: Reply) -> None:
                if gid is None or handler is None:
                    raise ServiceError(DAMAGED)
                await check_game(table, reply, gid)
                await handler(table, reply, gid, list(values))

        else:

            async def work(reply: Reply) -> None:
                raise ServiceError(DAMAGED)

            ack = Ack.UPDATE
        await funnel(interaction, work, ack=ack, on_stale=table.show_stale)


def press_of(
    interaction: discord.Interaction[Any],
    custom_id: str,
    values: tuple[str, ...],
    *,
    anywhere: bool = False,
) -> Press:
    """The press as the table sees it: refused outside a server's channels, unless the button
    works `anywhere` (a secret roll's, in a DM too)."""
    return Press(
        user_id=interaction.user.id,
        user_name=interaction.user.display_name,
        channel_id=(interaction.channel_id or 0) if anywhere else channel_of(interaction),
        guild_id=interaction.guild_id,
        custom_id=custom_id,
        values=values,
        can_manage=bool(interaction.permissions.manage_guild),
    )


class _Host(Protocol):
    """What the component needs of the client (RedlineBot), without importing it."""

    table: Table


async def check_game(table: Table, reply: Reply, bid: ButtonId) -> None:
    """Refuse a button of another game that had the same number, before it does anything."""
    await table.service.check_game(bid.session_id, bid.game, channel_of(reply.interaction))
