"""Colour-blind-safe themes (Okabe-Ito) and the fixed PNG palette built from them.

Players never differ by colour alone: each seat also has its own shape and mark, so a board
still reads in greyscale or to a viewer with any colour-vision deficiency. Six seats, six
colours: no two players ever share one. The accent (yellow, the "your turn" and "last move"
highlight) is never a seat colour, nor is orange: under deuteranopia and protanopia orange and
yellow look alike (tests/render/test_palette.py simulates both and checks every seat colour
against the accent).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Literal

from PIL import Image

RGB = tuple[int, int, int]
Shape = Literal["circle", "square", "diamond", "triangle", "hexagon", "pentagon"]

# Okabe & Ito (2008), "Color Universal Design": distinguishable under all common deficiencies.
ORANGE: RGB = (230, 159, 0)
SKY_BLUE: RGB = (86, 180, 233)
BLUISH_GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
REDDISH_PURPLE: RGB = (204, 121, 167)
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
OKABE_ITO: tuple[RGB, ...] = (
    ORANGE, SKY_BLUE, BLUISH_GREEN, YELLOW, BLUE, VERMILLION, REDDISH_PURPLE, BLACK, WHITE
)  # fmt: skip
"""Always in a theme's PNG palette, so renderers may use any of them (zones, systems) exactly."""


@dataclass(frozen=True)
class PlayerStyle:
    """How one seat is drawn: a colour AND a shape AND a mark (so colour is never the only cue)."""

    colour: RGB
    ink: RGB
    shape: Shape
    mark: str


@dataclass(frozen=True)
class Theme:
    """Every colour a renderer may use; colours outside it are not in the PNG palette."""

    name: str
    background: RGB
    surface: RGB
    surface_alt: RGB
    line: RGB
    text: RGB
    muted: RGB
    faded: RGB
    accent: RGB
    accent_ink: RGB
    danger: RGB
    good: RGB
    die: RGB
    die_ink: RGB
    players: tuple[PlayerStyle, ...]
    # Sequential ramp for shaded tables, low to high; stepped so each band reads as one colour.
    ramp: tuple[RGB, ...]

    def player(self, seat: int) -> PlayerStyle:
        """Style of seat `seat` (0-based), cycling if a game seats more players than styles."""
        return self.players[seat % len(self.players)]

    @property
    def colours(self) -> tuple[RGB, ...]:
        base = (
            self.background,
            self.surface,
            self.surface_alt,
            self.line,
            self.text,
            self.muted,
            self.faded,
            self.accent,
            self.accent_ink,
            self.danger,
            self.good,
            self.die,
            self.die_ink,
        )
        seats = tuple(c for p in self.players for c in (p.colour, p.ink))
        return tuple(dict.fromkeys(base + seats + self.ramp + OKABE_ITO))


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _ramp(low: RGB, high: RGB, steps: int) -> tuple[RGB, ...]:
    return tuple(blend(low, high, i / (steps - 1)) for i in range(steps))


NIGHT = Theme(
    name="night",
    background=(30, 33, 39),
    surface=(42, 46, 54),
    surface_alt=(56, 61, 71),
    line=(88, 95, 108),
    text=(242, 242, 242),
    muted=(170, 176, 186),
    faded=(78, 84, 96),
    accent=YELLOW,
    accent_ink=BLACK,
    danger=VERMILLION,
    good=BLUISH_GREEN,
    die=(242, 242, 242),
    die_ink=(30, 33, 39),
    # Seats 1 and 2 (every two-player game) differ most, also under colour-vision deficiency.
    players=(
        PlayerStyle(SKY_BLUE, BLACK, "circle", "1"),
        PlayerStyle(BLUISH_GREEN, BLACK, "square", "2"),
        PlayerStyle(WHITE, BLACK, "triangle", "3"),
        PlayerStyle(REDDISH_PURPLE, BLACK, "diamond", "4"),
        PlayerStyle(BLUE, WHITE, "hexagon", "5"),
        PlayerStyle(BLACK, WHITE, "pentagon", "6"),
    ),
    ramp=(*_ramp((42, 46, 54), BLUE, 6)[:-1], BLUE, SKY_BLUE),
)

DAY = Theme(
    name="day",
    background=(244, 241, 234),
    surface=(255, 255, 255),
    surface_alt=(228, 224, 214),
    line=(170, 164, 152),
    text=(26, 26, 26),
    muted=(92, 92, 92),
    faded=(205, 200, 190),
    accent=YELLOW,
    accent_ink=BLACK,
    danger=VERMILLION,
    good=BLUISH_GREEN,
    die=WHITE,
    die_ink=(26, 26, 26),
    players=(
        PlayerStyle(BLUE, WHITE, "circle", "1"),
        PlayerStyle(BLUISH_GREEN, BLACK, "square", "2"),
        PlayerStyle(BLACK, WHITE, "triangle", "3"),
        PlayerStyle(REDDISH_PURPLE, BLACK, "diamond", "4"),
        PlayerStyle(SKY_BLUE, BLACK, "hexagon", "5"),
        PlayerStyle(WHITE, BLACK, "pentagon", "6"),
    ),
    ramp=(*_ramp((255, 255, 255), SKY_BLUE, 5), BLUE, (0, 80, 125)),
)

DEFAULT_THEME = NIGHT
THEMES: dict[str, Theme] = {t.name: t for t in (NIGHT, DAY)}


@lru_cache(maxsize=8)
def palette_image(theme: Theme) -> Image.Image:
    """A 256-colour "P" image holding the theme's colours exactly, plus blends for anti-aliasing.

    Mapping a drawing onto this fixed palette is ~3.5x faster than adaptive quantisation
    (FASTOCTREE) and keeps the theme colours exact, so tests can check pixel colours.
    """
    exact = list(theme.colours)

    def is_distinct(colour: RGB) -> bool:
        # Pillow maps pixels through a coarse colour cache, so an entry within a few levels of
        # a theme colour can steal its pixels; keeping a gap keeps every theme colour exact.
        return all(max(abs(a - b) for a, b in zip(colour, e, strict=True)) > 8 for e in exact)

    papers = (theme.background, theme.surface, theme.surface_alt)
    blends = [blend(paper, ink, t) for paper, ink, t in product(papers, exact, (1 / 3, 2 / 3))]
    colours = list(dict.fromkeys(exact + [b for b in blends if is_distinct(b)]))[:224]
    # A coarse cube catches anything else (blends of two inks, edge pixels of odd shapes).
    levels = (0, 85, 170, 255)
    for cube in product(levels, levels, levels):
        if len(colours) >= 256:
            break
        if cube not in colours and is_distinct(cube):
            colours.append(cube)
    while len(colours) < 256:
        colours.append(colours[-1])
    flat = [channel for colour in colours for channel in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image
