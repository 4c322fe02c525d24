"""The Drag Rage board, portrait for a phone: the drag strip runs up the left, the drivers on
the right.

Top to bottom: the title (heat), the turn banner (who, and what they are asked), then the two
lanes side by side, space 1 at the bottom and 26 at the top with the space numbers between
them, beside a panel with each driver's card (nitro, status, counters played), the free
counters, what just happened and a key to the symbols.

Past space 26 each lane has a run-off: a car with a broken chute (a forced overshoot) is drawn
there, on a vermillion block, with the space it reached.

At 640 px wide Discord shows it ~400 px wide on a phone, so no label is under 18 px here
(11 px on the phone; the render conformance test checks it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from games.dragrage.state import DragRageView, LaneView
from render.encode import encode_png
from render.fonts import font, min_label_px
from render.palette import DEFAULT_THEME, Theme
from render.shapes import Box, chip, draw_text, fit_text, rounded_box, strike, token, wrap_text
from render.toolkit import canvas

WIDTH = 640
PAD = 16
TITLE_H = 44
BANNER_GAP = 12
LANE_W = 92
NUMBERS_W = 44
TRACK_W = 2 * LANE_W + NUMBERS_W
HEAD_H = 44
RUN_OFF_H = 58
BARRIER_H = 8
SPACE_H = 34
START_H = 30
PANEL_X = PAD + TRACK_W + 18
PANEL_W = WIDTH - PAD - PANEL_X
CHIP = 40
CHIP_GAP = 6
POOL_CHIP = 46
POOL_GAP = 8
LINE_H = 26
SMALL = min_label_px(WIDTH)
"""The smallest text on the board: 18 px on 640 is ~11 px on a 400 px wide phone picture."""
BODY = 20
CAR_R = 18
POOL_H = 30 + 2 * (POOL_CHIP + POOL_GAP) + 6
LOG_MIN_H = 30 + 3 * LINE_H
KEY_H = 30 + 4 * (LINE_H + 2)


@dataclass(frozen=True)
class Layout:
    """Where the board puts everything, in image pixels (tests use it to find things)."""

    scale: float
    spaces: int
    """Spaces on the track (26)."""
    banner: tuple[tuple[str, str], tuple[str, ...]]
    banner_h: float
    track_top: float
    cards: tuple[Box, Box]
    height: float

    def px(self, value: float) -> float:
        return value * self.scale

    @property
    def width(self) -> float:
        return self.px(WIDTH)

    @property
    def spaces_top(self) -> float:
        """Top of space 26."""
        return self.track_top + self.px(HEAD_H + RUN_OFF_H + BARRIER_H)

    def lane_x(self, seat: int) -> tuple[float, float]:
        """Left and right x of a lane: seat 0 left of the numbers, seat 1 right of them."""
        x0 = PAD + (0 if seat == 0 else LANE_W + NUMBERS_W)
        return self.px(x0), self.px(x0 + LANE_W)

    def space_y(self, view: DragRageView, space: int) -> tuple[float, float]:
        """Top and bottom y of `space` (1-based); space 1 is at the bottom."""
        y0 = self.spaces_top + self.px((self.spaces - space) * SPACE_H)
        return y0, y0 + self.px(SPACE_H)

    def run_off(self, seat: int) -> Box:
        """The run-off past space 26 (above it), where an overshooting car is drawn."""
        x0, x1 = self.lane_x(seat)
        y0 = self.track_top + self.px(HEAD_H)
        return (x0, y0, x1, y0 + self.px(RUN_OFF_H))

    def head(self, seat: int) -> Box:
        """The lane's head over the run-off: the driver's token, accent-filled on their turn."""
        x0, x1 = self.lane_x(seat)
        return (x0, self.track_top, x1, self.track_top + self.px(HEAD_H - 6))

    def car(self, view: DragRageView, seat: int, position: int) -> tuple[float, float]:
        """Centre of a car on `position`; past the end of the track it sits in the run-off."""
        x0, x1 = self.lane_x(seat)
        if position > view.track_length:
            _, y0, _, y1 = self.run_off(seat)
            return (x0 + self.px(28), (y0 + y1) / 2)
        y0, y1 = self.space_y(view, position)
        return ((x0 + x1) / 2 + self.px(8), (y0 + y1) / 2)

    @property
    def track_bottom(self) -> float:
        return self.spaces_top + self.px(self.spaces * SPACE_H)


def _banner_text(view: DragRageView) -> tuple[tuple[str, str], tuple[str, ...]]:
    """((name, what), detail): a long name may be cut, never the "'s turn" after it."""
    if view.outcome is not None:
        winner = next((ln for ln in view.lanes if ln.id in view.outcome.winners), None)
        title = (winner.name, " wins the race!") if winner else ("", "Race over: a draw")
        return title, (view.outcome.reason,)
    active = next((ln for ln in view.lanes if ln.is_active), None)
    if active is None:
        return ("", "Waiting"), ()
    # The headline names the player, so the instruction drops its "Name: " prefix.
    ask = view.asking.removeprefix(f"{active.name}: ")
    return (active.name, "'s turn"), (ask[:1].upper() + ask[1:],)


def _counter_rows(lane: LaneView) -> int:
    per_row = int((PANEL_W - 24 + CHIP_GAP) // (CHIP + CHIP_GAP))
    return max(1, math.ceil(len(lane.counters) / per_row))


def _card_h(lane: LaneView) -> float:
    status = 1 if lane.status != "racing" else 0
    return 12 + 40 + LINE_H * (2 + status) + 8 + _counter_rows(lane) * (CHIP + CHIP_GAP) + 6


def board_layout(view: DragRageView, *, scale: float = 1.0) -> Layout:
    """The geometry `render_dragrage` draws with (tests use it to find lanes, cars and cards)."""
    s = scale
    title, ask = _banner_text(view)
    inner = (WIDTH - 2 * PAD - 88) * s
    lines = tuple(
        line for text in ask for line in wrap_text(text, font(BODY * s), inner, max_lines=4)
    )
    banner_h = 18 + 36 + LINE_H * len(lines) + 14
    track_top = PAD + TITLE_H + banner_h + BANNER_GAP
    a, b = view.lanes
    card_a = (PANEL_X, track_top, WIDTH - PAD, track_top + _card_h(a))
    top_b = card_a[3] + 10
    card_b = (PANEL_X, top_b, WIDTH - PAD, top_b + _card_h(b))
    track_h = HEAD_H + RUN_OFF_H + BARRIER_H + view.track_length * SPACE_H + START_H
    panel_h = card_b[3] - track_top + 14 + POOL_H + LOG_MIN_H + 8 + KEY_H
    height = track_top + max(track_h, panel_h) + PAD
    return Layout(
        scale=s,
        spaces=view.track_length,
        banner=(title, lines),
        banner_h=banner_h * s,
        track_top=track_top * s,
        cards=(
            (card_a[0] * s, card_a[1] * s, card_a[2] * s, card_a[3] * s),
            (card_b[0] * s, card_b[1] * s, card_b[2] * s, card_b[3] * s),
        ),
        height=height * s,
    )


def player_card_box(view: DragRageView, seat: int, *, scale: float = 1.0) -> Box:
    """Where the board draws a driver's card; its frame is the accent on their turn."""
    return board_layout(view, scale=scale).cards[seat]


