"""Fixtures for Space Truckin' tests: a build solver and states built through constructors."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from games.engine import Player
from games.spacetruckin.data import SHAPE_BY_DIE, Specialty, System, Terrain, Truck
from games.spacetruckin.grid import Cell, blueprint
from games.spacetruckin.models import (
    Piece,
    Pip,
    Sheet,
    SpaceTruckinOptions,
    SpaceTruckinState,
)
from games.spacetruckin.sheet import legal_spots, shipyard_pip_cells, systems_placed

SHAPES = tuple(SHAPE_BY_DIE.values())
CORE: tuple[System, ...] = ("Reactor", "Quarters", "Cargo")


def place(sheet: Sheet, system: System, cells: tuple[Cell, ...], pip: Cell | None) -> Sheet:
    """Add a piece (and its pip) directly, as a fixture would draw it."""
    piece = Piece(id=len(sheet.pieces), system=system, shape=_shape_of(cells), cells=cells)
    sheet = sheet.model_copy(update={"pieces": (*sheet.pieces, piece)})
    if pip is not None:
        pips = tuple(sorted((*sheet.pips, Pip(cell=pip)), key=lambda p: p.cell))
        sheet = sheet.model_copy(update={"pips": pips})
    return sheet


def _shape_of(cells: tuple[Cell, ...]) -> str:  # type: ignore[return]
    from games.spacetruckin.grid import orientations

    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    norm = tuple(sorted((r - top, c - left) for r, c in cells))
    for shape in SHAPES:
        if any(o[2] == norm for o in orientations(shape)):
            return shape
    raise AssertionError(f"{cells} is not a tetromino")


def _try(sheet: Sheet, system: System, must: Cell | None = None) -> Iterator[Sheet]:
    for shape in SHAPES:
        for spot in legal_spots(sheet, system, shape):
            if must is not None and must not in spot.cells:
                continue
            piece = Piece(id=len(sheet.pieces), system=system, shape=shape, cells=spot.cells)
            yield place(sheet, system, spot.cells, shipyard_pip_cells(sheet, piece)[0])


def solve(sheet: Sheet) -> Sheet | None:
    """A serviceable build by depth-first search: required grids first, then the core systems."""
    bp = blueprint(sheet.truck)  # type: ignore[arg-type]
    covered = {c for p in sheet.pieces for c in p.cells}
    for kind, system in (("E", "Engine"), ("W", "Weapons")):
        bare = [c for c in bp.cells_of_kind(kind) if c not in covered]
        if bare:
            for option in _try(sheet, system, bare[0]):  # type: ignore[arg-type]
                done = solve(option)
                if done is not None:
                    return done
            return None
    for system in CORE:
        if system not in systems_placed(sheet):
            for option in _try(sheet, system):
                done = solve(option)
                if done is not None:
                    return done
            return None
    return sheet


def pad(sheet: Sheet, order: tuple[System, ...] = ("Engine", "Quarters", "Cargo")) -> Sheet:
    """Greedily add more pieces (first legal spot, first pip) until nothing fits."""
    progress = True
    while progress:
        progress = False
        for system in order:
            option = next(_try(sheet, system), None)
            if option is not None:
                sheet, progress = option, True
    return sheet


def built_sheet(player: int, truck: Truck, specialty: Specialty, *, padded: bool = True) -> Sheet:
    """A serviceable (and by default packed) truck for `player`, solved once per truck."""
    engineer = specialty == "Engineer"
    return _build(truck, engineer, padded).model_copy(
        update={"player": player, "specialty": specialty}
    )


def without_cargo(player: int) -> Sheet:
    """A serviceable Mauler but for its Cargo: the truck still lacks a Cargo system."""
    sheet = built_sheet(player, "Mauler", "Grizzled", padded=False)
    kept = [p for p in sheet.pieces if p.system != "Cargo"]
    pieces = tuple(Piece(id=i, system=p.system, shape=p.shape, cells=p.cells)
                   for i, p in enumerate(kept))  # fmt: skip
    cells = {c for p in pieces for c in p.cells}
    pips = tuple(p for p in sheet.pips if p.cell in cells)
    return sheet.model_copy(update={"pieces": pieces, "pips": pips})


@cache
def _build(truck: Truck, engineer: bool, padded: bool) -> Sheet:
    specialty: Specialty = "Engineer" if engineer else "Grizzled"
    blank = Sheet(player=0, specialty_dice=(1, 1), specialty=specialty, truck=truck)
    solved = solve(blank)
    assert solved is not None, f"{truck} has no serviceable build"
    return pad(solved) if padded else solved


CHART: tuple[Terrain, ...] = (
    "Gas Giant",
    "Asteroids",
    "Event",
    "Rocky Planet",
    "Comet",
    "Derelict Ship",
    "Gas Giant",
)


def players(n: int) -> tuple[Player, ...]:
    return tuple(Player(id=100 + i, name=f"P{i + 1}") for i in range(n))


def shipyard_state(
    sheets: tuple[Sheet, ...],
    *,
    chart: tuple[Terrain, ...] = CHART,
    options: SpaceTruckinOptions | None = None,
) -> SpaceTruckinState:
    """A shipyard about to end: every truck built, dice that place nothing, free choice spent.

    The first `stop` of each trucker scores the truck; the last one starts the delivery.
    """
    ready = tuple(
        s.model_copy(update={"stage": "pick", "dice": (5, 5), "free_choice_used": True})
        for s in sheets
    )
    return SpaceTruckinState(
        options=options or SpaceTruckinOptions(),
        players=players(len(sheets)),
        phase="shipyard",
        chart=chart,
        chart_placed=7,
        sheets=ready,
    )


def mid_location(
    sheet: Sheet,
    *,
    stage: str = "tweak",
    tasks: tuple[str, ...] = ("tweak", "jump"),
    boxes: tuple[int, ...] | None = None,
    dice: tuple[int, ...] = (),
    hit_dice: tuple[int, ...] = (),
    digits: int = 4,
) -> Sheet:
    """A trucker's sheet in the middle of a location: at `stage`, owing `tasks`."""
    from games.spacetruckin.models import Challenge, Task

    challenge = Challenge(boxes=boxes or (None,) * (2 * digits), dice=dice)
    return sheet.model_copy(
        update={
            "stage": stage,
            "tasks": tuple(Task(kind=t) for t in tasks),  # type: ignore[arg-type]
            "challenge": challenge,
            "hit_dice": hit_dice,
        }
    )


