"""`/stats` and `/leaderboard`: a member's record and a server's ranking (what they show is
`table.stats`'s and `table.leaderboard`'s; the pages' buttons are the host's `lb:` verbs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands.game.part import GAME_CHOICES
from bot.replies import Ack, Reply, funnel
from games.engine import Player
from table import stats
from table.answers import Answer
from table.leaderboard import MIN_GAMES, leaderboard_page

if TYPE_CHECKING:
    from bot.table import Table


def _player(member: discord.Member | discord.User) -> Player:
    return Player(id=member.id, name=member.display_name)


class RatingsCog(commands.Cog):
    """`/stats`, `/leaderboard`."""

    def __init__(self, table: Table) -> None:
        self.table = table
        super().__init__()

    @app_commands.command(name="stats")
    @app_commands.describe(
        member="Whose record (default: yours)",
        game="Only this game (default: every game, the most played first)",
        versus="Also show head-to-head against this member",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        game: app_commands.Choice[str] | None = None,
        versus: discord.Member | None = None,
    ) -> None:
        """A member's games, wins, rating and its trend, time to move, streak and head-to-head."""

        async def work(reply: Reply) -> None:
            answer = await stats.stats(
                self.table.service,
                guild_id=interaction.guild_id,
                member=_player(member or interaction.user),
                game_key=game.value if game else None,
                versus=_player(versus) if versus else None,
            )
            await self.table.deliver(reply, answer)

        await funnel(interaction, work, ack=Ack.PUBLIC)

    @app_commands.command(name="leaderboard")
    @app_commands.describe(
        game="Which game (default: the one most members have played here)",
        min_games="Counted games a member needs to appear (default 3)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        min_games: app_commands.Range[int, 1, 999] = MIN_GAMES,
    ) -> None:
        """This server's ranking in a game, best rating first, a page at a time."""

        async def work(reply: Reply) -> None:
            page = await leaderboard_page(
                self.table.service,
                guild_id=interaction.guild_id,
                game_key=game.value if game else None,
                min_games=min_games,
            )
            await self.table.deliver(reply, Answer(public=page))

        await funnel(interaction, work, ack=Ack.PUBLIC)
