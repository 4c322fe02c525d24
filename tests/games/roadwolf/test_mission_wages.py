"""THE WAGES OF FEAR (digest 1.2), with loaded dice."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, LoadedDice, Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.crash import wipeout
from games.roadwolf.missions import judge
from games.roadwolf.model import MoveAction, NitroAction, TokenAction, Turn
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx
from tests.games.roadwolf.helpers import P1, P2, Car, position


def test_the_explosives_buy_two_trucks_that_may_not_nitro() -> None:
    """ "Both teams get 14 points to spend. The Explosives team must purchase two specialized
    trucks (Size 4, Closed, may not nitro)"."""
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "THE WAGES OF FEAR"}), Rng(1))
    trucks = [v for v in state.vehicles if "explosive" in v.traits]
    assert [v.letter for v in trucks] == ["A", "B"] and state.sides[0].spent == 8
    assert state.sides[0].points == state.sides[1].points == 14
    assert all(v.size == 4 and v.closed and v.surface != "heavy" and not v.gear for v in trucks)
    cars = [Car("A", "explosive_truck", 11, 10, tokens=("nitro",))]
    with pytest.raises(IllegalAction, match="may not nitro"):
        apply(position(cars, mission="THE WAGES OF FEAR"), P1, NitroAction(vehicle="A"), Rng(0))


def test_ram_damage_explodes_a_truck_and_the_blast_chains() -> None:
    """ "Any time an explosive truck takes damage from a ram, it explodes!"; "An exploding truck
    will do 6 dice of damage to any vehicles within 1 stick of any part of the truck (treat as a
    Ram). Yes, this could cause the other truck to explode"; exploded = a size-4 wreck."""
    cars = [
        Car("N", "muscle_car", 11, 2, side=1),
        Car("A", "explosive_truck", 11, 6),
        Car("B", "explosive_truck", 14, 12),  # gap 2 from A: within 1 stick
        Car("O", "coupe", 0, 40, side=1),  # far away
    ]
    state = position(cars, mission="THE WAGES OF FEAR", turn=Turn(side=1))
    # N rams A: 3 dice [6, 6, 6] vs 4 [1, 1, 1, 1] (overkill 3); A's blast rams N (already
    # moved up against it): 6 dice vs N's 3 hits; then B: 6 dice vs 4; B's blast finds nothing new
    dice = [6, 6, 6, 1, 1, 1, 1] + [6] * 6 + [1, 1, 1] + [6] * 6 + [1, 1, 1, 1]
    step = apply(state, P2, MoveAction(vehicle="N", dx=0, dy=4), LoadedDice(dice))
    a, b = step.state.vehicle("A"), step.state.vehicle("B")
    assert a.wreck and "exploded" in a.traits and a.size == 4
    assert b.wreck and "exploded" in b.traits
    assert step.state.vehicle("N").wreck and not step.state.vehicle("O").wreck


def _check(dice: list[int], tokens: tuple[str, ...] = ()) -> Ctx:
    cars = [Car("A", "explosive_truck", 11, 10, tokens=tokens)]  # type: ignore[arg-type]
    ctx = Ctx(position(cars, mission="THE WAGES OF FEAR"), LoadedDice(dice))
    wipeout(ctx, "A")
    return ctx


def test_a_one_in_the_wipeout_check_explodes_the_truck() -> None:
    """ "Any time an explosive truck has to make a wipeout check, if any of the dice roll a 1,
    it explodes!" """
    ctx = _check([5, 1, 4, 3, 2, 2])
    assert ctx.v("A").wreck and "exploded" in ctx.v("A").traits


def test_a_veteran_rerolls_the_one() -> None:
    """ "(Veteran drivers may use their reroll to try to avoid a 1)": the trucks are not Heavy
    (line 210), so their Veteran rerolls."""
    ctx = _check([5, 1, 4, 3, 2, 2, 6], tokens=("veteran",))
    assert not ctx.v("A").wreck and ctx.v("A").on_board
    ctx = _check([5, 1, 4, 3, 2, 2, 1], tokens=("veteran",))
    assert ctx.v("A").wreck


def test_either_truck_off_the_end_wins_both_lost_loses() -> None:
    """ "If EITHER truck can make it off the end of the road intact, the Explosives team wins!
    If both trucks are destroyed or captured before they can make it off the end of the road,
    the raiders win!" """
    cars = [
        Car("A", "explosive_truck", 11, 44, changes={"exited": "end"}),
        Car("B", "explosive_truck", 11, 10, changes={"wreck": True}),
    ]
    verdict = judge(position(cars, mission="THE WAGES OF FEAR"))
    assert verdict.over and verdict.winner == 0
    cars[0] = Car("A", "explosive_truck", 11, 30, changes={"side": 1})  # captured
    verdict = judge(position(cars, mission="THE WAGES OF FEAR"))
    assert verdict.over and verdict.winner == 1


def test_no_nitro_token_for_an_explosive_truck() -> None:
    """ "may not nitro": the army builder refuses a Nitro token on the trucks."""
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "THE WAGES OF FEAR"}), Rng(1))
    with pytest.raises(IllegalAction, match="may not nitro"):
        apply(state, 1, TokenAction(vehicle="A", token="nitro"), Rng(0))
    assert TokenAction(vehicle="A", token="nitro") not in SPEC.legal_actions(state, 1)
