"""Space Truckin' at the table: the private sheet with its menus and stepped choices (`st:`
steps that redraw it, or play a move named in short), and the moves typed as `/spacetruckin`
commands."""

from __future__ import annotations

from table.gametable import GameTable, Verbs
from table.spacetruckin import ids
from table.spacetruckin.sheet import sheet_board
from table.spacetruckin.toward import toward
from table.spacetruckin.verbs import KEY, STAGE_OF_VERB, play, redraw

TABLE = GameTable(
    key=KEY,
    verbs=Verbs(
        namespace=ids.StId.PREFIX,
        codec=ids.StId,
        handlers={
            **dict.fromkeys((ids.SHEET, *STAGE_OF_VERB), redraw),
            **dict.fromkeys((ids.WHOLE, ids.FREE, ids.FILL, ids.TWEAK, ids.MOVE), play),
        },
    ),
    private=sheet_board,
    toward=toward,
)

__all__ = ["TABLE"]
