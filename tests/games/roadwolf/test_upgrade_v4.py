"""Road Wolf states saved under rules version 3 load and play on under version 4 (✅ Army
ready: spending the last point and token no longer ends a side's building)."""

from __future__ import annotations

from pathlib import Path

from games.roadwolf import SPEC
from games.roadwolf.model import ReadyAction, RwState
from tests.games.saved import bots_play_on, loads_unchanged

# Written by rules version 3 (main at 19ac2e8), seats 701 and 702, INTERCEPTOR, points 6: Ann
# (701) spent every point and token, so version 3 locked her army; Bob bought one Coupe.
V3_BUILDING = (Path(__file__).parent / "v3_state_building.json").read_text()


def test_rules_version_4_names_its_change() -> None:
    """Tables started under version 3 are told once what changed (table/service.py)."""
    assert SPEC.rules_version == 4
    assert "Army ready" in SPEC.changelog[4]


def test_a_side_locked_under_version_3_is_asked_to_confirm() -> None:
    """The side version 3 locked on its last token builds on: it may start again, or press
    ✅ Army ready."""
    state = loads_unchanged(SPEC, V3_BUILDING)
    assert isinstance(state, RwState) and state.phase == "build"
    assert SPEC.active_players(state) == {701, 702}
    assert ReadyAction() in SPEC.legal_actions(state, 701)


def test_a_version_3_building_state_plays_on_to_an_outcome() -> None:
    """The bots finish both armies and play the game to an end under the new rules."""
    bots_play_on(SPEC, V3_BUILDING)
