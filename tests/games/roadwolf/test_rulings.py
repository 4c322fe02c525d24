"""The decided rulings of digest 1.4 and the [R] rules of 1.1 that these parts implement."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, LoadedDice, Rng
from games.roadwolf import SPEC
from games.roadwolf.build import setup
from games.roadwolf.crash import skid, wipeout
from games.roadwolf.missions import interceptor
from games.roadwolf.model import (
    BuyAction,
    CrewOrderAction,
    MoveAction,
    ResetAction,
    RwOptions,
    ShootAction,
    SimpleAction,
    SpikesAction,
    TargetAction,
    TokenAction,
    Turn,
)
from games.roadwolf.road import abandoned_checks, road_turn
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx, rerolls
from tests.games.roadwolf.helpers import P1, P2, PLAYERS, Car, position


def test_a_leaving_by_the_start_is_stopped_and_by_the_end_escaped() -> None:
    """1.4-A: "A vehicle leaving by the START edge or a side edge is out (line 97) and counts
    as stopped or destroyed [R]"; runners leave "off the end"."""
    state = position([Car("A", "coupe", 10, 1), Car("B", "coupe", 10, 44)])
    state = apply(state, P1, MoveAction(kind="brake", vehicle="A", dx=0, dy=-4), Rng(1)).state
    assert state.turn is not None and state.turn.done == ("A",)  # out: its activation ends
    state = apply(state, P1, MoveAction(vehicle="B", dx=0, dy=4), Rng(1)).state
    assert state.vehicle("A").exited == "start" and state.vehicle("B").exited == "end"
    verdict = interceptor(state.vehicles)
    assert verdict.over and verdict.score == (1, 1) and verdict.winner is None


def test_b_new_card_enters_at_the_end_and_drifts_two_sticks() -> None:
    """1.4-B: "place the card centered across the road (1.6) at the BACK (END) edge, then move
    it 2 sticks toward the START"."""
    ctx = Ctx(position([], deck=("slide",)), Rng(1))
    road_turn(ctx)
    (card,) = ctx.cards
    assert (card.kind, card.x, card.y, card.w, card.h) == ("slide", 10, 37, 4, 3)


def test_c_a_wipeout_tie_holds_the_road() -> None:
    """1.4-C: "a tie means nothing happens (the vehicle passes its wipeout)"."""
    ctx = Ctx(position([Car("A", "coupe", 10, 20)]), LoadedDice([4, 2, 4, 2]))
    wipeout(ctx, "A")
    car = ctx.v("A")
    assert (car.x, car.y, car.damage, car.immobilized) == (10, 20, 0, False)


def test_e_no_wipeout_checks_while_immobilized() -> None:
    """1.4-E: "no wipeout checks while immobilized" (no die is rolled)."""
    state = position([Car("A", "coupe", 10, 20, changes={"immobilized": True})])
    ctx = Ctx(state, LoadedDice([]))
    wipeout(ctx, "A")
    assert not ctx.events


def test_f_no_shot_without_a_weapon_but_a_gunner() -> None:
    """1.4-F: "with no weapon token, a vehicle can shoot only through a Gunner's free 1-die
    attack"."""
    cars = [Car("A", "coupe", 10, 10), Car("N", "coupe", 10, 15, side=1)]
    state = position(cars)
    with pytest.raises(IllegalAction):
        apply(state, P1, ShootAction(vehicle="A", target="N", weapon="gun"), Rng(1))
    gunner = position([Car("A", "convertible", 10, 10, tokens=("gunner",)), cars[1]])
    step = apply(
        gunner,
        P1,
        ShootAction(vehicle="A", target="N", weapon="gun", gunner=True),
        LoadedDice([1, 6, 6]),
    )
    assert step.state.turn is not None and step.state.turn.actions_left == 2  # free


