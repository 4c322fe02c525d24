"""Random legal playouts: from setup (1-4 truckers) and from finished trucks through delivery."""

from __future__ import annotations

import random

import pytest

from games.engine import DiceRolled, GameError, NotYourTurn, Rng
from games.spacetruckin import SPEC
from games.spacetruckin.data import SPECIALTY_BY_DIE, TRUCKS
from games.spacetruckin.models import SpaceTruckinOptions, SpaceTruckinState
from games.spacetruckin.policy import prudent as _prudent
from tests.games.spacetruckin.helpers import built_sheet, players, shipyard_state

MAX_STEPS = 2000


def play(
    state: SpaceTruckinState, seed: int, *, stop_rate: float = 0.03, prudent: bool = False
) -> list[SpaceTruckinState]:
    """Random legal actions until an outcome; checks rolls are reported and JSON round-trips."""
    rnd = random.Random(seed)
    states = [state]
    for step in range(MAX_STEPS):
        if SPEC.outcome(state) is not None:
            return states
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        legal = list(SPEC.legal_actions(state, actor))
        assert legal, f"seed {seed}: {actor} is active with no legal action"
        keep_building = [a for a in legal if a.kind != "stop"]
        pool = keep_building if keep_building and rnd.random() > stop_rate else legal
        if prudent:
            pool = _prudent(state, actor, pool)
        rng = Rng.for_step(seed, step + 1)
        result = SPEC.apply(state, actor, rnd.choice(pool), rng)
        assert sum(isinstance(e, DiceRolled) for e in result.events) == rng.rolls_made
        state = result.state
        assert SPEC.load_state(SPEC.dump_state(state)) == state
        states.append(state)
    pytest.fail(f"seed {seed}: no outcome after {MAX_STEPS} steps")


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_random_games_from_setup_end(count: int) -> None:
    """Whole games from setup reach an outcome, nobody acts after it (25 seeds per size)."""
    for seed in range(25):
        options = SpaceTruckinOptions(digits=3 if seed % 3 == 0 else 4)
        state = SPEC.setup(players(count), options, Rng.for_step(seed, 0))
        final = play(state, seed)[-1]
        assert SPEC.active_players(final) == frozenset()


def _delivery_start(seed: int, count: int) -> SpaceTruckinState:
    rnd = random.Random(seed)
    sheets = tuple(
        built_sheet(100 + i, rnd.choice(TRUCKS), SPECIALTY_BY_DIE[rnd.randint(1, 6)])
        for i in range(count)
    )
    manipulations = "each" if seed % 4 == 0 else "one"
    return shipyard_state(sheets, options=SpaceTruckinOptions(manipulations=manipulations))


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_random_deliveries_end(count: int) -> None:
    """From finished trucks, random deliveries reach an outcome (12 seeds per size)."""
    deepest = 0
    for seed in range(12):
        states = play(_delivery_start(seed, count), seed, stop_rate=1.0, prudent=True)
        assert SPEC.outcome(states[-1]) is not None
        deepest = max(deepest, *(s.location for s in states))
    assert deepest >= 3  # the flow really moves from location to location


def test_same_seed_same_game() -> None:
    """Replaying the same seed gives the same final state."""
    first = play(_delivery_start(7, 2), 7, stop_rate=1.0, prudent=True)[-1]
    second = play(_delivery_start(7, 2), 7, stop_rate=1.0, prudent=True)[-1]
    assert first == second


def test_illegal_actions_raise_and_leave_the_state_unchanged() -> None:
    """Unlisted actions raise a typed error; idle truckers get NotYourTurn; nothing mutates."""
    for seed in range(3):
        states = play(_delivery_start(seed, 2), seed, stop_rate=1.0)
        seen = {}
        for state in states:
            for p in SPEC.active_players(state):
                for a in SPEC.legal_actions(state, p)[:3]:
                    seen[a.model_dump_json()] = a
        for state in states[:-1]:
            before = SPEC.dump_state(state)
            active = SPEC.active_players(state)
            for player in (p.id for p in state.players):
                legal = {a.model_dump_json() for a in SPEC.legal_actions(state, player)}
                for key, action in list(seen.items())[:25]:
                    if key in legal:
                        continue
                    error = NotYourTurn if player not in active else GameError
                    with pytest.raises(error):
                        SPEC.apply(state, player, action, Rng(seed))
            assert SPEC.dump_state(state) == before
