"""`/me ...`: a player's settings for reminders (time zone, quiet hours, direct messages) and
their data (export, forget). What they decide and show is `table.prefs`'s and
`table.members`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Ack, Reply, funnel
from table import members, prefs
from table.answers import Answer

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from bot.table import Table


class MeCog(
    commands.GroupCog,
    group_name="me",
    group_description="Your settings for reminders, and your data",
):
    """Where and when Redline may remind you that it is your turn; your data, yours to take
    or to have forgotten."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    async def _answer(
        self, interaction: discord.Interaction, answer: Callable[[int], Awaitable[Answer]]
    ) -> None:
        """Privately, what `answer(user_id)` says."""

        async def work(reply: Reply) -> None:
            await self.table.deliver(reply, await answer(reply.user_id))

        await funnel(interaction, work, ack=Ack.PRIVATE)

    @app_commands.command(name="show")
    async def show(self, interaction: discord.Interaction) -> None:
        """Show your time zone, quiet hours and where reminders reach you."""
        await self._answer(interaction, lambda user: prefs.show(self.service, user))

    @app_commands.command(name="zone")
    @app_commands.describe(name="Your time zone, e.g. Europe/Paris or America/New_York")
    async def zone(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 64]
    ) -> None:
        """Set your time zone (quiet hours are in it)."""
        await self._answer(interaction, lambda user: prefs.set_zone(self.service, user, name))

    @zone.autocomplete("name")
    async def _zones(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in prefs.zones_like(current)]

    @app_commands.command(name="quiet")
    @app_commands.describe(
        start="When your quiet hours start, e.g. 22:00 (leave both empty for none)",
        end="When they end, e.g. 08:00",
    )
    async def quiet(
        self,
        interaction: discord.Interaction,
        start: app_commands.Range[str, 1, 5] | None = None,
        end: app_commands.Range[str, 1, 5] | None = None,
    ) -> None:
        """Set quiet hours: no reminder reaches you then (it waits until they end)."""
        await self._answer(
            interaction, lambda user: prefs.set_quiet(self.service, user, start, end)
        )

    @app_commands.command(name="dm")
    @app_commands.describe(allow="Yes: reminders by direct message; no: in the game's channel")
    async def dm(self, interaction: discord.Interaction, allow: bool) -> None:
        """Choose whether reminders may come by direct message (else in the channel)."""
        await self._answer(interaction, lambda user: prefs.set_dm(self.service, user, allow))

    @app_commands.command(name="export")
    async def export(self, interaction: discord.Interaction) -> None:
        """Get everything Redline stores about you, as a JSON file (only you see it)."""
        await self._answer(interaction, lambda user: members.export(self.service, user))

    @app_commands.command(name="forget")
    async def forget(self, interaction: discord.Interaction) -> None:
        """Remove your settings and stats, and your name from past games (asks first)."""

        async def confirm(user: int) -> Answer:
            return members.confirmation(user)

        await self._answer(interaction, confirm)
