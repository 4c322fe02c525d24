"""TWO-WHEEL TERROR (digest 1.2): civilians, turn order, Supplies, takeovers, both ends."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, LoadedDice, Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.legal import legal_for_side
from games.roadwolf.missions import judge
from games.roadwolf.missions.twowheel import losing, order
from games.roadwolf.model import (
    BuyAction,
    CrewOrderAction,
    PlaceAction,
    RwState,
    SimpleAction,
    TargetAction,
)
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx
from tests.games.roadwolf.helpers import P1, P2, Car, position

CIVILIAN = {"neutral": True, "traits": ("civilian",)}


def _built(seed: int = 2) -> RwState:
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "TWO-WHEEL TERROR"}), Rng(seed))
    while state.phase == "build":
        actor = min(SPEC.active_players(state))
        assert SPEC.policy is not None
        state = SPEC.apply(state, actor, SPEC.policy(state, actor, Rng(0)), Rng(seed)).state
    return state


def test_bikers_take_bikes_only() -> None:
    """ "They may only take bikes"."""
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "TWO-WHEEL TERROR"}), Rng(1))
    buys = {a.vehicle_class for a in legal_for_side(state, 0) if a.kind == "buy"}
    assert buys == {"street_bike", "dirt_bike"}


def test_civilians_of_equal_value_are_spread_along_the_road_and_never_act() -> None:
    """ "Put out an equivalent number of various civilian vehicles too. Civilian vehicles have 1
    driver each and must be evenly spread out along the road"; "Civilian vehicles may not do
    anything"."""
    state = _built()
    civ = [v for v in state.vehicles if "civilian" in v.traits]
    assert sum(v.size for v in civ) == state.sides[0].points
    assert all(v.neutral and len(v.crew) == 1 and not v.gear for v in civ)
    rows = sorted(v.y for v in civ)
    assert rows[0] >= 8 and rows[-1] - rows[0] >= 20  # spread, not bunched
    for side in (0, 1):
        for action in legal_for_side(state, side):
            assert getattr(action, "vehicle", None) not in {v.letter for v in civ}


def test_the_enforcers_are_skipped_in_the_first_turn() -> None:
    """ "Turn order is Enforcers, Bikers, Civilians, Road. BUT for the FIRST turn, the
    Enforcers are SKIPPED!" """
    state = _built()
    assert state.order == ("side:0", "step:civilians", "road") and state.turn is not None
    assert state.turn.side == 0
    assert order(state.model_copy(update={"round": 2})) == (
        "side:1",
        "side:0",
        "step:civilians",
        "road",
    )


def test_supplies_repair_a_damaged_civilian() -> None:
    """ "Any SUPPLIES touched by a damaged civilian will repair 1 hit on them"."""
    changes = dict(CIVILIAN, damage=1)
    cars = [Car("A", "street_bike", 0, 2), Car("M1", "coupe", 11, 14, changes=changes)]
    state = position(cars, mission="TWO-WHEEL TERROR", cards=[("supplies", 20)])
    state = state.model_copy(update={"order": ("side:0", "step:civilians", "road")})
    step = apply(state, P1, SimpleAction(kind="done", vehicle="A"), LoadedDice([]))
    assert step.state.vehicle("M1").damage == 0


def test_the_losing_team_rolls_for_the_civilians() -> None:
    """ "Whichever team is losing may control the wipeouts for civilians"."""
    cars = [
        Car("A", "street_bike", 0, 2),
        Car("B", "street_bike", 2, 2),
        Car("N", "coupe", 20, 20, side=1),
        Car("M1", "coupe", 11, 14, changes=CIVILIAN),
        Car("M2", "coupe", 11, 24, changes=dict(CIVILIAN, immobilized=True)),
    ]
    state = position(cars, mission="TWO-WHEEL TERROR")
    assert losing(state.vehicles) == 1  # half the civilians down, no biker out
    assert Ctx(state, Rng(0)).opponent_of(state.vehicle("M1")) == P2


def test_bikers_may_take_over_a_civilian_and_win_when_all_are_wiped_out() -> None:
    """ "The bikers win if they can immobilize or destroy all the civilian vehicles. They may
    take over civilian vehicles if they wish!" A civilian taken over is no civilian any more."""
    abandoned = dict(CIVILIAN, crew=(), driver=None, abandoned=True, immobilized=True)
    cars = [
        Car("A", "dirt_bike", 9, 10, tokens=("brawler",)),
        Car("M1", "coupe", 10, 10, changes=abandoned),
        Car("M2", "coupe", 13, 30, changes=dict(CIVILIAN, wreck=True)),
        Car("N", "coupe", 20, 40, side=1),
    ]
    state = position(cars, mission="TWO-WHEEL TERROR")
    step = apply(state, P1, TargetAction(kind="takeover", vehicle="A", target="M1"), Rng(0))
    taken = step.state.vehicle("M1")
    assert taken.side == 0 and not taken.neutral
    assert step.state.finished and step.state.winner == 0


def test_the_enforcers_win_by_taking_out_every_biker() -> None:
    """ "The Enforcers win if they can take out all the bikers before the civilians are all
    wiped out"."""
    cars = [
        Car("A", "street_bike", 0, 2, changes={"exited": "removed"}),
        Car("N", "coupe", 20, 20, side=1),
        Car("M1", "coupe", 11, 14, changes=CIVILIAN),
    ]
    verdict = judge(position(cars, mission="TWO-WHEEL TERROR"))
    assert verdict.over and verdict.winner == 1


def test_nobody_sets_a_civilians_crew_order() -> None:
    """Civilians are nobody's: the Bikers cannot order their crew (rule 40 is the owner's)."""
    cars = [Car("A", "street_bike", 0, 2), Car("M1", "coupe", 11, 14, changes=CIVILIAN)]
    state = position(cars, mission="TWO-WHEEL TERROR")
    with pytest.raises(IllegalAction, match="of yours"):
        apply(state, P1, CrewOrderAction(vehicle="M1", tokens=()), Rng(0))


def test_the_enforcers_place_first() -> None:
    """Digest 1.2: "Enforcers place first on any edge"; text: "Enforcers start on any board edge
    and must place before the game starts." The Bikers place once the Enforcers are done."""
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "TWO-WHEEL TERROR"}), Rng(3))
    assert SPEC.policy is not None
    state = SPEC.apply(state, 1, BuyAction(vehicle_class="street_bike"), Rng(0)).state
    bike = next(v.letter for v in state.vehicles if v.origin == 0)
    with pytest.raises(IllegalAction, match="the Enforcers place first"):
        SPEC.apply(state, 1, PlaceAction(vehicle=bike, x=10, y=0), Rng(0))
    while not state.sides[1].built:  # the Enforcers build (and place) to the end
        state = SPEC.apply(state, 2, SPEC.policy(state, 2, Rng(0)), Rng(0)).state
    assert state.phase == "build"
    assert all(v.placed for v in state.vehicles if v.origin == 1)
    state = SPEC.apply(state, 1, PlaceAction(vehicle=bike, x=10, y=0), Rng(0)).state
    assert state.vehicle(bike).placed and (state.vehicle(bike).x, state.vehicle(bike).y) == (10, 0)
