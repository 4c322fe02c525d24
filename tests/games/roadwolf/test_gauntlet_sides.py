"""GAUNTLET with one Courier side per player (text line 213: "All players are Couriers", "each
player must draw", "The first Courier to exit earns one point ... Whoever has the most points
wins!"), three and four sides."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine import IllegalAction, Player, Rng
from games.engine.rng import LoadedDice
from games.roadwolf import SPEC
from games.roadwolf.actions import MeleeAction, MoveAction, ShootAction
from games.roadwolf.checks import check
from games.roadwolf.fight import is_target
from games.roadwolf.legal import legal_for_side
from games.roadwolf.missions.gauntlet import (
    after_action,
    judge,
    next_vehicle,
    order,
    score_text,
)
from games.roadwolf.missions.gauntlet_enemies import enemy_turn
from games.roadwolf.model import RwState, SideState, Turn
from games.roadwolf.preview import preview
from games.roadwolf.table import Ctx
from tests.games.roadwolf.helpers import Car, texts
from tests.games.roadwolf.test_gauntlet import Tin, gauntlet

SEATS = tuple(Player(id=500 + i, name=f"P{i}") for i in range(6))


def sided(cars: Sequence[tuple[Car, int]], n: int) -> RwState:
    """A GAUNTLET position with `n` Courier sides, each car on the side given."""
    state = gauntlet([car for car, _ in cars], deck=("clear",) * 12)
    side_of = {car.letter: side for car, side in cars}
    vehicles = tuple(
        v.model_copy(update={"side": side_of[v.letter], "origin": side_of[v.letter]})
        for v in state.vehicles
    )
    sides = tuple(
        SideState(name=f"Couriers {k + 1}", players=(SEATS[k].id,), points=4, spent=4)
        for k in range(n)
    )
    return state.model_copy(
        update={"vehicles": vehicles, "sides": sides, "players": SEATS[:n], "turn": Turn(side=0)}
    )


def _started(players: int, seed: int = 3) -> RwState:
    state = SPEC.setup(SEATS[:players], SPEC.parse_options({"mission": "GAUNTLET"}), Rng(seed))
    while state.phase == "build":
        actor = min(SPEC.active_players(state))
        assert SPEC.policy is not None
        state = SPEC.apply(state, actor, SPEC.policy(state, actor, Rng(0)), Rng(seed)).state
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_every_player_is_a_courier_side_with_a_free_nitro(players: int) -> None:
    """Line 213: "All players are Couriers who must cross a valley of death ... Couriers start at
    the start of the road with 4 points of vehicles, plus one additional free Nitro"; "Roll off
    to see who gets the first turn" among all of them."""
    state = _started(players)
    assert len(state.sides) == players and [s.points for s in state.sides] == [4] * players
    for side in range(players):
        mine = [v for v in state.vehicles if v.origin == side]
        assert mine and all("courier" in v.traits for v in mine)
        free = [t for v in mine for t in v.gear if t.kind == "nitro" and t.free]
        assert len(free) == 1 + sum(1 for v in mine if v.surface == "street")
    assert 0 <= state.mission.count("first") < players
    assert state.order.count("vehicle:*") == len(state.vehicles)


def test_the_roll_off_rerolls_only_the_sides_tied_for_the_highest() -> None:
    """Line 213: "Roll off to see who gets the first turn" and "Roll off for ties"."""
    from games.roadwolf.missions.gauntlet import _roll_off

    state = sided([(Car("A1", "coupe", 10, 2), 0)], 3)
    ctx = Ctx(state, LoadedDice([6, 5, 3, 3, 5, 6, 2, 1, 4, 4]))  # 11, 6, 11; then 3 vs 8
    assert _roll_off(ctx) == 2
    assert len([e for e in ctx.events if getattr(e, "why", "").startswith("roll-off")]) == 5


