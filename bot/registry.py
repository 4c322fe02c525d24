"""Every game's Discord adapter, by game key: the one explicit list the bot wires at start-up.

Adding a game adds one line here (and its `games/`, `render/` and `bot/` packages); nothing
registers itself by being imported. Tests check this list matches `games.registry.GAMES`.
"""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.apocalypseroad import ADAPTER as APOCALYPSE_ROAD
from bot.commands.roadwolf import RoadWolfCog
from bot.dragrage import ADAPTER as DRAG_RAGE
from bot.rushncrush import ADAPTER as RUSH_N_CRUSH
from bot.spacetruckin import ADAPTER as SPACE_TRUCKIN

ROAD_WOLF = GameAdapter(key="roadwolf", cog=RoadWolfCog)

ADAPTERS: dict[str, GameAdapter] = {
    adapter.key: adapter
    for adapter in (DRAG_RAGE, SPACE_TRUCKIN, RUSH_N_CRUSH, APOCALYPSE_ROAD, ROAD_WOLF)
}
