"""Apocalypse Road states saved under rules version 1 load and play on under version 2 (the
pick phase for every race, targets by position, the race ending at the last VP, diagonal
displacement)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.apocalypseroad import SPEC
from games.apocalypseroad.model import ArState
from tests.games.saved import bots_play_on, loads_unchanged

HERE = Path(__file__).parent
# Written by rules version 1 (commit c2fe906) from bot play, seats 700 on: a 4-player race with
# the default options (no pick phase then), seed 3 after 45 moves (turn 1, an activation waiting
# for its move); a 3-player race whose host had turned pick_cars on, seed 5 after 1 pick.
V1 = {
    "race": (HERE / "v1_state_race.json").read_text(),
    "pick": (HERE / "v1_state_pick.json").read_text(),
}


def test_rules_version_2_names_its_changes() -> None:
    """Tables started under version 1 are told once what changed (table/service.py)."""
    assert SPEC.rules_version == 2
    told = SPEC.changelog[2]
    assert "standard set" in told and "Spray" in told and "instant" in told and "diagonal" in told


@pytest.mark.parametrize("name", sorted(V1))
def test_a_version_1_state_loads_unchanged(name: str) -> None:
    state = loads_unchanged(SPEC, V1[name])
    assert isinstance(state, ArState) and state.phase == ("pick" if name == "pick" else "action")


def test_a_version_1_race_started_without_a_pick_keeps_racing() -> None:
    """It started without a pick phase and has none now: the cars on the grid stay."""
    state = SPEC.load_state(V1["race"])
    assert isinstance(state, ArState) and not state.options.pick_cars
    assert state.activation is not None and state.activation.stage == "move"


@pytest.mark.parametrize("name", sorted(V1))
def test_a_version_1_state_plays_on_to_an_outcome(name: str) -> None:
    """The bots play the saved position to the end under the new rules."""
    bots_play_on(SPEC, V1[name])


def test_a_stored_vp_pool_of_15_loads_as_a_long_race() -> None:
    """Options stored before issue 26 name the pool: 15 is the long race, 12 the standard."""
    assert SPEC.parse_options({"pool": 15}).long_race
    assert SPEC.parse_options({"pool": 12}).pool == 12