def test_g_spikes_cost_an_action_ambush_is_free() -> None:
    """1.4-G: "Spikes ... costs 1 action. Ambush is "free"."""
    cars = [
        Car("A", "coupe", 10, 10, tokens=("spikes",)),
        Car("N", "coupe", 10, 5, side=1),
    ]
    step = apply(
        position(cars), P1, SpikesAction(vehicle="A", target="N"), LoadedDice([1, 1, 1, 6, 6])
    )
    assert step.state.turn is not None and step.state.turn.actions_left == 1
    assert not any(t.kind == "spikes" for t in step.state.vehicle("A").gear)  # discarded
    assert step.state.vehicle("N").damage == 0  # "If you lose, nothing happens"
    ambush = [Car("A", "coupe", 10, 45, tokens=("ambush",)), Car("N", "coupe", 10, 36, side=1)]
    step = apply(
        position(ambush),
        P1,
        ShootAction(vehicle="A", target="N", weapon="ambush"),
        LoadedDice([1, 1, 6, 6]),
    )
    assert step.state.turn is not None and step.state.turn.actions_left == 2


def test_h_shotgun_discarded_only_when_it_takes_crew() -> None:
    """1.4-H: "Shotgun is discarded on success ... implement it as written"."""
    cars = [
        Car("A", "coupe", 10, 10, tokens=("shotgun",)),
        Car("N", "convertible", 10, 15, side=1, tokens=("brawler",)),
    ]
    hit = apply(
        position(cars),
        P1,
        ShootAction(vehicle="A", target="N", weapon="shotgun"),
        LoadedDice([6, 5, 1]),
    )
    assert not hit.state.vehicle("A").gear and len(hit.state.vehicle("N").crew) == 0
    assert hit.state.vehicle("N").abandoned  # rule 40: the driver last, then abandoned
    miss = apply(
        position(cars),
        P1,
        ShootAction(vehicle="A", target="N", weapon="shotgun"),
        LoadedDice([1, 1, 6]),
    )
    assert [t.kind for t in miss.state.vehicle("A").gear] == ["shotgun"]


def test_k_one_vehicle_at_a_time() -> None:
    """1.4-K: "activate one vehicle at a time, both actions, then the next"."""
    state = position([Car("A", "coupe", 10, 10), Car("B", "coupe", 13, 10)])
    state = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=2), Rng(1)).state
    with pytest.raises(IllegalAction, match="finish it first"):
        apply(state, P1, MoveAction(vehicle="B", dx=0, dy=2), Rng(1))


def test_l_a_card_acts_once_per_vehicle_per_round() -> None:
    """1.4-L: "at most once per card per vehicle per round"."""
    state = position([Car("A", "coupe", 10, 10)], cards=[("slick", 15)])
    first = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([6, 6, 1, 1]))
    assert any("SLICK" in getattr(e, "text", "") for e in first.events)
    again = apply(first.state, P1, MoveAction(vehicle="A", dx=0, dy=1), LoadedDice([]))
    assert not any("SLICK" in getattr(e, "text", "") for e in again.events)


def test_n_an_object_that_rams_bounces_sideways_and_drifts_on() -> None:
    """1.4-N: "d6 odd = left, even = right. Shift it sideways until it is clear of the vehicle,
    then it continues its drift"; rule 31: the wreck rams with its size."""
    wreck = Car(
        "W",
        "coupe",
        10,
        20,
        side=1,
        changes={"wreck": True, "w": 3, "h": 2, "damage": 2, "crew": (), "driver": None},
    )
    state = position([Car("A", "coupe", 10, 14), wreck])
    # ram: wreck 2 dice [1, 1] against A's 2 [6, 6]; bounce die 2 (right)
    ctx = Ctx(state, LoadedDice([1, 1, 6, 6, 2]))
    road_turn(ctx)
    moved = ctx.v("W")
    assert moved.x == 12 and moved.y == 12  # stopped at 17, shifted right, drifted 5 more
    assert ctx.v("A").damage == 0


def test_o_an_abandoned_vehicle_that_survives_is_immobilized() -> None:
    """1.4-O / rule 41: "if it survives" its check at the start of its next turn it becomes
    IMMOBILIZED."""
    car = Car("A", "coupe", 10, 20, changes={"driver": None, "crew": (), "abandoned": True})
    ctx = Ctx(position([car]), LoadedDice([6, 6, 1, 1]))
    abandoned_checks(ctx, 0)
    assert ctx.v("A").immobilized


def test_p_breakout_points_are_ten_against_twelve() -> None:
    """1.4-P / 1.2: "The Convoy has a Big Rig ... within 10 pts total; the attackers have 12",
    and "Token count = points"."""
    state = setup(PLAYERS, RwOptions(mission="BREAKOUT", points=3), Rng(1))
    convoy, attackers = state.sides
    assert (convoy.points, attackers.points) == (10, 12)
    assert convoy.spent == 5 and state.vehicle("A").kind == "big_rig"


