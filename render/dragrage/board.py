"""The Drag Rage board: two 26-space lanes, the counters played, the free pool, whose turn.

Past space 26 each lane has a run-off: a car with a broken chute (a forced overshoot) is drawn
there, on a vermillion block behind a hatched barrier, with the space it reached.
"""

from __future__ import annotations

from PIL import ImageDraw

from games.dragrage.state import DragRageView, LaneView
from render.encode import encode_png
from render.fonts import font
from render.palette import DEFAULT_THEME, Theme
from render.shapes import chip, draw_text, fit_text, rounded_box, token, wrap_text
from render.toolkit import canvas

WIDTH, HEIGHT = 1280, 680
LABEL_W = 230
CELL_X0 = LABEL_W + 20
LANE_TOP = (118, 232)
LANE_H = 92
RUN_OFF_W = 104
"""Width of the run-off past space 26, where an overshooting car is drawn."""
TRACK_RIGHT = WIDTH - 24 - RUN_OFF_W


def _cell_x(view: DragRageView, space: int, s: float) -> tuple[float, float]:
    """Left and right x of `space` (1-based) in a lane."""
    width = (TRACK_RIGHT - CELL_X0) / view.track_length
    x0 = (CELL_X0 + (space - 1) * width) * s
    return x0, x0 + width * s


def run_off_x(s: float) -> tuple[float, float]:
    """Left and right x of the run-off past the end of the track."""
    return (TRACK_RIGHT + 10) * s, (WIDTH - 20) * s


def car_x(view: DragRageView, position: int, s: float) -> float:
    """Centre x of a car on `position`; past the end of the track it sits in the run-off."""
    if position > view.track_length:
        return sum(run_off_x(s)) / 2
    return sum(_cell_x(view, position, s)) / 2


def _status(lane: LaneView) -> str:
    if lane.broken_chute:
        return "broken chute"
    if lane.blown_engine:
        return "blown engine"
    if lane.crossed:
        return "crossed!"
    return ""


def _banner(draw: ImageDraw.ImageDraw, view: DragRageView, theme: Theme, s: float) -> None:
    a, b = view.lanes
    title = font(30 * s, bold=True)
    draw_text(
        draw,
        (24 * s, 28 * s),
        f"DRAG RAGE · heat {view.heat}",
        fnt=title,
        fill=theme.text,
        anchor="lm",
    )
    score = f"{a.name} {a.heats_won} – {b.heats_won} {b.name}  (first to {view.heats_to_win})"
    draw_text(
        draw,
        (24 * s, 66 * s),
        fit_text(score, font(24 * s), 560 * s),
        fnt=font(24 * s),
        fill=theme.muted,
        anchor="lm",
    )
    box = (600 * s, 8 * s, (WIDTH - 16) * s, 108 * s)
    if view.outcome is not None:
        winner = next((ln for ln in view.lanes if ln.id in view.outcome.winners), None)
        text = f"{winner.name} wins the race!" if winner else "Race over: a draw"
        rounded_box(draw, box, fill=theme.good, radius=14 * s)
        draw_text(
            draw,
            ((box[0] + box[2]) / 2, 58 * s),
            fit_text(text, font(34 * s, bold=True), box[2] - box[0] - 24 * s),
            fnt=font(34 * s, bold=True),
            fill=theme.accent_ink,
        )
        return
    active = next((ln for ln in view.lanes if ln.is_active), None)
    rounded_box(draw, box, fill=theme.accent, radius=14 * s)
    if active is not None:
        style = theme.player(active.seat)
        token(
            draw,
            (box[0] + 44 * s, 58 * s),
            26 * s,
            shape=style.shape,
            fill=style.colour,
            outline=theme.accent_ink,
            mark=style.mark,
            ink=style.ink,
            width=max(2, round(3 * s)),
        )
        name = fit_text(f"{active.name}'s turn", font(30 * s, bold=True), box[2] - box[0] - 100 * s)
        draw_text(
            draw,
            (box[0] + 84 * s, 30 * s),
            name,
            fnt=font(30 * s, bold=True),
            fill=theme.accent_ink,
            anchor="lm",
        )
        # The headline names the player, so the instruction drops its "Name: " prefix and wraps
        # onto two lines: cutting it would hide the Let's Roll option or the dice choice.
        ask = view.asking.removeprefix(f"{active.name}: ")
        ask = ask[:1].upper() + ask[1:]
        for i, line in enumerate(wrap_text(ask, font(22 * s), box[2] - box[0] - 100 * s)):
            draw_text(
                draw,
                (box[0] + 84 * s, (64 + 27 * i) * s),
                line,
                fnt=font(22 * s),
                fill=theme.accent_ink,
                anchor="lm",
            )


