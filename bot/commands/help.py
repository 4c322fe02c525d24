"""`/help`: what Redline is, its games, how to start one, dice, and play over days (the
words are `table.help`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Ack, Reply, funnel
from table.help import help_answer

if TYPE_CHECKING:
    from bot.table import Table


class HelpCog(commands.Cog):
    """`/help`."""

    def __init__(self, table: Table) -> None:
        self.table = table
        super().__init__()

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """What Redline is, its games, how to start one, and the dice commands."""

        async def work(reply: Reply) -> None:
            await self.table.deliver(reply, help_answer(self.table.service.games))

        await funnel(interaction, work, ack=Ack.PRIVATE)
