"""The one gate for hidden information: a public view, plus the viewer's own sheet."""

from __future__ import annotations

from typing import Literal

from games.engine import Model, Outcome, PlayerId
from games.spacetruckin import opening
from games.spacetruckin.data import (
    BAND_LABELS,
    LOCATIONS,
    SPECIALTY_EFFECTS,
    SYSTEM_LETTER,
    TERRAIN_REWARDS,
    Reward,
    Shape,
    Specialty,
    System,
    Terrain,
    Truck,
    band_of,
)
from games.spacetruckin.game import active_players
from games.spacetruckin.grid import blueprint, cell_name
from games.spacetruckin.models import Box, PipState, Sheet, SpaceTruckinState, box_names
from games.spacetruckin.sheet import cargo_count, legal_spots, open_count

Hull = Literal["outside", "free", "bridge", "engine_required", "weapon_required"]
HULL: dict[str, Hull] = {
    ".": "outside",
    "o": "free",
    "B": "bridge",
    "E": "engine_required",
    "W": "weapon_required",
}


class ChartSpot(Model):
    """A location of the shared chart; `rewards`: what its terrain gives (public rules, told in
    the story as "loads one cargo"), empty until charted."""

    letter: str
    terrain: Terrain | None
    status: Literal["done", "current", "ahead"]
    rewards: tuple[Reward, ...] = ()


class TruckerSummary(Model):
    """What everyone at the table may see about a trucker."""

    id: PlayerId
    name: str
    truck: Truck | None
    specialty: Specialty | None
    vp: int
    status: Literal["playing", "won", "lost"]
    owes_action: bool
    stage: str


class PublicView(Model):
    phase: str
    location: str | None
    chart: tuple[ChartSpot, ...]
    chart_placer: PlayerId | None
    chart_dice: tuple[int, ...]
    digits: int
    truckers: tuple[TruckerSummary, ...]
    waiting_for: tuple[PlayerId, ...]
    outcome: Outcome | None


class CellView(Model):
    name: str
    hull: Hull
    piece: int | None = None
    letter: str | None = None
    damaged: bool = False
    pip: PipState | None = None


class PieceView(Model):
    id: int
    system: System
    shape: Shape
    letter: str
    cells: tuple[str, ...]
    damaged: bool


class BoxView(Model):
    name: Box
    value: int | None


class SheetView(Model):
    """A trucker's full sheet, for its owner only."""

    player: PlayerId
    truck: Truck | None
    specialty: Specialty | None
    specialty_effect: str | None
    specialty_dice: tuple[int, int]
    vp: int
    status: str
    reason: str
    stage: str
    columns: tuple[str, ...]
    grid: tuple[tuple[CellView, ...], ...]
    pieces: tuple[PieceView, ...]
    open_pips: tuple[tuple[System, int], ...]
    cargo_loaded: int
    artifacts: int
    bridge_damage: int
    dice: tuple[int, ...]
    free_choice_used: bool
    picked: str | None
    placements: int
    boxes: tuple[BoxView, ...]
    result: int | None
    band: str | None
    hit_dice: tuple[int, ...]
    tasks: tuple[str, ...]


class SpaceTruckinView(Model):
    public: PublicView
    sheet: SheetView | None = None


def view(state: SpaceTruckinState, viewer: PlayerId | None) -> SpaceTruckinView:
    public = _public(state)
    mine = next((s for s in state.sheets if s.player == viewer), None)
    return SpaceTruckinView(public=public, sheet=_sheet(state, mine) if mine else None)


def _public(state: SpaceTruckinState) -> PublicView:
    active = active_players(state)
    delivering = state.phase in ("delivery", "over")

    def status(index: int) -> Literal["done", "current", "ahead"]:
        if not delivering or index > state.location:
            return "ahead"
        return "current" if index == state.location and state.phase == "delivery" else "done"

    names = {p.id: p.name for p in state.players}
    return PublicView(
        phase=state.phase,
        location=LOCATIONS[state.location] if state.phase == "delivery" else None,
        chart=tuple(
            ChartSpot(
                letter=L,
                terrain=terrain,
                status=status(i),
                rewards=TERRAIN_REWARDS[terrain] if terrain else (),
            )
            for i, (L, terrain) in enumerate(zip(LOCATIONS, state.chart, strict=True))
        ),
        chart_placer=opening.chart_placer(state) if state.phase == "chart" else None,
        chart_dice=state.chart_dice,
        digits=state.options.digits,
        truckers=tuple(
            TruckerSummary(
                id=s.player,
                name=names[s.player],
                truck=s.truck,
                specialty=s.specialty,
                vp=s.vp,
                status=s.status,
                owes_action=s.player in active,
                stage=s.stage,
            )
            for s in state.sheets
        ),
        waiting_for=tuple(sorted(active)),
        outcome=state.result,
    )


