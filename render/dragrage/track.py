"""The Drag Rage strip: both lanes and their heads, the run-offs past 26, the cars and the
last move's arrow."""

from __future__ import annotations

from PIL import ImageDraw

from games.dragrage.state import DragRageView, LaneView
from render.dragrage.layout import (
    BARRIER_H,
    CAR_R,
    LANE_W,
    NUMBERS_W,
    PAD,
    SMALL,
    START_H,
    TRACK_W,
    Layout,
)
from render.fonts import font
from render.palette import Theme
from render.shapes import Box, draw_text, rounded_box, token


def draw_lane_head(draw: ImageDraw.ImageDraw, lane: LaneView, lay: Layout, theme: Theme) -> None:
    """The driver's token over their lane (their card says the name); accent on their turn."""
    px = lay.px
    box = lay.head(lane.seat)
    rounded_box(draw, box, fill=theme.accent if lane.is_active else theme.surface, radius=px(8))
    style = theme.player(lane.seat)
    token(
        draw,
        ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
        px(15),
        shape=style.shape,
        fill=style.colour,
        outline=theme.accent_ink if lane.is_active else theme.text,
        mark=style.mark,
        ink=style.ink,
        fnt=font(px(SMALL), bold=True),
    )


def draw_track(draw: ImageDraw.ImageDraw, lay: Layout, finish_after: int, theme: Theme) -> None:
    """Both lanes' spaces, the numbers between them, the finish line and the start caption:
    the same all race (`lay` may be the board's `strip_layout`; the static layer)."""
    px = lay.px
    numbers = font(px(SMALL), bold=True)
    nx = px(PAD + LANE_W + NUMBERS_W / 2)
    for space in range(1, lay.spaces + 1):
        y0, y1 = lay.space_span(space)
        past = space > finish_after
        for seat in (0, 1):
            x0, x1 = lay.lane_x(seat)
            draw.rectangle(
                (x0, y0 + 1, x1, y1 - 1), fill=theme.surface_alt if past else theme.surface
            )
        draw_text(
            draw,
            (nx, (y0 + y1) / 2),
            str(space),
            fnt=numbers,
            fill=theme.text if space in (1, finish_after + 1) else theme.muted,
        )
    # The finish line: a chequered bar across both lanes between space 22 and 23.
    fy = lay.space_span(finish_after)[0]
    chequer(draw, (px(PAD), fy - px(5), px(PAD + TRACK_W), fy + px(5)), theme)
    bottom = lay.track_bottom
    draw_text(draw, (nx, bottom + px(START_H / 2)), "▲ START", fnt=numbers, fill=theme.text)


def chequer(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    size = (y1 - y0) / 2
    columns = max(2, round((x1 - x0) / size))
    step = (x1 - x0) / columns
    for i in range(columns):
        for j in range(2):
            colour = theme.text if (i + j) % 2 == 0 else theme.background
            draw.rectangle(
                (x0 + i * step, y0 + j * size, x0 + (i + 1) * step, y0 + (j + 1) * size),
                fill=colour,
            )


def hatch(
    draw: ImageDraw.ImageDraw, box: Box, colour: tuple[int, int, int], step: float, width: int
) -> None:
    """Diagonal hatching clipped to `box` by hand (PIL has no clip paths)."""
    x0, y0, x1, y1 = box
    for i in range(int((x1 - x0 + y1 - y0) / step) + 1):
        d = i * step
        ax, ay = x0 + d, y0
        bx, by = x0, y0 + d
        if ax > x1:
            ay, ax = y0 + (ax - x1), x1
        if by > y1:
            bx, by = x0 + (by - y1), y1
        draw.line((ax, ay, bx, by), fill=colour, width=width)


def draw_run_off(
    draw: ImageDraw.ImageDraw, view: DragRageView, lane: LaneView, lay: Layout, theme: Theme
) -> None:
    """The run-off past space 26: hatched and empty, or a vermillion block with the car and the
    space it reached (a broken chute reads at a glance, even on a phone)."""
    px = lay.px
    x0, y0, x1, y1 = lay.run_off(lane.seat)
    draw.rectangle((x0, y1, x1, y1 + px(BARRIER_H)), fill=theme.danger)
    if lane.position <= view.track_length:
        draw.rectangle((x0, y0, x1, y1), outline=theme.line, width=max(1, round(px(2))))
        hatch(draw, (x0, y0, x1, y1), theme.faded, px(14), max(1, round(px(2))))
        return
    rounded_box(draw, (x0, y0, x1, y1), fill=theme.danger, radius=px(8))
    draw_text(
        draw,
        (x1 - px(8), (y0 + y1) / 2),
        str(lane.position),
        fnt=font(px(22), bold=True),
        fill=theme.text,
        anchor="rm",
    )


def draw_last_move(
    draw: ImageDraw.ImageDraw, view: DragRageView, lay: Layout, theme: Theme
) -> None:
    """The latest advance: an accent arrow up the lane's left edge, from a ring on the space it
    left to the space it reached."""
    last = view.last_move
    if last is None or last.from_space == last.to_space:
        return
    seat = next((ln.seat for ln in view.lanes if ln.id == last.player), None)
    if seat is None:
        return
    px = lay.px
    x = lay.lane_x(seat)[0] + px(16)
    y_from = lay.car(view, seat, last.from_space)[1]
    y_to = lay.car(view, seat, last.to_space)[1]
    width = max(3, round(px(5)))
    draw.line((x, y_from, x, y_to + px(10)), fill=theme.accent, width=width)
    draw.polygon(
        [(x, y_to - px(4)), (x - px(9), y_to + px(12)), (x + px(9), y_to + px(12))],
        fill=theme.accent,
    )
    r = px(7)
    draw.ellipse(
        (x - r, y_from - r, x + r, y_from + r),
        fill=theme.background,
        outline=theme.accent,
        width=width,
    )


def draw_car(
    draw: ImageDraw.ImageDraw, view: DragRageView, lane: LaneView, lay: Layout, theme: Theme
) -> None:
    px = lay.px
    style = theme.player(lane.seat)
    off = lane.position > view.track_length
    token(
        draw,
        lay.car(view, lane.seat, lane.position),
        px(CAR_R + (3 if off else 0)),
        shape=style.shape,
        fill=style.colour,
        outline=theme.text,
        mark=style.mark,
        ink=style.ink,
        width=max(2, round(px(3))),
        fnt=font(px(22), bold=True),
    )
