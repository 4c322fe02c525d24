"""The bot plays sensibly: it beats random play on every side of every mission, and its
moves do what the brief asks (runners run for the END, chasers close and shoot)."""

from __future__ import annotations

import random

import pytest

from games.engine import Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.data import MISSION_NAMES
from games.roadwolf.model import MoveAction, NitroAction, ResetAction, ShootAction, Turn
from games.roadwolf.policy import bot_move
from games.roadwolf.preview import preview
from tests.games.roadwolf.helpers import P1, P2, Car, position


def _game(mission: str, seed: int, bot_side: int) -> int | None:
    rnd = random.Random(seed)
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": mission}), Rng.for_step(seed, 0))
    for step in range(1, 3000):
        if SPEC.outcome(state) is not None:
            break
        actor = sorted(SPEC.active_players(state))[0]
        if state.side_of(actor) == bot_side:
            action = bot_move(state, actor, Rng(step))
        else:
            # A random side never throws its army away (starting it again forever would
            # only make the game endless, not the play more random).
            legal = [a for a in SPEC.legal_actions(state, actor) if not isinstance(a, ResetAction)]
            action = rnd.choice(legal)
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
    return state.winner


@pytest.mark.parametrize("mission", MISSION_NAMES)
@pytest.mark.parametrize("bot_side", [0, 1])
def test_the_bot_beats_random_play(mission: str, bot_side: int) -> None:
    """Over 8 seeds the bot's side wins more often than it loses, or never loses (random
    Enforcers drive their own Limo off the START: a draw)."""
    results = [_game(mission, seed, bot_side) for seed in range(8)]
    wins = results.count(bot_side)
    losses = results.count(1 - bot_side)
    assert wins > losses or losses == 0, results


def test_a_runner_runs_for_the_end() -> None:
    """A Runner with a clear road ahead and a Nitro fires it; without, it drives forward."""
    state = position([Car("A", "coupe", 11, 10, tokens=("nitro",))])
    assert bot_move(state, P1, Rng(1)) == NitroAction(vehicle="A")
    plain = position([Car("A", "coupe", 11, 10)])
    action = bot_move(plain, P1, Rng(1))
    assert isinstance(action, MoveAction) and action.dy == 4


def test_a_runner_steers_around_a_car_ahead() -> None:
    """It avoids the ram: the move it picks still goes forward but does not hit the car in
    front (F4 and the shallow diagonals would)."""
    state = position([Car("A", "coupe", 11, 10), Car("B", "coupe", 11, 15)])
    action = bot_move(state, P1, Rng(1))
    assert isinstance(action, MoveAction) and action.dy > 0
    assert preview(state, "A", "move", action.dx, action.dy).ram is None


def test_an_interceptor_shoots_what_is_in_range() -> None:
    """With a Gunner and a Shotgun and a Runner 2 cells away, it shoots."""
    cars = [
        Car("A", "coupe", 11, 10),
        Car("N", "convertible", 11, 15, side=1, tokens=("gunner", "shotgun")),
    ]
    action = bot_move(position(cars, turn=Turn(side=1)), P2, Rng(1))
    assert isinstance(action, ShootAction) and action.target == "A"


def test_an_interceptor_closes_on_the_runner() -> None:
    """Without a shot it brakes toward the Runner behind it."""
    cars = [Car("A", "coupe", 11, 10), Car("N", "convertible", 11, 30, side=1)]
    action = bot_move(position(cars, turn=Turn(side=1)), P2, Rng(1))
    assert isinstance(action, MoveAction) and action.kind == "brake"
