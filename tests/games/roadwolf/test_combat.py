"""Combat rules 36–38 and the gear table, one behaviour per test, with loaded dice."""

from __future__ import annotations

from games.engine import IllegalAction, LoadedDice
from games.roadwolf.model import (
    MeleeAction,
    MoveAction,
    NitroAction,
    SimpleAction,
    SuppliesAction,
)
from games.roadwolf.rules import apply
from games.roadwolf.table import rerolls
from tests.games.roadwolf.helpers import P1, Car, position


def test_melee_loser_discards_crew_per_overkill() -> None:
    """Rule 37: "1 per crew on board, +1 per Brawler" against "1 per crew on board, +1 if
    Closed"; "The loser (attacker or defender) discards 1 crew per overkill"."""
    cars = [
        Car("A", "convertible", 10, 10, tokens=("brawler",)),
        Car("N", "coupe", 12, 10, side=1, tokens=("gunner",)),
    ]
    # A: 2 crew + 1 brawler = 3 dice [6, 6, 1]; N: 2 crew + closed = 3 dice [2, 2, 1]
    step = apply(
        position(cars), P1, MeleeAction(vehicle="A", target="N"), LoadedDice([6, 6, 1, 2, 2, 1])
    )
    victim = step.state.vehicle("N")
    assert victim.crew == () and victim.abandoned  # overkill 2: gunner, then the driver


def test_melee_is_free_right_after_a_move() -> None:
    """Rule 27: "A free melee attack is also allowed at the end of any MOVE"."""
    cars = [Car("A", "convertible", 10, 10), Car("N", "convertible", 12, 13, side=1)]
    state = apply(position(cars), P1, MoveAction(vehicle="A", dx=0, dy=3), LoadedDice([])).state
    assert state.turn is not None and state.turn.actions_left == 1
    state = apply(state, P1, MeleeAction(vehicle="A", target="N"), LoadedDice([6, 1])).state
    assert state.turn is not None and state.turn.actions_left == 1


def test_closed_vehicles_may_not_melee() -> None:
    """Rule 11: "Closed: may not make melee attacks"."""
    cars = [Car("A", "coupe", 10, 10), Car("N", "convertible", 12, 10, side=1)]
    try:
        apply(position(cars), P1, MeleeAction(vehicle="A", target="N"), LoadedDice([]))
    except IllegalAction as error:
        assert "Closed" in error.message
    else:
        raise AssertionError("a Closed vehicle made a melee attack")


def test_nitro_rams_with_one_more_die_and_costs_no_action() -> None:
    """Nitro: "A ram made with nitro gets +1 die"; "Costs no action"."""
    cars = [
        Car("A", "coupe", 10, 10, tokens=("nitro",)),
        Car("N", "coupe", 10, 16, side=1),
    ]
    step = apply(position(cars), P1, NitroAction(vehicle="A"), LoadedDice([6, 6, 6, 1, 1]))
    rolls = [e for e in step.events if e.kind == "dice_rolled"]
    assert len(rolls[0].dice) == 3  # size 2 + 1
    assert step.state.vehicle("N").wreck
    assert step.state.turn is not None and step.state.turn.actions_left == 2
    assert not step.state.vehicle("A").gear  # discarded


def test_a_ram_that_destroys_a_bike_does_not_end_the_move() -> None:
    """Rule 36: "A ram ends the attacker's move unless the target was a bike destroyed by the
    ram"."""
    cars = [Car("A", "muscle_car", 10, 10), Car("N", "street_bike", 10, 14, side=1)]
    step = apply(position(cars), P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([6, 6, 1, 1]))
    assert step.state.vehicle("N").exited == "removed"
    assert step.state.vehicle("A").y == 14


def test_defender_overkill_sends_the_rammer_into_a_wipeout_check() -> None:
    """Rule 36: "Defender wins with overkill: the attacker makes a wipeout check"."""
    cars = [Car("A", "coupe", 10, 10), Car("N", "big_rig", 10, 14, side=1)]
    # ram: A [1, 1] vs N [6, 6, 6, 6, 6]; A's wipeout: [6, 6] vs road [1, 1]
    step = apply(
        position(cars),
        P1,
        MoveAction(vehicle="A", dx=0, dy=4),
        LoadedDice([1, 1, 6, 6, 6, 6, 6, 6, 6, 1, 1]),
    )
    assert any("Wipeout check for A" in getattr(e, "text", "") for e in step.events)


def test_repair_a_six_removes_one_damage() -> None:
    """Rule 28: "Roll 1 die; each 6 removes 1 damage"."""
    state = position([Car("A", "muscle_car", 10, 10, changes={"damage": 2})])
    step = apply(state, P1, SimpleAction(kind="repair", vehicle="A"), LoadedDice([6]))
    assert step.state.vehicle("A").damage == 1
    miss = apply(state, P1, SimpleAction(kind="repair", vehicle="A"), LoadedDice([5]))
    assert miss.state.vehicle("A").damage == 2


def test_a_gunners_free_shot_is_not_rerolled() -> None:
    """Crew table: "A Veteran cannot reroll this free attack"."""
    state = position([Car("A", "convertible", 10, 10, tokens=("veteran", "gunner"))])
    vehicle = state.vehicle("A")
    assert rerolls(vehicle, defending=False) == 1
    assert rerolls(vehicle, defending=False, free=True) == 0


def test_an_immobilized_vehicle_must_turn_around_first() -> None:
    """Rule 42: "It takes one action to turn it around. Until then it can do nothing except
    transfer crew or gear"."""
    state = position([Car("A", "coupe", 10, 10, changes={"immobilized": True})])
    try:
        apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([]))
    except IllegalAction as error:
        assert "turn it around" in error.message
    else:
        raise AssertionError("an immobilized vehicle moved")
    turned = apply(state, P1, SimpleAction(kind="turn_around", vehicle="A"), LoadedDice([]))
    assert not turned.state.vehicle("A").immobilized
    assert turned.state.turn is not None and turned.state.turn.actions_left == 1


def test_supplies_give_a_chosen_token_or_a_repair() -> None:
    """SUPPLIES: "may spend an action to pick up an extra gear or crew card, or auto-repair 1
    hit. Discard the card after use"; 1.4-M: "chosen from the token types"."""
    state = position(
        [Car("A", "convertible", 10, 20, changes={"damage": 1})], cards=[("supplies", 20)]
    )
    # A's move ended on the card ("Any vehicle that ENDS a move on this card")
    cards = tuple(c.model_copy(update={"ended": ("A",)}) for c in state.cards)
    state = state.model_copy(update={"cards": cards})
    took = apply(state, P1, SuppliesAction(vehicle="A", take="gunner"), LoadedDice([]))
    assert [t.kind for t in took.state.vehicle("A").crew] == ["driver", "gunner"]
    assert not took.state.cards and took.state.turn is not None
    assert took.state.turn.actions_left == 1
    fixed = apply(state, P1, SuppliesAction(vehicle="A", take="repair"), LoadedDice([]))
    assert fixed.state.vehicle("A").damage == 0
