"""Persistent buttons and menus: one dynamic item takes every press, even after a restart,
and hands it to the table (`table.host.Host.press`), which routes it by namespace. A damaged
or forged custom_id is answered with a clear refusal instead of silence."""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, cast

import discord

from bot.replies import Ack, Reply, funnel
from bot.table import Table, can_manage, channel_of
from table.answers import Press

log = logging.getLogger(__name__)


class RedlineComponent(
    discord.ui.DynamicItem[discord.ui.Item[Any]], template=re.compile(".*", re.DOTALL)
):
    """Every button and menu the bot ever drew, by any game: one persistent item.

    The table reads the namespace before the first `:`: `rl` for the verbs every game shares
    (play an action, join, start, show the board or sheet, end), a game's own (`st`, `rnc`,
    ...) for its verbs (`table/<game>/`), `dice` for a secret roll's (no game, in DMs too).
    Anything else, or an id that does not decode, is refused in words.
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
        """Acknowledge as the table says this press shows itself, let the table answer it,
        deliver the answer (`bot.replies`)."""
        table = cast(_Host, interaction.client).table
        host = table.host
        raw: Any = dict(interaction.data or {}).get("values") or []
        values = tuple(str(v)[:100] for v in raw)[:25]

        async def pressed(reply: Reply) -> None:
            anywhere = host.works_anywhere(self.raw)
            press = press_of(interaction, self.raw, values, anywhere=anywhere)
            await table.deliver(reply, await host.press(press))

        ack = Ack.of(host.placeholder(self.raw))
        await funnel(interaction, pressed, ack=ack, on_stale=table.show_stale)


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
        can_manage=can_manage(interaction),
    )


class _Host(Protocol):
    """What the component needs of the client (RedlineBot), without importing it."""

    table: Table
