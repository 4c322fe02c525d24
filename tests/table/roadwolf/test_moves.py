"""What a vehicle's panel offers to move to (`table/roadwolf/moves.py`)."""

from __future__ import annotations

import pytest

from games.engine import GameError, Rng
from games.roadwolf import SPEC
from games.roadwolf.model import MoveAction
from games.roadwolf.preview import preview
from table.roadwolf.ids import Planned
from table.roadwolf.moves import displacements
from table.snapshot import Snapshot
from tests.bot.records import started
from tests.games.roadwolf.helpers import P1, P2, Car
from tests.games.roadwolf.test_gauntlet import gauntlet

RECORD = started("roadwolf", [(P1, "Ann"), (P2, "Bob")])


def test_no_move_offered_rams_another_sides_courier() -> None:
    """GAUNTLET line 213, "Couriers may not attack each other": a ram is an attack, so no end
    the panel offers rams Bob's Courier N, and the rules accept every end it offers."""
    state = gauntlet([Car("A", "coupe", 10, 20), Car("N", "coupe", 10, 25, side=1)])
    rams = [
        (dx, dy)
        for dx in range(-2, 3)
        for dy in range(1, 5)
        if preview(state, "A", "move", dx, dy).ram == "N"
    ]
    assert rams, "the position must have moves that would ram N"
    offered = displacements(Snapshot(RECORD, SPEC, state), P1, Planned("A", "move"))
    assert offered and not set(rams) & set(offered)
    for dx, dy in offered:
        try:
            SPEC.apply(state, P1, MoveAction(vehicle="A", dx=dx, dy=dy), Rng(1))
        except GameError as refused:
            pytest.fail(f"offered {dx},{dy} but refused: {refused}")
