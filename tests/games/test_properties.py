"""Bad input and abuse, property-based, for every registered game.

From states taken out of seeded random playouts (finished ones included), hypothesis applies
sequences that mix legal actions with illegal ones: actions legal for another player, actions
from other states, actions built from the game's action JSON schema, legal actions with one
field mutated, and anything at all once the game is over, from seated players and strangers.
Nothing may escape but a `GameError`, and a refused action leaves the state exactly as it was.
Parsing garbage raises pydantic's `ValidationError` and nothing else.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from games.engine import GameError, Player, PlayerId, Rng
from games.registry import GAMES, AnySpec
from tests.games.variants import options_for

SEEDS = range(6)
MAX_STEPS = 2000
STRANGERS: tuple[PlayerId, ...] = (0, -1, 4242, 2**62)
PROPERTY_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@dataclass(frozen=True)
class Playout:
    seed: int
    players: tuple[Player, ...]
    states: tuple[Any, ...]
    moves: tuple[tuple[PlayerId, Any], ...]


@functools.cache
def playouts(key: str) -> tuple[Playout, ...]:
    """Seeded random legal playouts of one game, computed once per test session."""
    spec = GAMES[key]
    found = []
    for seed in SEEDS:
        rnd = random.Random(seed)
        count = rnd.randint(spec.min_players, spec.max_players)
        players = tuple(Player(id=2000 + i, name=f"P{i + 1}") for i in range(count))
        state = spec.setup(players, options_for(spec, seed), Rng.for_step(seed, 0))
        states, moves = [state], []
        for step in range(1, MAX_STEPS + 1):
            active = sorted(spec.active_players(state))
            if spec.outcome(state) is not None or not active:
                break
            actor = rnd.choice(active)
            action = rnd.choice(list(spec.legal_actions(state, actor)))
            state = spec.apply(state, actor, action, Rng.for_step(seed, step)).state
            states.append(state)
            moves.append((actor, action))
        found.append(Playout(seed, players, tuple(states), tuple(moves)))
    return tuple(found)


@functools.cache
def other_states_actions(key: str) -> tuple[Any, ...]:
    """Every action played or legal anywhere in the playouts, deduplicated by JSON."""
    spec = GAMES[key]
    pool: dict[str, Any] = {}
    for playout in playouts(key):
        for _, action in playout.moves:
            pool.setdefault(spec.dump_action(action), action)
        for state in playout.states[:: max(len(playout.states) // 20, 1)]:
            for player in spec.active_players(state):
                for action in list(spec.legal_actions(state, player))[:50]:
                    pool.setdefault(spec.dump_action(action), action)
    return tuple(pool.values())


# ----- strategies from the action union's JSON schema ------------------------------------


def from_schema(schema: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[Any]:
    """JSON values shaped like `schema`, some of them just outside it (bounds, enums)."""
    if "$ref" in schema:
        return st.deferred(lambda: from_schema(defs[schema["$ref"].split("/")[-1]], defs))
    for key in ("oneOf", "anyOf", "allOf"):
        if key in schema:
            return st.one_of([from_schema(s, defs) for s in schema[key]])
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"]) | JSON_SCALARS
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum", -3), schema.get("maximum", 40)
        return st.integers(low - 2, high + 2) | st.integers()
    if kind == "number":
        return st.floats()
    if kind == "string":
        return st.text(max_size=12)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        if "prefixItems" in schema:
            return st.tuples(*(from_schema(s, defs) for s in schema["prefixItems"])).map(list)
        items = from_schema(schema.get("items", {}), defs)
        return st.lists(items, max_size=schema.get("maxItems", 5) + 1)
    if kind == "object" and "properties" in schema:
        props = {k: from_schema(v, defs) for k, v in schema["properties"].items()}
        must = set(schema.get("required", ())) | {
            k for k, v in schema["properties"].items() if "const" in v
        }
        return st.fixed_dictionaries(
            {k: v for k, v in props.items() if k in must},
            optional={k: v for k, v in props.items() if k not in must},
        )
    return JSON_VALUES


@functools.cache
def schema_values(key: str) -> st.SearchStrategy[Any]:
    schema = GAMES[key].action_adapter.json_schema()
    return from_schema(schema, schema.get("$defs", {}))


@st.composite
def mutated(draw: st.DrawFn, spec: AnySpec, actions: tuple[Any, ...]) -> Any:
    """A known action's JSON with one field replaced by something nearby or arbitrary."""
    data: dict[str, Any] = draw(st.sampled_from(actions)).model_dump(mode="json")
    field = draw(st.sampled_from(sorted(data)))
    old = data[field]
    nearby = st.integers(-3, 3).map(lambda d: old + d) if type(old) is int else st.nothing()
    data[field] = draw(nearby | JSON_VALUES)
    return data


