"""Every definition of digest 1.6 (the 1-inch grid), checked on small positions."""

from __future__ import annotations

import itertools
import math

import pytest

from games.roadwolf import geometry as g
from games.roadwolf.geometry import Rect


def test_board_road_and_stick() -> None:
    """1.6: "Board: 24 columns (x = 0–23) × 48 rows ... Road: columns 9–14 ... 1 stick = 4"."""
    assert (g.BOARD_WIDTH, g.BOARD_LENGTH) == (24, 48)
    assert (g.ROAD_FIRST, g.ROAD_LAST) == (9, 14)
    assert g.STICK == 4 and g.START_ROWS == 8


def test_touching_is_not_a_hit() -> None:
    """1.6: "Merely touching is not a hit": boxes sharing an edge or a corner do not overlap."""
    a = Rect(10, 10, 2, 3)
    assert not g.overlaps(a, Rect(12, 10, 2, 3))  # edge
    assert not g.overlaps(a, Rect(12, 13, 2, 3))  # corner
    assert g.overlaps(a, Rect(11.75, 10, 2, 3))


def test_hit_is_the_sub_step_just_before_overlap() -> None:
    """1.6: "A hit is the sub-step just before two footprints would overlap ... the mover stops
    there, and that is the ram"."""
    mover = Rect(10, 0, 2, 3)
    blocker = Rect(10, 5.5, 2, 3)
    result = g.trace_path(mover, 0, 4, [("B", blocker)])
    assert result.hit == "B"
    assert result.stop == Rect(10, 2.5, 2, 3)  # front at 5.5: touching, the next ¼ overlaps
    assert g.is_adjacent(result.stop, blocker)


def test_path_that_only_touches_does_not_hit() -> None:
    """1.6: a move that ends touching another footprint is not a ram."""
    mover = Rect(10, 0, 2, 3)
    result = g.trace_path(mover, 0, 4, [("B", Rect(10, 7, 2, 3))])
    assert result.hit is None and result.stop == Rect(10, 4, 2, 3)


def test_path_sampled_every_quarter_cell() -> None:
    """1.6: "A move is a straight segment, sampled every ¼ cell"."""
    samples = g.sample_path(Rect(0, 0, 1, 2), 3, 2)
    assert len(samples) == math.ceil(4 * math.hypot(3, 2)) + 1
    for a, b in itertools.pairwise(samples):
        assert abs(a.x - b.x) <= 0.25 and abs(a.y - b.y) <= 0.25
        assert (a.x * 4).is_integer() and (a.y * 4).is_integer()
    assert samples[-1] == Rect(3, 2, 1, 2)


def test_diagonal_hit_stops_short() -> None:
    """A diagonal move that would clip a corner stops before the overlap, at a quarter cell."""
    result = g.trace_path(Rect(8, 0, 2, 3), 3, 2, [("B", Rect(11, 4, 2, 3))])
    assert result.hit == "B"
    assert not g.overlaps(result.stop, Rect(11, 4, 2, 3))
    assert g.gap(result.stop, Rect(11, 4, 2, 3)) < 0.25 + 1e-9


def test_cell_gap_formula() -> None:
    """1.6: "The gap between two cells is √(max(0,|Δc|−1)² + max(0,|Δr|−1)²)"."""
    assert g.cell_gap((0, 0), (1, 0)) == 0
    assert g.cell_gap((0, 0), (5, 0)) == 4
    assert g.cell_gap((0, 0), (4, 4)) == pytest.approx(math.hypot(3, 3))


def test_footprint_gap_is_smallest_cell_gap() -> None:
    """1.6: "the gap between two footprints is the smallest gap between their cells"."""
    boxes = [Rect(10, 10, 2, 3), Rect(3, 2, 1, 2), Rect(15, 20, 2, 6), Rect(11, 14, 2, 4)]
    for a, b in itertools.combinations(boxes, 2):
        by_cells = min(
            g.cell_gap((int(ca[0]), int(ca[1])), (int(cb[0]), int(cb[1])))
            for ca in a.cells()
            for cb in b.cells()
        )
        assert g.gap(a, b) == pytest.approx(by_cells)


def test_range_limits() -> None:
    """1.6: "In range: gap ≤ 4 (8 for Ambush)"."""
    a = Rect(10, 10, 2, 3)
    assert g.in_range(a, Rect(16, 10, 2, 3))  # gap 4
    assert not g.in_range(a, Rect(17, 10, 2, 3))  # gap 5
    assert g.in_range(a, Rect(17, 10, 2, 3), g.AMBUSH_RANGE)


def test_line_of_sight_blocked_by_a_third_footprint() -> None:
    """1.6: "Line of sight: any pair of cells in range whose centre-to-centre segment crosses no
    third footprint of a vehicle or wreck"."""
    shooter = Rect(10, 10, 2, 3)
    target = Rect(10, 16, 2, 3)
    wall = Rect(9, 13.5, 4, 2)
    assert g.has_line_of_sight(shooter, target, [])
    assert not g.has_line_of_sight(shooter, target, [wall])
    assert g.has_line_of_sight(shooter, target, [Rect(10, 13.5, 1, 2)])  # one lane stays clear


