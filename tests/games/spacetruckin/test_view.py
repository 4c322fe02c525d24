"""Views: the public view hides every sheet; a trucker sees their own sheet in full."""

from __future__ import annotations

import json

from games.engine import LoadedDice, Player, Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import Stop
from games.spacetruckin.view import SheetView, SpaceTruckinView
from tests.games.spacetruckin.helpers import (
    built_sheet,
    delivery_state,
    mid_location,
    shipyard_state,
)

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


# The private part (what a private sheet's buttons depend on) --------------------------------


def test_another_truckers_move_leaves_my_private_part_unchanged() -> None:
    """In a simultaneous step, P2 filling boxes does not make P1's sheet buttons stale."""
    assert SPEC.private_part is not None
    state = _two_truckers_delivering()
    before = SPEC.private_part(SPEC.view(state, 100))
    fill = SPEC.legal_actions(state, 101)[0]
    after = SPEC.apply(state, 101, fill, Rng(5)).state
    assert SPEC.private_part(SPEC.view(after, 100)) == before
    assert SPEC.private_part(SPEC.view(after, 101)) != SPEC.private_part(SPEC.view(state, 101))


def test_my_own_move_changes_my_private_part() -> None:
    """P1's own fill changes P1's private part (their boxes and dice)."""
    assert SPEC.private_part is not None
    state = _two_truckers_delivering()
    before = SPEC.private_part(SPEC.view(state, 100))
    after = SPEC.apply(state, 100, SPEC.legal_actions(state, 100)[0], Rng(5)).state
    assert SPEC.private_part(SPEC.view(after, 100)) != before


def test_the_game_ending_changes_every_private_part() -> None:
    """Another trucker's winning move ends the game: the loser's buttons are stale too."""
    assert SPEC.private_part is not None
    sheets = tuple(
        mid_location(built_sheet(p, "Mauler", "Grizzled"), stage="jump", tasks=("jump",))
        for p in (100, 101)
    )
    state = delivery_state((sheets[0].model_copy(update={"vp": 18}), sheets[1]), location=1)
    before = SPEC.private_part(SPEC.view(state, 101))
    after = SPEC.apply(state, 100, SPEC.legal_actions(state, 100)[0], Rng(0)).state
    assert SPEC.outcome(after) is not None
    assert SPEC.private_part(SPEC.view(after, 101)) != before


# The text board ------------------------------------------------------------------------------


def test_text_board_shows_the_public_position_in_a_few_lines() -> None:
    """Phase, location, the chart and every trucker's VP, in at most 800 characters."""
    assert SPEC.text_board is not None
    text = SPEC.text_board(SPEC.view(_two_truckers_delivering(), None))
    assert len(text) <= 800 and len(text.splitlines()) <= 10
    assert "Delivery** at A (Gas Giant)" in text and "▶A Gas Giant" in text
    assert "• P1 (Countess, Grizzled): 1 VP, to act" in text
    assert "• P2 (Mauler, Smuggler): 1 VP, to act" in text


def test_text_board_reveals_nothing_of_a_sheet() -> None:
    """Drawn from a trucker's own view it says exactly what the public view says."""
    assert SPEC.text_board is not None
    state = _two_truckers_delivering()
    public = SPEC.text_board(SPEC.view(state, None))
    assert SPEC.text_board(SPEC.view(state, 100)) == public
    assert "top1" not in public and "pip" not in public


def test_text_board_mentions_nobody_and_stays_short_with_six_long_names() -> None:
    """Names cannot ping (`@everyone` is broken up) and six long names still fit 800."""
    seats = tuple(Player(id=100 + i, name=f"@everyone *{'x' * 40}*") for i in range(6))
    state = SPEC.setup(seats, SPEC.parse_options(None), Rng(3))
    assert SPEC.text_board is not None
    text = SPEC.text_board(SPEC.view(state, None))
    assert "@everyone" not in text and len(text) <= 800
    assert "Captains" in text


def test_text_board_names_the_winner() -> None:
    """Once the game is over the first line says who won and why."""
    assert SPEC.text_board is not None
    sheet = mid_location(built_sheet(100, "Mauler", "Grizzled"), stage="jump", tasks=("jump",))
    state = delivery_state((sheet.model_copy(update={"vp": 18}),), location=1)
    state = SPEC.apply(state, 100, SPEC.legal_actions(state, 100)[0], Rng(0)).state
    text = SPEC.text_board(SPEC.view(state, None))
    assert text.startswith("**Game over:** P1 won (reached 20 VP)")
