"""Every game's part of the table, by game key: the one explicit list the host is given.

Adding a game adds one line here (and its `games/`, `render/`, `table/` packages and its
commands in `bot/commands/`); nothing registers itself by being imported.
"""

from __future__ import annotations

from table.gametable import GameTable
from table.roadwolf import TABLE as ROAD_WOLF

_MOVED: tuple[GameTable, ...] = (ROAD_WOLF,)  # each game's TABLE, as it moves to table/<game>/

TABLES: dict[str, GameTable] = {game.key: game for game in _MOVED}
