"""Space Truckin' challenge in one tap a choice: menus whose every option puts both dice
(`5 in Top 1 · 2 in Bottom 3`, described by the number each row would show), and menus whose
every option is a whole manipulation (`Reroll Top 2 (5) · pip D5 · Weapons`)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import IllegalAction, Model
from games.spacetruckin.challenge import challenge_result
from games.spacetruckin.data import BAND_LABELS, band_of
from games.spacetruckin.models import Accept, Fill, Tweak
from games.spacetruckin.view import SpaceTruckinView
from table.answers import ButtonSpec, SelectSpec
from table.service import Snapshot
from table.spacetruckin.ahead import ahead_menus
from table.spacetruckin.choices import box_label, pip_label
from table.spacetruckin.ids import (
    FILL,
    MENU_ROWS,
    MENU_SIZE,
    PER_ROW,
    TWEAK,
    Option,
    act_id,
    buttons_for,
    st_id,
)

ROW_WORDS = {"top": "Top", "bot": "Bottom"}


def box_words(box: str) -> str:
    """`top1` as `Top 1`."""
    return f"{ROW_WORDS[box[:3]]} {box[3:]}"


def written(view: SpaceTruckinView, fill: Fill) -> tuple[int | None, ...]:
    """The boxes, in order, as they would read after this fill."""
    assert view.sheet is not None
    d1, d2 = view.sheet.dice
    chosen = {fill.first: d1, fill.second: d2}
    return tuple(chosen.get(b.name, b.value) for b in view.sheet.boxes)


def _rows_after(view: SpaceTruckinView, fill: Fill) -> str:
    """`top 5 · · 1 / bottom · 2 · ·`: the boxes as they would read after this fill."""
    assert view.sheet is not None
    shown = dict(zip((b.name for b in view.sheet.boxes), written(view, fill), strict=True))

    def row(prefix: str) -> str:
        digits = [shown[name] for name in shown if name.startswith(prefix)]
        return " ".join("·" if d is None else str(d) for d in digits)

    return f"top {row('top')} / bottom {row('bot')}"


def _fill_option(view: SpaceTruckinView, fill: Fill, manipulable: bool) -> Option:
    """A fill as a menu option: where each die goes; in the last two boxes, the result and
    what follows (accepting it and the jump, said ahead, or a manipulation first)."""
    assert view.sheet is not None
    d1, d2 = view.sheet.dice
    label = f"{d1} in {box_words(fill.first)} · {d2} in {box_words(fill.second)}"
    rows = _rows_after(view, fill)
    boxes = written(view, fill)
    if None not in boxes:
        result = challenge_result(boxes)
        rows = f"{rows} · {BAND_LABELS[band_of(result)]}"
        if fill.jump is not None:
            label += f" → {result}, jump ({pip_label(view, fill.jump)})"
        elif fill.accept:
            label += f" → {result}, accept"
        elif manipulable:
            label += f" → {result}, then reroll or flip"
        else:
            label += f" → {result}"
    return label[:100], fill_code(fill), rows[:100]


def fill_code(fill: Fill) -> str:
    """`top1.bot3`, with `a` when the result is accepted ahead and `j<pip>` for the jump."""
    ahead = (["a"] if fill.accept else []) + ([f"j{fill.jump}"] if fill.jump else [])
    return ".".join([fill.first, fill.second, *ahead])


def fill_menus(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> tuple[SelectSpec, ...]:
    """Every way to write the two dice, grouped by where die 1 goes, at most four menus; in
    the last two boxes each way with what may follow it said ahead."""
    assert view.sheet is not None
    d1, d2 = view.sheet.dice
    fills = [a for a in actions if isinstance(a, Fill) and a.tweak is None]  # ⚡ says those
    manipulable = any(f.accept for f in fills)
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
        options = tuple(_fill_option(view, f, manipulable) for f in chunk)
        firsts = list(dict.fromkeys(box_words(f.first) for f in chunk))
        where = firsts[0] if len(firsts) == 1 else f"{firsts[0]} … {firsts[-1]}"
        placeholder = f"Die 1 ({d1}) in {where}, die 2 ({d2}) in…"
        selects.append(SelectSpec(st_id(snap, FILL, f"m{index}"), placeholder, options, index))
    return tuple(selects)


def chosen_fill(value: str) -> Fill:
    """A fill menu's value (`top1.bot3`, `top4.bot4.a.jD9`: `fill_code`); refused when it
    names no two boxes."""
    parts = value.split(".")
    first, second, ahead = parts[0], parts[1] if len(parts) > 1 else "", parts[2:]
    jump = next((part[1:] for part in ahead if part.startswith("j")), None)
    try:
        return Fill.model_validate(
            {"first": first, "second": second, "accept": "a" in ahead, "jump": jump}
        )
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


def accept_controls(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model], row: int | None
) -> tuple[tuple[SelectSpec, ...], list[ButtonSpec]]:
    """Accepting the result (a button), and with the jump said ahead where it comes next: a
    menu of the pips that pay it (on `row`, when one is free), or a button each when they fit
    beside Accept and Back."""
    accepts = [a for a in actions if isinstance(a, Accept)]
    plain = buttons_for(snap, [a for a in accepts if a.jump is None], "success")
    if row is not None:
        menus = ahead_menus(snap, view, accepts, lambda _: "✅ Accept the result", row, 1)
        if menus:
            return tuple(menus), plain
    ahead = [(a, a.jump) for a in accepts if a.jump is not None]
    if ahead and len(ahead) + len(plain) < PER_ROW:
        jumps = [
            ButtonSpec(f"✅ Accept, jump: {pip_label(view, pip)}", act_id(snap, a), "success")
            for a, pip in ahead
        ]
        return (), [*jumps, *plain]
    return (), plain
