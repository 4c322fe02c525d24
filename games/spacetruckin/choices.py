"""Phase 3, delivery: what a trucker may choose at each stage of their task queue."""

from __future__ import annotations

from games.spacetruckin.grid import Cell, cell_name
from games.spacetruckin.models import (
    Accept,
    Action,
    Effect,
    Fill,
    GiveCargo,
    Hit,
    HitTwo,
    Jump,
    LoseSystem,
    Mark,
    Sheet,
    Task,
    Tweak,
    box_names,
)
from games.spacetruckin.sheet import (
    aft_most,
    live_pieces,
    piece_at,
    piece_matches,
    pip_at,
    pips_of,
    wild_systems,
)

NATIVE = {"reroll": "Weapons", "flip": "Reactor"}
AUTO_STAGES = ("pirates", "reward", "extra_pip", "hit", "hit_two", "jump")


def choices(sheet: Sheet) -> list[Action]:
    """The choices of an AUTO_STAGES task (the head of the queue)."""
    task = sheet.tasks[0]
    if task.kind == "reward" or task.kind == "extra_pip":
        return [Mark(cell=cell_name(c)) for c in reward_cells(sheet, task)]
    if task.kind == "pirates":
        give: list[Action] = [
            GiveCargo(pip=cell_name(p.cell)) for p in pips_of(sheet, "Cargo", "cargo")
        ]
        return give + [LoseSystem(piece=p.id) for p in aft_most(sheet)]
    if task.kind == "hit":
        return list(hit_options(sheet))
    if task.kind == "hit_two":
        return list(hit_two_options(sheet))
    if task.kind == "jump":
        return [Jump(pip=cell_name(c)) for c in payers(sheet, "Engine")]
    return []


def reward_cells(sheet: Sheet, task: Task) -> tuple[Cell, ...]:
    if task.kind == "extra_pip":
        assert task.cell is not None
        return tuple(
            near
            for near in _around(task.cell)
            if piece_at(sheet, near) is not None and pip_at(sheet, near) is None
        )
    if task.reward in ("cargo", "artifact"):
        return tuple(p.cell for p in pips_of(sheet, "Cargo", "open"))
    # quarters: a new pip anywhere free in a Quarters tetromino, adjacency allowed
    return tuple(
        cell
        for piece in live_pieces(sheet)
        if piece.system == "Quarters"
        for cell in piece.cells
        if pip_at(sheet, cell) is None
    )


def _around(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))


def payers(sheet: Sheet, native: str) -> tuple[Cell, ...]:
    """Pips that can pay for a `native` system's ability: its own, or wilds while it has pips."""
    own = pips_of(sheet, native)  # type: ignore[arg-type]
    cells = [p.cell for p in own]
    if own:
        for wild in wild_systems(sheet):
            if wild != native:
                cells.extend(p.cell for p in pips_of(sheet, wild))
    return tuple(sorted(cells))


def hit_options(sheet: Sheet) -> tuple[Hit, ...]:
    """One consequence: any live piece a die matches, as a system or as a shape; and, when a
    die matches nothing, choosing that die means the Bridge takes the hit (`Hit(None)`)."""
    dice = sheet.hit_dice
    hits = tuple(
        Hit(piece=p.id)
        for p in live_pieces(sheet)
        if any(piece_matches(p, d, role) for d in dice for role in ("system", "shape"))
    )
    if any(not matching_pieces(sheet, die) for die in dice):
        hits = (*hits, Hit(piece=None))
    return hits


def matching_pieces(sheet: Sheet, die: int) -> tuple[int, ...]:
    """Live pieces one consequence die hits, read as a system or as a shape (6 hits any)."""
    return tuple(
        p.id
        for p in live_pieces(sheet)
        if piece_matches(p, die, "system") or piece_matches(p, die, "shape")
    )


def hit_two_options(sheet: Sheet) -> tuple[HitTwo, ...]:
    a, b = sheet.hit_dice
    pieces = live_pieces(sheet)
    # A dict keeps the first-seen order and drops repeats in O(1) (a big truck has hundreds).
    found: dict[tuple[int | None, int | None], None] = {}
    for system_die, shape_die in ((a, b), (b, a)):
        by_system: list[int | None] = [
            p.id for p in pieces if piece_matches(p, system_die, "system")
        ]
        matching_shape = [p.id for p in pieces if piece_matches(p, shape_die, "shape")]
        for first in by_system or [None]:
            by_shape: list[int | None] = [pid for pid in matching_shape if pid != first]
            for second in by_shape or [None]:
                found.setdefault((first, second), None)
    return tuple(HitTwo(system_piece=f, shape_piece=s) for f, s in found)


def fill_options(sheet: Sheet, digits: int) -> tuple[Fill, ...]:
    assert sheet.challenge is not None
    names = box_names(digits)
    empty = [names[i] for i, v in enumerate(sheet.challenge.boxes) if v is None]
    same = sheet.challenge.dice[0] == sheet.challenge.dice[1]
    return tuple(
        Fill(first=x, second=y)
        for i, x in enumerate(empty)
        for j, y in enumerate(empty)
        if i != j and (not same or i < j)
    )


def tweak_options(sheet: Sheet, manipulations: str) -> tuple[Tweak, ...]:
    assert sheet.challenge is not None
    used = sheet.challenge.effects_used
    if used and manipulations == "one":
        return ()
    names = box_names(len(sheet.challenge.boxes) // 2)
    found: list[Tweak] = []
    effects: tuple[Effect, ...] = ("reroll", "flip")
    for effect in effects:
        if effect in used:
            continue
        for cell in payers(sheet, NATIVE[effect]):
            for box in names:
                found.append(Tweak(box=box, effect=effect, pip=cell_name(cell)))
    return tuple(found)


def actions(sheet: Sheet, manipulations: str, digits: int) -> list[Action]:
    if not sheet.tasks or sheet.status != "playing":
        return []
    if sheet.stage == "fill":
        return list(fill_options(sheet, digits))
    if sheet.stage == "tweak":
        return [*tweak_options(sheet, manipulations), Accept()]
    if sheet.stage in AUTO_STAGES:
        return choices(sheet)
    return []


# Doing ---------------------------------------------------------------------------------------
