"""Where the Drag Rage board puts everything: its sizes and the `Layout` tests use to find
lanes, cars and cards (the drawing modules read it, never work it out again)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from games.dragrage.state import DragRageView, LaneView
from render.fonts import font, min_label_px
from render.shapes import Box, wrap_text

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
        return self.space_span(space)

    def space_span(self, space: int) -> tuple[float, float]:
        """`space_y` for the strip alone (it depends on the layout, not on the race)."""
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


NOWHERE: Box = (0.0, 0.0, 0.0, 0.0)


def strip_layout(lay: Layout) -> Layout:
    """`lay` keeping only what the strip and the key read (scale, spaces, where the track
    starts): the key of the board's static layer, the same on every move of a race."""
    return replace(lay, banner=(("", ""), ()), banner_h=0.0, cards=(NOWHERE, NOWHERE), height=0.0)


def player_card_box(view: DragRageView, seat: int, *, scale: float = 1.0) -> Box:
    """Where the board draws a driver's card; its frame is the accent on their turn."""
    return board_layout(view, scale=scale).cards[seat]
