"""`/game status`, `/game sheet`, `/game rules`: looking at the table (part of the `/game`
cog). What they show is `table.status`'s and `table.help`'s."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands.game.part import GAME_CHOICES, GamePart
from bot.replies import Ack, Reply
from bot.table import channel_of
from table.help import rules_here, rules_of
from table.status import board_again, players_sheet, sheet_again


class LookingCommands(GamePart):
    """The board again, a player's own sheet, the rules."""

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """Show this channel's board again and whose turn it is."""

        async def work(reply: Reply) -> None:
            answer = await board_again(self.table.host, channel_of(interaction))
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="sheet")
    @app_commands.describe(
        player="Whose sheet to look at, in games whose sheets are open (default: your own)"
    )
    async def sheet(
        self, interaction: discord.Interaction, player: discord.Member | None = None
    ) -> None:
        """Show your sheet or hand again, or another player's open sheet (only you see it)."""

        async def work(reply: Reply) -> None:
            channel = channel_of(interaction)
            if player is None:
                answer = await sheet_again(self.table.host, channel, reply.user_id)
            else:
                answer = await players_sheet(self.table.host, channel, reply.user_id, player.id)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="rules")
    @app_commands.describe(game="Which game's rules (default: the game in this channel)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        """Show a game's rules summary and the bot's rulings (only you see it)."""

        async def work(reply: Reply) -> None:
            if game is not None:
                answer = rules_of(self.service, game.value)
            else:
                answer = await rules_here(self.service, channel_of(interaction))
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PRIVATE)