def test_turn_order_goes_by_position_across_all_sides() -> None:
    """Line 213: "TURN ORDER goes by VEHICLE POSITION: The LEAD vehicle goes first, then the
    next vehicle, and so on. Roll off for ties" (ties: from the roll-off winner, side order)."""
    cars = [
        (Car("A1", "coupe", 2, 10), 0),
        (Car("B1", "coupe", 6, 20), 1),
        (Car("C1", "coupe", 10, 15), 2),
        (Car("D1", "coupe", 14, 15), 3),
        (Car("D2", "coupe", 18, 5), 3),
    ]
    state = sided(cars, 4)
    state = state.model_copy(update={"mission": state.mission.with_count("first", 3)})
    assert order(state) == ("vehicle:*",) * 5 + ("road", "step:enemies")
    ctx = Ctx(state, Rng(0))
    assert [next_vehicle(ctx) for _ in range(6)] == ["B1", "D1", "C1", "A1", "D2", None]


def test_every_side_draws_and_the_lead_side_two() -> None:
    """Line 213: "each player must draw one random Gear/Crew token from their tin ... The vehicle
    in the LEAD must draw TWO tokens!"."""
    cars = [(Car("A1", "coupe", 2, 10), 0), (Car("B1", "coupe", 9, 30), 1)]
    cars.append((Car("C1", "coupe", 16, 20), 2))
    ctx = Ctx(sided(cars, 3), Tin(["mechanic"] * 4))
    assert enemy_turn(ctx) is None
    who = [t.split(" draw")[0] for t in texts(ctx.events).split(" | ") if " draw " in t]
    assert who == ["Couriers 1", "Couriers 2", "Couriers 2", "Couriers 3"]


def test_skulls_and_enemy_points_are_per_side_and_enemies_are_nobodys() -> None:
    """Line 213: "For every enemy you destroy ... Use Skull markers": the side that destroyed
    it gets the Skull; every Courier side may attack the enemies."""
    cars = [(Car("A1", "coupe", 2, 10), 0), (Car("B1", "coupe", 9, 10), 1)]
    cars.append((Car("C1", "coupe", 14, 30), 2))
    ctx = Ctx(sided(cars, 3), Tin(["mechanic", "mechanic", "gunner", "mechanic"], [1, 6, 6]))
    enemy_turn(ctx)
    mutant = next(v for v in ctx.vehicles.values() if v.kind == "mutant")
    assert mutant.neutral and "enemy" in mutant.traits
    assert all(is_target(ctx.v(x), mutant) for x in ("A1", "B1", "C1"))
    from games.roadwolf.crash import destroy

    destroy(ctx, mutant.letter)
    ctx.state = ctx.freeze(turn=Turn(side=2))
    after_action(ctx)
    assert [ctx.mission.count(f"skulls:{k}") for k in range(3)] == [0, 0, 1]
    assert [ctx.mission.count(f"enemy_points:{k}") for k in range(3)] == [0, 0, 1]


def _out(state: RwState, exits: dict[str, str | None]) -> RwState:
    """Every Courier out: off the END as `exits` says (None: still on the road), else destroyed."""
    vehicles = tuple(
        v.model_copy(update={"exited": exits.get(v.letter, "destroyed")}) for v in state.vehicles
    )
    return state.model_copy(update={"vehicles": vehicles})


FOUR = [
    (Car("A1", "coupe", 2, 10), 0),
    (Car("B1", "coupe", 6, 10), 1),
    (Car("B2", "coupe", 10, 10), 1),
    (Car("C1", "coupe", 14, 10), 2),
    (Car("D1", "coupe", 18, 10), 3),
]


