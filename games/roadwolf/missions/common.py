"""Helpers the missions share: neutral pieces, free letters, a vehicle's enemies."""

from __future__ import annotations

from games.roadwolf.data import vehicle_class
from games.roadwolf.model import RwState, Side, Vehicle
from games.roadwolf.table import Ctx

NEUTRAL_LETTER = "M"
"""No side's letters (A–L, N–Y; A1…F99 with more sides) use M: neutral pieces are M, M1…"""


def add_neutral(ctx: Ctx, key: str, letter: str, *, traits: tuple[str, ...] = ()) -> Vehicle:
    """A piece no side drives: its crew is public (a civilian's driver, the truck's Veteran),
    and it carries no gear (it never acts)."""
    vehicle = ctx.add_vehicle(vehicle_class(key), 0, letter)
    crew = tuple(t.model_copy(update={"revealed": True}) for t in vehicle.crew)
    return ctx.update(letter, neutral=True, traits=traits, crew=crew, gear=(), placed=True)


def free_letter(ctx: Ctx, side: Side) -> str | None:
    """The next letter no vehicle of the game uses, for a vehicle joining `side` mid-game;
    None once every letter of the side is taken (108 with two sides: A–L, then A2…L9)."""
    from games.roadwolf.build import side_letters

    return next((x for x in side_letters(side, len(ctx.sides)) if x not in ctx.vehicles), None)


def alive(vehicle: Vehicle) -> bool:
    return vehicle.on_board and not vehicle.wreck


def nearest(state: RwState, vehicle: Vehicle, others: list[Vehicle]) -> list[Vehicle]:
    """`others` nearest first (by rows and columns)."""
    return sorted(others, key=lambda o: abs(o.y - vehicle.y) + abs(o.x - vehicle.x))
