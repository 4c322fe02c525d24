"""`/apocalypseroad ...`: the slash twins of the hand's menus and buttons.

Cards are named by their place in your hand (1-6, as the hand image numbers them), cars by
number (your own) or by team letter and number (`B3`, a target). A typed move is previewed
first; `play:True` plays it at once. What each does is the table's
(`table.apocalypseroad.typed`); this parses the options and delivers the answer.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Reply
from bot.table import TableCog, channel_of
from table.answers import Answer
from table.apocalypseroad import typed

Ask = Callable[[int, int], Awaitable[Answer]]
"""(user id, channel id) -> the table's answer."""


@app_commands.guild_only()
class ApocalypseRoadCog(
    TableCog,
    commands.GroupCog,
    group_name="apocalypseroad",
    group_description="Apocalypse Road moves (the hand's menus and buttons do the same)",
):
    """Slash commands of Apocalypse Road."""

    async def _answer(self, interaction: discord.Interaction, ask: Ask) -> None:
        """Acknowledge, ask the table for this user in this channel, deliver its answer."""

        async def work(reply: Reply) -> None:
            answer = await ask(interaction.user.id, channel_of(interaction))
            await self.table.deliver(reply, answer)

        await self._run(interaction, work)

    @app_commands.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """Show your hand and team mat, with the menus for your move (only you see it)."""
        await self._answer(
            interaction, lambda user, channel: typed.hand(self.table.host, user, channel)
        )

    @app_commands.command(name="track")
    async def track(self, interaction: discord.Interaction) -> None:
        """Show the whole track with every car (only you see it)."""
        await self._answer(interaction, lambda _, channel: typed.track(self.table.host, channel))

    @app_commands.command(name="play")
    @app_commands.describe(
        card="The card's place in your hand (1-6, as your hand image numbers them)",
        car="Your car that plays it (its number, 1-8): one that has not moved this turn",
        fire_first="Fire before moving at this car (team letter and number, e.g. B3)",
        ram_lead="A Ram card: move as Lead (pulling the cars behind) instead of Solo",
    )
    async def play(
        self,
        interaction: discord.Interaction,
        card: app_commands.Range[int, 1, 6],
        car: app_commands.Range[int, 1, 8],
        fire_first: app_commands.Range[str, 1, 4] | None = None,
        ram_lead: bool = False,
    ) -> None:
        """Play a race card for one of your cars."""
        await self._answer(
            interaction,
            lambda user, channel: typed.play_card(
                self.table.host, user, channel, card, car, fire_first=fire_first, ram_lead=ram_lead
            ),
        )

    @app_commands.command(name="move")
    @app_commands.describe(
        path="Steps: F forward, L/R a lane in/out, DL/DR diagonal, X overtake (e.g. `F F L F`)",
        play="Play it at once instead of previewing it first (default: preview)",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        path: app_commands.Range[str, 0, 120] = "",
        play: bool = False,
    ) -> None:
        """Preview a move (where every car ends), then play it with one tap."""
        await self._answer(
            interaction,
            lambda user, channel: typed.move(self.table.host, user, channel, path, play=play),
        )

    @app_commands.command(name="fire")
    @app_commands.describe(
        target="The car to fire at (team letter and number, e.g. B3); leave it out to hold fire"
    )
    async def fire(
        self, interaction: discord.Interaction, target: app_commands.Range[str, 1, 4] | None = None
    ) -> None:
        """Fire after moving (or hold fire)."""
        await self._answer(
            interaction, lambda user, channel: typed.fire(self.table.host, user, channel, target)
        )

    @app_commands.command(name="discard")
    @app_commands.describe(cards="Places in your hand to discard, e.g. `1 4` (leave out: keep all)")
    async def discard(
        self, interaction: discord.Interaction, cards: app_commands.Range[str, 0, 20] = ""
    ) -> None:
        """End of turn: discard the cards you do not want."""
        places = [int(p) for p in re.findall(r"\d+", cards)]
        await self._answer(
            interaction,
            lambda user, channel: typed.discard(self.table.host, user, channel, places),
        )

    @app_commands.command(name="debris")
    @app_commands.describe(car="Your car that takes the Dangerous Debris damage (its number)")
    async def debris(
        self, interaction: discord.Interaction, car: app_commands.Range[int, 1, 8]
    ) -> None:
        """Dangerous Debris: choose which of your cars takes the damage."""
        await self._answer(
            interaction, lambda user, channel: typed.debris(self.table.host, user, channel, car)
        )


__all__ = ["ApocalypseRoadCog"]
