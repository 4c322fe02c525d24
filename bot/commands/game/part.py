"""What the parts of the `/game` cog share: the table, the core's command sets, the funnel,
and asking Discord whether a table's host is still a member."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Reply
from bot.table import Table, TableCog
from games.registry import GAMES
from table.history import History
from table.seating import Seating

GAME_CHOICES = [app_commands.Choice(name=spec.title, value=key) for key, spec in GAMES.items()]


class GamePart(TableCog, commands.Cog):
    """A set of `/game` commands (never loaded alone: the `/game` GroupCog inherits them, and
    discord.py collects commands along the MRO)."""

    def __init__(self, table: Table) -> None:
        self.seating = Seating(table.host)
        self.past = History(table.host)
        super().__init__(table)

    async def _host_gone(self, reply: Reply, channel_id: int, *, damaged_ok: bool = False) -> None:
        """If the host of this channel's game left the server, the longest-seated player takes
        the table over and the table is told (before the command's own answer)."""
        hosting = await self.seating.other_host(channel_id, reply.user_id, damaged_ok=damaged_ok)
        guild = reply.interaction.guild
        if hosting is None or guild is None:
            return
        try:
            await guild.fetch_member(hosting.host_id)
            return
        except discord.NotFound:
            pass
        answer = await self.seating.host_left(hosting)
        if answer is not None:
            await self.table.deliver(reply, answer)
