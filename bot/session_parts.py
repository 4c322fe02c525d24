"""What the `/game` command groups share: the table, the service and the reply funnel."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.replies import Ack, Reply, Work, funnel
from bot.table import Table
from table import messages as presenters
from table.service import GameService, Snapshot


class CogParts(commands.Cog):
    """Helpers of the `/game` cog and the command sets it is made of (never loaded alone: the
    `/game` GroupCog inherits them, and discord.py collects commands along the MRO)."""

    table: Table
    service: GameService

    async def _run(self, interaction: discord.Interaction, work: Work, ack: Ack) -> None:
        await funnel(interaction, work, ack=ack, on_stale=self.table.show_stale)

    async def _lobby_write(self, reply: Reply, snap: Snapshot, what: str) -> None:
        reply.mark_saved(snap, what)
        await reply.answer(presenters.lobby(snap), ephemeral=False)


def can_manage(interaction: discord.Interaction) -> bool:
    """Manage Server, as Discord resolves it (owner and administrators included)."""
    return bool(interaction.permissions.manage_guild)
