"""`/spacetruckin ...`: the slash twins of the private sheet's buttons.

Each command parses its options and hands them to the table (`table.spacetruckin.typed`),
which answers like a press; the sheet's own buttons and menus are the table's (`st:` ids).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Reply
from bot.table import TableCog, channel_of
from games.spacetruckin.models import Box
from table.answers import Answer
from table.gametable import TableHost
from table.service import ServiceError
from table.spacetruckin import typed

Core = Callable[[TableHost, int, int], Awaitable[Answer]]
"""What a command asks of the table: (the host, the user, the channel) -> the answer."""
Listing = Callable[[TableHost, int, int], Awaitable[list[tuple[str, str]]]]
"""What an autocomplete asks of the table: the same -> (name, value) of each choice."""


@app_commands.guild_only()
class SpaceTruckinCog(
    TableCog,
    commands.GroupCog,
    group_name="spacetruckin",
    group_description="Space Truckin' moves (your sheet's buttons do the same)",
):
    """Slash twins of the sheet's buttons."""

    async def _answer(self, interaction: discord.Interaction, core: Core) -> None:
        async def work(reply: Reply) -> None:
            host = self.table.host
            answer = await core(host, interaction.user.id, channel_of(interaction))
            await self.table.deliver(reply, answer)

        await self._run(interaction, work)

    async def _listed(
        self, interaction: discord.Interaction, core: Listing
    ) -> list[app_commands.Choice[str]]:
        """The choices the table lists for the asker (none outside a started game)."""
        try:
            found = await core(self.table.host, interaction.user.id, channel_of(interaction))
        except ServiceError:
            return []
        return [app_commands.Choice(name=name, value=value) for name, value in found]

    # ----- /spacetruckin place ----------------------------------------------------------------

    @app_commands.command(name="place")
    @app_commands.describe(
        spot="Top-left grid, quarter turns and flip, e.g. `B4 r1 f` (the list shows legal ones)"
    )
    async def place(
        self, interaction: discord.Interaction, spot: app_commands.Range[str, 1, 40]
    ) -> None:
        """Preview your picked tetromino at a spot, then confirm it with a button."""
        await self._answer(interaction, partial(typed.preview, spot=spot))

    @place.autocomplete("spot")
    async def place_spots(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._listed(interaction, partial(typed.place_spots, typed=current))

    # ----- /spacetruckin fill -----------------------------------------------------------------

    @app_commands.command(name="fill")
    @app_commands.describe(
        first="The box for your first die (top1 is the top row's left box)",
        second="The box for your second die",
    )
    async def fill(self, interaction: discord.Interaction, first: Box, second: Box) -> None:
        """Write your two challenge dice into two empty boxes."""
        await self._answer(interaction, partial(typed.fill, first=first, second=second))

    # ----- /spacetruckin move -----------------------------------------------------------------

    @app_commands.command(name="move")
    @app_commands.describe(action="Any move open to you now (start typing: the list filters)")
    async def move(
        self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 200]
    ) -> None:
        """Make any move open to you now, by name (the same as your sheet's buttons)."""
        await self._answer(interaction, partial(typed.move, text=action))

    @move.autocomplete("action")
    async def move_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._listed(interaction, partial(typed.move_names, typed=current))
