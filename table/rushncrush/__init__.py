"""Rush 'n' Crush at the table: gear buttons and a gear menu on the board, the private path
builder and preview (its `rnc:` verbs)."""

from __future__ import annotations

from table.gametable import GameTable, Verbs
from table.rushncrush import ids
from table.rushncrush.board import public_board
from table.rushncrush.verbs import HANDLERS

TABLE = GameTable(
    key="rushncrush",
    verbs=Verbs(namespace=ids.RncId.PREFIX, codec=ids.RncId, handlers=HANDLERS),
    board=public_board,
)

__all__ = ["TABLE"]
