"""Seat colours: six per theme, all different, all Okabe-Ito, none confusable with the accent.

The accent (yellow) marks whose turn it is and the last move, so no player's colour may look
like it, also to a viewer with deuteranopia or protanopia. Colour-vision deficiency is
simulated with the Machado, Oliveira & Fernandes (2009) matrices at full severity on linear
RGB; "confusable" is a CIELAB distance (CIE76) under 40 in the simulated view, where orange
against yellow (the bug this guards against) measures 17 under deuteranopia.
"""

from __future__ import annotations

import itertools

import pytest

from render.palette import DAY, NIGHT, OKABE_ITO, ORANGE, RGB, THEMES, YELLOW, Theme

Matrix = tuple[tuple[float, float, float], ...]
SIMULATIONS: dict[str, Matrix] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
MIN_DISTANCE = 40.0
MAX_SEATS = 6
"""The most players any registered game seats (Rush 'n' Crush and Space Truckin')."""


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def seen(colour: RGB, vision: str) -> tuple[float, float, float]:
    """The colour in CIELAB as a viewer with `vision` sees it."""
    linear = [_linear(c) for c in colour]
    simulated = tuple(
        min(1.0, max(0.0, sum(m * v for m, v in zip(row, linear, strict=True))))
        for row in SIMULATIONS[vision]
    )
    return _lab((simulated[0], simulated[1], simulated[2]))


def distance(a: RGB, b: RGB, vision: str) -> float:
    return (
        float(sum((p - q) ** 2 for p, q in zip(seen(a, vision), seen(b, vision), strict=True)))
        ** 0.5
    )


@pytest.fixture(params=sorted(THEMES), ids=str)
def theme(request: pytest.FixtureRequest) -> Theme:
    return THEMES[request.param]


def test_the_simulation_catches_orange_against_yellow() -> None:
    """The check is not vacuous: the old seat-1 orange, already close to the yellow accent,
    all but merges with it under deuteranopia and protanopia."""
    normal = distance(ORANGE, YELLOW, "normal")
    for vision in ("deuteranopia", "protanopia"):
        assert distance(ORANGE, YELLOW, vision) < min(normal, MIN_DISTANCE) * 0.75


def test_every_seat_has_its_own_colour_shape_and_mark(theme: Theme) -> None:
    """Six seats, so no two players of any game share a colour, a shape or a mark."""
    seats = [theme.player(i) for i in range(MAX_SEATS)]
    for attribute in ("colour", "shape", "mark"):
        values = [getattr(style, attribute) for style in seats]
        assert len(set(values)) == MAX_SEATS, (attribute, values)


def test_seat_colours_are_okabe_ito(theme: Theme) -> None:
    """Every seat colour is one of the Okabe-Ito colours (black and white included)."""
    assert all(style.colour in OKABE_ITO for style in theme.players)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_no_seat_colour_looks_like_the_accent(theme: Theme, vision: str) -> None:
    """Under normal vision, deuteranopia and protanopia each seat colour stays far from the
    accent (the "your turn" / "last move" highlight)."""
    for seat, style in enumerate(theme.players):
        gap = distance(style.colour, theme.accent, vision)
        assert gap >= MIN_DISTANCE, f"{theme.name} seat {seat + 1}: {gap:.0f} from the accent"


def test_the_first_two_seats_differ_under_every_simulation() -> None:
    """Two-player games (Drag Rage, a two-car race) get the two seats most unlike each other."""
    for theme, vision in itertools.product((NIGHT, DAY), SIMULATIONS):
        a, b = theme.player(0).colour, theme.player(1).colour
        assert distance(a, b, vision) >= MIN_DISTANCE, (theme.name, vision)
