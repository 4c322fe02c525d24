"""Apocalypse Road in Discord: a private hand (card menu, car, how, then the move's results
with previews or a step-by-step builder), simultaneous discard and debris prompts, slash twins."""

from __future__ import annotations

from bot.adapter import GameAdapter, Verbs
from bot.apocalypseroad import ids
from bot.apocalypseroad.board import public_board
from bot.apocalypseroad.commands import ApocalypseRoadCog
from bot.apocalypseroad.hand import hand_board
from bot.apocalypseroad.private import route

ADAPTER = GameAdapter(
    key="apocalypseroad",
    cog=ApocalypseRoadCog,
    verbs=Verbs(
        namespace=ids.ArId.PREFIX,
        codec=ids.ArId,
        handlers=dict.fromkeys(
            (ids.HAND, ids.CARD, ids.CAR, ids.STEP, ids.OPTION, ids.DISCARD, ids.TRACK, ids.PICK),
            route,
        ),
    ),
    board=public_board,
    private=hand_board,
)

__all__ = ["ADAPTER"]
