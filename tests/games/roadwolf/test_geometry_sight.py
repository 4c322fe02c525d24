"""Line of sight's segment test: the whole-number fast path answers as the exact Fractions do."""

from __future__ import annotations

import random

from games.roadwolf import geometry as g
from games.roadwolf.geometry import Rect


def test_fast_segment_test_matches_the_fraction_one_on_the_quarter_lattice() -> None:
    """1.6: a segment that "crosses" a third footprint blocks; grazing an edge or a corner does
    not. Seeded segments and boxes on the quarter lattice (ints and floats, level and upright
    segments, points on the box's edges), each compared with the Fraction slab test."""
    rnd = random.Random(7)
    crossing = 0
    for _ in range(20_000):

        def at(top: int) -> float:
            return rnd.randint(0, top * 4) / 4

        p = (at(12), at(12))
        q = (at(12), at(12))
        if rnd.random() < 0.3:
            q = (p[0], q[1])
        if rnd.random() < 0.3:
            q = (q[0], p[1])
        box = Rect(int(at(10)), at(10), rnd.choice([1, 2, 0.5]), rnd.choice([2, 3, 4, 6]))
        expected = g._crosses_fraction(p, q, box)
        assert g._segment_crosses(p, q, box) == expected, (p, q, box)
        crossing += expected
    assert 1_000 < crossing < 19_000


def test_grazing_and_off_lattice_segments() -> None:
    box = Rect(2, 2, 2, 2)
    assert not g._segment_crosses((1.0, 2.0), (5.0, 2.0), box)  # along the back edge
    assert not g._segment_crosses((1.0, 3.0), (3.0, 5.0), box)  # touches only the corner (2, 4)
    assert g._segment_crosses((1.0, 3.0), (5.0, 3.0), box)
    assert g._segment_crosses((2.1, 1.0), (2.1, 5.0), box)  # off the quarter lattice: Fractions
    assert not g._segment_crosses((1.9, 1.0), (1.9, 5.0), box)


def test_path_samples_in_whole_quarters_match_the_fraction_ones() -> None:
    """1.6: "A move is a straight segment, sampled every ¼ cell" (each sample on the
    quarter-cell lattice, ties rounded up): whole and quarter-cell displacements, seeded."""
    rnd = random.Random(3)
    for _ in range(5_000):
        start = Rect(rnd.randint(0, 80) / 4, rnd.randint(0, 200) / 4, 2, 3)
        if rnd.random() < 0.5:
            dx: float = rnd.randint(-8, 8)
            dy: float = rnd.randint(-8, 8)
        else:
            dx, dy = rnd.randint(-40, 40) / 4, rnd.randint(-40, 40) / 4
        assert g.sample_path(start, dx, dy) == g._sample_fractions(start, dx, dy), (start, dx, dy)
    assert g.sample_path(Rect(0, 0, 1, 2), 0.1, 0) == g._sample_fractions(Rect(0, 0, 1, 2), 0.1, 0)