def test_scoring_with_four_sides() -> None:
    """Line 213: "The first Courier to exit earns one point. Each vehicle that exits earns one
    point. The courier who destroyed the most points of enemies earns one point. Whoever has
    the most points wins!"."""
    state = sided(FOUR, 4)
    mission = state.mission.with_count("first_out", 3)  # C's was first out
    for side, points in enumerate((1, 0, 3, 2)):
        mission = mission.with_count(f"enemy_points:{side}", points)
    state = state.model_copy(update={"mission": mission})
    state = _out(state, {"B1": "end", "B2": "end", "C1": "end"})
    verdict = judge(state)
    # B: 2 exits; C: 1 exit + first out + most enemy points (3) = 3
    assert verdict.over and verdict.score == (0, 2, 3, 0) and verdict.winner == 2
    assert verdict.reason == "Couriers 3 win the Gauntlet with 3 points"
    assert score_text(state).startswith("Points 0–2–3–0 · Skulls 0–0–0–0 · enemy pts 1–0–3–2")


def test_a_tie_for_most_enemy_points_earns_nobody_and_a_tie_on_top_is_a_draw() -> None:
    """[R] as with two sides: tied for the most enemy points, nobody earns that point; sides tied
    for the most points (not every side): they share the win, "Whoever has the most points
    wins!"."""
    state = sided(FOUR, 4)
    mission = state.mission.with_count("enemy_points:0", 2).with_count("enemy_points:3", 2)
    state = state.model_copy(update={"mission": mission})
    state = _out(state, {"A1": "end", "D1": "end"})
    verdict = judge(state)
    assert verdict.score == (1, 0, 0, 1) and verdict.over and verdict.winner is None
    assert "Couriers 1 and Couriers 4 share the win with 1 point each" in verdict.reason


def test_the_game_goes_on_while_any_courier_of_any_side_is_on_the_road() -> None:
    """Line 213: "Game ends when all couriers have been destroyed or have exited the valley"."""
    state = _out(sided(FOUR, 4), {"A1": "end", "D1": None})
    assert not judge(state).over


def test_couriers_of_different_sides_may_not_attack_each_other() -> None:
    """Line 213: "Couriers may not attack each other": a shot, a melee, and a move that would
    ram another side's Courier are refused, quoting the rule; the preview shows the ram the
    move would make; such moves are never listed."""
    cars = [
        (Car("A1", "buggy", 10, 10, tokens=("gunner", "shotgun")), 0),
        (Car("B1", "coupe", 10, 14), 1),
        (Car("C1", "buggy", 13, 10), 2),
    ]
    state = sided(cars, 3)
    for action in (
        ShootAction(vehicle="A1", target="B1", weapon="shotgun"),
        MeleeAction(vehicle="A1", target="C1"),
        MoveAction(vehicle="A1", dx=0, dy=4),
    ):
        with pytest.raises(IllegalAction, match='"Couriers may not attack each other"'):
            check(state, action)
    assert preview(state, "A1", "move", 0, 4).ram == "B1"
    listed = legal_for_side(state, 0)
    assert not any(isinstance(a, ShootAction | MeleeAction) for a in listed)
    moves = [a for a in listed if isinstance(a, MoveAction)]
    assert moves and all(preview(state, "A1", a.kind, a.dx, a.dy).ram is None for a in moves)


def test_a_sides_private_part_lists_its_own_couriers_not_the_enemies() -> None:
    """Enemies are nobody's pieces (side 0 by the neutral pieces' rule): never on side 0's own
    list of vehicles and tokens (its panel and record sheet)."""
    from games.roadwolf.view import view

    cars = [(Car("A1", "coupe", 5, 30), 0), (Car("B1", "coupe", 9, 10), 1)]
    cars.append((Car("C1", "coupe", 14, 12), 2))
    ctx = Ctx(sided(cars, 3), Tin(["gunner", "mechanic", "mechanic", "mechanic"], [1, 6, 6]))
    enemy_turn(ctx)
    state = ctx.freeze()
    assert any(v.kind == "mutant" and v.side == 0 for v in state.vehicles)
    private = view(state, SEATS[0].id).private
    assert private is not None and [letter for letter, _ in private.tokens] == ["A1"]