def _lane(
    draw: ImageDraw.ImageDraw,
    view: DragRageView,
    lane: LaneView,
    top: float,
    theme: Theme,
    s: float,
) -> None:
    style = theme.player(lane.seat)
    y0, y1 = top * s, (top + LANE_H) * s
    cy = (y0 + y1) / 2
    label = (16 * s, y0, LABEL_W * s, y1)
    rounded_box(draw, label, fill=theme.accent if lane.is_active else theme.surface, radius=12 * s)
    ink = theme.accent_ink if lane.is_active else theme.text
    token(
        draw,
        (46 * s, cy - 14 * s),
        20 * s,
        shape=style.shape,
        fill=style.colour,
        outline=ink,
        mark=style.mark,
        ink=style.ink,
    )
    draw_text(
        draw,
        (76 * s, cy - 14 * s),
        fit_text(lane.name, font(26 * s, bold=True), (LABEL_W - 70) * s),
        fnt=font(26 * s, bold=True),
        fill=ink,
        anchor="lm",
    )
    extra = _status(lane)
    if extra:
        nitro = "NITRO" if lane.nitro_available else "no nitro"
    else:
        nitro = "NITRO ready" if lane.nitro_available else "nitro spent"
    # With a status the line is longer: a smaller regular face keeps it whole in the label.
    status_font = font(17 * s) if extra else font(20 * s, bold=lane.nitro_available)
    draw_text(
        draw,
        (28 * s, cy + 24 * s),
        fit_text(nitro + (f" · {extra}" if extra else ""), status_font, (LABEL_W - 24) * s),
        fnt=status_font,
        fill=ink,
        anchor="lm",
    )
    number_font = font(19 * s, bold=True)
    for space in range(1, view.track_length + 1):
        x0, x1 = _cell_x(view, space, s)
        past = space > view.finish_after
        fill = theme.surface_alt if past else theme.surface
        draw.rectangle((x0 + 1, y0, x1 - 1, y1), fill=fill)
        label_text = "S" if space == 1 else str(space)
        # Nudge the two numbers beside the finish line off the chequered bar.
        nudge = {view.finish_after: -4 * s, view.finish_after + 1: 4 * s}.get(space, 0)
        draw_text(
            draw,
            ((x0 + x1) / 2 + nudge, y0 + 14 * s),
            label_text,
            fnt=number_font,
            fill=theme.muted,
        )
    # finish line: a chequered bar after space 22
    fx = _cell_x(view, view.finish_after, s)[1]
    sq = 8 * s
    rows = int((y1 - y0) / sq) + 1
    for r in range(rows):
        for c in range(2):
            colour = theme.text if (r + c) % 2 == 0 else theme.background
            draw.rectangle(
                (fx - sq + c * sq, y0 + r * sq, fx + c * sq, min(y1, y0 + (r + 1) * sq)),
                fill=colour,
            )
    _run_off(draw, view, lane, (y0, y1), theme, s)
    # last move arrow, then the car
    last = view.last_move
    if last is not None and last.player == lane.id and last.from_space != last.to_space:
        ax0 = car_x(view, last.from_space, s)
        ax1 = car_x(view, last.to_space, s)
        ay = y1 - 14 * s
        draw.line((ax0, ay, ax1, ay), fill=theme.accent, width=max(3, round(5 * s)))
        draw.polygon(
            [(ax1, ay), (ax1 - 12 * s, ay - 8 * s), (ax1 - 12 * s, ay + 8 * s)], fill=theme.accent
        )
    off = lane.position > view.track_length
    token(
        draw,
        (car_x(view, lane.position, s), cy + 6 * s),
        (24 if off else 17) * s,
        shape=style.shape,
        fill=style.colour,
        outline=theme.text,
        mark=style.mark,
        ink=style.ink,
        width=max(2, round(3 * s)),
    )