def _sheet(state: SpaceTruckinState, sheet: Sheet) -> SheetView:
    grid: tuple[tuple[CellView, ...], ...] = ()
    columns: tuple[str, ...] = ()
    if sheet.truck is not None:
        bp = blueprint(sheet.truck)
        columns = tuple(chr(ord("A") + c) for c in range(bp.width))
        owner = {cell: p for p in sheet.pieces for cell in p.cells}
        pips = {pip.cell: pip.state for pip in sheet.pips}
        bridge_left = sheet.bridge_damage
        rows = []
        for r in range(bp.height):
            row = []
            for c in range(bp.width):
                piece = owner.get((r, c))
                damaged = piece.damaged if piece else False
                if bp.kind((r, c)) == "B" and bridge_left > 0:
                    damaged, bridge_left = True, bridge_left - 1
                row.append(
                    CellView(
                        name=cell_name((r, c)),
                        hull=HULL[bp.kind((r, c))],
                        piece=piece.id if piece else None,
                        letter=SYSTEM_LETTER[piece.system] if piece else None,
                        damaged=damaged,
                        pip=pips.get((r, c)),
                    )
                )
            rows.append(tuple(row))
        grid = tuple(rows)
    challenge = sheet.challenge
    names = box_names(state.options.digits)
    boxes = tuple(
        BoxView(name=n, value=challenge.boxes[i] if challenge else None)
        for i, n in enumerate(names)
    )
    result = challenge.result if challenge else None
    dice = sheet.dice if state.phase == "shipyard" else (challenge.dice if challenge else ())
    return SheetView(
        player=sheet.player,
        truck=sheet.truck,
        specialty=sheet.specialty,
        specialty_effect=SPECIALTY_EFFECTS[sheet.specialty] if sheet.specialty else None,
        specialty_dice=sheet.specialty_dice,
        vp=sheet.vp,
        status=sheet.status,
        reason=sheet.reason,
        stage=sheet.stage,
        columns=columns,
        grid=grid,
        pieces=tuple(
            PieceView(
                id=p.id,
                system=p.system,
                shape=p.shape,
                letter=SYSTEM_LETTER[p.system],
                cells=tuple(cell_name(c) for c in p.cells),
                damaged=p.damaged,
            )
            for p in sheet.pieces
        ),
        open_pips=tuple(
            (s, open_count(sheet, s)) for s in SYSTEM_LETTER if sheet.truck is not None
        ),
        cargo_loaded=cargo_count(sheet),
        artifacts=sheet.artifacts,
        bridge_damage=sheet.bridge_damage,
        dice=dice,
        free_choice_used=sheet.free_choice_used,
        picked=f"{sheet.picked[0]}/{sheet.picked[1]}" if sheet.picked else None,
        placements=len(legal_spots(sheet, *sheet.picked)) if sheet.picked else 0,
        boxes=boxes,
        result=result,
        band=BAND_LABELS[band_of(result)] if result is not None else None,
        hit_dice=sheet.hit_dice,
        tasks=tuple(t.kind if t.reward is None else f"{t.kind}:{t.reward}" for t in sheet.tasks),
    )


class PrivatePart(Model):
    """What a trucker's private sheet buttons depend on: their own sheet, plus the shared
    phase, location and star chart (a charting move changes what every chart button means).
    Other truckers' progress is left out, so their moves do not make this trucker's buttons
    stale."""

    phase: str
    location: str | None
    chart: tuple[ChartSpot, ...]
    chart_dice: tuple[int, ...]
    sheet: SheetView | None


def private_part(view: SpaceTruckinView) -> PrivatePart:
    public = view.public
    return PrivatePart(
        phase=public.phase,
        location=public.location,
        chart=public.chart,
        chart_dice=public.chart_dice,
        sheet=view.sheet,
    )
