"""`/season ...`: a series of races in a channel that adds up (what it decides and shows is
`table.seasons`'s; "Next race of the season" is the host's `season:` verb)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands.game.part import GAME_CHOICES
from bot.replies import Ack, Reply, funnel
from bot.table import channel_of, player_of
from table import seasons
from table.answers import Answer

if TYPE_CHECKING:
    from bot.table import Table


class SeasonCog(
    commands.GroupCog, group_name="season", group_description="Seasons: races that add up"
):
    """Open a season, join it, open its next race, see its standings."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    async def _public(
        self, interaction: discord.Interaction, answer: Callable[[], Awaitable[Answer]]
    ) -> None:
        async def work(reply: Reply) -> None:
            await self.table.deliver(reply, await answer())

        await funnel(interaction, work, ack=Ack.PUBLIC)

    @app_commands.command(name="new")
    @app_commands.describe(
        name="The season's name, e.g. Autumn Cup",
        game="The game every race is played in",
        races="How many races it lasts (1-50)",
        points="Points for 1st, 2nd, ..., e.g. 25-18-15-12-10-8 (default: the game's)",
        role="Only members with this role may join (default: anyone)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        game: app_commands.Choice[str],
        races: app_commands.Range[int, 1, seasons.MAX_RACES],
        points: app_commands.Range[str, 1, 100] | None = None,
        role: discord.Role | None = None,
    ) -> None:
        """Open a season in this channel: a series of races whose points add up."""
        await self._public(
            interaction,
            lambda: seasons.new_season(
                self.service,
                guild_id=interaction.guild_id,
                channel_id=channel_of(interaction),
                creator=player_of(interaction),
                name=name,
                game_key=game.value,
                races=races,
                points=points,
                role_id=role.id if role else None,
            ),
        )

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Join this channel's season."""
        roles = tuple(r.id for r in getattr(interaction.user, "roles", ()))
        await self._public(
            interaction,
            lambda: seasons.join(
                self.service, channel_of(interaction), player_of(interaction), roles
            ),
        )

    @app_commands.command(name="race")
    async def race(self, interaction: discord.Interaction) -> None:
        """Open the season's next race here, every member seated (you host it)."""
        await self._public(
            interaction,
            lambda: seasons.next_race(
                self.service, channel_of(interaction), player_of(interaction)
            ),
        )

    @app_commands.command(name="standings")
    async def standings(self, interaction: discord.Interaction) -> None:
        """This channel's season table, as an image and in words."""
        await self._public(
            interaction, lambda: seasons.standings(self.service, channel_of(interaction))
        )
