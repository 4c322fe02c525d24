"""Space Truckin' challenge dice written in one tap: menus whose every option puts both dice
(`5 in Top 1 · 2 in Bottom 3`), described by the number each row would show."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import IllegalAction, Model
from games.spacetruckin.models import Fill
from games.spacetruckin.view import SpaceTruckinView
from table.answers import SelectSpec
from table.service import Snapshot
from table.spacetruckin.ids import FILL, MENU_ROWS, MENU_SIZE, st_id

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
