"""Shared builders for Rush 'n' Crush tests: states through constructors, random playouts."""

from __future__ import annotations

from collections.abc import Mapping

from games.engine import Player, PlayerId, Rng
from games.rushncrush import SPEC, RncOptions, RncState
from games.rushncrush.data import Item
from games.rushncrush.model import Car, Slot, Turn

MAX_ACTIONS = 3000


def players(n: int) -> list[Player]:
    return [Player(id=100 + i, name=f"P{i + 1}") for i in range(n)]


def new_game(n: int = 2, seed: int = 1, **options: object) -> RncState:
    return SPEC.setup(players(n), RncOptions.model_validate(options), Rng(seed))


def with_cars(state: RncState, *cars: Car, turn: Turn | None = None) -> RncState:
    """The same state with its cars replaced (validated through the constructor)."""
    data = state.model_dump()
    data["cars"] = [c.model_dump() for c in cars]
    data["order"] = [c.player for c in cars if not c.destroyed]
    data["turn"] = (turn or Turn(player=cars[0].player)).model_dump()
    return RncState.model_validate(data)


def playout(n: int, seed: int, **options: object) -> tuple[RncState, int]:
    """Random legal actions until the race ends; returns the final state and the action count."""
    state = new_game(n, seed, **options)
    chooser = Rng(seed * 7919 + n)
    for count in range(MAX_ACTIONS):
        if SPEC.outcome(state) is not None:
            return state, count
        (player,) = SPEC.active_players(state)
        actions = SPEC.legal_actions(state, player)
        assert actions, f"no legal action for {player} in {state.model_dump_json()}"
        action = chooser.choice(actions)
        state = SPEC.apply(state, player, action, Rng(seed * 1000 + count)).state
    raise AssertionError(f"no finish within {MAX_ACTIONS} actions (seed {seed}, {n} players)")


def place(car: Car, row: int, lane: int, **fields: object) -> Car:
    """A copy of the car somewhere else (and with other fields), through the constructor."""
    return Car.model_validate({**car.model_dump(), "row": row, "lane": lane, **fields})


def duel(
    a: tuple[int, int],
    b: tuple[int, int],
    *,
    speed: int = 6,
    lane_changes: int | None = None,
    a_fields: Mapping[str, object] | None = None,
    b_fields: Mapping[str, object] | None = None,
    **options: object,
) -> RncState:
    """Two cars at given cells; car A (player 100) is moving with `speed` movement left."""
    base = new_game(2, 1, **options)
    first = next(c for c in base.cars if c.player == 100)
    second = next(c for c in base.cars if c.player == 101)
    gear = {4: 1, 5: 1, 6: 2, 7: 2, 8: 3, 9: 3, 10: 4, 11: 4, 12: 5, 14: 5, 16: 5, 18: 5}[speed]
    car_a = place(first, a[0], a[1], gear=gear, speed=speed, **(a_fields or {}))
    car_b = place(second, b[0], b[1], gear=1, speed=4, **(b_fields or {}))
    turn = Turn(
        player=100,
        phase="move",
        movement_left=speed,
        lane_changes=lane_changes,
        path=(a,),
    )
    return with_cars(base, car_a, car_b, turn=turn)


GUNNER_SLOTS = (
    Slot(item=Item.MACHINE_GUN, armed=True),
    Slot(item=Item.FLAMER),
    Slot(item=Item.ROCKET_BOOSTER),
    Slot(item=Item.FIRE_EXTINGUISHER),
)


def gun_in_range(state: RncState, shooter: PlayerId, target: PlayerId) -> RncState:
    """A two-car race at `shooter`'s turn (gear first), their Machine Gun armed and `target`
    two rows ahead in the same lane (both on the starting grid: open road)."""
    gunner = place(state.car(shooter), 0, 1, slots=[s.model_dump() for s in GUNNER_SLOTS])
    return with_cars(state, gunner, place(state.car(target), 2, 1), turn=Turn(player=shooter))
