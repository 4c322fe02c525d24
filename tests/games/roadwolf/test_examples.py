"""The worked examples of digest 1.5 and its computed figures, through the game's own code."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from games.dice.contest import contest
from games.engine import LoadedDice
from games.roadwolf.crash import wipeout
from games.roadwolf.model import MoveAction, Turn
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx
from tests.games.roadwolf.helpers import P1, Car, position


def test_example_1_highest_die_wins() -> None:
    """1.5-1: "`contest([6,1],[5,5])` → attacker wins, overkill 1"."""
    result = contest([6, 1], [5, 5])
    assert (result.winner, result.overkill) == ("a", 1)


def test_example_2_more_dice_win_a_tie_down_the_line() -> None:
    """1.5-2: "`contest([3,2,1],[3,2])` → attacker wins, overkill 0. The third die decides"."""
    result = contest([3, 2, 1], [3, 2])
    assert (result.winner, result.overkill, result.decided_at) == ("a", 0, 3)


@pytest.mark.parametrize(
    ("die", "dx", "dy"),
    [(1, 3, 2), (2, 3, -2), (3, 0, -4), (4, -3, -2), (5, -3, 2), (6, 0, 4)],
)
def test_example_3_skid_direction(die: int, dx: int, dy: int) -> None:
    """1.5-3: "d6 result r → clock hour 2r (1→2 o'clock … 6→12 o'clock = straight ahead)":
    a SKID (road wins, overkill 0) moves the car by that hour's vector."""
    state = position([Car("A", "muscle_car", 11, 20)])
    ctx = Ctx(state, LoadedDice([3, 1, 1, 3, 2, die]))
    wipeout(ctx, "A")
    car = ctx.v("A")
    assert (car.x, car.y) == (11 + dx, 20 + dy)
    assert car.damage == 0 and not car.immobilized


def test_example_4_roll_needs_both_road_dice_above() -> None:
    """1.5-4: "a wipeout result of ROLL means the road's 2 dice both beat the vehicle's highest
    die": 1 damage, then a skid."""
    state = position([Car("A", "muscle_car", 11, 20)])
    ctx = Ctx(state, LoadedDice([3, 2, 1, 5, 4, 6]))
    wipeout(ctx, "A")
    car = ctx.v("A")
    assert car.damage == 1 and (car.x, car.y) == (11, 24)
    assert any("ROLL" in getattr(e, "text", "") for e in ctx.events)


def test_spin_immobilizes_after_the_skid() -> None:
    """Rule 35: overkill 1 is a SPIN: "As SKID, then the vehicle is IMMOBILIZED"."""
    state = position([Car("A", "muscle_car", 11, 20)])
    ctx = Ctx(state, LoadedDice([3, 2, 1, 4, 1, 3]))
    wipeout(ctx, "A")
    car = ctx.v("A")
    assert car.immobilized and (car.x, car.y) == (11, 16)


def test_example_5_destroyed_at_hits_equal_to_size() -> None:
    """1.5-5: "A vehicle is destroyed at hits ≥ size": a ram with overkill 2 on a size-2 Coupe
    leaves a wreck across the road."""
    state = position([Car("A", "muscle_car", 10, 0), Car("N", "coupe", 10, 5, side=1)])
    step = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([6, 6, 1, 2, 1]))
    rammer, wreck = step.state.vehicle("A"), step.state.vehicle("N")
    assert rammer.y == 2  # stopped just before the overlap
    assert wreck.wreck and (wreck.w, wreck.h) == (3, 2) and wreck.damage == 2


def test_example_5_a_bike_that_rams_is_destroyed() -> None:
    """1.5-5: "A bike that rams is always destroyed ..., and its target's fate is decided
    normally": it wins overkill 1, the Coupe takes 1 damage, the bike is removed."""
    state = position([Car("A", "street_bike", 10, 0), Car("N", "coupe", 10, 4, side=1)])
    step = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([6, 5, 1]))
    assert step.state.vehicle("A").exited == "removed"
    assert step.state.vehicle("N").damage == 1
    assert not step.state.vehicle("N").wreck


def _wipeout_odds(vehicle_dice: int) -> dict[str, Fraction]:
    counts = {"win": 0, "tie": 0, "skid": 0, "spin": 0, "roll": 0}
    total = 0
    for mine in itertools.product(range(1, 7), repeat=vehicle_dice):
        for road in itertools.product(range(1, 7), repeat=2):
            result = contest(mine, road)
            total += 1
            if result.winner == "a":
                counts["win"] += 1
            elif result.winner is None:
                counts["tie"] += 1
            else:
                counts[("skid", "spin", "roll")[min(result.overkill, 2)]] += 1
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("dice", "row"),
    [
        (1, (0.255, 0, 0.167, 0.324, 0.255)),
        (2, (0.475, 0.051, 0.085, 0.270, 0.120)),
        (3, (0.659, 0, 0.060, 0.214, 0.066)),
    ],
)
def test_computed_wipeout_figures(dice: int, row: tuple[float, ...]) -> None:
    """1.5 table "Vehicle dice vs road 2d6": P(vehicle wins), P(tie), P(skid/spin/roll)."""
    odds = _wipeout_odds(dice)
    got = [odds[k] for k in ("win", "tie", "skid", "spin", "roll")]
    assert [round(float(p), 3) for p in got] == pytest.approx(row, abs=0.0015)


def test_computed_shotgun_figures() -> None:
    """1.5: "a 2-die Shotgun against an open target (1 die) wins 74.5% ..., with overkill
    57.9%. Against a closed target (2 dice): 47.5% and 39.0%"."""
    for defence, wins, overkill in ((1, 0.745, 0.579), (2, 0.475, 0.390)):
        won = over = total = 0
        for a in itertools.product(range(1, 7), repeat=2):
            for b in itertools.product(range(1, 7), repeat=defence):
                result = contest(a, b)
                total += 1
                won += result.winner == "a"
                over += result.winner == "a" and result.overkill > 0
        assert round(won / total, 3) == pytest.approx(wins, abs=0.0015)
        assert round(over / total, 3) == pytest.approx(overkill, abs=0.0015)


def test_turn_fixture_is_side_zero() -> None:
    """The helper's default turn: the first side, no vehicle activated yet."""
    assert position([]).turn == Turn(side=0)
