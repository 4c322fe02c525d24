"""Seeded games of each mission reach an outcome: random play, bots, teams of up to 3."""

from __future__ import annotations

import random

import pytest

from games.engine import Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.data import MISSION_NAMES
from games.roadwolf.model import RwState

MAX_STEPS = 3000


def play(mission: str, seed: int, players: int, *, bots: bool) -> tuple[RwState, int]:
    rnd = random.Random(seed)
    seated = tuple(Player(id=300 + i, name=f"P{i}") for i in range(players))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": mission}), Rng.for_step(seed, 0))
    for step in range(1, MAX_STEPS):
        if SPEC.outcome(state) is not None:
            return state, step
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        if bots:
            assert SPEC.policy is not None
            action = SPEC.policy(state, actor, Rng(seed * 7919 + step))
        else:
            action = rnd.choice(list(SPEC.legal_actions(state, actor)))
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
    pytest.fail(f"{mission} seed {seed}: no outcome after {MAX_STEPS} steps")


@pytest.mark.parametrize("mission", MISSION_NAMES)
@pytest.mark.parametrize("bots", [False, True], ids=["random", "bots"])
def test_seeded_games_reach_an_outcome(mission: str, bots: bool) -> None:
    """Every mission ends, with two players and with teams (seats alternate sides)."""
    for seed in range(6):
        state, _ = play(mission, seed, 2 + seed % 3, bots=bots)
        outcome = SPEC.outcome(state)
        assert outcome is not None and outcome.reason
        assert SPEC.active_players(state) == frozenset()


def test_teams_alternate_seats() -> None:
    """Rule 5: "With teams, seat players so that teams alternate"."""
    seated = tuple(Player(id=i, name=f"P{i}") for i in range(5))
    state = SPEC.setup(seated, SPEC.parse_options(None), Rng(1))
    assert state.sides[0].players == (0, 2, 4) and state.sides[1].players == (1, 3)


def test_bots_finish_army_building_with_every_point_spent() -> None:
    """Rule 3: each side spends its points on vehicles and as many tokens (CHASE: "Cops start
    with NO crew or equipment tokens")."""
    seated = tuple(Player(id=i, name=f"P{i}") for i in range(2))
    for mission in MISSION_NAMES:
        state = SPEC.setup(seated, SPEC.parse_options({"mission": mission}), Rng(2))
        while state.phase == "build":
            actor = min(SPEC.active_players(state))
            assert SPEC.policy is not None
            state = SPEC.apply(state, actor, SPEC.policy(state, actor, Rng(0)), Rng(0)).state
        for side in state.sides:
            assert side.spent == side.points and side.tokens_bought == side.tokens_allowed
