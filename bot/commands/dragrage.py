"""`/dragrage ...`: every Drag Rage action as a slash command (the buttons do the same)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Ack, Reply
from bot.table import TableCog, channel_of
from games.dragrage.state import Advance, Declare, LetsRoll, Pass, TurnInNitro
from games.engine import Model


@app_commands.guild_only()
class DragRageCog(
    TableCog,
    commands.GroupCog,
    group_name="dragrage",
    group_description="Drag Rage moves (buttons do the same)",
):
    """Slash-command twins of the Drag Rage buttons."""

    async def _play(self, interaction: discord.Interaction, make: Callable[[], Model]) -> None:
        """Play the action for the user in this channel's game: the mover is told privately
        it was saved, the table sees it in its turn message (`table.turns`)."""

        async def play(reply: Reply) -> None:
            table = self.table
            answer = await table.host.play(reply.user_id, channel_of(interaction), make())
            await table.deliver(reply, answer)

        await self._run(interaction, play, ack=Ack.PRIVATE)

    @app_commands.command(name="advance")
    @app_commands.describe(
        counter="The free counter to play (2-12): your car moves that many spaces"
    )
    async def advance(
        self, interaction: discord.Interaction, counter: app_commands.Range[int, 2, 12]
    ) -> None:
        """Play a free counter and move your car that many spaces."""
        await self._play(interaction, lambda: Advance(counter=counter))

    @app_commands.command(name="letsroll")
    async def letsroll(self, interaction: discord.Interaction) -> None:
        """Call "Let's Roll!": challenge your opponent's last move."""
        await self._play(interaction, LetsRoll)

    @app_commands.command(name="declare")
    @app_commands.describe(
        dice="2 = the free pair; 3 = free pair plus your nitro die (once per heat)"
    )
    async def declare(self, interaction: discord.Interaction, dice: Literal[2, 3]) -> None:
        """Answer a Let's Roll: say how many dice you roll, then the bot rolls them."""
        await self._play(interaction, lambda: Declare(dice=dice))

    @app_commands.command(name="nitro")
    async def nitro(self, interaction: discord.Interaction) -> None:
        """After a failed challenge: turn in your nitro die and advance."""
        await self._play(interaction, TurnInNitro)

    @app_commands.command(name="pass")
    async def pass_(self, interaction: discord.Interaction) -> None:
        """After a failed challenge: pass; your opponent must advance and cannot challenge you."""
        await self._play(interaction, Pass)
