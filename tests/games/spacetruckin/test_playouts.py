"""Random legal playouts: from setup (1-4 truckers) and from finished trucks through delivery."""

from __future__ import annotations

import random

import pytest

from games.engine import DiceRolled, GameError, NotYourTurn, Rng
from games.spacetruckin import SPEC
from games.spacetruckin.challenge import challenge_result
from games.spacetruckin.data import SPECIALTY_BY_DIE, TRUCKS
from games.spacetruckin.grid import parse_cell
from games.spacetruckin.models import (
    Accept,
    Action,
    Fill,
    Sheet,
    SpaceTruckinOptions,
    SpaceTruckinState,
    Tweak,
    box_names,
)
from games.spacetruckin.sheet import system_of_cell
from tests.games.spacetruckin.helpers import built_sheet, players, shipyard_state

MAX_STEPS = 2000


def _prudent(state: SpaceTruckinState, actor: int, pool: list[Action]) -> list[Action]:
    """Keep Quarters pips (crew) unless nothing else is possible, as a careful trucker would."""
    sheet = next(s for s in state.sheets if s.player == actor)

    def spends_crew(action: Action) -> bool:
        text = getattr(action, "pip", None)
        cell = parse_cell(text) if isinstance(text, str) else None
        return cell is not None and system_of_cell(sheet, cell) == "Quarters"

    pool = [a for a in pool if not spends_crew(a)] or pool
    fills = [a for a in pool if isinstance(a, Fill)]
    if fills and sheet.challenge is not None:
        return [min(fills, key=lambda a: _fill_score(sheet, a))]
    if any(isinstance(a, Accept) for a in pool) and sheet.challenge is not None:
        return [min(pool, key=lambda a: _tweak_score(sheet, a))]
    return pool


def _tweak_score(sheet: Sheet, action: Action) -> float:
    """Flips are scored exactly, rerolls are left alone; accepting keeps the current result."""
    assert sheet.challenge is not None
    boxes = list(sheet.challenge.boxes)
    if isinstance(action, Tweak):
        index = box_names(len(boxes) // 2).index(action.box)
        value = boxes[index]
        assert value is not None
        if action.effect == "reroll":
            return 10_000.0
        boxes[index] = 7 - value
    result = challenge_result(tuple(boxes))
    return (1000 if result < 1 else 0) + abs(result - 5) + (0.5 if isinstance(action, Tweak) else 0)


def _fill_score(sheet: Sheet, action: Fill) -> float:
    """Distance of the expected result from a safe 8, unknown boxes counted as 3.5; <1 is costly."""
    assert sheet.challenge is not None
    names = box_names(len(sheet.challenge.boxes) // 2)
    values: list[float] = [3.5 if v is None else v for v in sheet.challenge.boxes]
    values[names.index(action.first)] = sheet.challenge.dice[0]
    values[names.index(action.second)] = sheet.challenge.dice[1]
    half = len(values) // 2
    top = sum(v * 10 ** (half - 1 - i) for i, v in enumerate(values[:half]))
    bottom = sum(v * 10 ** (half - 1 - i) for i, v in enumerate(values[half:]))
    result = top - bottom
    return abs(result - 8) + (1000 if result < 1 else 0)


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
