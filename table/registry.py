"""Every game's part of the table, by game key: the one explicit list the host is given.

Adding a game adds one line here (and its `games/`, `render/`, `table/` packages and its
commands in `bot/commands/`); nothing registers itself by being imported.
"""

from __future__ import annotations

from table.dragrage import TABLE as DRAG_RAGE
from table.gametable import GameTable

_MOVED: tuple[GameTable, ...] = (DRAG_RAGE,)  # each game's TABLE, as it moves to table/<game>/

TABLES: dict[str, GameTable] = {game.key: game for game in _MOVED}
