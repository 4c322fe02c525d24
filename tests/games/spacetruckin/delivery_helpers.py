"""Shared pieces of the delivery tests: a small hand-drawn truck, boxes, accepting a result."""

from __future__ import annotations

from games.engine import LoadedDice, Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import (
    Accept,
    Sheet,
    SpaceTruckinState,
)
from tests.games.spacetruckin.helpers import place

P1 = 100
GAS_GIANT = 0  # location A of the test chart
DERELICT = 5  # location F (also where pirates strike)


def truck(specialty: str = "Grizzled") -> Sheet:
    """A small hand-drawn Mauler: two Engines, two Quarters, Weapons, Reactor, two Cargo."""
    s = Sheet(player=P1, specialty_dice=(4, 4), specialty=specialty, truck="Mauler")  # type: ignore[arg-type]
    s = place(s, "Engine", ((9, 2), (9, 3), (10, 2), (10, 3)), (9, 2))
    s = place(s, "Engine", ((9, 7), (9, 8), (10, 7), (10, 8)), (10, 8))
    s = place(s, "Quarters", ((1, 4), (2, 4), (3, 4), (3, 3)), (1, 4))
    s = place(s, "Quarters", ((1, 6), (2, 6), (3, 6), (3, 7)), (3, 7))
    s = place(s, "Weapons", ((0, 1), (1, 1), (2, 1), (2, 2)), (0, 1))
    s = place(s, "Reactor", ((4, 5), (5, 5), (6, 5), (7, 5)), (5, 5))
    s = place(s, "Cargo", ((5, 2), (5, 3), (6, 2), (6, 3)), (6, 3))
    return place(s, "Cargo", ((5, 7), (5, 8), (6, 7), (6, 8)), (5, 7))


def boxes(top: str, bottom: str) -> tuple[int, ...]:
    return tuple(int(d) for d in top + bottom)


def accept(state: SpaceTruckinState, dice: list[int] | None = None) -> SpaceTruckinState:
    return SPEC.apply(state, P1, Accept(), LoadedDice(dice) if dice else Rng(0)).state
