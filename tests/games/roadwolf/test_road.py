"""The ROAD TURN (rules 30–33): objects and cards drift toward the START, cards act on what
they pass under, Bridges and Tunnels check over/around, a new card enters."""

from __future__ import annotations

from games.engine import LoadedDice, Rng
from games.roadwolf.road import road_turn
from games.roadwolf.table import Ctx
from tests.games.roadwolf.helpers import Car, position


def test_objects_drift_two_sticks_cars_do_not() -> None:
    """Rule 30: "every object (wrecks, immobilized vehicles and so on) and every road card
    moves 2 sticks straight backward"; a driving car stays where it is."""
    cars = [
        Car("A", "coupe", 10, 30, changes={"immobilized": True}),
        Car("B", "coupe", 13, 30),
    ]
    ctx = Ctx(position(cars), Rng(1))
    road_turn(ctx)
    assert ctx.v("A").y == 22 and ctx.v("B").y == 30


def test_an_object_drifting_off_the_start_leaves() -> None:
    """1.4-A: out by the START edge."""
    ctx = Ctx(position([Car("A", "coupe", 10, 3, changes={"immobilized": True})]), Rng(1))
    road_turn(ctx)
    assert ctx.v("A").exited == "start"


def test_a_slide_card_drifting_under_a_car_is_a_wipeout_check() -> None:
    """SLIDE: "A vehicle touching it counts as going off-road" (1.4-L: as it drifts under)."""
    ctx = Ctx(
        position([Car("A", "coupe", 10, 20)], cards=[("slide", 25)]), LoadedDice([6, 6, 1, 1])
    )
    road_turn(ctx)
    assert any("SLIDE" in getattr(e, "text", "") for e in ctx.events)
    assert sum(e.kind == "dice_rolled" for e in ctx.events) == 2


def test_a_dirt_car_ignores_a_slide() -> None:
    """Rule 14: Dirt: no wipeout check for going off-road."""
    ctx = Ctx(position([Car("A", "rally_car", 10, 20)], cards=[("slide", 25)]), LoadedDice([]))
    road_turn(ctx)
    assert not any(e.kind == "dice_rolled" for e in ctx.events)


def test_a_debris_card_rams_with_one_die() -> None:
    """Rule 31: "a Debris card rolls 1 die"; the car defends with its remaining hits."""
    ctx = Ctx(position([Car("A", "coupe", 10, 20)], cards=[("debris", 25)]), LoadedDice([6, 1, 1]))
    road_turn(ctx)
    assert ctx.v("A").damage == 1


def test_bridge_over_is_safe_around_is_a_wipeout_check() -> None:
    """BRIDGE: "A vehicle that drives AROUND it makes a wipeout check"; 1.6 [R]: over if all
    its cells lie inside the card's columns (10–13)."""
    over = Ctx(position([Car("A", "coupe", 11, 20)], cards=[("bridge", 25)]), LoadedDice([]))
    road_turn(over)
    assert not any(e.kind == "dice_rolled" for e in over.events)
    around = Ctx(
        position([Car("A", "coupe", 3, 20)], cards=[("bridge", 25)]), LoadedDice([6, 6, 1, 1])
    )
    road_turn(around)
    assert sum(e.kind == "dice_rolled" for e in around.events) == 2


def test_tunnel_around_is_one_damage_and_immobilized() -> None:
    """TUNNEL: "A vehicle that drives AROUND it takes 1 damage and is immediately
    immobilized"."""
    ctx = Ctx(position([Car("A", "muscle_car", 13, 20)], cards=[("tunnel", 25)]), LoadedDice([]))
    road_turn(ctx)
    assert ctx.v("A").damage == 1 and ctx.v("A").immobilized


def test_a_card_off_the_start_is_discarded() -> None:
    ctx = Ctx(position([], cards=[("slick", 4)]), Rng(1))
    road_turn(ctx)
    assert "slick" in ctx.discard


def test_the_deck_is_reshuffled_when_out() -> None:
    """1.3 [R]: "reshuffle the discards when the deck runs out"."""
    ctx = Ctx(position([], deck=()), Rng(1))
    ctx.discard = ["slick", "debris"]
    road_turn(ctx)
    assert len(ctx.deck) + len(ctx.cards) + len(ctx.discard) == 2