def test_q_a_skid_forward_rams_with_the_skidder() -> None:
    """1.4-Q: "a skid toward 10, 12 or 2 o'clock: the skidding car rams"."""
    state = position([Car("A", "muscle_car", 10, 10), Car("N", "coupe", 10, 15, side=1)])
    ctx = Ctx(state, LoadedDice([6, 6, 5, 5, 1, 1]))  # skid 12 o'clock, A 6 6 5 vs N 1 1
    skid(ctx, "A")
    assert ctx.v("A").y == 12 and ctx.v("N").wreck


def test_q_a_skid_backward_is_rammed_by_the_car_touched() -> None:
    """1.4-Q: "toward 4, 6 or 8 o'clock: the car it touches rams it"."""
    state = position([Car("A", "muscle_car", 10, 10), Car("N", "coupe", 10, 5, side=1)])
    ctx = Ctx(state, LoadedDice([3, 6, 5, 1, 1, 1]))  # skid 6 o'clock, N 6 5 vs A 1 1 1
    skid(ctx, "A")
    assert ctx.v("A").y == 8 and ctx.v("A").damage == 2 and ctx.v("N").damage == 0


def test_q_a_bike_braked_into_is_not_destroyed() -> None:
    """1.4-Q: "A bike that uses Spikes, or that someone brakes into, is not destroyed"."""
    state = position([Car("A", "coupe", 10, 10), Car("N", "street_bike", 10, 6, side=1)])
    step = apply(
        state, P1, MoveAction(kind="brake", vehicle="A", dx=0, dy=-4), LoadedDice([6, 1, 1])
    )
    assert step.state.vehicle("A").y == 8 and step.state.vehicle("A").damage == 1
    assert step.state.vehicle("N").exited is None


def test_moving_into_a_wreck_stops_and_the_wreck_takes_no_damage() -> None:
    """Rule 31 [R]: "A vehicle that moves into a wreck stops and rams it; the wreck defends
    with its size and takes no damage"."""
    wreck = Car(
        "W",
        "muscle_car",
        10,
        16,
        side=1,
        changes={"wreck": True, "w": 3, "h": 2, "damage": 3, "crew": (), "driver": None},
    )
    state = position([Car("A", "muscle_car", 10, 10), wreck])
    step = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([6, 6, 6, 1, 1, 1]))
    assert step.state.vehicle("A").y == 13 and step.state.vehicle("W").damage == 3


def test_a_move_ending_off_road_is_one_wipeout_check_dirt_none() -> None:
    """Rule 23 [R]: "A move that ends with no part on the road counts as going off-road: one
    wipeout check per move"; rule 14: Dirt vehicles make none."""
    street = apply(
        position([Car("A", "coupe", 8, 10)]),
        P1,
        MoveAction(vehicle="A", dx=-4, dy=0),
        LoadedDice([6, 5, 1, 1]),
    )
    assert sum(e.kind == "dice_rolled" for e in street.events) == 2
    dirt = apply(
        position([Car("A", "rally_car", 8, 10)]),
        P1,
        MoveAction(vehicle="A", dx=-4, dy=0),
        LoadedDice([]),
    )
    assert not any(e.kind == "dice_rolled" for e in dirt.events)


def test_heavy_veteran_cannot_reroll_defending() -> None:
    """Rule 16: a Heavy vehicle with a Veteran "may not reroll when defending ... but may
    reroll when attacking"."""
    state = position([Car("A", "limo", 10, 10, tokens=("veteran",))], mission="THE PRESIDENT")
    limo = state.vehicle("A")
    assert rerolls(limo, defending=True) == 0 and rerolls(limo, defending=False) == 1


