"""Road Wolf states saved under rules version 1 load and play on under version 2 (GAUNTLET's
Skull choice and N sides, DERAILED's front face, climb back and teams)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.roadwolf import SPEC
from games.roadwolf.model import RwState
from tests.games.saved import bots_play_on

HERE = Path(__file__).parent
# Written by rules version 1 (commit 2972391) from bot play, seats 701 and 702, points 6:
# GAUNTLET seed 5 after 50 moves (round 6, Couriers 1 hold 2 Skulls, spent automatically then);
# DERAILED seed 1 after 40 moves (round 2, Team 1's crew in the front Gondola, the Engine's two
# neutral crew still aboard).
V1 = {
    "GAUNTLET": (HERE / "v1_state_gauntlet.json").read_text(),
    "DERAILED": (HERE / "v1_state_derailed.json").read_text(),
}


def test_rules_version_2_names_its_changes() -> None:
    """Tables started under version 1 are told once what changed (table/service.py)."""
    assert SPEC.rules_version >= 2
    told = SPEC.changelog[2]
    assert "Skull" in told and "teams" in told and "front face" in told


@pytest.mark.parametrize("mission", sorted(V1))
def test_a_version_1_state_loads_unchanged(mission: str) -> None:
    state = SPEC.load_state(V1[mission])
    assert isinstance(state, RwState) and state.options.mission == mission
    assert len(state.sides) == 2 and state.phase == "play"
    assert SPEC.active_players(state)
    assert SPEC.load_state(SPEC.dump_state(state)) == state


@pytest.mark.parametrize("mission", sorted(V1))
def test_a_version_1_state_plays_on_to_an_outcome(mission: str) -> None:
    """The bots play the saved position to an end under the new rules (GAUNTLET's held Skulls
    become choices the bot makes)."""
    bots_play_on(SPEC, V1[mission], steps=3000)
