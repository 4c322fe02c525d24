"""Every registered game's bot policy: legal, pure and deterministic, and it finishes games.

The policy fills bot seats and plays for absent players, so whatever position it is handed (a
seat mid-game, mixed with random players) it must return an action `apply` accepts, the same
one for the same state and Rng, without touching the state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.policies import POLICY_SALT, play
from games.engine import GameError, Player, PlayerId, Rng
from games.registry import GAMES, AnySpec
from tests.games.variants import choices, options_for

SEEDS = range(6)
MAX_STEPS = 3000


@pytest.fixture(params=sorted(GAMES), ids=str)
def spec(request: pytest.FixtureRequest) -> AnySpec:
    return GAMES[request.param]


def _mixed_playout(spec: AnySpec, seed: int) -> list[tuple[Any, PlayerId, Any]]:
    """A seeded game mixing the policy with random play: on even seeds the policy drives the
    first seat and random players the others, on odd seeds a coin picks who makes each move.
    Returns (state, actor, policy action) for every policy move, each checked listed."""
    rnd = random.Random(seed)
    count = rnd.randint(spec.min_players, min(spec.max_players, spec.min_players + 2))
    players = tuple(Player(id=500 + i, name=f"P{i + 1}") for i in range(count))
    state = spec.setup(players, options_for(spec, seed), Rng.for_step(seed, 0))
    lists_all = spec.extra.get("lists_all_actions", True)
    seen = []
    assert spec.policy is not None
    for step in range(1, MAX_STEPS + 1):
        if spec.outcome(state) is not None:
            return seen
        actor = rnd.choice(sorted(spec.active_players(state)))
        legal = list(spec.legal_actions(state, actor))
        by_policy = actor == players[0].id if seed % 2 == 0 else rnd.random() < 0.5
        if by_policy:
            action = spec.policy(state, actor, Rng.for_step(seed ^ POLICY_SALT, step))
            assert not lists_all or action in legal, f"seed {seed}: {action!r} is not listed"
            seen.append((state, actor, action))
        else:
            action = rnd.choice(legal)
        state = spec.apply(state, actor, action, Rng.for_step(seed, step)).state
    pytest.fail(f"seed {seed}: no outcome after {MAX_STEPS} steps")


def test_every_game_has_a_policy(spec: AnySpec) -> None:
    """Bot seats and absent players need a policy in every registered game."""
    assert callable(spec.policy)


def test_policy_actions_are_legal_in_mixed_games(spec: AnySpec) -> None:
    """Handed any position of a game mixed with random play, the policy's action is listed
    (or, for games listing representatives, accepted by `apply`)."""
    for seed in SEEDS:
        assert _mixed_playout(spec, seed), f"seed {seed}: the policy never moved"


@pytest.mark.parametrize("end", ["min", "max"])
def test_bot_only_games_reach_an_outcome(spec: AnySpec, end: str) -> None:
    """Bots in every seat finish the game at the smallest and the largest table."""
    count = spec.min_players if end == "min" else spec.max_players
    for seed in range(2):
        played = play(spec, count, seed, range(count))
        assert spec.outcome(played.state) is not None
        assert spec.active_players(played.state) == frozenset()


def _variants() -> list[tuple[str, int]]:
    """(game, seed) for every declared choice of every option: seed n plays choice n."""
    return [
        (key, seed)
        for key, spec in sorted(GAMES.items())
        for seed in range(max((len(values) for values in choices(spec).values()), default=1))
    ]


@pytest.mark.timeout(600)  # Road Wolf's longest mission is a minute of CPU alone; 4x on a load
@pytest.mark.parametrize(("key", "seed"), _variants(), ids=lambda v: str(v))
def test_bot_only_games_of_every_option_variant_reach_an_outcome(key: str, seed: int) -> None:
    """Every declared choice of every option (each Road Wolf mission, each Apocalypse Road
    track, each Rush 'n' Crush course...) is played by bots in every seat to an outcome (one
    test per choice, so a loaded machine never runs ten missions under one time limit)."""
    spec = GAMES[key]
    options = options_for(spec, seed).model_dump()
    played = play(spec, spec.min_players, seed, range(spec.min_players), options)
    assert spec.outcome(played.state) is not None, f"{options}: no outcome"


def test_policy_is_deterministic_and_pure(spec: AnySpec) -> None:
    """Same state and same Rng seed give the same action; the state is never changed."""
    assert spec.policy is not None
    for seed in SEEDS[:3]:
        for index, (state, actor, _) in enumerate(_mixed_playout(spec, seed)[:60]):
            before = spec.dump_state(state)
            again = spec.policy(state, actor, Rng.for_step(seed ^ POLICY_SALT, 0))
            reloaded = spec.load_state(before)
            third = spec.policy(reloaded, actor, Rng.for_step(seed ^ POLICY_SALT, 0))
            assert again == third, f"seed {seed} move {index}: {again!r} then {third!r}"
            assert spec.dump_state(state) == before


def test_policy_refuses_a_player_who_cannot_act(spec: AnySpec) -> None:
    """Asked for a seat that may not act (or a stranger), the policy raises a GameError."""
    assert spec.policy is not None
    players = tuple(Player(id=700 + i, name=f"P{i + 1}") for i in range(spec.min_players))
    state = spec.setup(players, spec.parse_options(None), Rng(1))
    with pytest.raises(GameError):
        spec.policy(state, 4242, Rng(1))
