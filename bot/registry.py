"""Every game's Discord adapter, by game key: the one explicit list the bot wires at start-up.

Adding a game adds one line here (and its `games/`, `render/` and `bot/` packages); nothing
registers itself by being imported. Tests check this list matches `games.registry.GAMES`.
"""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.apocalypseroad import ADAPTER as APOCALYPSE_ROAD
from bot.commands.dragrage import DragRageCog
from bot.roadwolf import ADAPTER as ROAD_WOLF
from bot.rushncrush import ADAPTER as RUSH_N_CRUSH
from bot.spacetruckin import ADAPTER as SPACE_TRUCKIN

DRAG_RAGE = GameAdapter(key="dragrage", cog=DragRageCog)  # its buttons are the shared ones

ADAPTERS: dict[str, GameAdapter] = {
    adapter.key: adapter
    for adapter in (DRAG_RAGE, SPACE_TRUCKIN, RUSH_N_CRUSH, APOCALYPSE_ROAD, ROAD_WOLF)
}
