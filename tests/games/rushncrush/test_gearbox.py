"""The [R] gear matrix: white lines, dashed lines, and the turn's gear routes."""

from __future__ import annotations

from games.rushncrush.data import Zone
from games.rushncrush.gearbox import downs, find_route, routes, shifts, ups, zone_of


def test_neutral_only_accelerates_to_four() -> None:
    """The first accelerate step goes 0 -> 4 (PBF thread)."""
    assert ups((0, 0)) == ((1, 4),)
    assert {r.target for r in routes((0, 0), 0, 5)} == {(1, 4)}


def test_never_brake_to_zero() -> None:
    """'You may not deliberately decelerate to speed 0.'"""
    assert downs((1, 4)) == ()


def test_accelerate_up_or_right_and_up() -> None:
    """From G1 speed 5: up to 6 or right-and-up to G2 speed 6."""
    assert set(ups((1, 5))) == {(1, 6), (2, 6)}


def test_shift_keeps_speed_changes_zone() -> None:
    """Shifting along a dashed line keeps the speed but cools the colour zone."""
    assert shifts((1, 6)) == ((2, 6),)
    assert (zone_of((1, 6)), zone_of((2, 6))) == (Zone.ORANGE, Zone.BLUE)


def test_turbo_route_needs_exact_points() -> None:
    """Two Turbo points after a free accelerate reach G1 speed 7 from G1 speed 4."""
    assert find_route((1, 4), (1, 7), 2, 0) is not None
    assert find_route((1, 4), (1, 7), 1, 0) is None


def test_turbo_and_brake_never_together() -> None:
    """House ruling: Turbo or Brake points in one turn, not both."""
    assert find_route((1, 5), (1, 5), 1, 1) is None
