"""`/game log`, `/game history`, `/game verify`, `/game replay`, `/game undo`: the table's
past (part of the `/game` cog). What they decide and show is `table.history`'s."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands.game.part import GamePart
from bot.replies import Ack, Reply
from bot.table import channel_of
from table import replays
from table.answers import Answer
from table.service import ServiceError


class HistoryCommands(GamePart):
    """The latest moves, finished games, dice verification, replays and take-backs."""

    @app_commands.command(name="log")
    @app_commands.describe(last="How many of the latest moves to show (1-50)")
    async def log(
        self, interaction: discord.Interaction, last: app_commands.Range[int, 1, 50] = 15
    ) -> None:
        """Show the latest moves and dice of this channel's game."""

        async def work(reply: Reply) -> None:
            answer = await self.past.log(channel_of(interaction), reply.user_id, last)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="history")
    async def history(self, interaction: discord.Interaction) -> None:
        """This channel's finished games: which, when, who won, how long (only you see it)."""

        async def work(reply: Reply) -> None:
            await self.table.deliver(reply, await self.past.history(channel_of(interaction)))

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="verify")
    async def verify(self, interaction: discord.Interaction) -> None:
        """Check this channel's last finished game: every die re-derived from its seed."""

        async def work(reply: Reply) -> None:
            await self.table.deliver(reply, await self.past.verify(channel_of(interaction)))

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="replay")
    @app_commands.describe(number="Which finished game (its #number; default: the last one here)")
    async def replay(
        self,
        interaction: discord.Interaction,
        number: app_commands.Range[int, 1, 10**15] | None = None,
    ) -> None:
        """The animated replay of a finished game of this channel (public)."""

        async def work(reply: Reply) -> None:
            snap = await self.past.replayed(channel_of(interaction), number)
            try:
                board = await replays.replay_for(self.service, self.table.renderer, snap)
            except replays.ReplayError as exc:
                raise ServiceError(str(exc)) from None
            await self.table.deliver(reply, Answer(public=board))

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="undo")
    async def undo(self, interaction: discord.Interaction) -> None:
        """Ask to take back your last move (no die rolled, nothing hidden revealed, nobody
        has acted since); the others agree with a button, one no refuses it."""

        async def work(reply: Reply) -> None:
            await self.table.deliver(
                reply, await self.past.undo(channel_of(interaction), reply.user_id)
            )

        await self._run(interaction, work, Ack.PUBLIC)