def test_hidden_tokens_stay_hidden_until_used() -> None:
    """Rule 17: tokens "may stay hidden until used"; the counts are public."""
    cars = [Car("A", "coupe", 10, 10, tokens=("shotgun",)), Car("N", "convertible", 10, 15, side=1)]
    state = position(cars)
    public = SPEC.view(state, None).vehicles[0]
    other = SPEC.view(state, P2).vehicles[0]
    mine = SPEC.view(state, P1).vehicles[0]
    assert public.gear_count == 1 and not any(t.kind == "shotgun" for t in public.tokens)
    assert not any(t.kind == "shotgun" for t in other.tokens)
    assert any(t.kind == "shotgun" for t in mine.tokens)
    shot = apply(
        state, P1, ShootAction(vehicle="A", target="N", weapon="shotgun"), LoadedDice([1, 1, 6])
    )
    assert any(t.kind == "shotgun" for t in SPEC.view(shot.state, P2).vehicles[0].tokens)


def test_turn_passes_and_the_road_turn_follows_the_second_side() -> None:
    """Rule 7: "After every player has had a turn, the ROAD TURN happens"."""
    state = position(
        [Car("A", "coupe", 10, 10), Car("N", "coupe", 10, 30, side=1)],
        turn=Turn(side=1),
    )
    step = apply(state, P2, SimpleAction(kind="done", vehicle="N"), Rng(3))
    assert step.state.round == 2 and step.state.turn == Turn(side=0)
    assert any(e.kind == "road_turn" for e in step.events)


def test_the_owner_chooses_who_is_lost_driver_last() -> None:
    """Rule 40: "The owner picks which crew are lost, driver last": a `crew_order` set on the
    owner's turn decides; without it spare crew go before the driver by the default order."""
    cars = [
        Car("A", "coupe", 10, 10, tokens=("shotgun",)),
        Car("N", "convertible", 10, 15, side=1, tokens=("brawler", "gunner")),
    ]
    state = position(cars, turn=Turn(side=1))
    crew = {t.kind: t.id for t in state.vehicle("N").crew}
    ordered = apply(state, P2, CrewOrderAction(vehicle="N", tokens=(crew["gunner"],)), Rng(1))
    assert ordered.state.turn == state.turn  # free, activates nothing
    shooting = ordered.state.model_copy(update={"turn": Turn(side=0)})
    shot = apply(
        shooting, P1, ShootAction(vehicle="A", target="N", weapon="shotgun"), LoadedDice([6, 1, 5])
    )
    left = {t.kind for t in shot.state.vehicle("N").crew}
    assert left == {"driver", "brawler"}
    with pytest.raises(IllegalAction):
        apply(state, P2, CrewOrderAction(vehicle="N", tokens=(999,)), Rng(1))


def test_an_army_can_be_started_again() -> None:
    """Army building: `reset` removes the side's purchases; the mission's vehicle stays."""
    state = setup(PLAYERS, RwOptions(mission="THE PRESIDENT"), Rng(1))
    state = apply(state, P1, BuyAction(vehicle_class="coupe"), Rng(1)).state
    state = apply(state, P1, TokenAction(vehicle="A", token="veteran"), Rng(1)).state
    again = apply(state, P1, ResetAction(), Rng(1)).state
    assert [v.kind for v in again.vehicles] == ["limo"]
    assert again.sides[0].spent == 4 and again.sides[0].tokens_bought == 0
    assert again.vehicle("A").crew[0].kind == "driver"


def test_takeover_of_an_abandoned_immobilized_vehicle() -> None:
    """Rule 43: "It gives up 1 crew, who becomes the target's driver ... Gear may be moved over
    for free. The taken vehicle acts once immediately"."""
    cars = [
        Car("A", "coupe", 10, 10, tokens=("gunner", "shotgun")),
        Car(
            "N",
            "humvee",
            12,
            10,
            side=1,
            changes={"driver": None, "crew": (), "abandoned": True, "immobilized": True},
        ),
    ]
    state = position(cars)
    shotgun = state.vehicle("A").gear[0].id
    step = apply(
        state,
        P1,
        TargetAction(kind="takeover", vehicle="A", target="N", tokens=(shotgun,)),
        LoadedDice([]),
    )
    taken = step.state.vehicle("N")
    assert taken.side == 0 and taken.driver is not None and not taken.abandoned
    assert [t.kind for t in taken.crew] == ["gunner"] and [t.kind for t in taken.gear] == [
        "shotgun"
    ]
    assert step.state.vehicle("A").driver is not None  # the Driver stayed: A still drives
    assert step.state.turn is not None and "N" in step.state.turn.taken
