"""DERAILED's train faces (text line 216), shared by the mission's ram hook
(`missions/derailed_train.py`) and the move preview (`preview.py`, which may not import the
missions package): which face of the train a vehicle met, and the dice of the train's ram."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.model import Vehicle
from games.roadwolf.table import rect_of

FRONT_RAM_DICE = 6
"""Line 216: "Any vehicle hit by the front of the train is rammed by 6 dice"."""
SIDE_RAM_DICE = 3
"""Line 216: "Any vehicle colliding with the side of the train should be treated as BEING
RAMMED by the train, with 3 dice"."""


def hits_front(car: Vehicle, box: geo.Rect) -> bool:
    """Whether `box`, stopped against the train car `car`, met the Engine's FRONT face (line
    216: "Any vehicle hit by the front of the train"): ahead of its front edge and across its
    columns, however the two came together (the train driving, a vehicle driving, braking or
    skidding into it, a wreck drifting back onto it). A touch at a corner only, or any other
    face, is the side of the train."""
    if "engine" not in car.traits:
        return False
    engine = rect_of(car)
    ahead = box.y >= engine.front - float(geo.SUB_STEP)
    return ahead and box.x < engine.right and engine.x < box.right


def train_warning(car: Vehicle, box: geo.Rect, vehicle: Vehicle) -> tuple[tuple[int, int], str]:
    """The preview of `vehicle` stopping at `box` against the train car `car`: the ram's dice
    (the train's, the vehicle's) and the warning to show."""
    theirs = max(1, vehicle.remaining)
    if hits_front(car, box):
        throw = "then you are thrown 1 stick in a random direction"
        words = f"the train's FRONT rams you: {FRONT_RAM_DICE} dice against your {theirs}, {throw}"
        return (FRONT_RAM_DICE, theirs), words
    return (
        SIDE_RAM_DICE,
        theirs,
    ), f"the train rams you: {SIDE_RAM_DICE} dice against your {theirs}"
