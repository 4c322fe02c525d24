"""Views: the public view hides every sheet; a trucker sees their own sheet in full."""

from __future__ import annotations

import json

from games.engine import LoadedDice, Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import Stop
from games.spacetruckin.view import SheetView, SpaceTruckinView
from tests.games.spacetruckin.helpers import built_sheet, shipyard_state

SHEET_FIELDS = set(SheetView.model_fields) - {
    "player",
    "truck",
    "specialty",
    "vp",
    "status",
    "stage",
}


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _two_truckers_delivering() -> object:
    state = shipyard_state(
        (built_sheet(100, "Countess", "Grizzled"), built_sheet(101, "Mauler", "Smuggler"))
    )
    state = SPEC.apply(state, 100, Stop(), Rng(0)).state
    return SPEC.apply(state, 101, Stop(), LoadedDice([1, 2, 3, 4])).state


def test_public_view_has_no_sheet_fields() -> None:
    """The spectator view's JSON carries none of the private sheet fields."""
    public = SPEC.view(_two_truckers_delivering(), None)
    keys = _keys(json.loads(public.model_dump_json()))
    assert public.sheet is None
    assert not keys & SHEET_FIELDS, keys & SHEET_FIELDS


def test_public_view_shows_chart_vp_and_who_owes() -> None:
    """Everyone sees the shared chart, each trucker's VP and who still owes a decision."""
    public = SPEC.view(_two_truckers_delivering(), None).public
    assert public.location == "A" and public.chart[0].status == "current"
    assert [t.vp for t in public.truckers] == [1, 1]
    assert public.waiting_for == (100, 101)


def test_player_view_has_their_own_sheet_only() -> None:
    """A seated trucker gets their sheet: grid with names, pieces, pips and challenge boxes."""
    seen = SPEC.view(_two_truckers_delivering(), 100)
    assert isinstance(seen, SpaceTruckinView) and seen.sheet is not None
    sheet = seen.sheet
    assert sheet.player == 100 and sheet.truck == "Countess"
    assert sheet.grid[0][3].name == "D1" and sheet.grid[0][3].hull == "bridge"
    assert any(cell.pip == "open" for row in sheet.grid for cell in row)
    assert [b.name for b in sheet.boxes][:2] == ["top1", "top2"] and sheet.dice == (1, 2)


def test_views_round_trip_through_json() -> None:
    """Views are frozen models that survive JSON exactly."""
    seen = SPEC.view(_two_truckers_delivering(), 101)
    assert SpaceTruckinView.model_validate_json(seen.model_dump_json()) == seen


def test_public_outcome_does_not_quote_a_private_sheet() -> None:
    """When every truck is lost, the public reason names no sheet's private loss reason."""
    from games.engine import Rng
    from games.spacetruckin import SPEC
    from games.spacetruckin.models import Stop
    from tests.games.spacetruckin.helpers import players

    state = SPEC.setup(players(1), SPEC.parse_options(None), Rng(1))
    for action in (SPEC.legal_actions(state, 100)[0], SPEC.legal_actions(state, 100)[-1]):
        state = SPEC.apply(state, 100, action, Rng(2)).state
    while state.phase == "chart":
        state = SPEC.apply(state, 100, SPEC.legal_actions(state, 100)[0], Rng(3)).state
    state = SPEC.apply(state, 100, Stop(), Rng(4)).state
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.reason == "every truck is lost"
    assert state.sheets[0].reason not in SPEC.view(state, None).model_dump_json()
