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

from PIL import ImageDraw

from games.dragrage.state import DragRageView
from render.dragrage.layout import (
    BODY,
    KEY_H,
    LINE_H,
    PAD,
    PANEL_X,
    TITLE_H,
    WIDTH,
    Layout,
    board_layout,
    strip_layout,
)
from render.dragrage.panel import draw_card, draw_key, draw_log, draw_pool
from render.dragrage.track import draw_car, draw_lane_head, draw_last_move, draw_run_off, draw_track
from render.encode import encode_png
from render.fonts import font
from render.layers import layer, layered_canvas
from render.palette import DEFAULT_THEME, Theme
from render.shapes import draw_text, fit_text, rounded_box, text_width, token


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
    room = box[2] - x - px(12) - text_width(what, big)
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


def render_dragrage(
    view: DragRageView, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the public Drag Rage board (640 px wide at scale 1, portrait)."""
    lay = board_layout(view, scale=scale)
    key_top = lay.height - lay.px(PAD + KEY_H)
    strip = strip_layout(lay)
    # The strip and the key never change in a race and nothing drawn before them on the board
    # overlaps them: drawn once, first (`render/layers.py`), the rest over them as before.
    panel_x, bottom = lay.px(PANEL_X), lay.height
    img, draw = layered_canvas(lay.width, lay.height, theme=theme, layers=(
        layer(draw_track, strip, view.finish_after, theme,
              within=(0, lay.track_top, panel_x, bottom)),
        layer(draw_key, key_top, strip, theme, within=(panel_x, key_top, lay.width, bottom)),
    ))  # fmt: skip
    _title(draw, view, lay, theme)
    _banner(draw, view, lay, theme)
    for lane in view.lanes:
        draw_lane_head(draw, lane, lay, theme)
        draw_run_off(draw, view, lane, lay, theme)
    draw_last_move(draw, view, lay, theme)
    for lane in view.lanes:
        draw_car(draw, view, lane, lay, theme)
        draw_card(draw, view, lane, lay, theme)
    y = draw_pool(draw, view, lay.cards[1][3] + lay.px(14), lay, theme)
    draw_log(draw, view, y, key_top - lay.px(8), lay, theme)
    return encode_png(img, theme=theme)
