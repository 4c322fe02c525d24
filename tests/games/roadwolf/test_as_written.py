"""Rules as written, round 3 (issue 27): SPIN ends the wipeout checks, Supplies only for a move
that ends on the card, CHASE ranks by the cops lost so far, the owner picks who takes over,
and the scores stand after every action."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, LoadedDice
from games.roadwolf.crash import wipeout
from games.roadwolf.model import MoveAction, RwState, SuppliesAction, TargetAction
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx
from tests.games.roadwolf.helpers import P1, Car, position, texts
from tests.games.roadwolf.test_mission_chase import _two_down


def test_a_spun_vehicle_takes_no_further_wipeout_check() -> None:
    """Wipeout table, SPIN: "As SKID, except it then becomes IMMOBILIZED- it will not take any
    more wipeout checks." (the spin's skid off the road makes no second check)."""
    state = position([Car("A", "muscle_car", 13, 20)])
    # vehicle 3, 2, 1 against the road's 4, 1: overkill 1, a SPIN; the skid die 1: 2 o'clock,
    # (+3, +2), off the road; then dice enough for a second check, which must not come
    ctx = Ctx(state, LoadedDice([3, 2, 1, 4, 1, 1, 6, 6, 6, 1, 1]))
    wipeout(ctx, "A")
    assert texts(ctx.events).count("Wipeout check for A") == 1, texts(ctx.events)
    car = ctx.v("A")
    assert car.immobilized and (car.x, car.y) == (16, 22)


def test_supplies_that_drifted_under_a_vehicle_cannot_be_used() -> None:
    """SUPPLIES: "Any vehicle that ENDS a move on this card may spend an action to PICK UP an
    additional GEAR or CREW card, or may automatically repair 1 hit" (a card under a vehicle
    that did not move onto it: no)."""
    state = position([Car("A", "coupe", 11, 20, changes={"damage": 1})], cards=[("supplies", 20)])
    with pytest.raises(IllegalAction, match="ended a move"):
        apply(state, P1, SuppliesAction(vehicle="A", take="repair"), LoadedDice([]))


def test_a_vehicle_that_ends_its_move_on_supplies_may_use_them() -> None:
    """SUPPLIES: "Any vehicle that ENDS a move on this card may spend an action" (its own MOVE
    ending on the card)."""
    state = position([Car("A", "coupe", 11, 14, changes={"damage": 1})], cards=[("supplies", 19)])
    moved = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([])).state
    repaired = apply(moved, P1, SuppliesAction(vehicle="A", take="repair"), LoadedDice([]))
    assert repaired.state.vehicle("A").damage == 0


def test_two_cops_lost_before_one_cop_turn_both_enter_at_rank_two() -> None:
    """CHASE: "They may take any rank equal to or less than the number of cop vehicles that
    player has lost." (two lost before the Cops' turn: both replacements may take rank 2)."""
    after, letters = _two_down()
    assert [after.mission.count(f"rank:{letter}") for letter in letters] == [2, 2]


def _takeover_position() -> tuple[RwState, int]:
    cars = [
        Car("A", "convertible", 10, 20, tokens=("gunner", "brawler")),
        Car("N", "coupe", 12, 20, side=1, changes={"driver": None, "crew": (), "abandoned": True}),
    ]
    state = position(cars)
    driver = state.vehicle("A").driver
    assert driver is not None
    return state, driver


def test_the_owner_chooses_which_crew_takes_over() -> None:
    """TAKEOVERS: "Your vehicle must give up 1 crew token to become the driver of the target
    vehicle. If your DRIVER changes vehicles, your vehicle becomes ABANDONED." (the owner may
    send the Driver)."""
    state, driver = _takeover_position()
    action = TargetAction(kind="takeover", vehicle="A", target="N", crew=driver)
    after = apply(state, P1, action, LoadedDice([6, 6, 1, 1])).state  # the check holds
    taken, left = after.vehicle("N"), after.vehicle("A")
    assert taken.driver == driver and taken.side == 0
    assert left.abandoned and left.driver is None
    assert sorted(t.kind for t in left.crew) == ["brawler", "gunner"]


def test_every_crew_token_is_offered_for_a_takeover() -> None:
    """The choice is the rules' own: one takeover action per crew token (the Driver included)."""
    from games.roadwolf.legal import legal_for_side

    state, driver = _takeover_position()
    offered = {a.crew for a in legal_for_side(state, 0) if getattr(a, "kind", "") == "takeover"}
    assert offered == {t.id for t in state.vehicle("A").crew} and driver in offered


def test_the_score_stands_after_every_action() -> None:
    """INTERCEPTOR: "Runners earn one point for every vehicle they get off the end of the
    board." (the Runners' score shows 1 as soon as one leaves, before the turn passes)."""
    cars = [Car("A", "coupe", 11, 44), Car("B", "coupe", 11, 10), Car("N", "coupe", 0, 2, side=1)]
    state = position(cars)
    after = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([])).state
    assert after.vehicle("A").exited == "end"
    assert after.turn is not None and after.turn.side == 0  # B still to act
    assert after.sides[0].score == 1
