"""Road Wolf states saved under rules version 2 load and play on under version 3 (SPIN, Supplies
that a move ended on, CHASE ranks, the takeover's crew, scores after every action)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.roadwolf import SPEC
from games.roadwolf.model import RwState
from tests.games.saved import bots_play_on, loads_unchanged

HERE = Path(__file__).parent
# Written by rules version 2 (commit c2fe906) from bot play, seats 701 and 702, points 6:
# CHASE seed 2 after 80 moves (round 5, replacement cops on the road, Runners 1 out);
# INTERCEPTOR seed 4 after 40 moves (round 3, a Wreck and a Debris card on the road).
V2 = {
    "CHASE": (HERE / "v2_state_chase.json").read_text(),
    "INTERCEPTOR": (HERE / "v2_state_interceptor.json").read_text(),
}


def test_rules_version_3_names_its_changes() -> None:
    """Tables started under version 2 are told once what changed (table/service.py)."""
    assert SPEC.rules_version >= 3
    told = SPEC.changelog[3]
    for words in ("SPIN", "SUPPLIES", "CHASE", "TAKEOVER", "Scores"):
        assert words in told


@pytest.mark.parametrize("mission", sorted(V2))
def test_a_version_2_state_loads_unchanged(mission: str) -> None:
    state = loads_unchanged(SPEC, V2[mission])
    assert isinstance(state, RwState) and state.options.mission == mission
    assert state.phase == "play"


@pytest.mark.parametrize("mission", sorted(V2))
def test_a_version_2_state_plays_on_to_an_outcome(mission: str) -> None:
    """The bots play the saved position to an end under the new rules."""
    bots_play_on(SPEC, V2[mission])
