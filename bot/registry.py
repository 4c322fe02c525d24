"""Every game's commands, by game key: the one explicit list the bot wires at start-up.

Adding a game adds one line here (and its `games/`, `render/` and `table/` packages and its
cog in `bot/commands/`); nothing registers itself by being imported. Tests check this list
matches `games.registry.GAMES`.
"""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.commands.apocalypseroad import ApocalypseRoadCog
from bot.commands.dragrage import DragRageCog
from bot.commands.roadwolf import RoadWolfCog
from bot.commands.rushncrush import RushNCrushCog
from bot.commands.spacetruckin import SpaceTruckinCog

DRAG_RAGE = GameAdapter(key="dragrage", cog=DragRageCog)
SPACE_TRUCKIN = GameAdapter(key="spacetruckin", cog=SpaceTruckinCog)
RUSH_N_CRUSH = GameAdapter(key="rushncrush", cog=RushNCrushCog)
APOCALYPSE_ROAD = GameAdapter(key="apocalypseroad", cog=ApocalypseRoadCog)
ROAD_WOLF = GameAdapter(key="roadwolf", cog=RoadWolfCog)

ADAPTERS: dict[str, GameAdapter] = {
    adapter.key: adapter
    for adapter in (DRAG_RAGE, SPACE_TRUCKIN, RUSH_N_CRUSH, APOCALYPSE_ROAD, ROAD_WOLF)
}
