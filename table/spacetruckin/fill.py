"""Space Truckin' challenge in one tap a choice: menus whose every option puts both dice
(`5 in Top 1 · 2 in Bottom 3`, described by the number each row would show), and menus whose
every option is a whole manipulation (`Reroll Top 2 (5) · pip D5 · Weapons`)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import IllegalAction, Model
from games.spacetruckin.models import Fill, Tweak
from games.spacetruckin.view import SpaceTruckinView
from table.answers import SelectSpec
from table.service import Snapshot
from table.spacetruckin.choices import box_label, pip_label
from table.spacetruckin.ids import FILL, MENU_ROWS, MENU_SIZE, TWEAK, st_id

ROW_WORDS = {"top": "Top", "bot": "Bottom"}


def box_words(box: str) -> str:
    """`top1` as `Top 1`."""
    return f"{ROW_WORDS[box[:3]]} {box[3:]}"


def _rows_after(view: SpaceTruckinView, fill: Fill) -> str:
    """`top 5 · · 1 / bottom · 2 · ·`: the boxes as they would read after this fill."""
    assert view.sheet is not None
    d1, d2 = view.sheet.dice
    written = {fill.first: d1, fill.second: d2}
    shown = {b.name: written.get(b.name, b.value) for b in view.sheet.boxes}

    def row(prefix: str) -> str:
        digits = [shown[name] for name in shown if name.startswith(prefix)]
        return " ".join("·" if d is None else str(d) for d in digits)

    return f"top {row('top')} / bottom {row('bot')}"


def fill_menus(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> tuple[SelectSpec, ...]:
    """Every way to write the two dice, grouped by where die 1 goes, at most four menus."""
    assert view.sheet is not None
    d1, d2 = view.sheet.dice
    fills = [a for a in actions if isinstance(a, Fill)]
    by_first: dict[str, list[Fill]] = {}
    for fill in fills:
        by_first.setdefault(fill.first, []).append(fill)
    menus: list[list[Fill]] = [[]]
    for group in by_first.values():  # a box's options stay together in one menu
        if len(menus[-1]) + len(group) > MENU_SIZE:
            menus.append([])
        menus[-1].extend(group)
    selects = []
    for index, chunk in enumerate(m for m in menus[:MENU_ROWS] if m):
        options = tuple(
            (
                f"{d1} in {box_words(f.first)} · {d2} in {box_words(f.second)}",
                f"{f.first}.{f.second}",
                _rows_after(view, f),
            )
            for f in chunk
        )
        firsts = list(dict.fromkeys(box_words(f.first) for f in chunk))
        where = firsts[0] if len(firsts) == 1 else f"{firsts[0]} … {firsts[-1]}"
        placeholder = f"Die 1 ({d1}) in {where}, die 2 ({d2}) in…"
        selects.append(SelectSpec(st_id(snap, FILL, f"m{index}"), placeholder, options, index))
    return tuple(selects)


def chosen_fill(value: str) -> Fill:
    """A fill menu's value (`top1.bot3`); refused when it names no two boxes."""
    first, _, second = value.partition(".")
    try:
        return Fill.model_validate({"first": first, "second": second})
    except ValueError as exc:
        raise IllegalAction("that is not two boxes of your challenge; pick again") from exc


def tweak_menus(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> tuple[SelectSpec, ...]:
    """Every reroll or flip with the pip that pays, in at most four menus grouped by box (none
    when they do not fit: the box buttons then lead there in steps)."""
    tweaks = [a for a in actions if isinstance(a, Tweak)]
    if len(tweaks) > MENU_ROWS * MENU_SIZE:
        return ()
    menus: list[list[Tweak]] = [[]]
    for box in dict.fromkeys(t.box for t in tweaks):
        group = [t for t in tweaks if t.box == box]
        if menus[-1] and len(menus[-1]) + len(group) > MENU_SIZE:
            menus.append([])
        menus[-1].extend(group)
    if len(menus) > MENU_ROWS or any(len(m) > MENU_SIZE for m in menus):
        return ()
    selects = []
    for index, chunk in enumerate(m for m in menus if m):
        options = tuple(
            (
                f"{t.effect.capitalize()} {box_label(view, t.box)} · {pip_label(view, t.pip)}",
                f"{t.box}.{t.effect}.{t.pip}",
                "flip: 7 minus the face" if t.effect == "flip" else "reroll: a new face",
            )
            for t in chunk
        )
        boxes = list(dict.fromkeys(box_label(view, t.box) for t in chunk))
        placeholder = f"Reroll or flip {boxes[0]}" + (f" … {boxes[-1]}" if len(boxes) > 1 else "")
        selects.append(SelectSpec(st_id(snap, TWEAK, f"m{index}"), placeholder, options, index))
    return tuple(selects)


def chosen_tweak(value: str) -> Tweak:
    """A tweak menu's value (`top2.reroll.D5`); refused when it names no manipulation."""
    box, effect, pip = [*value.split("."), "", "", ""][:3]
    try:
        return Tweak.model_validate({"box": box, "effect": effect, "pip": pip})
    except ValueError as exc:
        raise IllegalAction("that is not a reroll or flip of your challenge; pick again") from exc
