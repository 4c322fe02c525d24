"""The registry's conformance checks (`tests/games/test_conformance.py` plays the default
mission only) repeated for every mission: random and bot games end, states round-trip through
JSON, the log replays bit for bit, and no unused hidden token shows in a public view."""

from __future__ import annotations

import random

import pytest

from games.engine import Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.data import MISSION_NAMES
from games.roadwolf.model import Action, RwState

MAX_STEPS = 3000


def _playout(
    mission: str, seed: int, *, bots: bool
) -> tuple[list[RwState], list[tuple[int, Action]]]:
    rnd = random.Random(seed)
    seated = tuple(Player(id=500 + i, name=f"P{i}") for i in range(2 + seed % 2))
    options = SPEC.parse_options({"mission": mission})
    state = SPEC.setup(seated, options, Rng.for_step(seed, 0))
    states, moves = [state], []
    for step in range(1, MAX_STEPS):
        if SPEC.outcome(state) is not None:
            return states, moves
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        if bots:
            assert SPEC.policy is not None
            action = SPEC.policy(state, actor, Rng(seed * 31 + step))
        else:
            action = rnd.choice(list(SPEC.legal_actions(state, actor)))
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
        states.append(state)
        moves.append((actor, action))
    pytest.fail(f"{mission} seed {seed}: no outcome after {MAX_STEPS} steps")


@pytest.mark.parametrize("mission", MISSION_NAMES)
@pytest.mark.parametrize("bots", [False, True], ids=["random", "bots"])
def test_every_mission_ends_replays_and_round_trips(mission: str, bots: bool) -> None:
    for seed in range(2):
        states, moves = _playout(mission, seed, bots=bots)
        final = states[-1]
        assert SPEC.outcome(final) is not None and SPEC.active_players(final) == frozenset()
        seated = final.players
        state = SPEC.setup(seated, final.options, Rng.for_step(seed, 0))
        for step, (actor, action) in enumerate(moves, start=1):
            state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
        assert state == final
        for each in states[:: max(1, len(states) // 25)]:
            assert SPEC.load_state(SPEC.dump_state(each)) == each
            public = SPEC.view(each, None)
            for vehicle in public.vehicles:
                original = each.vehicle(vehicle.letter)
                shown = {t.id for t in vehicle.tokens if t.kind is not None}
                hidden = {
                    t.id
                    for t in (*original.crew, *original.gear)
                    if not t.revealed and not (t.free and t.kind == "driver")
                }
                assert not shown & hidden, (mission, vehicle.letter)
