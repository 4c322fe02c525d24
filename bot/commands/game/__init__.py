"""`/game ...`: the session lifecycle, the same for every game. The cog is assembled from
command sets by subject: the lobby and its seats (`lobby`), games that last days (`days`),
looking at the table (`looking`), the table's past (`history`); what each command decides
and shows is the table's (`table.seating`, `table.history`, `table.status`, ...)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.commands.game.days import DaysCommands
from bot.commands.game.history import HistoryCommands
from bot.commands.game.lobby import LobbyCommands
from bot.commands.game.looking import LookingCommands


@app_commands.guild_only()
class GameCog(
    LobbyCommands,
    DaysCommands,
    LookingCommands,
    HistoryCommands,
    commands.GroupCog,
    group_name="game",
    group_description="Start, join and run games",
):
    """The lobby and everything around a game."""
