"""Space Truckin' bot policy in the delivery: write dice to keep the result near a safe 8,
spend Reactor and Weapons pips (never crew) on flips and rerolls that raise the expected band,
and take consequences, pirates and jumps where they leave the truck in the best shape.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.spacetruckin.challenge import challenge_result
from games.spacetruckin.data import (
    BRIDGE_GRIDS,
    GRIZZLED_VP,
    LOCATIONS,
    SMUGGLER_EXTRA_CARGO,
    Band,
    System,
    band_of,
    flip_face,
    sale_value,
)
from games.spacetruckin.grid import Cell, parse_cell
from games.spacetruckin.models import (
    Accept,
    Action,
    Fill,
    GiveCargo,
    Hit,
    HitTwo,
    Jump,
    LoseSystem,
    Mark,
    Sheet,
    SpaceTruckinState,
    Tweak,
    box_names,
)
from games.spacetruckin.sheet import live_pieces, piece_matches, system_of_cell

BAND_WORTH: dict[Band, float] = {
    "bridge": -6.0,
    "both": 3.0,
    "first": 2.0,
    "one_hit": -1.5,
    "two_hits": -3.0,
}
"""Rough worth of each challenge band, to weigh a flip or a reroll against accepting."""
LOST = -1000.0


def deliver(state: SpaceTruckinState, sheet: Sheet, legal: list[Action]) -> Action:
    fills = [a for a in legal if isinstance(a, Fill)]
    if fills and sheet.challenge is not None:
        return min(fills, key=lambda a: fill_score(sheet, a))
    if Accept() in legal and sheet.challenge is not None:
        return _tweak(sheet, legal)
    jumps_left = len(LOCATIONS) - 1 - state.location
    tally = Tally(sheet)
    return max(legal, key=lambda a: _after(sheet, tally, a, jumps_left))


def _tweak(sheet: Sheet, legal: list[Action]) -> Action:
    """Accept, or the flip or reroll (paid without crew) that best raises the expected band."""
    assert sheet.challenge is not None
    boxes = sheet.challenge.boxes
    best: Action = Accept()
    best_worth = _band_worth(boxes) + 0.25  # spending a pip needs a clear gain
    judged: set[tuple[str, str]] = set()
    for action in legal:
        if not isinstance(action, Tweak) or (action.box, action.effect) in judged:
            continue
        if spends_crew(sheet, action.pip):
            continue
        judged.add((action.box, action.effect))
        index = box_names(len(boxes) // 2).index(action.box)
        old = boxes[index]
        faces = range(1, 7) if action.effect == "reroll" else (flip_face(old or 1),)
        worth = 0.0
        for face in faces:
            changed = list(boxes)
            changed[index] = face
            worth += _band_worth(changed) / len(faces)
        if worth > best_worth:
            best, best_worth = action, worth
    return best


def _band_worth(boxes: Sequence[int | None]) -> float:
    return BAND_WORTH[band_of(challenge_result(tuple(boxes)))]


def spends_crew(sheet: Sheet, pip: str) -> bool:
    cell = parse_cell(pip)
    return cell is not None and system_of_cell(sheet, cell) == "Quarters"


def _after(sheet: Sheet, tally: Tally, action: Action, jumps_left: int) -> float:
    """How good the truck looks after a consequence, payment, reward or jump."""
    match action:
        case Hit(piece=piece):
            return tally.worth(jumps_left, lost=(piece,))
        case HitTwo(system_piece=first, shape_piece=second):
            return tally.worth(jumps_left, lost=(first, second))
        case LoseSystem(piece=piece):
            return tally.worth(jumps_left, lost=(piece,))
        case GiveCargo(pip=pip):
            return tally.worth(jumps_left, pip=(pip, "cargo", "open"))
        case Jump(pip=pip):
            return tally.worth(jumps_left - 1, pip=(pip, "open", "used"))
        case Mark(cell=cell):
            task = sheet.tasks[0] if sheet.tasks else None
            loads = task is not None and task.reward in ("cargo", "artifact")
            return tally.worth(jumps_left, pip=(cell, None, "cargo" if loads else "open"))
    return 0.0


def hit_two(state: SpaceTruckinState, sheet: Sheet) -> HitTwo:
    """The two losses that leave the best truck, among the pairs `choices.hit_two_options`
    lists (worked out here as plain pairs: listing them as models is slow on a big truck)."""
    a, b = sheet.hit_dice
    live = live_pieces(sheet)
    pairs: set[tuple[int | None, int | None]] = set()
    for system_die, shape_die in ((a, b), (b, a)):
        firsts: list[int | None] = [p.id for p in live if piece_matches(p, system_die, "system")]
        for first in firsts or [None]:
            seconds: list[int | None] = [
                p.id for p in live if p.id != first and piece_matches(p, shape_die, "shape")
            ]
            pairs.update((first, second) for second in seconds or [None])
    tally = Tally(sheet)
    jumps_left = len(LOCATIONS) - 1 - state.location
    first, second = max(
        sorted(pairs, key=lambda p: (p[0] is None, p[0] or 0, p[1] is None, p[1] or 0)),
        key=lambda pair: tally.worth(jumps_left, lost=pair),
    )
    return HitTwo(system_piece=first, shape_piece=second)


class Tally:
    """A sheet boiled down to what delivery choices change: per live piece, its system and its
    open and loaded pips; plus the Bridge, the VP and the captain."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.piece_of: dict[Cell, int] = {}
        self.pieces: dict[int, tuple[System, int, int]] = {}
        for piece in live_pieces(sheet):
            self.pieces[piece.id] = (piece.system, 0, 0)
            for cell in piece.cells:
                self.piece_of[cell] = piece.id
        for pip in sheet.pips:
            self._count(self.piece_of.get(pip.cell), pip.state, 1)

    def _count(self, piece: int | None, state: str | None, delta: int) -> None:
        if piece is None or piece not in self.pieces or state not in ("open", "cargo"):
            return
        system, open_pips, loaded = self.pieces[piece]
        if state == "open":
            open_pips += delta
        else:
            loaded += delta
        self.pieces[piece] = (system, open_pips, loaded)

    def worth(
        self,
        jumps_left: int,
        *,
        lost: tuple[int | None, ...] = (),
        pip: tuple[str, str | None, str] | None = None,
    ) -> float:
        """`truck_worth` after losing pieces (None: a Bridge hit) or changing one pip."""
        sheet = self.sheet
        pieces = dict(self.pieces)
        bridge = sheet.bridge_damage + sum(1 for p in lost if p is None)
        gone = {p for p in lost if p is not None}
        for piece in gone:
            pieces.pop(piece, None)
        if pip is not None:
            cell = parse_cell(pip[0])
            holder = self.piece_of.get(cell) if cell is not None else None
            if holder in pieces:
                assert holder is not None
                system, open_pips, loaded = pieces[holder]
                open_pips += (pip[2] == "open") - (pip[1] == "open")
                loaded += (pip[2] == "cargo") - (pip[1] == "cargo")
                pieces[holder] = (system, open_pips, loaded)
        vp = sheet.vp + (GRIZZLED_VP * len(gone) if sheet.specialty == "Grizzled" else 0)
        return truck_worth(sheet, jumps_left, pieces=pieces, bridge=bridge, vp=vp)


