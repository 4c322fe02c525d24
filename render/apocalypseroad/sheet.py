"""A player's own Apocalypse Road sheet: what to do now, the hand as cards, the team mat.

Drawn from `view(state, player)` only (the one view holding that player's hand); it goes to
its owner alone, as an ephemeral image. The "now" box at the top has a thick accent frame when
the player must act (its left edge is the sheet's turn marker). Cards are numbered 1-6 in hand
order, as the adapter's menu numbers them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from games.apocalypseroad.data import CAR_TYPES, HAND_SIZE, TEAM_MAT, WEAPON_NAMES
from games.apocalypseroad.model import ArView, CardView, CarView, TeamView
from render.apocalypseroad.adapt import car_spot
from render.apocalypseroad.cars import DAMAGE_BOXES, draw_counter
from render.apocalypseroad.layout import PAD, WIDTH
from render.apocalypseroad.panel import wrap
from render.apocalypseroad.scene import CarMark, Spot
from render.encode import encode_png
from render.fonts import font, min_label_px
from render.palette import DEFAULT_THEME, Theme
from render.shapes import Box, draw_text, fit_text, token
from render.toolkit import canvas

LABEL = float(min_label_px(WIDTH))
HEAD_H = 64.0
NOW_LINE = 28.0
NOW_LINES = 3
CARD_W = (WIDTH - 2 * PAD - 2 * 10) / 3
CARD_H = 150.0
CARD_GAP = 10.0
MAT_ROW = 64.0
MOVES = {
    "line": "Line",
    "pursuit": "Pursuit",
    "solo": "Solo",
    "lead": "Lead",
    "overtake": "Overtake",
    "ram": "Ram",
}
MOVE_HINTS = {
    "line": "links both ways",
    "pursuit": "pushes ahead",
    "solo": "alone, may push",
    "lead": "pulls cars behind",
    "overtake": "may leapfrog",
    "ram": "stops and rams",
}


@dataclass(frozen=True)
class SheetLayout:
    now_top: float
    now_h: float
    hand_top: float
    mat_top: float
    height: float


def _team(view: ArView) -> TeamView | None:
    return next((t for t in view.teams if t.player == view.viewer), None)


def _now_lines(view: ArView) -> list[str]:
    prompt = view.prompt
    mine = view.viewer in prompt.players and view.outcome is None
    if view.outcome is not None:
        text = prompt.text or "The race is over."
    elif mine:
        text = f"Your move: {prompt.text}"
    else:
        waiting = [t.name for t in view.teams if t.player in prompt.players]
        text = f"Waiting for {', '.join(waiting) or 'the table'}: {prompt.text}"
    return wrap(text, font(LABEL + 1), WIDTH - 2 * PAD - 24)[:NOW_LINES]


def sheet_layout(view: ArView) -> SheetLayout:
    now_top = HEAD_H + PAD
    # Room for the longest prompt and a full hand, always: the hand keeps one size through
    # a turn (as cards are played and drawn), so the buttons under it do not move.
    now_h = 16 + NOW_LINE * NOW_LINES
    hand_top = now_top + now_h + PAD
    rows = -(-HAND_SIZE // 3)
    mat_top = hand_top + 36 + rows * (CARD_H + CARD_GAP) + PAD
    own = [c for c in view.cars if c.owner == view.viewer]
    height = mat_top + 36 + (len(own) or len(TEAM_MAT)) * MAT_ROW + PAD
    return SheetLayout(now_top, now_h, hand_top, mat_top, height)


def render_apocalypseroad_sheet(view: ArView, *, theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of the viewer's hand and team mat, with what they must do now."""
    layout = sheet_layout(view)
    img, draw = canvas(WIDTH, layout.height, theme=theme)
    team = _team(view)
    _head(draw, view, team, theme)
    _now(draw, view, layout, theme)
    _hand(draw, view, layout.hand_top, theme)
    _mat(draw, view, layout.mat_top, theme)
    return encode_png(img, theme=theme)


