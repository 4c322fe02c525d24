"""Figures, targets and verdicts; the JSON round trip used between processes."""

from __future__ import annotations

from bench.figures import Figure, Section, Target


def test_an_upper_target_passes_strictly_below_its_limit() -> None:
    """`< 40 ms` is met by 39.9 and missed by 40."""
    assert Target(40).is_met(39.9)
    assert not Target(40).is_met(40)


def test_an_at_least_target_passes_at_its_limit() -> None:
    """`>= 40 moves/s` is met by exactly 40."""
    assert Target(40, at_least=True).is_met(40)
    assert not Target(40, at_least=True).is_met(39.9)


def test_an_at_most_target_passes_at_its_limit() -> None:
    """`<= 1 post` (a budget) is met by exactly 1 and missed by 2."""
    assert Target(1, at_most=True).is_met(1)
    assert not Target(1, at_most=True).is_met(2)
    assert Target(1, at_most=True).describe("posts") == "<= 1.00 posts"


def test_a_missing_measurement_never_passes() -> None:
    """NaN (nothing measured) is a MISS, not a silent PASS."""
    assert Figure("s", "p99", float("nan"), "ms", Target(40)).verdict == "MISS"


def test_a_figure_without_target_is_info() -> None:
    """Context figures carry no verdict."""
    assert Figure("s", "median", 3.0, "ms").verdict == "info"


def test_a_line_shows_value_target_and_verdict() -> None:
    """The report line puts the figure next to its target."""
    line = Figure("s", "per move p99", 19.16, "ms", Target(40), note="one core").line()
    assert "19.2 ms" in line
    assert "< 40 ms" in line
    assert "PASS" in line
    assert line.endswith("one core")


def test_a_section_round_trips_through_json() -> None:
    """What a child process prints is what the parent reads back."""
    section = Section("throughput")
    section.add("moves/s", 54.7, "moves/s", target=Target(40, at_least=True), note="n")
    section.add("rss", 120.0, "MB")
    section.notes.append("context")
    again = Section.from_json(section.to_json())
    assert again == section
