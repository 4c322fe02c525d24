"""Every game's slash commands, by game key: the one explicit list the bot wires at start-up.

Adding a game adds one line here (and its `games/`, `render/` and `table/` packages and its
cog in `bot/commands/`); nothing registers itself by being imported. Tests check this list
matches `games.registry.GAMES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.commands.apocalypseroad import ApocalypseRoadCog
from bot.commands.dragrage import DragRageCog
from bot.commands.roadwolf import RoadWolfCog
from bot.commands.rushncrush import RushNCrushCog
from bot.commands.spacetruckin import SpaceTruckinCog
from bot.table import Table

if TYPE_CHECKING:
    from discord.ext import commands

COGS: dict[str, Callable[[Table], commands.Cog]] = {
    "dragrage": DragRageCog,
    "spacetruckin": SpaceTruckinCog,
    "rushncrush": RushNCrushCog,
    "apocalypseroad": ApocalypseRoadCog,
    "roadwolf": RoadWolfCog,
}
