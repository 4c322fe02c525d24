"""Pure queries and updates on one trucker's sheet (pieces, pips, bridge)."""

from __future__ import annotations

from games.spacetruckin.data import (
    BRIDGE_GRIDS,
    CHOOSE_FACE,
    SHAPE_BY_DIE,
    SYSTEM_BY_DIE,
    Shape,
    System,
)
from games.spacetruckin.grid import Blueprint, Cell, Spot, blueprint, cell_name
from games.spacetruckin.models import Piece, Pip, PipState, Sheet

ALL_SYSTEMS: tuple[System, ...] = tuple(SYSTEM_BY_DIE.values())
ALL_SHAPES: tuple[Shape, ...] = tuple(SHAPE_BY_DIE.values())


def plan(sheet: Sheet) -> Blueprint:
    if sheet.truck is None:
        raise AssertionError("no truck chosen yet")
    return blueprint(sheet.truck)


def live_pieces(sheet: Sheet) -> tuple[Piece, ...]:
    return tuple(p for p in sheet.pieces if not p.damaged)


def piece_at(sheet: Sheet, cell: Cell) -> Piece | None:
    """The undamaged piece covering `cell`, if any."""
    return next((p for p in live_pieces(sheet) if cell in p.cells), None)


def pip_at(sheet: Sheet, cell: Cell) -> Pip | None:
    return next((pip for pip in sheet.pips if pip.cell == cell), None)


def system_of_cell(sheet: Sheet, cell: Cell) -> System | None:
    piece = piece_at(sheet, cell)
    return piece.system if piece else None


def cell_systems(sheet: Sheet) -> dict[Cell, System]:
    """The system of every grid an undamaged piece covers (the first piece, as `piece_at`)."""
    systems: dict[Cell, System] = {}
    for piece in live_pieces(sheet):
        for cell in piece.cells:
            systems.setdefault(cell, piece.system)
    return systems


def pips_of(sheet: Sheet, system: System, state: PipState = "open") -> tuple[Pip, ...]:
    systems = cell_systems(sheet)  # one pass over the pieces, not one per pip
    return tuple(p for p in sheet.pips if p.state == state and systems.get(p.cell) == system)


def open_count(sheet: Sheet, system: System) -> int:
    return len(pips_of(sheet, system))


def cargo_count(sheet: Sheet) -> int:
    return sum(1 for pip in sheet.pips if pip.state == "cargo")


def systems_placed(sheet: Sheet) -> frozenset[System]:
    return frozenset(p.system for p in live_pieces(sheet))


def wild_systems(sheet: Sheet) -> tuple[System, ...]:
    """Systems whose pips may stand in for another's (Quarters; Reactors for a Physicist)."""
    return ("Quarters", "Reactor") if sheet.specialty == "Physicist" else ("Quarters",)


def pick_options(dice: tuple[int, ...]) -> tuple[tuple[System, Shape], ...]:
    """(system, shape) pairs two dice allow: one die each, a 6 is any."""
    found: list[tuple[System, Shape]] = []
    for system_die, shape_die in ((dice[0], dice[1]), (dice[1], dice[0])):
        systems = ALL_SYSTEMS if system_die == CHOOSE_FACE else (SYSTEM_BY_DIE[system_die],)
        shapes = ALL_SHAPES if shape_die == CHOOSE_FACE else (SHAPE_BY_DIE[shape_die],)
        for system in systems:
            for shape in shapes:
                if (system, shape) not in found:
                    found.append((system, shape))
    return tuple(found)


def occupied_mask(sheet: Sheet) -> int:
    bp = plan(sheet)
    return bp.mask_of([cell for piece in sheet.pieces for cell in piece.cells])


def pip_block_mask(sheet: Sheet) -> int:
    """Cells where a shipyard pip may not go: on or orthogonally next to an existing pip."""
    return plan(sheet).halo([pip.cell for pip in sheet.pips])


