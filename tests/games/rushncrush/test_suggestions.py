"""Suggested paths and gear choices: what `legal_actions` offers a player."""

from __future__ import annotations

from games.rushncrush import SPEC, GearAction, preview_path, sample_paths
from games.rushncrush.gearbox import routes
from tests.games.rushncrush.helpers import duel, new_game, place, with_cars

A = 100


def test_suggested_paths_drive_round_a_rock_when_lane_changes_allow() -> None:
    """Speed 12 with 3 lane changes, a rock 7 rows ahead: no suggestion drives into it."""
    state = duel((20, 1), (60, 3), speed=12, lane_changes=3)
    paths = sample_paths(state, A)
    assert paths
    for path in paths:
        assert preview_path(state, A, path).hits == (), path


def test_straight_first_suggestion_swerves_only_where_needed() -> None:
    """The straight-on style keeps F as long as it is safe and steers round the rock."""
    state = duel((20, 1), (60, 3), speed=12, lane_changes=3)
    first = sample_paths(state, A)[0].split()
    assert first[:6] == ["F"] * 6 and first[6] in ("L", "R")


def test_gear_buttons_drop_spends_a_free_choice_already_reaches() -> None:
    """From gear 1 speed 4, 'G1 4 -1 Brake' and 'G1 5 -1 Brake' are free choices anyway."""
    assert not [r for r in routes((1, 4), 5, 5) if r.brake]
    state = new_game(2, 1)
    first = state.order[0]
    car = place(state.car(first), 10, 0, gear=1, speed=4)
    other = next(c for c in state.cars if c.player != first)
    gears = [
        a
        for a in SPEC.legal_actions(with_cars(state, car, place(other, 40, 3)), first)
        if isinstance(a, GearAction)
    ]
    targets = [(g.gear, g.speed) for g in gears]
    assert len(targets) == len(set(targets))
