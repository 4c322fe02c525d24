"""MONSTERS (digest 1.2 and 1.4-I), with loaded dice."""

from __future__ import annotations

from games.engine import LoadedDice, Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.legal import legal_for_side
from games.roadwolf.missions import judge
from games.roadwolf.model import MeleeAction, MoveAction, Turn
from games.roadwolf.rules import apply
from tests.games.roadwolf.helpers import P2, Car, position


def test_the_monsters_get_two_monster_trucks_and_the_survivors_8_points() -> None:
    """ "The Monster player may take two Monster Trucks (size 4, Closed, Heavy, Dirt, May Nitro,
    Melee +1 die, Ram does not end a move)"; "[R] Survivors get 8 points"."""
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "MONSTERS"}), Rng(1))
    trucks = [v for v in state.vehicles if v.origin == 1]
    assert [v.kind for v in trucks] == ["monster_truck", "monster_truck"]
    assert all(v.size == 4 and v.closed and v.surface == "dirt" for v in trucks)
    assert all("monster" in v.traits and "heavy" in v.traits for v in trucks)
    assert state.sides[0].points == 8
    assert not [a for a in legal_for_side(state, 1) if a.kind == "buy"]


def test_a_monster_truck_melees_though_closed_with_one_more_die() -> None:
    """1.4-I: "Monster Trucks may melee as an exception, with +1 die"."""
    cars = [Car("N", "monster_truck", 11, 10, side=1), Car("A", "coupe", 13, 10)]
    state = position(cars, mission="MONSTERS", turn=Turn(side=1))
    # N: 1 crew + 1 = 2 dice [6, 6]; A: 1 crew + Closed = 2 dice [1, 1]: overkill 2
    step = apply(state, P2, MeleeAction(vehicle="N", target="A"), LoadedDice([6, 6, 1, 1]))
    assert step.state.vehicle("A").crew == () and step.state.vehicle("A").abandoned


def test_a_monster_ram_does_not_end_its_move() -> None:
    """ "Ram does not end a move": the Monster drives on once the way is clear; another car
    stops at the ram (rule 36: "Hitting a vehicle ends the move")."""
    # ram 4 dice [6, 3, 1, 1] vs the coupe's 2 [6, 2]: won at the second die, overkill 0, so a
    # wipeout check [1, 1] vs [6, 6]: ROLL, 1 damage, skid d6 1 = 2 o'clock (3, 2)
    dice = [6, 3, 1, 1, 6, 2, 1, 1, 6, 6, 1]
    for kind, end in (("monster_truck", 14), ("armored_car", 11)):
        cars = [Car("N", kind, 11, 10, side=1), Car("A", "coupe", 11, 15)]
        state = position(cars, mission="MONSTERS", turn=Turn(side=1))
        step = apply(state, P2, MoveAction(vehicle="N", dx=0, dy=4), LoadedDice(list(dice)))
        assert step.state.vehicle("A").x == 14  # skidded out of the way
        assert step.state.vehicle("N").y == end, kind


def test_a_survivor_off_the_back_end_is_a_draw() -> None:
    """ "The game is a draw if any of the survivor vehicles exit off the BACK end of the road"
    (1.4-A: the BACK end is the END)."""
    cars = [
        Car("A", "coupe", 11, 44, changes={"exited": "end"}),
        Car("N", "monster_truck", 0, 20, side=1),
    ]
    verdict = judge(position(cars, mission="MONSTERS"))
    assert verdict.over and verdict.winner is None


def test_destroying_both_trucks_or_every_survivor_wins() -> None:
    """ "The Monsters win if they can destroy all of the survivor vehicles. The survivors win if
    they can destroy both monster trucks"."""
    wreck: dict[str, object] = {"wreck": True}
    cars = [
        Car("A", "coupe", 11, 10),
        Car("N", "monster_truck", 0, 20, side=1, changes=wreck),
        Car("O", "monster_truck", 20, 20, side=1),
    ]
    assert not judge(position(cars, mission="MONSTERS")).over
    cars[2] = Car("O", "monster_truck", 20, 20, side=1, changes={"exited": "side"})
    verdict = judge(position(cars, mission="MONSTERS"))
    assert verdict.over and verdict.winner == 0
    cars = [Car("A", "coupe", 11, 10, changes=wreck), Car("N", "monster_truck", 0, 20, side=1)]
    verdict = judge(position(cars, mission="MONSTERS"))
    assert verdict.over and verdict.winner == 1