def parsed(spec: AnySpec, data: Any) -> Any | None:
    try:
        return spec.parse_action(data)
    except ValidationError:
        return None


@st.composite
def probe(draw: st.DrawFn, spec: AnySpec, state: Any, playout: Playout) -> tuple[PlayerId, Any]:
    """A (player, action) pair: legal, legal for someone else, foreign, built or mutated."""
    seated = tuple(p.id for p in playout.players)
    active = tuple(sorted(spec.active_players(state)))
    player = draw(st.sampled_from(active + seated + STRANGERS))
    pool = other_states_actions(spec.key)
    source = draw(st.sampled_from(("legal", "someone_else", "foreign", "schema", "mutated")))
    if source in ("legal", "someone_else"):
        owner = player if source == "legal" else draw(st.sampled_from(active + seated))
        legal = tuple(spec.legal_actions(state, owner))
        if legal:
            return player, draw(st.sampled_from(legal))
    if source == "schema":
        action = parsed(spec, draw(schema_values(spec.key)))
        if action is not None:
            return player, action
    if source == "mutated":
        action = parsed(spec, draw(mutated(spec, pool)))
        if action is not None:
            return player, action
    return player, draw(st.sampled_from(pool))


# ----- tests -----------------------------------------------------------------------------


# A parameter, not a fixture: hypothesis refuses function-scoped fixtures under @given.
each_game = pytest.mark.parametrize("key", sorted(GAMES))


@each_game
@PROPERTY_SETTINGS
@given(data=st.data())
def test_abuse_raises_only_game_errors_and_refusals_change_nothing(
    key: str, data: st.DataObject
) -> None:
    """Legal and illegal actions mixed raise only GameError; a refusal changes nothing."""
    spec = GAMES[key]
    playout = data.draw(st.sampled_from(playouts(spec.key)), label="playout")
    last = len(playout.states) - 1
    # About one start in four is the finished state: play after the end must be refused too.
    anywhere = st.integers(0, last)
    index = data.draw(st.one_of(anywhere, anywhere, anywhere, st.just(last)), label="start state")
    state = playout.states[index]
    for step in range(index + 1, index + 1 + data.draw(st.integers(1, 12), label="probes")):
        player, action = data.draw(probe(spec, state, playout), label="probe")
        before = spec.dump_state(state)
        was_over = spec.outcome(state) is not None
        may_act = player in spec.active_players(state)
        try:
            result = spec.apply(state, player, action, Rng.for_step(playout.seed, step))
        except GameError as refused:
            event(f"refused: {type(refused).__name__}")
            assert isinstance(refused.message, str) and refused.message
            assert spec.dump_state(state) == before, f"refusing {action!r} changed the state"
            assert state == spec.load_state(before)
            continue
        event("accepted")
        assert not was_over, f"{action!r} was accepted after the game ended"
        assert may_act, f"{action!r} was accepted from {player}, who may not act now"
        assert spec.dump_state(state) == before, f"accepting {action!r} mutated the old state"
        assert spec.load_state(spec.dump_state(result.state)) == result.state
        state = result.state


@each_game
@PROPERTY_SETTINGS
@given(data=st.data())
def test_parse_action_refuses_garbage_with_validation_error(key: str, data: st.DataObject) -> None:
    """Garbage JSON-like data either parses to an action or raises ValidationError, nothing else."""
    spec = GAMES[key]
    pool = other_states_actions(spec.key)
    garbage = data.draw(
        JSON_VALUES
        | schema_values(spec.key)
        | mutated(spec, pool)
        | st.builds(
            lambda kind, extra: {**extra, "kind": kind},
            st.sampled_from([a.model_dump(mode="json").get("kind") for a in pool]),
            st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=3),
        ),
        label="garbage",
    )
    try:
        action = spec.parse_action(garbage)
    except ValidationError:
        return
    assert isinstance(action, BaseModel)
    assert spec.parse_action(action.model_dump(mode="json")) == action