# --- drawing ------------------------------------------------------------------------------------


def _title(draw: ImageDraw.ImageDraw, view: DragRageView, lay: Layout, theme: Theme) -> None:
    px = lay.px
    y = px(PAD + TITLE_H / 2 - 4)
    draw_text(
        draw,
        (px(PAD), y),
        f"DRAG RAGE · heat {view.heat}",
        fnt=font(px(26), bold=True),
        fill=theme.text,
        anchor="lm",
    )
    draw_text(
        draw,
        (px(WIDTH - PAD), y),
        f"first to {view.heats_to_win} heats wins",
        fnt=font(px(BODY)),
        fill=theme.muted,
        anchor="rm",
    )


def _banner(draw: ImageDraw.ImageDraw, view: DragRageView, lay: Layout, theme: Theme) -> None:
    px = lay.px
    top = px(PAD + TITLE_H)
    box = (px(PAD), top, px(WIDTH - PAD), top + lay.banner_h)
    over = view.outcome is not None
    rounded_box(draw, box, fill=theme.good if over else theme.accent, radius=px(14))
    title, lines = lay.banner
    who = None
    if over and view.outcome is not None:
        who = next((ln for ln in view.lanes if ln.id in view.outcome.winners), None)
    elif not over:
        who = next((ln for ln in view.lanes if ln.is_active), None)
    x = box[0] + px(20)
    if who is not None:
        style = theme.player(who.seat)
        token(
            draw,
            (box[0] + px(40), top + px(40)),
            px(24),
            shape=style.shape,
            fill=style.colour,
            outline=theme.accent_ink,
            mark=style.mark,
            ink=style.ink,
            width=max(2, round(px(3))),
            fnt=font(px(24), bold=True),
        )
        x = box[0] + px(76)
    big = font(px(28), bold=True)
    name, what = title
    room = box[2] - x - px(12) - big.getlength(what)
    draw_text(
        draw,
        (x, top + px(36)),
        (fit_text(name, big, room) if name else "") + what,
        fnt=big,
        fill=theme.accent_ink,
        anchor="ls",
    )
    body = font(px(BODY))
    for i, line in enumerate(lines):
        draw_text(
            draw, (x, top + px(58 + LINE_H * i)), line, fnt=body, fill=theme.accent_ink, anchor="lm"
        )


