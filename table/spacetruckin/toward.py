"""Which of the sheet's own controls make a move or lead to it (`GameTable.toward`): each as
`st:<verb>=<value>`, the value a menu option carries or a button's payload. The table's action
buttons (`rl:a`) name their move in their custom_id; these controls name it in the short forms
of `yard.py`, `fill.py` and `choices.py`, read back here."""

from __future__ import annotations

from games.engine import Model
from games.spacetruckin.grid import covered_cells
from games.spacetruckin.models import (
    Accept,
    BuildAt,
    Fill,
    FreeChoice,
    Hit,
    HitTwo,
    Mark,
    Place,
    Tweak,
)
from table.spacetruckin import ids
from table.spacetruckin.ahead import move_value, says_ahead
from table.spacetruckin.fill import fill_code
from table.spacetruckin.yard import build_code, free_code, whole_code


def _key(verb: str, value: str) -> str:
    return f"{ids.StId.PREFIX}:{verb}={value}"


def toward(action: Model) -> tuple[str, ...]:
    """The controls on the way to `action`: the one that makes it first, then its steps (a
    way at a spot, the spot, a box, a first loss), the furthest in first."""
    return tuple(_key(verb, value) for verb, value in toward_keys(action))


def toward_keys(action: Model) -> list[tuple[str, str]]:
    """`toward` as (verb, value) pairs."""
    keys: list[tuple[str, str]] = []
    if isinstance(action, BuildAt):
        place = Place(anchor=action.anchor, rotation=action.rotation, flip=action.flip)
        code, tail = build_code(action), free_code(action.free)
        start = covered_cells(action.anchor, action.shape, action.rotation, action.flip)[0]
        keys.append((ids.WHOLE, whole_code(action)))
        keys.append((ids.SPOT, f"{code}.{ids.place_code(place)}{tail}"))
        keys.append((ids.SPOT, f"{code}.{start}{tail}"))
        if action.free is None:
            keys.append((ids.SPOT, start))  # a crowded menu's grid
        else:  # not offered with the system: the free choice first, then the system
            keys += toward_keys(action.free)
    elif isinstance(action, Place):
        keys += [(ids.PREVIEW, ids.place_code(action)), (ids.ANCHOR, ids.place_code(action))]
        keys.append((ids.ANCHOR, action.anchor))
    elif isinstance(action, FreeChoice):
        keys += [(ids.FREE, f"{action.die}.{action.face}"), (ids.FREE_STEP, "")]
    elif isinstance(action, Fill):
        keys += [(ids.FILL, fill_code(action)), (ids.FIRST_BOX, action.first)]
    elif isinstance(action, Accept | Mark | Hit | HitTwo) and says_ahead(action):
        keys.append((ids.MOVE, move_value(action)))
    elif isinstance(action, Tweak):
        keys.append((ids.TWEAK, f"{action.box}.{action.effect}.{action.pip}"))
        keys += [(ids.TWEAK_EFFECT, f"{action.box}.{action.effect}.{page}") for page in range(9)]
        keys.append((ids.TWEAK_BOX, action.box))
    elif isinstance(action, HitTwo):
        first = ids.NO_PIECE if action.system_piece is None else str(action.system_piece)
        keys += [(ids.MOVE, move_value(action)), (ids.FIRST_HIT, first)]
    return keys
