"""Space Truckin' drawing pieces shared by the public board and the private sheet.

Sizes are in pixels at scale 1 for an image about 640 px wide, which Discord shows ~400 px wide
on a phone: body text is never under 21 px here, so it stays ~13 px on the phone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from games.spacetruckin.data import (
    SHAPE_BY_DIE,
    SYSTEM_BY_DIE,
    SYSTEM_LETTER,
    TERRAIN_REWARDS,
    System,
    Terrain,
)
from render.fonts import Font, font
from render.palette import (
    BLACK,
    BLUE,
    BLUISH_GREEN,
    ORANGE,
    REDDISH_PURPLE,
    RGB,
    SKY_BLUE,
    WHITE,
    Theme,
)
from render.shapes import Box, Point, draw_text, rounded_box, text_width

WIDTH = 640.0
PAD = 16.0

# Okabe-Ito colours (all in the theme palette, so they stay exact) plus the system's letter on
# every cell: the letter, not the colour, is what identifies a system.
SYSTEM_COLOURS: dict[System, tuple[RGB, RGB]] = {
    "Reactor": (ORANGE, BLACK),
    "Quarters": (REDDISH_PURPLE, BLACK),
    "Engine": (SKY_BLUE, BLACK),
    "Weapons": (BLUE, WHITE),
    "Cargo": (BLUISH_GREEN, BLACK),
}
SYSTEM_BY_LETTER: dict[str, System] = {letter: s for s, letter in SYSTEM_LETTER.items()}

STAGE_LABELS: dict[str, str] = {
    "captain": "picking captain + truck",
    "ready": "done for now",
    "pick": "picking a piece",
    "place": "placing a piece",
    "pip": "drawing a pip",
    "pirates": "facing pirates",
    "reward": "taking a reward",
    "extra_pip": "artifact pip",
    "fill": "filling boxes",
    "tweak": "tweak or accept",
    "hit": "choosing a loss",
    "hit_two": "choosing 2 losses",
    "jump": "choosing a jump pip",
    "out": "out",
}

REWARD_LABELS = {"cargo": "cargo", "vp": "1 VP", "artifact": "artifact", "quarters": "crew"}


def rewards_text(terrain: Terrain) -> str:
    """ "cargo / artifact": the first reward (3-10) and the extra one (1-2)."""
    first, extra = TERRAIN_REWARDS[terrain]
    return f"{REWARD_LABELS[first]} / {REWARD_LABELS[extra]}"


def face_meaning(face: int) -> str:
    """What a shipyard or consequence die means: "R / I", or "any" for a 6."""
    if face not in SYSTEM_BY_DIE:
        return "any"
    return f"{SYSTEM_LETTER[SYSTEM_BY_DIE[face]]} / {SHAPE_BY_DIE[face]}"


@dataclass(frozen=True)
class Px:
    """Scale helper: `px(12)` is 12 layout pixels in the final image."""

    scale: float

    def __call__(self, value: float) -> float:
        return value * self.scale

    def font(self, size: float, *, bold: bool = False) -> Font:
        return font(size * self.scale, bold=bold)


def wrap(text: str, fnt: Font, max_width: float) -> list[str]:
    """Greedy word wrap by pixel width at plain spaces (a no-break space keeps `B4 r1 f` whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, fnt) > max_width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines or [""]


def star(
    draw: ImageDraw.ImageDraw, center: Point, radius: float, *, fill: RGB, outline: RGB
) -> None:
    """A five-pointed star (the sheet's VP mark)."""
    cx, cy = center
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    draw.polygon(points, fill=fill, outline=outline, width=max(1, round(radius / 8)))


def tag(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    *,
    fnt: Font,
    fill: RGB,
    ink: RGB,
    anchor: str = "la",
    pad: float = 6.0,
) -> Box:
    """A small filled label; `xy` is its left (anchor "la") or right ("ra") top corner."""
    width = text_width(text, fnt) + 2 * pad
    height = fnt.size + pad
    x0 = xy[0] - width if anchor == "ra" else xy[0]
    box = (x0, xy[1], x0 + width, xy[1] + height)
    rounded_box(draw, box, fill=fill, radius=height * 0.3)
    draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, fnt=fnt, fill=ink)
    return box


def vp_track(
    draw: ImageDraw.ImageDraw, box: Box, vp: int, goal: int, *, fill: RGB, theme: Theme
) -> None:
    """`goal` segments, the first `vp` filled: progress to the win reads at a glance."""
    x0, y0, x1, y1 = box
    gap = max(1.0, (x1 - x0) / goal * 0.12)
    step = (x1 - x0 + gap) / goal
    for i in range(goal):
        sx = x0 + i * step
        filled = i < vp
        draw.rectangle(
            (sx, y0, sx + step - gap, y1),
            fill=fill if filled else theme.surface_alt,
            outline=None if filled else theme.line,
        )