def delivery_state(
    sheets: tuple[Sheet, ...],
    *,
    location: int = 0,
    chart: tuple[Terrain, ...] = CHART,
    options: SpaceTruckinOptions | None = None,
) -> SpaceTruckinState:
    """A delivery state at `location` with these sheets (seated as P1, P2, ... = 100, 101, ...)."""
    return SpaceTruckinState(
        options=options or SpaceTruckinOptions(),
        players=players(len(sheets)),
        phase="delivery",
        chart=chart,
        chart_placed=7,
        location=location,
        sheets=sheets,
    )


def at_location(
    sheet: Sheet,
    *,
    location: int = 0,
    stage: str = "tweak",
    tasks: tuple[str, ...] = ("tweak", "jump"),
    boxes: tuple[int, ...] | None = None,
    dice: tuple[int, ...] = (),
    hit_dice: tuple[int, ...] = (),
    chart: tuple[Terrain, ...] = CHART,
    options: SpaceTruckinOptions | None = None,
) -> SpaceTruckinState:
    """A solo delivery state with the trucker in the middle of a location."""
    digits = (options or SpaceTruckinOptions()).digits
    sheet = mid_location(
        sheet,
        stage=stage,
        tasks=tasks,
        boxes=boxes,
        dice=dice,
        hit_dice=hit_dice,
        digits=digits,
    )
    return delivery_state((sheet,), location=location, chart=chart, options=options)