def test_adjacency() -> None:
    """1.6 Adjacency: "Footprints touch ... (gap 0), or are less than ¼ cell apart"."""
    a = Rect(10, 10, 2, 3)
    assert g.is_adjacent(a, Rect(12, 10, 2, 3))
    assert g.is_adjacent(a, Rect(12, 13, 2, 3))
    assert g.is_adjacent(a, Rect(10, 13.125, 2, 3))
    assert not g.is_adjacent(a, Rect(10, 13.25, 2, 3))
    assert not g.is_adjacent(a, Rect(11, 10, 2, 3))  # overlapping is not adjacent


def test_off_road() -> None:
    """1.6 Off-road: "No part of the footprint overlaps columns 9–14"."""
    assert g.is_off_road(Rect(7, 0, 2, 3))  # columns 7-8
    assert not g.is_off_road(Rect(8, 0, 2, 3))  # column 9 on the road
    assert not g.is_off_road(Rect(14, 0, 2, 3))
    assert g.is_off_road(Rect(15, 0, 2, 3))


def test_move_displacements() -> None:
    """1.6 Moves: "√(dx²+dy²) ≤ 4. MOVE: dy ≥ 0. BRAKE: dy < 0. NITRO: dx = 0, dy = 8"."""
    assert g.is_legal_displacement("move", 0, 4)
    assert g.is_legal_displacement("move", 4, 0)
    assert not g.is_legal_displacement("move", 3, 3)
    assert not g.is_legal_displacement("move", 0, -1)
    assert g.is_legal_displacement("brake", 0, -4)
    assert not g.is_legal_displacement("brake", 2, 0)
    assert g.displacements("nitro") == [(0, 8)]
    assert all(dx * dx + dy * dy <= 16 for dx, dy in g.displacements("move"))


def test_road_turn_drift() -> None:
    """1.6 Road turn: "Objects and cards move dy = −8"."""
    assert g.ROAD_TURN_DRIFT == -8


def test_road_card_and_new_card() -> None:
    """1.6: card 4×3 "centred on columns 10–13"; 1.4-B: placed at the END edge first."""
    card = g.new_card_rect()
    assert (card.x, card.right, card.y, card.front) == (10, 14, 45, 48)


def test_bridge_over_and_around() -> None:
    """1.6 [R]: "the vehicle went "over" if all its cells lie inside the card's columns,
    otherwise "around"."""
    card = g.road_card_rect(20)
    assert g.bridge_passage(Rect(10, 10, 2, 3), card) == "over"
    assert g.bridge_passage(Rect(12, 10, 2, 3), card) == "over"
    assert g.bridge_passage(Rect(13, 10, 2, 3), card) == "around"
    assert g.bridge_passage(Rect(3, 10, 2, 3), card) == "around"


def test_skid_vectors_by_clock_hour() -> None:
    """1.6: "Skid vectors (dx, dy) for 2, 4, 6, 8, 10, 12 o'clock: (3,2), (3,−2), (0,−4),
    (−3,−2), (−3,2), (0,4)"; 1.5-3: "d6 result r → clock hour 2r"."""
    assert [g.skid_hour(r) for r in range(1, 7)] == [2, 4, 6, 8, 10, 12]
    assert [g.skid_vector(r) for r in range(1, 7)] == [
        (3, 2),
        (3, -2),
        (0, -4),
        (-3, -2),
        (-3, 2),
        (0, 4),
    ]
    for dx, dy in g.SKID_VECTORS.values():
        assert dx * dx + dy * dy <= 16  # one stick at most


def test_who_rams_in_a_skid() -> None:
    """1.4-Q: "toward 10, 12 or 2 o'clock: the skidding car rams; toward 4, 6 or 8 o'clock: the
    car it touches rams it"."""
    assert [h for h in range(2, 13, 2) if g.skidder_rams(h)] == [2, 10, 12]


def test_wreck_lies_across_the_road() -> None:
    """1.6: "Wreck: the vehicle's footprint rotated 90°"."""
    wreck = g.wreck_footprint(Rect(10, 10, 2, 4))
    assert (wreck.w, wreck.h) == (4, 2)
    assert (wreck.x, wreck.y) == (9, 11)


def test_off_board_edges() -> None:
    """Rule 24 / 1.4-A: leaving by the END, the START or a side."""
    assert g.exit_edge(Rect(10, 46, 2, 3)) == "end"
    assert g.exit_edge(Rect(10, -1, 2, 3)) == "start"
    assert g.exit_edge(Rect(23, 10, 2, 3)) == "side"
    assert g.exit_edge(Rect(10, 10, 2, 3)) is None


def test_sidestep_until_clear() -> None:
    """1.4-N: "Shift it sideways until it is clear of the vehicle, then it continues its
    drift": whole cells, until the next sub-step toward the START is clear."""
    wreck = Rect(10, 17, 3, 2)
    car = Rect(10, 14, 2, 3)  # touching the wreck from below
    assert g.sidestep(wreck, [car], +1) == Rect(12, 17, 3, 2)
    assert g.sidestep(wreck, [car], -1) == Rect(7, 17, 3, 2)


def test_a_car_can_back_out_of_an_overlap() -> None:
    """Obstacles already overlapping the start are ignored (a wreck settled on a car)."""
    result = g.trace_path(Rect(10, 10, 2, 3), 0, 4, [("W", Rect(10, 11, 3, 2))])
    assert result.hit is None and result.stop == Rect(10, 14, 2, 3)


def test_front_centre_reference_point() -> None:
    """1.6 Moves: the displacement is that of "the front-centre reference point"."""
    assert g.front_centre(Rect(10, 4, 2, 3)) == (11, 7)