def _head(draw: ImageDraw.ImageDraw, view: ArView, team: TeamView | None, theme: Theme) -> None:
    draw.rectangle((0, 0, WIDTH, HEAD_H), fill=theme.surface_alt)
    x = PAD
    if team is not None:
        style = theme.player(team.seat)
        token(
            draw,
            (PAD + 24, HEAD_H / 2),
            24,
            shape=style.shape,
            fill=style.colour,
            outline=theme.text,
            mark=team.letter,
            ink=style.ink,
            fnt=font(24, bold=True),
        )
        x += 60
        title = f"{team.name} · {team.team_name}"
        sub = f"VP {team.scored} of {team.goal} · turn {view.turn}"
        sub += " · 1st player" if team.first else ""
    else:
        title, sub = "Spectator", f"turn {view.turn}"
    big = font(28, bold=True)
    draw_text(
        draw, (x, 6), fit_text(title, big, WIDTH - x - PAD), fnt=big, fill=theme.text, anchor="la"
    )
    draw_text(draw, (x, 38), sub, fnt=font(LABEL), fill=theme.muted, anchor="la")


def _now(draw: ImageDraw.ImageDraw, view: ArView, layout: SheetLayout, theme: Theme) -> None:
    mine = view.viewer in view.prompt.players and view.outcome is None
    box = (PAD, layout.now_top, WIDTH - PAD, layout.now_top + layout.now_h)
    draw.rounded_rectangle(
        box,
        radius=10,
        fill=theme.surface,
        outline=theme.accent if mine else theme.line,
        width=5 if mine else 1,
    )
    fnt = font(LABEL + 1, bold=mine)
    for i, line in enumerate(_now_lines(view)):
        draw_text(
            draw,
            (PAD + 14, layout.now_top + 8 + NOW_LINE * i),
            line,
            fnt=fnt,
            fill=theme.text,
            anchor="la",
        )


def _hand(draw: ImageDraw.ImageDraw, view: ArView, top: float, theme: Theme) -> None:
    hand = view.hand or ()
    head = font(LABEL + 2, bold=True)
    draw_text(
        draw, (PAD, top), f"Your hand ({len(hand)} cards)", fnt=head, fill=theme.text, anchor="la"
    )
    if not hand:
        draw_text(draw, (PAD, top + 40), "no cards", fnt=font(LABEL), fill=theme.muted, anchor="la")
    for i, card in enumerate(hand):
        row, col = divmod(i, 3)
        x = PAD + col * (CARD_W + CARD_GAP)
        y = top + 36 + row * (CARD_H + CARD_GAP)
        draw_card(draw, (x, y, x + CARD_W, y + CARD_H), card, i + 1, theme)


def card_title(card: CardView) -> str:
    """The card's name without its speed, starburst or Diagonal tag ("Solo", "Work the Pack")."""
    title = card.name.split(" +")[0].removeprefix("Diagonal ").strip()
    return title or MOVES[card.movement]


