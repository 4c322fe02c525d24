"""The teams panel under the track and the banner over it.

One card per team, in seat order, two to a row: the team's letter token, name, VP scored of
the goal, hand size, the first-player marker, and what it must do now. A team that must act
(several at once during the end-of-turn discard or Dangerous Debris) has a thick accent frame;
the left edge of that frame is its turn marker.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render.apocalypseroad.layout import PAD
from render.apocalypseroad.scene import TeamMark, team_letter
from render.fonts import Font, font
from render.palette import Theme
from render.shapes import Box, draw_text, fit_text, text_width, token

CARD_H = 96.0
"""Three lines: the name, the score and cards, what the team does now (or its team name)."""
CARD_GAP = 6.0
COLUMNS = 2
BANNER_TITLE = 30.0
LINE_H = 27.0


def team_box(index: int, top: float, width: float) -> Box:
    """Where the card of the `index`-th team (seat order) is drawn, below `top`."""
    col_w = (width - 2 * PAD - (COLUMNS - 1) * CARD_GAP) / COLUMNS
    row, col = divmod(index, COLUMNS)
    x = PAD + col * (col_w + CARD_GAP)
    y = top + row * (CARD_H + CARD_GAP)
    return (x, y, x + col_w, y + CARD_H)


def panel_height(teams: int) -> float:
    rows = -(-teams // COLUMNS)
    return rows * (CARD_H + CARD_GAP)


def draw_team(
    draw: ImageDraw.ImageDraw, box: Box, team: TeamMark, theme: Theme, *, label: float
) -> None:
    x0, y0, x1, _ = box
    frame = theme.accent if team.to_act else theme.line
    draw.rounded_rectangle(
        box, radius=10, fill=theme.surface, outline=frame, width=5 if team.to_act else 1
    )
    style = theme.player(team.seat)
    r = 21.0
    token(
        draw,
        (x0 + 12 + r, y0 + CARD_H / 2),
        r,
        shape=style.shape,
        fill=style.colour,
        outline=theme.text,
        mark=team_letter(team.seat),
        ink=style.ink,
        fnt=font(max(label, 22), bold=True),
    )
    left = x0 + 24 + 2 * r
    room = x1 - 10 - left
    big = _fitting(team.name, room, bold=True, largest=max(label + 2, 22), smallest=label)
    draw_text(
        draw, (left, y0 + 6), fit_text(team.name, big, room), fnt=big, fill=theme.text, anchor="la"
    )
    small = font(label)
    _score_line(draw, (left, y0 + 38, x1 - 10), team, theme, small)
    _status_line(draw, (left, y0 + 66, x1 - 10), team, theme, small)


def _fitting(text: str, room: float, *, bold: bool, largest: float, smallest: float) -> Font:
    """The largest font from `largest` down to `smallest` in which `text` fits `room` (a long
    name is drawn a little smaller rather than cut)."""
    size = largest
    while size > smallest and text_width(text, font(size, bold=bold)) > room:
        size -= 1
    return font(size, bold=bold)


def _score_line(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float, float],
    team: TeamMark,
    theme: Theme,
    fnt: Font,
) -> None:
    """`7/12 VP · 4 cards`, and the First Player pill on the right."""
    x, y, right = at
    if team.first_player:
        pill = "1st"
        w = text_width(pill, fnt) + 12
        draw.rounded_rectangle(
            (right - w, y - 2, right, y + fnt.size + 4),
            radius=6,
            fill=theme.die,
            outline=theme.die_ink,
        )
        draw_text(draw, (right - w / 2, y + fnt.size / 2 + 1), pill, fnt=fnt, fill=theme.die_ink)
        right -= w + 8
    vp = f"{team.vp}/{team.goal} VP"
    bold = font(fnt.size, bold=True)
    draw_text(draw, (x, y), vp, fnt=bold, fill=theme.text, anchor="la")
    x += text_width(vp + " ", bold)
    parts = [f"{team.hand} cards"]
    if team.chute:
        parts.append(f"{team.chute} in Chute")
    if team.destroyed:
        parts.append(f"{team.destroyed} out")
    rest = _whole(parts, fnt, right - x)
    if rest:
        draw_text(draw, (x, y), rest, fnt=fnt, fill=theme.muted, anchor="la")


def _status_line(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float, float],
    team: TeamMark,
    theme: Theme,
    fnt: Font,
) -> None:
    """What the team must do now (when it acts), else its team name."""
    x, y, right = at
    text, ink = team.team_name, theme.muted
    if team.to_act and team.waiting_for:
        text = f"now: {team.waiting_for}"
        ink = theme.accent if sum(theme.surface) < 3 * 128 else theme.text
    draw_text(draw, (x, y), fit_text(text, fnt, right - x), fnt=fnt, fill=ink, anchor="la")


def _whole(parts: Sequence[str], fnt: Font, room: float) -> str:
    """`· part · part` as far as whole parts fit `room` (none is cut)."""
    text = ""
    for part in parts:
        trial = f"{text} · {part}" if text else f"· {part}"
        if text_width(trial, fnt) > room:
            break
        text = trial
    return text


def draw_panel(
    draw: ImageDraw.ImageDraw,
    teams: Sequence[TeamMark],
    top: float,
    width: float,
    theme: Theme,
    *,
    label: float,
) -> None:
    for i, team in enumerate(teams):
        draw_team(draw, team_box(i, top, width), team, theme, label=label)


def banner_height(lines: int) -> float:
    return 16 + BANNER_TITLE + 12 + LINE_H * lines + 10


def draw_banner(
    draw: ImageDraw.ImageDraw,
    width: float,
    title: str,
    lines: Sequence[str],
    theme: Theme,
    *,
    label: float,
) -> None:
    height = banner_height(len(lines))
    draw.rectangle((0, 0, width, height), fill=theme.surface_alt)
    draw.rectangle((0, height - 5, width, height), fill=theme.accent)
    big = font(BANNER_TITLE, bold=True)
    small = font(max(label + 1, 21))
    ink = theme.accent if sum(theme.surface_alt) < 3 * 128 else theme.text
    draw_text(
        draw,
        (PAD, 12),
        fit_text(title, big, width - 2 * PAD),
        fnt=big,
        fill=theme.text,
        anchor="la",
    )
    for i, line in enumerate(lines):
        draw_text(
            draw,
            (PAD, 16 + BANNER_TITLE + 10 + LINE_H * i),
            fit_text(line, small, width - 2 * PAD),
            fnt=small,
            fill=ink,
            anchor="la",
        )


def wrap(text: str, fnt: Font, max_width: float) -> list[str]:
    """Greedy word wrap."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, fnt) > max_width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
