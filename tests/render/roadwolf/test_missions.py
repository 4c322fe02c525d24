"""Road Wolf's images in every mission (the registry-wide conformance test plays only the
default options, INTERCEPTOR): seeded random games of each mission at 2 and 6 players, every
7th position and the last drawn as the board, the whole road and each seat's sheet, held to the
conformance budgets (palette PNG under 150 KB, >= 600 px wide, no label under 11 px at phone
width, the turn marker lit exactly for the players to act)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from games.engine import Player, Rng
from games.registry import GAMES
from games.roadwolf.data import MISSION_NAMES
from render.roadwolf import render_roadwolf_board, render_roadwolf_sheet
from tests.render.test_conformance import (
    _assert_legible,
    _decode,
    _drawn,
    _is_accent,
    _roadwolf_board,
    _roadwolf_sheet,
)

SPEC = GAMES["roadwolf"]
MAX_STEPS = 2500
EVERY = 7


def playout(mission: str, count: int, seed: int) -> list[Any]:
    """A seeded random legal game of `mission` to its end; every state, the setup first."""
    rnd = random.Random(seed)
    seats = [Player(id=1000 + i, name=f"Player {i + 1}") for i in range(count)]
    options = SPEC.parse_options({"mission": mission})
    state = SPEC.setup(seats, options, Rng.for_step(seed, 0))
    states = [state]
    for step in range(1, MAX_STEPS + 1):
        if SPEC.outcome(state) is not None:
            return states
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        action = rnd.choice(list(SPEC.legal_actions(state, actor)))
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
        states.append(state)
    pytest.fail(f"{mission}: {count} players, seed {seed}: no outcome after {MAX_STEPS} steps")


@pytest.mark.parametrize("count", [2, SPEC.max_players])
@pytest.mark.parametrize("mission", MISSION_NAMES)
def test_every_mission_draws_in_budget_and_shows_whose_turn(mission: str, count: int) -> None:
    states = playout(mission, count, seed=3)
    picked = [*states[::EVERY], states[-1]]
    seated = sorted(p.id for p in states[0].players)
    for i, state in enumerate(picked):
        where = f"{mission}, {count} players, sample {i} (step {min(i * EVERY, len(states) - 1)})"
        active = SPEC.active_players(state)
        view = SPEC.view(state, None)
        for whole in (False, True):
            png, labels = _drawn(partial(render_roadwolf_board, view, whole_road=whole))
            image = _decode(png, f"board {where}")
            _assert_legible(labels, image.width, f"board {where}")
            if whole:
                continue
            markers = _roadwolf_board(view, image.width)
            assert sorted(markers) == seated, where
            for player, at in markers.items():
                assert _is_accent(image, at) == (player in active), (where, player)
        for player in seated[:2]:
            own = SPEC.view(state, player)
            png, labels = _drawn(partial(render_roadwolf_sheet, own))
            image = _decode(png, f"sheet of {player}, {where}")
            _assert_legible(labels, image.width, f"sheet {where}")
            assert _is_accent(image, _roadwolf_sheet(own)) == (player in active), where
