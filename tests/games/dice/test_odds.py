"""Exact d6 odds and the tables built from them, against the rulebooks' own tables."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.dice import (
    DiceError,
    OddsMode,
    odds_table,
    p_highest_at_least,
    p_lowest_at_least,
    p_sum_at_least,
    probability,
)

# The table at the end of rush-n-crush.txt (its last row is run together in the text).
RUSH_N_CRUSH = """\
5 high	100.0	99.6	96.9	86.8	59.8
4 high	99.9	98.8	93.8	80.2	51.8
3 high	99.5	96.3	87.5	70.4	42.1
2 high	97.2	88.9	75.0	55.6	30.6
1	83.3	66.7	50.0	33.3	16.7
2 low	69.4	44.4	25.0	11.1	2.8
3 low	57.9	29.6	12.5	3.7	0.5
4 low	48.2	19.8	6.2	1.2	0.1
5 low	40.2	13.2	3.1	0.4	0.0"""


def test_rush_n_crush_steering_table() -> None:
    """Rush 'n' Crush: "2+ 3+ 4+ 5+ 6" for "5 high" .. "1" .. "5 low", to one decimal."""
    table = odds_table("highlow", range(1, 6), range(2, 7))
    expected = [line.split("\t") for line in RUSH_N_CRUSH.splitlines()]
    assert table.col_labels == ("2+", "3+", "4+", "5+", "6")
    assert list(table.row_labels) == [row[0] for row in expected]
    assert [[f"{cell:.1f}" for cell in cells] for cells in table.cells] == [
        row[1:] for row in expected
    ]


@pytest.mark.parametrize(
    ("v", "two", "three"),
    [
        (6, 0.722, 0.954),
        (8, 0.417, 0.838),
        (10, 0.167, 0.625),
        (11, 0.083, 0.5),
        (12, 0.028, 0.375),
    ],
)
def test_drag_rage_survival_table(v: int, two: float, three: float) -> None:
    """Drag Rage 5.3.11: surviving a challenge on counter v needs 2d6 (or 3d6) >= v."""
    assert round(float(p_sum_at_least(2, v)), 3) == two
    assert round(float(p_sum_at_least(3, v)), 3) == three


def test_exact_fractions() -> None:
    """Known exact values: highest of 2 >= 6 is 11/36, lowest of 2 >= 4 is 1/4, 2d6 >= 7 is 7/12."""
    assert p_highest_at_least(2, 6) == Fraction(11, 36)
    assert p_lowest_at_least(2, 4) == Fraction(1, 4)
    assert p_sum_at_least(2, 7) == Fraction(7, 12)


def test_targets_outside_the_faces() -> None:
    """k at or below the minimum is certain; k above the maximum is impossible."""
    assert p_highest_at_least(3, 1) == 1
    assert p_lowest_at_least(3, 7) == 0
    assert p_sum_at_least(10, 10) == 1
    assert p_sum_at_least(10, 61) == 0


def test_sum_table_labels() -> None:
    """A sum table labels rows "Nd6" and columns "k+"."""
    table = odds_table(OddsMode.SUM, [2, 3], [6, 12])
    assert (table.row_labels, table.col_labels) == (("2d6", "3d6"), ("6+", "12+"))


def test_text_and_markdown_renderings() -> None:
    """Both renderings carry the title, the labels and one-decimal cells."""
    table = odds_table("highest", [1, 2], [6])
    assert table.as_text().splitlines() == [
        "Highest of N d6 at least k (%)",
        "           6",
        "1       16.7",
        "2 high  30.6",
    ]
    assert "| 2 high | 30.6 |" in table.as_markdown()


def test_table_round_trips_through_json() -> None:
    """An OddsTable survives a JSON round trip exactly."""
    table = odds_table("sum", range(1, 4), range(3, 10))
    assert type(table).model_validate_json(table.model_dump_json()) == table


@pytest.mark.parametrize("n", [0, 11])
def test_dice_count_limit(n: int) -> None:
    """Odds are for 1 to 10 dice."""
    with pytest.raises(DiceError, match="1 to 10 dice"):
        p_sum_at_least(n, 3)


def test_unknown_mode_lists_the_modes() -> None:
    """An unknown mode names the ones that exist."""
    with pytest.raises(DiceError, match="highest, lowest, sum, highlow"):
        odds_table("median", [1], [3])


def test_too_many_columns() -> None:
    """A table has a bounded number of targets."""
    with pytest.raises(DiceError, match="targets in one table"):
        odds_table("sum", [10], range(10, 61))


modes = st.sampled_from(["highest", "lowest", "sum"])


@given(modes, st.integers(1, 10), st.integers(-5, 70))
def test_probability_is_in_unit_interval(mode: str, n: int, k: int) -> None:
    """Every probability lies in [0, 1]."""
    assert 0 <= probability(mode, n, k) <= 1


@given(modes, st.integers(1, 10), st.integers(-5, 70))
def test_probability_falls_as_target_rises(mode: str, n: int, k: int) -> None:
    """P(... >= k) never rises when k does."""
    assert probability(mode, n, k + 1) <= probability(mode, n, k)


@given(st.integers(1, 9), st.integers(1, 7))
def test_more_dice_help_highest_and_hurt_lowest(n: int, k: int) -> None:
    """Another die never lowers the highest nor raises the lowest."""
    assert p_highest_at_least(n + 1, k) >= p_highest_at_least(n, k)
    assert p_lowest_at_least(n + 1, k) <= p_lowest_at_least(n, k)


def test_sum_distribution_is_complete() -> None:
    """For every N, P(sum >= N) is 1: the convolution keeps all 6^N outcomes."""
    assert all(p_sum_at_least(n, n) == 1 for n in range(1, 11))