def legal_spots(sheet: Sheet, system: System, shape: Shape) -> tuple[Spot, ...]:
    """Every legal placement of `shape` as `system`, including room for a non-adjacent pip."""
    bp = plan(sheet)
    taken = occupied_mask(sheet)
    blocked = pip_block_mask(sheet)
    forbidden = 0
    if system != "Engine":
        forbidden |= bp.engine_required
    if system != "Weapons":
        forbidden |= bp.weapon_required
    need = 0
    if sheet.specialty != "Engineer":
        need = {"Reactor": bp.near_centre, "Quarters": bp.near_bridge}.get(system, 0)
    return tuple(
        spot
        for spot in bp.spots(shape)
        if not spot.mask & (taken | forbidden)
        and (not need or spot.mask & need)
        and spot.mask & ~blocked
    )


def can_place(sheet: Sheet, system: System, shape: Shape) -> bool:
    return bool(legal_spots(sheet, system, shape))


def shipyard_pip_cells(sheet: Sheet, piece: Piece) -> tuple[Cell, ...]:
    blocked = pip_block_mask(sheet)
    bp = plan(sheet)
    return tuple(cell for cell in piece.cells if not bp.bit(cell) & blocked)


REQUIRED_BY: tuple[tuple[str, System], ...] = (("E", "Engine"), ("W", "Weapons"))
"""Blueprint grids only one system may cover, and must by the end of the shipyard."""


def _bare(sheet: Sheet, kind: str, system: System) -> list[Cell]:
    """The grids required for `system` (kind `E` or `W`) that it does not cover yet."""
    return [c for c in plan(sheet).cells_of_kind(kind) if system_of_cell(sheet, c) != system]


def still_needed(sheet: Sheet) -> dict[System, int]:
    """The systems the truck still lacks to be serviceable, each with the mask of the required
    grids a new piece of it must cover to help (0: any piece of it helps)."""
    need = {system: plan(sheet).mask_of(bare) for kind, system in REQUIRED_BY
            if (bare := _bare(sheet, kind, system))}  # fmt: skip
    placed = systems_placed(sheet)
    need.update({s: 0 for s in ALL_SYSTEMS if s not in placed and s not in need})
    return need


def unserviceable_reason(sheet: Sheet) -> str | None:
    for kind, system in REQUIRED_BY:
        bare = _bare(sheet, kind, system)
        if bare:
            names = ", ".join(cell_name(c) for c in bare)
            return f"{system}-required grids {names} are not covered by {system}"
    missing = [s for s in ALL_SYSTEMS if s not in systems_placed(sheet)]
    if missing:
        return f"the truck has no {', '.join(missing)}"
    return None


def with_pip(sheet: Sheet, cell: Cell, state: PipState = "open") -> Sheet:
    """Add a pip, or change the state of the pip already on `cell`."""
    others = tuple(pip for pip in sheet.pips if pip.cell != cell)
    pips = tuple(sorted((*others, Pip(cell=cell, state=state)), key=lambda p: p.cell))
    return sheet.model_copy(update={"pips": pips})


def destroyed(sheet: Sheet, piece_id: int) -> Sheet:
    """X out a piece: its pips, available or filled, and its cargo are lost."""
    piece = sheet.pieces[piece_id]
    pieces = tuple(
        p.model_copy(update={"damaged": True}) if p.id == piece_id else p for p in sheet.pieces
    )
    pips = tuple(pip for pip in sheet.pips if pip.cell not in piece.cells)
    return sheet.model_copy(update={"pieces": pieces, "pips": pips})


def delivery_loss(sheet: Sheet) -> str | None:
    """Why the trucker has lost during the delivery, if they have."""
    if sheet.bridge_damage >= BRIDGE_GRIDS:
        return "both Bridge grids are damaged"
    if open_count(sheet, "Engine") == 0:
        return "no Engine pips are left"
    if open_count(sheet, "Quarters") == 0:
        return "no Quarters pips are left"
    return None


def aft_most(sheet: Sheet) -> tuple[Piece, ...]:
    """The undamaged pieces reaching furthest aft (largest row); ties are the player's choice."""
    pieces = live_pieces(sheet)
    if not pieces:
        return ()
    stern = max(max(r for r, _ in p.cells) for p in pieces)
    return tuple(p for p in pieces if max(r for r, _ in p.cells) == stern)


def piece_matches(piece: Piece, die: int, role: str) -> bool:
    """Does a consequence die hit this piece, read as a system or as a shape? 6 hits any."""
    if die == CHOOSE_FACE:
        return True
    if role == "system":
        return SYSTEM_BY_DIE[die] == piece.system
    return SHAPE_BY_DIE[die] == piece.shape
