"""Apocalypse Road at the table: a private hand (card menu, car, how, then the move's results
with previews or a step-by-step builder), simultaneous discard and debris prompts; what the
typed `/apocalypseroad` commands do (`typed.py`)."""

from __future__ import annotations

from table.apocalypseroad import ids, verbs
from table.apocalypseroad.board import KEY, public_board
from table.apocalypseroad.hand import hand_board
from table.apocalypseroad.suggest import toward
from table.gametable import GameTable, Verbs

TABLE = GameTable(
    key=KEY,
    verbs=Verbs(
        namespace=ids.ArId.PREFIX,
        codec=ids.ArId,
        handlers={
            ids.HAND: verbs.hand,
            ids.CARD: verbs.card,
            ids.CAR: verbs.car,
            ids.STEP: verbs.step,
            ids.OPTION: verbs.option,
            ids.DISCARD: verbs.discard,
            ids.TRACK: verbs.track,
            ids.PICK: verbs.pick,
            ids.PLAY: verbs.play,
            ids.GO: verbs.go,
            ids.MOVE: verbs.move,
        },
    ),
    board=public_board,
    private=hand_board,
    toward=toward,
)

__all__ = ["TABLE"]
