"""Every game's part of the table, by game key: the one explicit list the host is given.

Adding a game adds one line here (and its `games/`, `render/`, `table/` packages and its
commands in `bot/commands/`); nothing registers itself by being imported.
"""

from __future__ import annotations

from table.apocalypseroad import TABLE as APOCALYPSE_ROAD
from table.dragrage import TABLE as DRAG_RAGE
from table.gametable import GameTable
from table.roadwolf import TABLE as ROAD_WOLF
from table.rushncrush import TABLE as RUSH_N_CRUSH
from table.spacetruckin import TABLE as SPACE_TRUCKIN

_MOVED: tuple[GameTable, ...] = (  # each game's TABLE, as it moves to table/<game>/
    DRAG_RAGE,
    SPACE_TRUCKIN,
    RUSH_N_CRUSH,
    APOCALYPSE_ROAD,
    ROAD_WOLF,
)

TABLES: dict[str, GameTable] = {game.key: game for game in _MOVED}
