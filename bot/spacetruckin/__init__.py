"""Space Truckin' in Discord: private sheets with menus and two-tap choices, slash twins."""

from __future__ import annotations

from bot.adapter import GameAdapter, Verbs
from bot.spacetruckin import ids
from bot.spacetruckin.commands import SpaceTruckinCog, redraw
from bot.spacetruckin.sheet import sheet_board

ADAPTER = GameAdapter(
    key="spacetruckin",
    cog=SpaceTruckinCog,
    verbs=Verbs(
        namespace=ids.StId.PREFIX,
        codec=ids.StId,
        handlers=dict.fromkeys(
            (
                ids.SHEET,
                ids.ANCHOR,
                ids.PREVIEW,
                ids.SYSTEM,
                ids.FIRST_BOX,
                ids.TWEAK_BOX,
                ids.TWEAK_EFFECT,
                ids.FIRST_HIT,
            ),
            redraw,
        ),
    ),
    private=sheet_board,
)

__all__ = ["ADAPTER"]
