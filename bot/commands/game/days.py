"""`/game clock`, `/game bot`, `/game substitute`, `/game return`, `/game list`, `/game mine`:
games that last days (part of the `/game` cog). What they decide and show is
`table.seating`'s and `table.absence`'s."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands.game.part import GamePart
from bot.replies import Ack, Reply
from bot.table import can_manage, channel_of
from games.engine import Player
from table import absence


class DaysCommands(GamePart):
    """Clocks, bots and substitutes; the server's games at a glance."""

    @app_commands.command(name="clock")
    @app_commands.describe(
        mode="none: casual; turn: a deadline per turn; bank: a time bank plus an increment",
        time="Per turn (turn) or the starting bank (bank), e.g. 24h, 3d, 3d12h",
        increment="Added to a player's bank after each move (bank), e.g. 12h",
        end_after="End the game after this many missed turns in a row (empty: the bot plays on)",
    )
    @app_commands.choices(
        mode=[
            app_commands.Choice(name="none (casual)", value="none"),
            app_commands.Choice(name="a deadline per turn", value="turn"),
            app_commands.Choice(name="a time bank plus an increment", value="bank"),
        ]
    )
    async def clock(
        self,
        interaction: discord.Interaction,
        mode: app_commands.Choice[str],
        time: app_commands.Range[str, 1, 16] | None = None,
        increment: app_commands.Range[str, 1, 16] | None = None,
        end_after: app_commands.Range[int, 1, 20] | None = None,
    ) -> None:
        """Set the turn clock (host, in the lobby): reminders, and the bot plays at the end."""

        async def work(reply: Reply) -> None:
            answer = await self.seating.clock(
                channel_of(interaction), interaction.user.id, mode.value, time, increment, end_after
            )
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    bots = app_commands.Group(name="bot", description="Fill seats with bots (host, in the lobby)")

    @bots.command(name="add")
    async def bot_add(self, interaction: discord.Interaction) -> None:
        """Seat a bot (it plays sensibly by the game's own policy)."""

        async def work(reply: Reply) -> None:
            answer = await self.seating.add_bot(channel_of(interaction), interaction.user.id)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @bots.command(name="remove")
    async def bot_remove(self, interaction: discord.Interaction) -> None:
        """Free the last seat a bot took."""

        async def work(reply: Reply) -> None:
            answer = await self.seating.remove_bot(channel_of(interaction), interaction.user.id)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="substitute")
    @app_commands.describe(
        player="The seated player to replace (for example one who left)",
        member="Who takes the seat over; leave empty for a bot",
    )
    async def substitute(
        self,
        interaction: discord.Interaction,
        player: discord.Member,
        member: discord.Member | None = None,
    ) -> None:
        """Replace a player mid-game with another member or a bot (host or Manage Server)."""

        async def work(reply: Reply) -> None:
            answer = await self.seating.substitute(
                channel_of(interaction),
                interaction.user.id,
                Player(id=player.id, name=player.display_name),
                can_manage=can_manage(interaction),
                by=None if member is None else Player(id=member.id, name=member.display_name),
            )
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="return")
    async def return_(self, interaction: discord.Interaction) -> None:
        """Take your seat back after the bot played for you (acting does it too)."""

        async def work(reply: Reply) -> None:
            answer = await self.seating.returned(channel_of(interaction), interaction.user.id)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="list")
    async def list_(self, interaction: discord.Interaction) -> None:
        """The server's running games: which, where, whose turn and their time left."""

        async def work(reply: Reply) -> None:
            answer = await absence.games_in(self.service, interaction.guild_id or 0)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="mine")
    async def mine(self, interaction: discord.Interaction) -> None:
        """Every game of this server waiting for your move, with links (only you see it)."""

        async def work(reply: Reply) -> None:
            guild = interaction.guild_id or 0
            answer = await absence.waiting_for(self.service, guild, reply.user_id)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PRIVATE)
