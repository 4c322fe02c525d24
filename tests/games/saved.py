"""Games stored under an older rules version (JSON written by that version's code): they load
unchanged and the bots play them on to an outcome under today's rules."""

from __future__ import annotations

from typing import Any

from games.engine import GameSpec, Rng


def loads_unchanged(spec: GameSpec[Any, Any, Any, Any], saved: str) -> Any:
    """The stored state, checked to load, to have someone to act and to round-trip exactly."""
    state = spec.load_state(saved)
    assert spec.active_players(state)
    assert spec.load_state(spec.dump_state(state)) == state
    return state


def bots_play_on(
    spec: GameSpec[Any, Any, Any, Any], saved: str, *, seeds: int = 3, steps: int = 4000
) -> None:
    """From the stored position, the bots play every seat to an outcome (a few seeds)."""
    assert spec.policy is not None
    for seed in range(seeds):
        state = spec.load_state(saved)
        for step in range(steps):
            if spec.outcome(state) is not None:
                break
            player = min(spec.active_players(state))
            action = spec.policy(state, player, Rng.for_step(seed, step))
            state = spec.apply(state, player, action, Rng.for_step(seed + 100, step)).state
        assert spec.outcome(state) is not None, f"seed {seed}: no outcome after {steps} steps"
