"""Road Wolf at the table: a private panel per side (vehicles, actions, a three-tap move with a
preview), a public board with "My panel" and "Whole road"; `/roadwolf` twins its buttons
(`table.roadwolf.commands`)."""

from __future__ import annotations

from table.answers import Placeholder
from table.gametable import GameTable, Verbs
from table.roadwolf import boarding, ids, setup
from table.roadwolf.board import public_board
from table.roadwolf.panel import panel_board
from table.roadwolf.verbs import route

TABLE = GameTable(
    key="roadwolf",
    verbs=Verbs(
        namespace=ids.RwId.PREFIX,
        codec=ids.RwId,
        handlers=dict.fromkeys(
            (
                ids.PANEL,
                ids.VEHICLE,
                ids.MOVE,
                ids.LATERAL,
                ids.PREVIEW,
                ids.TOKENS,
                ids.ROAD,
                ids.DO,
                ids.GO,
                setup.SETUP,
                setup.PLACE,
                setup.CREW,
                boarding.BOARD,
            ),
            route,
        ),
        placeholders={ids.ROAD: Placeholder.PRIVATE},
    ),
    board=public_board,
    private=panel_board,
)

__all__ = ["TABLE"]
