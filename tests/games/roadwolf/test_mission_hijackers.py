"""HIJACKERS (digest 1.2 and 1.4-J), on hand-made positions and a built game."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, LoadedDice, Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.fight import shooting_targets
from games.roadwolf.missions import judge
from games.roadwolf.model import (
    BuyAction,
    PlaceAction,
    RwState,
    SimpleAction,
    Token,
    Turn,
)
from games.roadwolf.rules import apply
from tests.games.roadwolf.helpers import P2, Car, position

VETERAN = Token(id=77, kind="veteran", revealed=True)
TRUCK = {"neutral": True, "crew": (VETERAN,), "driver": 77}


def _built(seed: int = 3) -> RwState:
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "HIJACKERS"}), Rng(seed))
    while state.phase == "build":
        actor = min(SPEC.active_players(state))
        assert SPEC.policy is not None
        state = SPEC.apply(state, actor, SPEC.policy(state, actor, Rng(0)), Rng(seed)).state
    return state


def test_the_truck_starts_at_the_start_and_the_gangs_on_opposite_edges() -> None:
    """ "A custom Truck (Size 4, Closed, Street, Veteran Driver) ... The Truck starts at the
    START of the road. The gangs start on opposite board edges"; 1.4-J: Street, not Heavy."""
    state = _built()
    truck = state.vehicle("M")
    assert truck.neutral and truck.size == 4 and truck.closed and truck.surface == "street"
    assert truck.y < 8 and [t.kind for t in truck.crew] == ["veteran"]
    assert truck.crew[0].revealed  # everybody knows the truck's Veteran
    gang1 = [v for v in state.vehicles if v.origin == 0 and not v.neutral]
    gang2 = [v for v in state.vehicles if v.origin == 1]
    assert gang1 and all(v.x == 0 for v in gang1)
    assert gang2 and all(v.x + v.w == 24 for v in gang2)
    assert state.order == ("side:0", "side:1", "step:truck", "road")


def test_the_truck_drives_two_sticks_after_the_gangs() -> None:
    """ "Until captured, the truck moves forward 2 sticks each turn, after the gangs"."""
    cars = [
        Car("A", "convertible", 0, 20),
        Car("N", "convertible", 22, 20, side=1),
        Car("M", "custom_truck", 11, 4, changes=TRUCK),
    ]
    state = position(cars, mission="HIJACKERS", turn=Turn(side=1))
    step = apply(state, P2, SimpleAction(kind="done", vehicle="N"), LoadedDice([]))
    assert step.state.vehicle("M").y == 12
    assert step.state.turn is not None and step.state.turn.side == 0  # road turn, gang 1 again


def test_a_captured_truck_no_longer_drives_itself() -> None:
    """ "Until captured": once a gang holds it, the gang drives it."""
    cars = [
        Car("A", "convertible", 0, 20),
        Car("N", "convertible", 22, 20, side=1),
        Car("M", "custom_truck", 11, 4, side=0, changes={"crew": (VETERAN,), "driver": 77}),
    ]
    state = position(cars, mission="HIJACKERS", turn=Turn(side=1))
    step = apply(state, P2, SimpleAction(kind="done", vehicle="N"), LoadedDice([]))
    assert step.state.vehicle("M").y == 4


def test_both_gangs_may_attack_the_truck() -> None:
    """The truck is "the target of two rival gangs": an enemy of both sides."""
    cars = [
        Car("A", "convertible", 9, 8),
        Car("N", "convertible", 14, 8, side=1),
        Car("M", "custom_truck", 11, 8, changes=TRUCK),
    ]
    state = position(cars, mission="HIJACKERS")
    assert "M" in shooting_targets(state, state.vehicle("A"), 4)
    assert "M" in shooting_targets(state, state.vehicle("N"), 4)


def test_the_gang_that_drives_the_truck_off_the_end_wins() -> None:
    """ "Whichever gang can capture and drive the Truck off the END of the road wins!" """
    cars = [
        Car("A", "convertible", 0, 20),
        Car("N", "convertible", 22, 20, side=1),
        Car("M", "custom_truck", 11, 44, side=1, changes={"exited": "end"}),
    ]
    verdict = judge(position(cars, mission="HIJACKERS"))
    assert verdict.over and verdict.winner == 1


def test_the_truck_escaping_by_itself_is_a_draw() -> None:
    """House [R]: nobody captured it, so nobody drove it off the END."""
    changes = dict(TRUCK, exited="end")
    cars = [Car("A", "convertible", 0, 20), Car("M", "custom_truck", 11, 44, changes=changes)]
    verdict = judge(position(cars, mission="HIJACKERS"))
    assert verdict.over and verdict.winner is None


def test_gangs_place_on_their_own_edge() -> None:
    """ "The gangs start on opposite board edges, anywhere along the edge": Gang 1 the left,
    Gang 2 the right (`place` while building)."""
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "HIJACKERS"}), Rng(1))
    state = apply(state, 1, BuyAction(vehicle_class="convertible"), Rng(0)).state
    state = apply(state, 1, PlaceAction(vehicle="A", x=0, y=30), Rng(0)).state
    assert state.vehicle("A").placed and state.vehicle("A").x == 0
    with pytest.raises(IllegalAction, match="left edge"):
        apply(state, 1, PlaceAction(vehicle="A", x=22, y=30), Rng(0))
