"""Random legal playouts always finish the race."""

from __future__ import annotations

import random

from games.dragrage import SPEC
from games.engine import NoOptions, Rng
from tests.games.dragrage.helpers import PLAYERS

MAX_STEPS = 400


def test_random_playouts_end_within_a_bound() -> None:
    """200 seeds of random legal play reach an outcome within 400 steps, never stuck."""
    for seed in range(200):
        pick = random.Random(seed)
        state = SPEC.setup(PLAYERS, NoOptions(), Rng.for_step(seed, 0))
        for step in range(1, MAX_STEPS + 1):
            if SPEC.outcome(state) is not None:
                break
            (player,) = SPEC.active_players(state)
            legal = SPEC.legal_actions(state, player)
            assert legal, f"seed {seed}: {player} is active with nothing to do"
            state = SPEC.apply(state, player, pick.choice(legal), Rng.for_step(seed, step)).state
        else:
            raise AssertionError(f"seed {seed}: no outcome after {MAX_STEPS} steps")
        assert max(state.heat_wins) == 2
