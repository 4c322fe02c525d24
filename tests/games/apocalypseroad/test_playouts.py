"""Seeded random and bot-only races of 2, 4 and 10 players reach an outcome, on both tracks."""

from __future__ import annotations

import random

import pytest

from games.apocalypseroad import SPEC
from games.engine import Player, Rng

MAX_STEPS = 4000


def race(players: int, seed: int, track: str, *, bots: bool) -> tuple[object, int]:
    rnd = random.Random(seed)
    seats = tuple(Player(id=900 + i, name=f"P{i + 1}") for i in range(players))
    options = SPEC.parse_options({"track": track, "pick_cars": seed % 2 == 1})
    state = SPEC.setup(seats, options, Rng.for_step(seed, 0))
    for step in range(1, MAX_STEPS + 1):
        if SPEC.outcome(state) is not None:
            return state, step
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        if bots:
            action = SPEC.policy(state, actor, Rng(step))  # type: ignore[misc]
        else:
            action = rnd.choice(list(SPEC.legal_actions(state, actor)))
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
    pytest.fail(f"{players} players, seed {seed}, {track}: no outcome after {MAX_STEPS} steps")


@pytest.mark.parametrize("players", [2, 4, 10])
@pytest.mark.parametrize("track", ["oval", "figure8"])
def test_random_races_reach_an_outcome(players: int, track: str) -> None:
    for seed in range(3):
        state, _ = race(players, seed, track, bots=False)
        assert SPEC.active_players(state) == frozenset()  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 10])
def test_bot_races_reach_an_outcome(players: int) -> None:
    for seed, track in ((0, "oval"), (1, "figure8")):
        state, _ = race(players, seed, track, bots=True)
        outcome = SPEC.outcome(state)  # type: ignore[arg-type]
        assert outcome is not None and outcome.winners
