"""What the mission bots share: the MOVE that scores best by its preview, against staying put."""

from __future__ import annotations

from collections.abc import Callable

from games.roadwolf import geometry as geo
from games.roadwolf.actions import Action, MoveAction
from games.roadwolf.model import RwState, Vehicle
from games.roadwolf.preview import Preview, preview
from games.roadwolf.table import rect_of

STAY_MARGIN = 0.5
"""A move must beat staying put by more than this to be worth making."""


def best_move(
    state: RwState, vehicle: Vehicle, moves: list[MoveAction], value: Callable[[Preview], float]
) -> Action | None:
    """The listed MOVE whose preview `value` scores highest; None if none beats staying put
    (scored as a zero move) by more than `STAY_MARGIN`."""
    here = rect_of(vehicle)
    stay = Preview(kind="move", dx=0, dy=0, path=(), ghost=here, off_road=geo.is_off_road(here))
    best: tuple[float, Action] | None = None
    for action in moves:
        score = value(preview(state, vehicle.letter, action.kind, action.dx, action.dy))
        if best is None or score > best[0]:
            best = (score, action)
    if best is None or best[0] <= value(stay) + STAY_MARGIN:
        return None
    return best[1]
