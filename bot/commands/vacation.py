"""`/vacation ...`: pause your clocks in every game of the server. What they decide and show
(the tables told, the days charged) is `table.vacations`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Ack, Reply, funnel
from bot.table import can_manage
from table import vacations

if TYPE_CHECKING:
    from bot.table import Table


class VacationCog(
    commands.GroupCog, group_name="vacation", group_description="Pause your clocks in this server"
):
    """Away for a while: your clocks stand still in every game of this server."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    @app_commands.command(name="start")
    @app_commands.describe(days="How many days (default: all you have left this year)")
    async def start(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 365] | None = None
    ) -> None:
        """Start a vacation: your clocks pause and nobody reminds you."""

        async def work(reply: Reply) -> None:
            guild, name = interaction.guild_id or 0, interaction.user.display_name
            answer = await vacations.take(self.service, guild, reply.user_id, name, days)
            await self.table.deliver(reply, answer)

        await funnel(interaction, work, ack=Ack.PRIVATE)

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End your vacation: your clocks run again, with the time they stood still given back."""

        async def work(reply: Reply) -> None:
            guild, name = interaction.guild_id or 0, interaction.user.display_name
            answer = await vacations.come_back(self.service, guild, reply.user_id, name)
            await self.table.deliver(reply, answer)

        await funnel(interaction, work, ack=Ack.PRIVATE)

    @app_commands.command(name="allowance")
    @app_commands.describe(days="Vacation days per player per year in this server")
    async def allowance(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 365]
    ) -> None:
        """Set the yearly vacation days of this server's players (Manage Server)."""

        async def work(reply: Reply) -> None:
            answer = await vacations.set_allowance(
                self.service, interaction.guild_id or 0, days, can_manage=can_manage(interaction)
            )
            await self.table.deliver(reply, answer)

        await funnel(interaction, work, ack=Ack.PRIVATE)
