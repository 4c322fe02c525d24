"""Move entry: the typed notation, reach, the preview's ghost and warnings, target lists."""

from __future__ import annotations

import pytest

from games.engine import InvalidAction
from games.roadwolf.model import MoveAction, NitroAction
from games.roadwolf.preview import parse_move, preview, reach, targets, typed_action
from tests.games.roadwolf.helpers import Car, position


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("L2F3", ("move", -2, 3)),
        ("to:R4", ("move", 4, 0)),
        ("F4", ("move", 0, 4)),
        ("B4", ("brake", 0, -4)),
        ("l1b2", ("brake", -1, -2)),
        ("N", ("nitro", 0, 8)),
    ],
)
def test_typed_moves(text: str, parsed: tuple[str, int, int]) -> None:
    """L/R cells sideways, F/B cells forward/back (documented in the rules text)."""
    assert parse_move(text) == parsed


@pytest.mark.parametrize("text", ["", "F", "X3", "F3L2", "L0", "F123"])
def test_unreadable_typed_moves_say_how_to_write_them(text: str) -> None:
    with pytest.raises(InvalidAction):
        parse_move(text)


def test_typed_action() -> None:
    assert typed_action("A", "L2F3") == MoveAction(vehicle="A", dx=-2, dy=3)
    assert typed_action("A", "B2") == MoveAction(kind="brake", vehicle="A", dx=0, dy=-2)
    assert typed_action("A", "N") == NitroAction(vehicle="A")


def test_reach_lists_every_legal_displacement() -> None:
    """1.6: √(dx²+dy²) ≤ 4; MOVE dy ≥ 0, BRAKE dy < 0; NITRO only with a token, on the road."""
    state = position([Car("A", "coupe", 10, 10, tokens=("nitro",))])
    found = reach(state, "A")
    assert (0, 4) in found["move"] and (4, 0) in found["move"] and (3, 3) not in found["move"]
    assert all(dy < 0 for _, dy in found["brake"])
    assert found["nitro"] == [(0, 8)]
    assert "nitro" not in reach(position([Car("A", "coupe", 10, 10)]), "A")


def test_preview_warns_of_a_ram_with_its_dice() -> None:
    """The ghost stops just short of the car ahead; the warning gives both sides' dice."""
    state = position([Car("A", "muscle_car", 10, 0), Car("N", "coupe", 10, 5, side=1)])
    look = preview(state, "A", "move", 0, 4)
    assert look.ram == "N" and look.ram_dice == (3, 2)
    assert look.ghost.y == 2 and look.path[0] == (11, 3)
    assert any("RAM N" in w for w in look.warnings)


def test_preview_warns_of_going_off_road() -> None:
    """Rule 23 [R]: ending off-road is a wipeout check: your remaining hits against 2 dice."""
    look = preview(position([Car("A", "coupe", 8, 10)]), "A", "move", -4, 0)
    assert look.off_road and look.wipeout_dice == (2, 2)
    dirt = preview(position([Car("A", "rally_car", 8, 10)]), "A", "move", -4, 0)
    assert dirt.off_road and dirt.wipeout_dice is None


def test_preview_of_leaving_the_board() -> None:
    look = preview(position([Car("A", "coupe", 10, 44)]), "A", "move", 0, 4)
    assert look.exits == "end"


def test_targets_only_in_range_and_in_sight() -> None:
    """Shooting targets: gap ≤ 4 and a clear line; a third car in between blocks it."""
    cars = [
        Car("A", "coupe", 10, 10),
        Car("N", "coupe", 10, 16, side=1),
        Car("O", "coupe", 13, 30, side=1),
    ]
    assert targets(position(cars), "A")["shoot"] == ["N"]
    blocked = [*cars, Car("B", "armored_car", 9, 13.5, changes={"w": 4, "h": 2})]
    assert targets(position(blocked), "A")["shoot"] == []