def truck_worth(
    sheet: Sheet,
    jumps_left: int,
    *,
    pieces: dict[int, tuple[System, int, int]] | None = None,
    bridge: int | None = None,
    vp: int | None = None,
) -> float:
    """A rough worth of a truck mid-delivery: alive first, then jumps, crew and cargo."""
    if pieces is None:
        pieces = Tally(sheet).pieces
    bridge = sheet.bridge_damage if bridge is None else bridge
    vp = sheet.vp if vp is None else vp
    if bridge >= BRIDGE_GRIDS:
        return LOST
    open_by: dict[System, int] = {}
    for system, open_pips, _ in pieces.values():
        open_by[system] = open_by.get(system, 0) + open_pips
    engine, crew = open_by.get("Engine", 0), open_by.get("Quarters", 0)
    if engine == 0 or crew == 0:
        return LOST
    wilds = open_by.get("Reactor", 0) if sheet.specialty == "Physicist" else 0
    fuel = engine + crew + wilds - 2  # one of each must stay open
    worth = 12.0 * min(fuel, jumps_left) + 2.0 * max(fuel - jumps_left, 0)
    worth += 4.0 * min(engine, 2) + 6.0 * min(crew, 2)
    cargo = sum(loaded for _, _, loaded in pieces.values())
    worth += sale_value(cargo + (SMUGGLER_EXTRA_CARGO if sheet.specialty == "Smuggler" else 0))
    worth += 1.5 * sum(open_by.values()) + 0.5 * len(pieces) - 15.0 * bridge
    return worth + vp


def fill_score(sheet: Sheet, action: Fill) -> float:
    """Distance of the expected result from a safe 8, unknown boxes counted as 3.5; <1 is costly."""
    assert sheet.challenge is not None
    names = box_names(len(sheet.challenge.boxes) // 2)
    values: list[float] = [3.5 if v is None else float(v) for v in sheet.challenge.boxes]
    values[names.index(action.first)] = float(sheet.challenge.dice[0])
    values[names.index(action.second)] = float(sheet.challenge.dice[1])
    half = len(values) // 2
    top = sum(v * 10.0 ** (half - 1 - i) for i, v in enumerate(values[:half]))
    bottom = sum(v * 10.0 ** (half - 1 - i) for i, v in enumerate(values[half:]))
    result = top - bottom
    return abs(result - 8) + (1000 if result < 1 else 0)


__all__ = ["Tally", "deliver", "fill_score", "hit_two", "spends_crew", "truck_worth"]