def _run_off(
    draw: ImageDraw.ImageDraw,
    view: DragRageView,
    lane: LaneView,
    ys: tuple[float, float],
    theme: Theme,
    s: float,
) -> None:
    """The run-off past space 26: a hatched barrier, and a vermillion block with the space
    reached when this car overshot (so a broken chute reads at a glance, even on a phone)."""
    y0, y1 = ys
    x0, x1 = run_off_x(s)
    end = _cell_x(view, view.track_length, s)[1]
    barrier = (end + 1, y0, x0 - 2, y1)
    draw.rectangle(barrier, fill=theme.danger)
    if lane.position <= view.track_length:
        draw.rectangle((x0, y0, x1, y1), outline=theme.line, width=max(1, round(2 * s)))
        step = 16 * s
        for i in range(int((x1 - x0 + y1 - y0) / step) + 1):
            # diagonal hatching, clipped to the run-off box by hand (PIL has no clip paths)
            d = i * step
            ax, ay = x0 + d, y0
            bx, by = x0, y0 + d
            if ax > x1:
                ay, ax = y0 + (ax - x1), x1
            if by > y1:
                bx, by = x0 + (by - y1), y1
            draw.line((ax, ay, bx, by), fill=theme.faded, width=max(1, round(2 * s)))
        return
    rounded_box(draw, (x0, y0, x1, y1), fill=theme.danger, radius=10 * s)
    draw_text(
        draw,
        ((x0 + x1) / 2, y0 + 15 * s),
        str(lane.position),
        fnt=font(24 * s, bold=True),
        fill=theme.text,
    )


def _counters_row(
    draw: ImageDraw.ImageDraw, lane: LaneView, y: float, theme: Theme, s: float
) -> None:
    style = theme.player(lane.seat)
    token(
        draw,
        (34 * s, y),
        16 * s,
        shape=style.shape,
        fill=style.colour,
        outline=theme.text,
        mark=style.mark,
        ink=style.ink,
    )
    text = f"{lane.name}: {lane.counters_used} counter" + ("" if lane.counters_used == 1 else "s")
    draw_text(
        draw,
        (60 * s, y),
        fit_text(text, font(22 * s), 320 * s),
        fnt=font(22 * s),
        fill=theme.text,
        anchor="lm",
    )
    x = 390 * s
    size = 46 * s
    for counter in lane.counters:
        box = (x, y - size / 2, x + size, y + size / 2)
        chip(
            draw,
            box,
            str(counter.value),
            fill=style.colour,
            ink=style.ink,
            fnt=font(24 * s, bold=True),
            struck=theme.danger if counter.spun_out else None,
        )
        x += size + 10 * s
    if any(c.spun_out for c in lane.counters):
        draw_text(
            draw,
            (x + 8 * s, y),
            "X = spun out (still counts)",
            fnt=font(18 * s),
            fill=theme.muted,
            anchor="lm",
        )


def _pool(draw: ImageDraw.ImageDraw, view: DragRageView, y: float, theme: Theme, s: float) -> None:
    draw_text(
        draw,
        (24 * s, y),
        "Free counters",
        fnt=font(22 * s, bold=True),
        fill=theme.text,
        anchor="lm",
    )
    x, size = 220 * s, 52 * s
    for value in range(2, 13):
        free = value in view.free_counters
        box = (x, y - size / 2, x + size, y + size / 2)
        chip(
            draw,
            box,
            str(value),
            fill=theme.die if free else theme.surface,
            ink=theme.die_ink if free else theme.faded,
            fnt=font(26 * s, bold=True),
            outline=None if free else theme.faded,
        )
        x += size + 12 * s


def render_dragrage(
    view: DragRageView, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the public Drag Rage board (1280x680 at scale 1)."""
    s = scale
    img, draw = canvas(WIDTH * s, HEIGHT * s, theme=theme)
    _banner(draw, view, theme, s)
    for lane, top in zip(view.lanes, LANE_TOP, strict=True):
        _lane(draw, view, lane, top, theme, s)
    _counters_row(draw, view.lanes[0], 370 * s, theme, s)
    _counters_row(draw, view.lanes[1], 430 * s, theme, s)
    _pool(draw, view, 505 * s, theme, s)
    y = 566 * s
    draw.line((16 * s, y, (WIDTH - 16) * s, y), fill=theme.line, width=max(1, round(2 * s)))
    lines = view.last[-4:] or (view.coin_flip,)
    for i, text in enumerate(lines):
        fnt = font(22 * s, bold=i == len(lines) - 1)
        colour = theme.text if i == len(lines) - 1 else theme.muted
        draw_text(
            draw,
            (24 * s, y + (26 + 34 * i) * s),
            fit_text(text, fnt, (WIDTH - 48) * s),
            fnt=fnt,
            fill=colour,
            anchor="lm",
        )
    return encode_png(img, theme=theme)