def _lane_head(draw: ImageDraw.ImageDraw, lane: LaneView, lay: Layout, theme: Theme) -> None:
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


def _track(draw: ImageDraw.ImageDraw, view: DragRageView, lay: Layout, theme: Theme) -> None:
    """Both lanes' spaces, the numbers between them, the finish line and the start caption."""
    px = lay.px
    numbers = font(px(SMALL), bold=True)
    nx = px(PAD + LANE_W + NUMBERS_W / 2)
    for space in range(1, view.track_length + 1):
        y0, y1 = lay.space_y(view, space)
        past = space > view.finish_after
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
            fill=theme.text if space in (1, view.finish_after + 1) else theme.muted,
        )
    # The finish line: a chequered bar across both lanes between space 22 and 23.
    fy = lay.space_y(view, view.finish_after)[0]
    _chequer(draw, (px(PAD), fy - px(5), px(PAD + TRACK_W), fy + px(5)), theme)
    bottom = lay.track_bottom
    draw_text(draw, (nx, bottom + px(START_H / 2)), "▲ START", fnt=numbers, fill=theme.text)


def _chequer(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
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


def _hatch(
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


def _run_off(
    draw: ImageDraw.ImageDraw, view: DragRageView, lane: LaneView, lay: Layout, theme: Theme
) -> None:
    """The run-off past space 26: hatched and empty, or a vermillion block with the car and the
    space it reached (a broken chute reads at a glance, even on a phone)."""
    px = lay.px
    x0, y0, x1, y1 = lay.run_off(lane.seat)
    draw.rectangle((x0, y1, x1, y1 + px(BARRIER_H)), fill=theme.danger)
    if lane.position <= view.track_length:
        draw.rectangle((x0, y0, x1, y1), outline=theme.line, width=max(1, round(px(2))))
        _hatch(draw, (x0, y0, x1, y1), theme.faded, px(14), max(1, round(px(2))))
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


def _last_move(draw: ImageDraw.ImageDraw, view: DragRageView, lay: Layout, theme: Theme) -> None:
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


def _car(
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


STATUS: dict[str, str] = {
    "crossed": "Crossed the line",
    "broken_chute": "Broken chute: past 26",
    "blown_engine": "Blown engine: can't reach 23",
}


def _card(
    draw: ImageDraw.ImageDraw, view: DragRageView, lane: LaneView, lay: Layout, theme: Theme
) -> None:
    """A driver: token and name, heats won and counters used, nitro, status, counters played."""
    px = lay.px
    box = lay.cards[lane.seat]
    x0, y0, x1, _ = box
    rounded_box(
        draw,
        box,
        fill=theme.surface,
        outline=theme.accent if lane.is_active else theme.line,
        width=max(1, round(px(5 if lane.is_active else 2))),
        radius=px(12),
    )
    style = theme.player(lane.seat)
    token(
        draw,
        (x0 + px(30), y0 + px(32)),
        px(18),
        shape=style.shape,
        fill=style.colour,
        outline=theme.text,
        mark=style.mark,
        ink=style.ink,
        fnt=font(px(BODY), bold=True),
    )
    name_font = font(px(24), bold=True)
    draw_text(
        draw,
        (x0 + px(58), y0 + px(32)),
        fit_text(lane.name, name_font, x1 - x0 - px(70)),
        fnt=name_font,
        fill=theme.text,
        anchor="lm",
    )
    body, bold = font(px(BODY)), font(px(BODY), bold=True)
    y = y0 + px(52 + LINE_H / 2)
    used = f"{lane.counters_used} counter" + ("" if lane.counters_used == 1 else "s")
    heats = f"heats won {lane.heats_won}"
    draw_text(
        draw, (x0 + px(14), y), f"{used} used · {heats}", fnt=body, fill=theme.text, anchor="lm"
    )
    y += px(LINE_H)
    nitro = "Nitro die: ready" if lane.nitro_available else "Nitro die: spent"
    draw_text(
        draw,
        (x0 + px(14), y),
        nitro,
        fnt=bold if lane.nitro_available else body,
        fill=theme.text if lane.nitro_available else theme.muted,
        anchor="lm",
    )
    if lane.status != "racing":
        y += px(LINE_H)
        text = STATUS.get(lane.status, lane.status)
        colour = theme.good if lane.status == "crossed" else theme.danger
        draw_text(
            draw,
            (x0 + px(14), y),
            fit_text(text, bold, x1 - x0 - px(28)),
            fnt=bold,
            fill=colour,
            anchor="lm",
        )
    y += px(LINE_H / 2 + 8)
    x = x0 + px(14)
    fnt = font(px(BODY), bold=True)
    for counter in lane.counters:
        if x + px(CHIP) > x1 - px(8):
            x = x0 + px(14)
            y += px(CHIP + CHIP_GAP)
        chip(
            draw,
            (x, y, x + px(CHIP), y + px(CHIP)),
            str(counter.value),
            fill=style.colour,
            ink=style.ink,
            fnt=fnt,
            struck=theme.danger if counter.spun_out else None,
        )
        x += px(CHIP + CHIP_GAP)
    if not lane.counters:
        draw_text(
            draw, (x, y + px(CHIP / 2)), "no counters yet", fnt=body, fill=theme.muted, anchor="lm"
        )


def _pool(
    draw: ImageDraw.ImageDraw, view: DragRageView, y: float, lay: Layout, theme: Theme
) -> float:
    """The shared counters 2-12: free ones white, used ones dim. Returns the y below it."""
    px = lay.px
    x0 = px(PANEL_X)
    draw_text(
        draw, (x0, y), "Free counters", fnt=font(px(BODY), bold=True), fill=theme.text, anchor="la"
    )
    y += px(30)
    per_row = int((PANEL_W + POOL_GAP) // (POOL_CHIP + POOL_GAP))
    fnt = font(px(22), bold=True)
    for i, value in enumerate(range(2, 13)):
        row, col = divmod(i, per_row)
        x = x0 + px(col * (POOL_CHIP + POOL_GAP))
        top = y + px(row * (POOL_CHIP + POOL_GAP))
        free = value in view.free_counters
        chip(
            draw,
            (x, top, x + px(POOL_CHIP), top + px(POOL_CHIP)),
            str(value),
            fill=theme.die if free else theme.surface,
            ink=theme.die_ink if free else theme.muted,
            fnt=fnt,
            outline=None if free else theme.faded,
        )
    rows = math.ceil(11 / per_row)
    return y + px(rows * (POOL_CHIP + POOL_GAP) + 6)


def _log(
    draw: ImageDraw.ImageDraw,
    view: DragRageView,
    y: float,
    bottom: float,
    lay: Layout,
    theme: Theme,
) -> float:
    """What just happened, newest last and bold; older lines drop off if the room runs out,
    the newest never. Returns the y below it."""
    px = lay.px
    x0 = px(PANEL_X)
    draw_text(
        draw, (x0, y), "What happened", fnt=font(px(BODY), bold=True), fill=theme.text, anchor="la"
    )
    y += px(30)
    entries = [e for e in (view.last[-4:] or (view.coin_flip,)) if e.strip()]
    room = px(PANEL_W)
    wrapped: list[list[str]] = []
    room_left = bottom - y
    for i, entry in enumerate(reversed(entries)):
        fnt = font(px(SMALL + 1), bold=i == 0)
        lines = wrap_text(entry, fnt, room, max_lines=4)
        needed = px(len(lines) * LINE_H + 4)
        if needed > room_left and wrapped:
            break
        wrapped.insert(0, lines)
        room_left -= needed
    for i, lines in enumerate(wrapped):
        newest = i == len(wrapped) - 1
        fnt = font(px(SMALL + 1), bold=newest)
        for line in lines:
            draw_text(
                draw,
                (x0, y),
                line,
                fnt=fnt,
                fill=theme.text if newest else theme.muted,
                anchor="la",
            )
            y += px(LINE_H)
        y += px(4)
    return y


def _key(draw: ImageDraw.ImageDraw, y: float, lay: Layout, theme: Theme) -> None:
    """What the symbols mean, one line each."""
    px = lay.px
    x0 = px(PANEL_X)
    fnt = font(px(SMALL))
    draw_text(draw, (x0, y), "Key", fnt=font(px(BODY), bold=True), fill=theme.text, anchor="la")
    y += px(30)
    icon = (x0, y, x0 + px(34), y + px(22))
    rows = (
        ("finish line: after space 22", "finish"),
        ("last move", "arrow"),
        ("spun out: still counts", "spun"),
        ("run-off: past 26, broken chute", "runoff"),
    )
    for text, kind in rows:
        ix0, iy0, ix1, iy1 = icon
        cy = (iy0 + iy1) / 2
        if kind == "finish":
            _chequer(draw, (ix0, cy - px(5), ix1, cy + px(5)), theme)
        elif kind == "arrow":
            draw.line((ix0, cy, ix1 - px(10), cy), fill=theme.accent, width=max(3, round(px(5))))
            draw.polygon(
                [(ix1, cy), (ix1 - px(12), cy - px(8)), (ix1 - px(12), cy + px(8))],
                fill=theme.accent,
            )
        elif kind == "spun":
            side = iy1 - iy0 + px(4)
            strike(
                draw,
                (
                    ix0 + px(6),
                    cy - side / 2 + px(3),
                    ix0 + px(6) + side - px(6),
                    cy + side / 2 - px(3),
                ),
                fill=theme.danger,
                width=max(2, round(px(4))),
            )
        else:
            draw.rectangle((ix0, iy0, ix1, iy1), outline=theme.line, width=max(1, round(px(2))))
            _hatch(draw, (ix0, iy0, ix1, iy1), theme.faded, px(9), max(1, round(px(2))))
        draw_text(draw, (ix1 + px(10), cy), text, fnt=fnt, fill=theme.muted, anchor="lm")
        icon = (ix0, iy0 + px(LINE_H + 2), ix1, iy1 + px(LINE_H + 2))


def render_dragrage(
    view: DragRageView, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the public Drag Rage board (640 px wide at scale 1, portrait)."""
    lay = board_layout(view, scale=scale)
    img, draw = canvas(lay.width, lay.height, theme=theme)
    _title(draw, view, lay, theme)
    _banner(draw, view, lay, theme)
    _track(draw, view, lay, theme)
    for lane in view.lanes:
        _lane_head(draw, lane, lay, theme)
        _run_off(draw, view, lane, lay, theme)
    _last_move(draw, view, lay, theme)
    for lane in view.lanes:
        _car(draw, view, lane, lay, theme)
        _card(draw, view, lane, lay, theme)
    y = _pool(draw, view, lay.cards[1][3] + lay.px(14), lay, theme)
    key_top = lay.height - lay.px(PAD + KEY_H)
    _log(draw, view, y, key_top - lay.px(8), lay, theme)
    _key(draw, key_top, lay, theme)
    return encode_png(img, theme=theme)