def draw_card(
    draw: ImageDraw.ImageDraw, box: Box, card: CardView, index: int, theme: Theme
) -> None:
    """A race card: its menu number, movement type, speed, diagonal tag and starburst."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=theme.die, outline=theme.line, width=2)
    ink = theme.die_ink
    small = font(LABEL)
    draw_text(
        draw, (x0 + 10, y0 + 8), f"{index}.", fnt=font(LABEL, bold=True), fill=ink, anchor="la"
    )
    draw_text(draw, (x1 - 10, y0 + 8), f"#{card.id}", fnt=small, fill=ink, anchor="ra")
    name = card_title(card)
    big = font(30, bold=True)
    draw_text(draw, ((x0 + x1) / 2, y0 + 54), fit_text(name, big, x1 - x0 - 16), fnt=big, fill=ink)
    speed = font(40, bold=True)
    sx = (x0 + x1) / 2 - (18 if card.starburst else 0)
    draw_text(draw, (sx, y0 + 98), f"+{card.speed}", fnt=speed, fill=ink)
    if card.starburst:
        _starburst(draw, (sx + 58, y0 + 98), 20, theme)
    tag = "Diagonal" if card.diagonal else MOVE_HINTS[card.movement]
    draw_text(
        draw, ((x0 + x1) / 2, y1 - 16), fit_text(tag, small, x1 - x0 - 12), fnt=small, fill=ink
    )


def _starburst(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, theme: Theme
) -> None:
    """The starburst (draw a Movement Event after moving): a spiky star, vermillion."""
    import math

    cx, cy = centre
    points = []
    for i in range(16):
        radius = r if i % 2 == 0 else r * 0.5
        angle = math.pi * i / 8
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=theme.danger, outline=theme.die_ink)


def _where(view: ArView, car: CarView) -> str:
    spot = car_spot(view.track, car)
    if spot.kind == "track":
        return f"sector {spot.sector}, lane {spot.lane + 1}" + (" (Trough)" if car.trough else "")
    if spot.kind == "grid":
        return f"grid {spot.lane}"
    if spot.kind in ("off_inside", "off_outside"):
        return f"off track, sector {spot.sector}"
    if car.place == "chute":
        return "in the Chute"
    return "destroyed" if car.place == "destroyed" else "reserve"


def _mat(draw: ImageDraw.ImageDraw, view: ArView, top: float, theme: Theme) -> None:
    """The team mat: each car's counter, stats, damage boxes and where it is."""
    own = [c for c in view.cars if c.owner == view.viewer]
    head = font(LABEL + 2, bold=True)
    if not own:
        _whole_mat(draw, view, top, theme)
        return
    draw_text(draw, (PAD, top), "Your team", fnt=head, fill=theme.text, anchor="la")
    small = font(LABEL)
    for i, car in enumerate(own):
        y = top + 36 + i * MAT_ROW
        racing = car.place in ("grid", "track", "off", "chute")
        draw.rounded_rectangle(
            (PAD, y, WIDTH - PAD, y + MAT_ROW - 6),
            radius=8,
            fill=theme.surface if racing else theme.background,
            outline=theme.line,
            width=1,
        )
        mark = CarMark(car.team, car.number, car_spot(view.track, car), car.damage, car.activated)
        draw_counter(draw, (PAD + 4, y + 2, PAD + 58, y + 56), mark, theme, label=LABEL)
        kind = CAR_TYPES[car.number]
        tb = " · +1 aim" if car.targeting else ""
        stats = (
            f"{kind.cls} · MP {car.base_mp} · def {car.defense} · "
            f"{WEAPON_NAMES[car.weapon]} {car.mount}{tb}"
        )
        x = PAD + 68
        draw_text(
            draw,
            (x, y + 5),
            fit_text(stats, small, WIDTH - PAD - x - 8),
            fnt=small,
            fill=theme.text if racing else theme.muted,
            anchor="la",
        )
        state = _where(view, car)
        if racing:
            state += " · moved" if car.activated else " · to move"
        flags = [
            n
            for n, on in (
                ("suppressed", car.suppressed),
                ("reloading", car.reloading),
                ("spun", car.spun),
            )
            if on
        ]
        if flags:
            state += " · " + ", ".join(flags)
        boxes_w = DAMAGE_BOXES * 18
        draw_text(
            draw,
            (x, y + 31),
            fit_text(state, small, WIDTH - PAD - x - boxes_w - 16),
            fnt=small,
            fill=theme.muted,
            anchor="la",
        )
        bx = WIDTH - PAD - 10 - boxes_w
        for k in range(DAMAGE_BOXES):
            fill = theme.danger if k < car.damage else theme.surface_alt
            draw.rectangle(
                (bx + k * 18, y + 34, bx + k * 18 + 14, y + 50), fill=fill, outline=theme.line
            )


def _whole_mat(draw: ImageDraw.ImageDraw, view: ArView, top: float, theme: Theme) -> None:
    """Before the race (cars not yet picked): the eight cars of the team mat to choose from."""
    team = _team(view)
    seat = team.seat if team is not None else 0
    head = font(LABEL + 2, bold=True)
    draw_text(draw, (PAD, top), "Your team mat: 8 cars", fnt=head, fill=theme.text, anchor="la")
    small = font(LABEL)
    for i, kind in enumerate(TEAM_MAT):
        y = top + 36 + i * MAT_ROW
        draw.rounded_rectangle(
            (PAD, y, WIDTH - PAD, y + MAT_ROW - 6),
            radius=8,
            fill=theme.surface,
            outline=theme.line,
            width=1,
        )
        mark = CarMark(seat, kind.number, car_spot_none(), 0, False)
        draw_counter(draw, (PAD + 4, y + 2, PAD + 58, y + 56), mark, theme, label=LABEL)
        aim = " · +1 aim" if kind.targeting else ""
        x = PAD + 68
        draw_text(
            draw,
            (x, y + 5),
            f"{kind.cls} · MP {kind.base_mp} · def {kind.defense}{aim}",
            fnt=small,
            fill=theme.text,
            anchor="la",
        )
        draw_text(
            draw,
            (x, y + 31),
            f"{WEAPON_NAMES[kind.weapon]}, {kind.mount} mount",
            fnt=small,
            fill=theme.muted,
            anchor="la",
        )


def car_spot_none() -> Spot:
    return Spot("out")
