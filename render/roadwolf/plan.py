"""A planned MOVE, BRAKE or NITRO worked out on the view with the rules' own geometry (1.6),
for the preview image: where it would stop, what it would ram (and the dice), whether it ends
off-road (and the wipeout check), which road cards it ends on.

Pure and public-information only: the preview never needs the hidden tokens, so it can be
drawn from the mover's own view.
"""

from __future__ import annotations

from games.roadwolf import geometry as g
from games.roadwolf.geometry import MoveKind
from games.roadwolf.model import RwView, VehicleView
from games.roadwolf.preview import Preview
from render.roadwolf.scene import Plan, Rect, Warning

CARD_WARNINGS = {
    "slide": "ends on a Slide card: counts as going off-road",
    "slick": "ends on a Slick card: wipeout check",
    "debris": "ends on Debris: it rams you with 1 die",
    "wreck": "ends on a Wreck card: it rams you with 2 dice",
    "supplies": "ends on Supplies: an action takes a token or repairs 1 hit",
}


def _box(v: VehicleView) -> g.Rect:
    return g.Rect(v.x, v.y, v.w, v.h)


def _rect(r: g.Rect) -> Rect:
    return Rect(r.x, r.y, r.w, r.h)


def reach_cells(view: RwView, v: VehicleView, kind: MoveKind) -> frozenset[tuple[int, int]]:
    """Every on-board cell some legal end footprint of `v` covers (ignoring hits)."""
    cells: set[tuple[int, int]] = set()
    start = _box(v)
    for dx, dy in g.displacements(kind):
        end = start.shifted(dx, dy)
        for cx, cy in end.cells():
            c, r = int(cx // 1), int(cy // 1)
            if 0 <= c < view.board_width and 0 <= r < view.board_length:
                cells.add((c, r))
    return frozenset(cells)


def plan_move(view: RwView, letter: str, kind: MoveKind, dx: int, dy: int) -> Plan:
    """The preview of moving vehicle `letter` by (dx, dy) (a MOVE, BRAKE or NITRO)."""
    v = next(v for v in view.vehicles if v.letter == letter)
    start = _box(v)
    others = [(o.letter, _box(o)) for o in view.vehicles if o.letter != letter and o.exited is None]
    path = g.trace_path(start, dx, dy, others)
    wanted = start.shifted(dx, dy)
    warnings: list[Warning] = []
    if path.hit is not None:
        target = next(o for o in view.vehicles if o.letter == path.hit)
        warnings.append(_ram_warning(v, target, kind, path.stop))
    end = path.stop
    edge = g.exit_edge(end) if g.is_off_board(end) else None
    if edge == "end":
        warnings.append(Warning("leaves the board by the END: it escapes", None))
    elif edge is not None:
        warnings.append(Warning(f"leaves the board by the {edge.upper()}: it is out (1.4-A)", None))
    elif g.is_off_road(end) and v.surface != "dirt":
        dice = max(1, v.remaining)
        text = f"ends off-road: wipeout check, your {dice} dice against the road's 2"
        warnings.append(Warning(text, (end.x, end.front)))
    for card in view.cards:
        box = g.Rect(card.x, card.y, card.w, card.h)
        if card.kind in CARD_WARNINGS and g.overlaps(end, box):
            warnings.append(
                Warning(CARD_WARNINGS[card.kind], (card.x + card.w / 2, card.y + card.h / 2))
            )
        elif (
            card.kind in ("bridge", "tunnel")
            and g.overlaps(end, box)
            and g.bridge_passage(end, box) == "around"
        ):
            what = "a wipeout check" if card.kind == "bridge" else "1 damage and immobilized"
            at = (card.x + card.w / 2, card.y + card.h / 2)
            warnings.append(Warning(f"goes around the {card.kind.title()}: {what}", at))
    verb = {"move": "move", "brake": "brake", "nitro": "nitro"}[kind]
    title = f"{v.name} {letter}: planned {verb} {_words(dx, dy)}"
    return Plan(
        letter=letter,
        start=_rect(start),
        end=_rect(end),
        wanted=_rect(wanted),
        reach=reach_cells(view, v, kind),
        warnings=tuple(warnings),
        title=title,
    )


def _ram_warning(v: VehicleView, target: VehicleView, kind: MoveKind, stop: g.Rect) -> Warning:
    at = (stop.x + stop.w / 2, stop.front) if kind != "brake" else (stop.x + stop.w / 2, stop.y)
    if "train" in target.traits:
        return Warning(_train_words(v, target, stop), at)
    if kind == "brake":
        text = f"backs into {target.name} {target.letter}: it rams you"
        return Warning(text, at)
    if target.status == "wreck":
        return Warning(f"stops against the wreck {target.letter} and rams it "
                       f"({v.size} dice against its {target.size})", at)  # fmt: skip
    dice = v.size + (1 if kind == "nitro" else 0)
    theirs = max(1, target.remaining)
    text = f"rams {target.name} {target.letter}: your {dice} dice against its {theirs}"
    if v.size == 1:
        text += "; a bike that rams is destroyed"
    return Warning(text, at)


def _train_words(v: VehicleView, car: VehicleView, stop: g.Rect) -> str:
    """DERAILED (line 216): the train rams you, 6 dice and a throw from the Engine's front
    face (ahead of it, across its columns), else 3 dice (`missions.derailed_train`)."""
    mine = max(1, v.remaining)
    box = _box(car)
    front = (
        "engine" in car.traits
        and stop.y >= box.front - float(g.SUB_STEP)
        and stop.x < box.right
        and box.x < stop.right
    )
    if front:
        return (
            f"the train's FRONT rams you: 6 dice against your {mine}, "
            "then you are thrown 1 stick in a random direction"
        )
    return f"the train rams you: 3 dice against your {mine}"


def _words(dx: int, dy: int) -> str:
    """The typed form: L2F3 (left 2, forward 3), R1B2 (right 1, back 2)."""
    side = f"L{-dx}" if dx < 0 else f"R{dx}" if dx > 0 else ""
    ahead = f"F{dy}" if dy > 0 else f"B{-dy}" if dy < 0 else ""
    return side + ahead or "(stays)"


def plan_from_preview(view: RwView, letter: str, preview: Preview) -> Plan:
    """The rules' own preview of a move (`games.roadwolf.preview`), placed for drawing: its
    ghost, its warnings (each pinned where it happens when that is known) and the reach."""
    v = next(v for v in view.vehicles if v.letter == letter)
    start = _box(v)
    ghost = preview.ghost
    pins: list[Warning] = []
    for text in preview.warnings:
        at: tuple[float, float] | None = None
        if preview.ram is not None and ("RAM" in text or "rams you" in text):
            at = (ghost.x + ghost.w / 2, ghost.front if preview.kind != "brake" else ghost.y)
        elif "off-road" in text:
            at = (ghost.x, ghost.front)
        pins.append(Warning(text, at))
    title = f"{v.name} {letter}: planned {preview.kind} {_words(preview.dx, preview.dy)}"
    return Plan(
        letter=letter,
        start=_rect(start),
        end=_rect(ghost),
        wanted=_rect(start.shifted(preview.dx, preview.dy)),
        reach=reach_cells(view, v, preview.kind),
        warnings=tuple(pins),
        title=title,
    )
