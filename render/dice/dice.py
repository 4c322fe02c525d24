"""Dice rolls as an image: one labelled group per roller, kept dice white, dropped ones struck."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field, model_validator

from games.engine import DiceRolled, Model
from render.encode import encode_png
from render.fonts import font
from render.palette import DEFAULT_THEME, Theme
from render.shapes import die_face, draw_text, fit_text
from render.toolkit import canvas

MAX_DICE = 40
"""Dice drawn per image at most; the rest show as "+N more" (a roll of 1000d6 is legal)."""

_PER_ROW = 10


class DiceGroup(Model):
    """One labelled set of dice ("Alice: 3d6"); `dropped[i]` marks die i as not counted."""

    label: str
    faces: tuple[int, ...]
    sides: int = Field(default=6, ge=2)
    dropped: tuple[bool, ...] = ()
    total: int | None = None

    @model_validator(mode="after")
    def _check(self) -> DiceGroup:
        bad = [f for f in self.faces if not 1 <= f <= self.sides]
        if bad:
            raise ValueError(f"faces {bad} are impossible on a d{self.sides}")
        if self.dropped and len(self.dropped) != len(self.faces):
            raise ValueError(
                f"dropped has {len(self.dropped)} flags for {len(self.faces)} faces; "
                "give one flag per face or none"
            )
        return self

    @classmethod
    def from_roll(cls, roll: DiceRolled, label: str) -> DiceGroup:
        """A group showing a game's recorded roll under `label`."""
        return cls(label=label, faces=roll.dice, sides=roll.sides)

    def is_dropped(self, index: int) -> bool:
        return bool(self.dropped) and self.dropped[index]

    @property
    def shown_total(self) -> int:
        """The given total, or the sum of the kept faces."""
        if self.total is not None:
            return self.total
        return sum(f for i, f in enumerate(self.faces) if not self.is_dropped(i))


def render_dice(
    groups: Sequence[DiceGroup],
    *,
    title: str | None = None,
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of the groups, each as a label, its dice (at most MAX_DICE overall) and its total."""

    def px(v: float) -> float:
        return v * scale

    die, gap, pad = px(64), px(12), px(24)
    header_h, title_h, group_gap = px(44), px(52), px(18)

    budget = MAX_DICE
    shown: list[int] = []
    for group in groups:
        count = min(budget, len(group.faces))
        shown.append(count)
        budget -= count

    widest = max([min(n, _PER_ROW) for n in shown] + [6])
    width = 2 * pad + widest * (die + gap) - gap
    if title:
        # Widen for the title, up to the width of a full row of dice.
        title_w = font(px(32), bold=True).getlength(title) + 2 * pad
        width = max(width, min(title_w, 2 * pad + _PER_ROW * (die + gap) - gap))
    rows = [-(-n // _PER_ROW) for n in shown]
    height = 2 * pad + (title_h if title else 0)
    height += sum(header_h + r * (die + gap) for r in rows) + group_gap * max(0, len(groups) - 1)
    if not groups:
        height += header_h

    img, draw = canvas(width, height, theme=theme)
    label_font, total_font = font(px(26), bold=True), font(px(30), bold=True)
    more_font = font(px(22), bold=True)
    y = pad
    if title:
        title_font = font(px(32), bold=True)
        draw_text(
            draw, (pad, y), fit_text(title, title_font, width - 2 * pad),
            fnt=title_font, fill=theme.text, anchor="la",
        )  # fmt: skip
        y += title_h
    if not groups:
        draw_text(draw, (pad, y), "no dice", fnt=label_font, fill=theme.muted, anchor="la")

    for group, count in zip(groups, shown, strict=True):
        total = f"= {group.shown_total}"
        right = width - pad - total_font.getlength(total) - px(16)
        hidden = len(group.faces) - count
        if hidden:
            more = f"+{hidden} more"
            draw_text(draw, (right, y + px(6)), more, fnt=more_font, fill=theme.muted, anchor="ra")
            right -= more_font.getlength(more) + px(16)
        label = fit_text(group.label, label_font, right - pad)
        draw_text(draw, (pad, y + px(4)), label, fnt=label_font, fill=theme.text, anchor="la")
        draw_text(draw, (width - pad, y), total, fnt=total_font, fill=theme.accent, anchor="ra")
        y += header_h
        for i in range(count):
            row, col = divmod(i, _PER_ROW)
            x0, y0 = pad + col * (die + gap), y + row * (die + gap)
            dropped = group.is_dropped(i)
            die_face(
                draw,
                (x0, y0, x0 + die, y0 + die),
                group.faces[i],
                sides=group.sides,
                fill=theme.faded if dropped else theme.die,
                ink=theme.muted if dropped else theme.die_ink,
                outline=theme.line,
                struck=theme.danger if dropped else None,
            )
        y += -(-count // _PER_ROW) * (die + gap) + group_gap
    return encode_png(img, theme=theme)
