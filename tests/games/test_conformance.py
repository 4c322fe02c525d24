"""One conformance test for every registered game (OpenSpiel's random simulation test).

Seeded random legal playouts to the end; every state round-trips through JSON; the same seed
gives the same game; an illegal action raises a typed error and leaves the state unchanged;
every roll made through the Rng is reported as an event; an outcome exists at the end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import (
    DiceRolled,
    GameError,
    GameOver,
    Player,
    Rng,
    replay,
)
from games.registry import GAMES, AnySpec
from tests.games.variants import options_for

SEEDS = range(40)
MAX_STEPS = 2000


def _players(spec: AnySpec, rnd: random.Random) -> tuple[Player, ...]:
    count = rnd.randint(spec.min_players, min(spec.max_players, spec.min_players + 3))
    return tuple(Player(id=1000 + i, name=f"P{i + 1}") for i in range(count))


def playout(spec: AnySpec, seed: int) -> tuple[list[Any], list[tuple[int, Any]], Any]:
    """Play random legal actions from a seed; returns states, moves and the options used."""
    rnd = random.Random(seed)
    players = _players(spec, rnd)
    options = options_for(spec, seed)
    state = spec.setup(players, options, Rng.for_step(seed, 0))
    states, moves = [state], []
    for step in range(1, MAX_STEPS + 1):
        if spec.outcome(state) is not None:
            break
        active = sorted(spec.active_players(state))
        assert active, f"seed {seed}: nobody may act but the game is not over"
        actor = rnd.choice(active)
        legal = list(spec.legal_actions(state, actor))
        assert legal, f"seed {seed}: active player {actor} has no legal action"
        action = rnd.choice(legal)
        rng = Rng.for_step(seed, step)
        result = spec.apply(state, actor, action, rng)
        rolled = sum(isinstance(e, DiceRolled) for e in result.events)
        assert rolled == rng.rolls_made, "every roll must be reported as a DiceRolled event"
        state = result.state
        states.append(state)
        moves.append((actor, action))
    else:
        pytest.fail(f"seed {seed}: no outcome after {MAX_STEPS} steps")
    return states, moves, (players, options)


@pytest.fixture(params=sorted(GAMES), ids=str)
def spec(request: pytest.FixtureRequest) -> AnySpec:
    return GAMES[request.param]


def test_random_playouts_reach_an_outcome(spec: AnySpec) -> None:
    """Random legal play always ends with an outcome, and nobody acts afterwards."""
    for seed in SEEDS:
        states, _, _ = playout(spec, seed)
        assert spec.outcome(states[-1]) is not None
        assert spec.active_players(states[-1]) == frozenset()


def test_every_state_round_trips_through_json(spec: AnySpec) -> None:
    """States serialise to JSON and back exactly (storage depends on it)."""
    for seed in SEEDS[:10]:
        states, moves, _ = playout(spec, seed)
        for state in states:
            assert spec.load_state(spec.dump_state(state)) == state
        for _, action in moves:
            assert spec.parse_action(action.model_dump(mode="json")) == action


def test_same_seed_replays_to_the_same_game(spec: AnySpec) -> None:
    """The action log plus the seed rebuilds the final state bit for bit."""
    for seed in SEEDS[:10]:
        states, moves, (players, options) = playout(spec, seed)
        assert replay(spec, players, options, seed, moves) == states[-1]


def test_illegal_actions_raise_and_leave_the_state_unchanged(spec: AnySpec) -> None:
    """A refused action raises a GameError and the old state is untouched."""
    for seed in SEEDS[:10]:
        states, moves, _ = playout(spec, seed)
        everyone = {p.id for p in states[0].players} if hasattr(states[0], "players") else set()
        for state in states[:-1]:
            before = spec.dump_state(state)
            active = spec.active_players(state)
            idle = sorted(everyone - active)
            all_actions = {a.model_dump_json(): a for _, a in moves}
            for player in idle[:1]:
                with pytest.raises(GameError):
                    spec.apply(state, player, next(iter(all_actions.values())), Rng(seed))
            for player in sorted(active)[:1]:
                legal = {a.model_dump_json() for a in spec.legal_actions(state, player)}
                for key, action in list(all_actions.items())[:20]:
                    if key in legal:
                        continue
                    try:
                        spec.apply(state, player, action, Rng(seed))
                    except GameError:
                        pass
                    else:
                        # a listed action must be accepted; an unlisted one may still be legal
                        # for games that only list representatives of a huge action space
                        assert not spec.extra.get("lists_all_actions", True), (
                            f"unlisted action {key} was accepted"
                        )
            assert spec.dump_state(state) == before
        final = states[-1]
        with pytest.raises(GameOver):
            spec.apply(final, sorted(everyone)[0], moves[-1][1], Rng(seed))
