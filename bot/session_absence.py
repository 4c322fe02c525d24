"""`/game clock`, `/game bot`, `/game substitute`, `/game return`, `/game list`, `/game mine`:
games that last days (part of the `/game` cog)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.replies import Ack, Reply
from bot.session_parts import CogParts, can_manage
from bot.table import channel_of
from games.engine import Player
from table import absence
from table.answers import Message


class AbsenceCommands(CogParts):
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
            settings = absence.clock_settings(mode.value, time, increment, end_after=end_after)
            snap = await self.service.set_clock(
                channel_of(interaction), interaction.user.id, settings
            )
            await self._lobby_write(reply, snap, "clock")

        await self._run(interaction, work, Ack.PUBLIC)

    bots = app_commands.Group(name="bot", description="Fill seats with bots (host, in the lobby)")

    @bots.command(name="add")
    async def bot_add(self, interaction: discord.Interaction) -> None:
        """Seat a bot (it plays sensibly by the game's own policy)."""

        async def work(reply: Reply) -> None:
            snap = await self.service.add_bot(channel_of(interaction), interaction.user.id)
            await self._lobby_write(reply, snap, "bot seat")

        await self._run(interaction, work, Ack.PUBLIC)

    @bots.command(name="remove")
    async def bot_remove(self, interaction: discord.Interaction) -> None:
        """Free the last seat a bot took."""

        async def work(reply: Reply) -> None:
            snap = await self.service.remove_bot(channel_of(interaction), interaction.user.id)
            await self._lobby_write(reply, snap, "bot seat")

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
            by = None if member is None else Player(id=member.id, name=member.display_name)
            snap = await self.service.substitute(
                channel_of(interaction),
                interaction.user.id,
                player.id,
                can_manage=can_manage(interaction),
                by=by,
            )
            reply.mark_saved(snap, "substitute")
            who = "🤖 A bot" if member is None else member.mention
            await reply.publish(
                Message(
                    content=f"{who} now plays {player.display_name}'s seat in "
                    f"{snap.spec.title} game #{snap.session_id}.",
                    mentions=() if member is None else (member.id,),
                )
            )
            self.table.moved(snap)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="return")
    async def return_(self, interaction: discord.Interaction) -> None:
        """Take your seat back after the bot played for you (acting does it too)."""

        async def work(reply: Reply) -> None:
            snap = await self.service.take_back(channel_of(interaction), interaction.user.id)
            reply.mark_saved(snap, "return")
            await reply.publish(
                Message(
                    content=f"👋 {snap.mention(reply.user_id)} is back and plays their own turns."
                )
            )

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="list")
    async def list_(self, interaction: discord.Interaction) -> None:
        """The server's running games: which, where, whose turn and their time left."""

        async def work(reply: Reply) -> None:
            snaps = await self.service.live_in_guild(interaction.guild_id or 0)
            await reply.say(absence.list_text(snaps))

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="mine")
    async def mine(self, interaction: discord.Interaction) -> None:
        """Every game of this server waiting for your move, with links (only you see it)."""

        async def work(reply: Reply) -> None:
            snaps = await self.service.live_in_guild(interaction.guild_id or 0)
            await reply.say(absence.mine_text(snaps, reply.user_id))

        await self._run(interaction, work, Ack.PRIVATE)
