"""Road Wolf in Discord: a private panel per side (vehicles, actions, a three-tap move with a
preview), a public board with "My panel" and "Whole road", and `/roadwolf` slash twins."""

from __future__ import annotations

from bot.adapter import GameAdapter, Verbs
from bot.replies import Ack
from bot.roadwolf import boarding, ids, setup
from bot.roadwolf.board import public_board
from bot.roadwolf.commands import RoadWolfCog
from bot.roadwolf.panel import panel_board
from bot.roadwolf.private import route

ADAPTER = GameAdapter(
    key="roadwolf",
    cog=RoadWolfCog,
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
        acks={ids.ROAD: Ack.PRIVATE},
    ),
    board=public_board,
    private=panel_board,
)

__all__ = ["ADAPTER"]
