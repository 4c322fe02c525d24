"""Rush 'n' Crush in Discord: gear buttons and a gear menu on the board, private path builder
and preview."""

from __future__ import annotations

from bot.adapter import GameAdapter, Verbs
from bot.rushncrush import ids
from bot.rushncrush.board import public_board
from bot.rushncrush.commands import RushNCrushCog
from bot.rushncrush.private import route

ADAPTER = GameAdapter(
    key="rushncrush",
    cog=RushNCrushCog,
    verbs=Verbs(
        namespace=ids.RncId.PREFIX,
        codec=ids.RncId,
        handlers=dict.fromkeys(
            (ids.BUILD, ids.STEP, ids.PREVIEW, ids.COURSE, ids.MORE, ids.PICK, ids.CANCEL),
            route,
        ),
    ),
    board=public_board,
)

__all__ = ["ADAPTER"]
