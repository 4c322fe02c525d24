"""`/roadwolf ...`: the panel's moves typed, the panel itself, and the whole road.

Each command reads its options, asks the table (`table.roadwolf.commands`) and delivers its
answer; the choices offered as you type come from the asker's own view there too.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Reply
from bot.table import TableCog, channel_of
from table import status
from table.answers import Answer
from table.roadwolf import commands as typed
from table.roadwolf.verbs import road as whole_road
from table.service import ServiceError, Snapshot

KEY = "roadwolf"
MAX_CHOICES = 25


@app_commands.guild_only()
class RoadWolfCog(
    TableCog,
    commands.GroupCog,
    group_name="roadwolf",
    group_description="Road Wolf moves (your panel's buttons do the same)",
):
    """Slash twins of the private panel's buttons."""

    async def _mine(self, interaction: discord.Interaction) -> Snapshot:
        return await status.started(self.service, channel_of(interaction), KEY)

    async def _answer(
        self,
        interaction: discord.Interaction,
        compose: Callable[[Snapshot], Answer | Awaitable[Answer]],
    ) -> None:
        """Acknowledge, then deliver the table's answer about this channel's game."""

        async def work(reply: Reply) -> None:
            answer = compose(await self._mine(interaction))
            await self.table.deliver(reply, answer if isinstance(answer, Answer) else await answer)

        await self._run(interaction, work)

    async def _choices(
        self, interaction: discord.Interaction, found: Callable[[Snapshot], list[tuple[str, str]]]
    ) -> list[app_commands.Choice[str]]:
        """The (name, value) choices `found` offers in this channel's game (none without one)."""
        try:
            snap = await self._mine(interaction)
        except ServiceError:
            return []
        return [app_commands.Choice(name=n, value=v) for n, v in found(snap)][:MAX_CHOICES]

    @app_commands.command(name="move")
    @app_commands.describe(
        vehicle="Your vehicle's letter, as on the board (A, B, ...; A1, B2... with 3+ sides)",
        to="Where to: L2F3 = 2 left, 3 forward; R1B2 = 1 right, 2 back (a brake); NITRO",
        confirm="Drive it at once instead of previewing it first (default: preview)",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        vehicle: app_commands.Range[str, 1, 3],
        to: app_commands.Range[str, 1, 12],
        confirm: bool = False,
    ) -> None:
        """Preview a move, brake or nitro (reach, path, warnings), then confirm it with a tap."""
        user = interaction.user.id
        await self._answer(
            interaction,
            lambda snap: typed.move(self.table.host, snap, user, vehicle, to, confirm=confirm),
        )

    @move.autocomplete("vehicle")
    async def vehicle_letters(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Your vehicles that can move now (letter and name)."""
        user = interaction.user.id
        return await self._choices(
            interaction, lambda snap: typed.vehicle_choices(snap, user, current)
        )

    @move.autocomplete("to")
    async def destinations(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Where the chosen vehicle may go, typed (`L2F3`), longest forward moves first: only
        for the asker's own vehicles that may move now (the panel's choices)."""
        user = interaction.user.id
        letter = str(getattr(interaction.namespace, "vehicle", "") or "")

        def found(snap: Snapshot) -> list[tuple[str, str]]:
            return [(o, o) for o in typed.destination_choices(snap, user, letter, current)]

        return await self._choices(interaction, found)

    @app_commands.command(name="place")
    @app_commands.describe(
        vehicle="Your vehicle's letter (A, B, ...; A1, B2... with 3+ sides)",
        column="Its back-left cell's column, 0-23 (the road is 9-14)",
        row="Its back-left cell's row, 0-47 (0 at the START)",
    )
    async def place(
        self,
        interaction: discord.Interaction,
        vehicle: app_commands.Range[str, 1, 3],
        column: app_commands.Range[int, 0, 23],
        row: app_commands.Range[int, 0, 47],
    ) -> None:
        """While building: choose where one of your vehicles starts (others are placed for you)."""
        user = interaction.user.id
        await self._answer(
            interaction,
            lambda snap: typed.place(self.table.host, snap, user, vehicle, column, row),
        )

    @app_commands.command(name="panel")
    async def panel(self, interaction: discord.Interaction) -> None:
        """Your vehicles and what each may do now (only you see it)."""
        user = interaction.user.id
        await self._answer(interaction, lambda snap: self.table.host.own_sheet(snap, user))

    @app_commands.command(name="road")
    async def road(self, interaction: discord.Interaction) -> None:
        """The whole road, all 48 rows, with every vehicle and card (only you see it)."""
        await self._answer(interaction, whole_road)

    @app_commands.command(name="do")
    @app_commands.describe(action="Any action open to you now (start typing: the list filters)")
    async def do(
        self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 200]
    ) -> None:
        """Take any action open to you now, by name (the same as your panel's buttons)."""
        user = interaction.user.id
        await self._answer(interaction, lambda snap: typed.do(self.table.host, snap, user, action))

    @do.autocomplete("action")
    async def action_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        user = interaction.user.id
        return await self._choices(
            interaction, lambda snap: typed.action_choices(snap, user, current)
        )
