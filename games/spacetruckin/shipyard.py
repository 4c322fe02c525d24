"""Phase 2, the shipyard: every trucker rolls their own 2d6 and builds at the same time."""

from __future__ import annotations

from games.engine import IllegalAction, InvalidAction
from games.spacetruckin.data import DIE_FACES, TRUCK_COMPLETE_VP, Shape, System
from games.spacetruckin.events import BuildEnded, Built, FreeChoiceUsed, PipDrawn, Scored
from games.spacetruckin.grid import (
    Spot,
    canonical_turn,
    cell_name,
    parse_cell,
    placement_name,
    spot_cells,
    system_allows,
)
from games.spacetruckin.models import (
    Action,
    Build,
    BuildAt,
    FreeChoice,
    Mark,
    Piece,
    Place,
    Sheet,
    Stop,
)
from games.spacetruckin.sheet import (
    can_place,
    legal_spots,
    occupied_mask,
    pick_options,
    pip_block_mask,
    plan,
    shipyard_pip_cells,
    still_needed,
    unserviceable_reason,
    with_pip,
)
from games.spacetruckin.turn import Turn, lose

SHIPYARD_STAGES = ("pick", "place", "pip")


def start(sheet: Sheet, turn: Turn) -> Sheet:
    dice = turn.roll(sheet, 2, "shipyard")
    return settle(sheet.model_copy(update={"dice": dice, "stage": "pick", "picked": None}), turn)


def placeable_picks(sheet: Sheet, dice: tuple[int, ...]) -> list[tuple[System, Shape]]:
    return [(s, h) for s, h in pick_options(dice) if can_place(sheet, s, h)]


FreeBuilds = dict[tuple[System, Shape], tuple[FreeChoice, tuple[Spot, ...]]]


def free_choice_builds(sheet: Sheet) -> FreeBuilds:
    """While picking with the free choice unused: each build the dice do not allow but one die
    set to another face does, of a system the truck still lacks to be serviceable, with the
    first such change and the spots where it helps (an Engine or Weapons owing required
    grids: covering one of them)."""
    if sheet.stage != "pick" or sheet.free_choice_used:
        return {}
    need = still_needed(sheet)
    rolled = set(pick_options(sheet.dice))
    found: FreeBuilds = {}
    for die in (1, 2):
        for face in range(1, DIE_FACES + 1):
            dice = list(sheet.dice)
            dice[die - 1] = face
            for system, shape in pick_options(tuple(dice)):
                if system not in need or (system, shape) in rolled or (system, shape) in found:
                    continue
                spots = tuple(s for s in legal_spots(sheet, system, shape)
                              if not need[system] or s.mask & need[system])  # fmt: skip
                if spots:
                    found[(system, shape)] = (FreeChoice(die=die, face=face), spots)
    return found


def _free_choice_helps(sheet: Sheet) -> bool:
    for index in range(2):
        for face in range(1, DIE_FACES + 1):
            dice = list(sheet.dice)
            dice[index] = face
            if placeable_picks(sheet, tuple(dice)):
                return True
    return False


def settle(sheet: Sheet, turn: Turn) -> Sheet:
    """End the build at the first roll nothing can be placed with (free choice considered)."""
    if placeable_picks(sheet, sheet.dice):
        return sheet
    if not sheet.free_choice_used and _free_choice_helps(sheet):
        return sheet
    turn.tell(BuildEnded(who=sheet.player, dice=sheet.dice))
    return finish(sheet, turn)


def finish(sheet: Sheet, turn: Turn) -> Sheet:
    """The truck is done: unserviceable trucks lose; a complete one scores its first VP."""
    sheet = sheet.model_copy(update={"dice": (), "picked": None})
    reason = unserviceable_reason(sheet)
    if reason:
        return lose(sheet, f"unserviceable truck: {reason}", turn)
    vp = sheet.vp + TRUCK_COMPLETE_VP
    turn.tell(Scored(who=sheet.player, vp=TRUCK_COMPLETE_VP, why="truck", total=vp))
    return sheet.model_copy(update={"vp": vp, "stage": "ready"})


def actions(sheet: Sheet) -> list[Action]:
    if sheet.stage == "pick":
        found: list[Action] = [
            Build(system=s, shape=h) for s, h in placeable_picks(sheet, sheet.dice)
        ]
        if not sheet.free_choice_used:
            for die in (1, 2):
                for face in range(1, DIE_FACES + 1):
                    if face != sheet.dice[die - 1]:
                        found.append(FreeChoice(die=die, face=face))
        return [*found, Stop()]
    if sheet.stage == "place":
        assert sheet.picked is not None
        spots = legal_spots(sheet, *sheet.picked)
        placements: list[Action] = [
            Place(anchor=s.anchor, rotation=s.rotation, flip=s.flip) for s in spots
        ]
        return [*placements, Stop()]
    if sheet.stage == "pip":
        return [Mark(cell=cell_name(c)) for c in shipyard_pip_cells(sheet, sheet.pieces[-1])]
    return []


def act(sheet: Sheet, action: Action, turn: Turn) -> Sheet:
    if isinstance(action, Stop) and sheet.stage in ("pick", "place"):
        turn.tell(BuildEnded(who=sheet.player))
        return finish(sheet, turn)
    if isinstance(action, FreeChoice) and sheet.stage == "pick":
        return _free_choice(sheet, action, turn)
    if isinstance(action, Build) and sheet.stage == "pick":
        return _build(sheet, action)
    if isinstance(action, BuildAt) and sheet.stage == "pick":
        return _build_at(sheet, action, turn)
    if isinstance(action, Place) and sheet.stage == "place":
        return _place(sheet, action, turn)
    if isinstance(action, Mark) and sheet.stage == "pip" and action.jump is None:
        return _pip(sheet, action, turn)
    raise IllegalAction(f"that is not possible now: {STAGE_HINTS[sheet.stage]}")


STAGE_HINTS = {
    "pick": "pick a system and shape from your dice, use your free choice, or stop",
    "place": "place your tetromino (for example `B4 r1 f`) or stop",
    "pip": "draw the new system's pip in one of its grids",
}


def _free_choice(sheet: Sheet, action: FreeChoice, turn: Turn) -> Sheet:
    if sheet.free_choice_used:
        raise IllegalAction("your free choice is already used in this shipyard")
    if sheet.dice[action.die - 1] == action.face:
        raise IllegalAction(f"die {action.die} already shows {action.face}; pick another face")
    dice = list(sheet.dice)
    dice[action.die - 1] = action.face
    turn.tell(FreeChoiceUsed(who=sheet.player, die=action.die, face=action.face))
    sheet = sheet.model_copy(update={"dice": tuple(dice), "free_choice_used": True})
    return settle(sheet, turn)


def _build(sheet: Sheet, action: Build) -> Sheet:
    legal = placeable_picks(sheet, sheet.dice)
    if (action.system, action.shape) not in legal:
        allowed = ", ".join(f"{s}/{h}" for s, h in legal) or "nothing"
        raise IllegalAction(
            f"{action.system}/{action.shape} is not on your dice {sheet.dice} or has no room; "
            f"you can build: {allowed}"
        )
    return sheet.model_copy(update={"picked": (action.system, action.shape), "stage": "place"})


def _build_at(sheet: Sheet, action: BuildAt, turn: Turn) -> Sheet:
    """(The free choice,) build, place and draw the pip in one move: each step checked as if
    made alone."""
    if action.free is not None:
        sheet = _free_choice(sheet, action.free, turn)
        if sheet.stage != "pick":  # nothing fits even so: the build has ended
            raise IllegalAction(f"{action.system}/{action.shape} does not fit anywhere")
    sheet = _build(sheet, Build(system=action.system, shape=action.shape))
    place = Place(anchor=action.anchor, rotation=action.rotation, flip=action.flip)
    sheet = _place(sheet, place, turn)
    return _pip(sheet, Mark(cell=action.pip), turn)


def placement_problem(sheet: Sheet, action: Place) -> str | None:
    """Why a placement is illegal for the picked system and shape (None when legal)."""
    assert sheet.picked is not None
    system, shape = sheet.picked
    bp = plan(sheet)
    anchor = parse_cell(action.anchor)
    if anchor is None:
        return f"`{action.anchor}` is not a grid name like B4"
    rotation, flip = canonical_turn(shape, action.rotation, action.flip)
    if (rotation, flip) != (action.rotation, action.flip):
        same = placement_name(action.anchor, rotation, flip)
        return f"for a{'n' if shape in 'ILOS' else ''} {shape} this orientation is written `{same}`"
    cells = spot_cells(anchor, shape, action.rotation, action.flip)
    if not all(bp.kind(c) in "oEW" for c in cells):
        return "it leaves the hull (or covers a Bridge grid)"
    mask = bp.mask_of(cells)
    if mask & occupied_mask(sheet):
        return "it overlaps another system"
    reason = system_allows(bp, system, mask, unrestricted=sheet.specialty == "Engineer")
    if reason:
        return reason
    if not mask & ~pip_block_mask(sheet):
        return "every one of its grids touches an existing pip, so it could get no pip"
    return None


def _place(sheet: Sheet, action: Place, turn: Turn) -> Sheet:
    assert sheet.picked is not None
    system, shape = sheet.picked
    problem = placement_problem(sheet, action)
    if problem:
        spots = legal_spots(sheet, system, shape)
        sample = ", ".join(placement_name(s.anchor, s.rotation, s.flip) for s in spots[:8])
        name = placement_name(action.anchor, action.rotation, action.flip)
        raise IllegalAction(f"{system}/{shape} at `{name}`: {problem}; legal for example: {sample}")
    anchor = parse_cell(action.anchor)
    assert anchor is not None
    cells = tuple(sorted(spot_cells(anchor, shape, action.rotation, action.flip)))
    piece = Piece(id=len(sheet.pieces), system=system, shape=shape, cells=cells)
    names = tuple(cell_name(c) for c in cells)
    turn.tell(Built(who=sheet.player, system=system, shape=shape, cells=names))
    return sheet.model_copy(
        update={"pieces": (*sheet.pieces, piece), "picked": None, "stage": "pip"}
    )


def _pip(sheet: Sheet, action: Mark, turn: Turn) -> Sheet:
    cell = parse_cell(action.cell)
    if cell is None:
        raise InvalidAction(f"`{action.cell}` is not a grid name like B4")
    legal = shipyard_pip_cells(sheet, sheet.pieces[-1])
    if cell not in legal:
        raise IllegalAction(
            f"no pip on {cell_name(cell)}: it must be in the new system and not next to another "
            f"pip; free: {', '.join(cell_name(c) for c in legal)}"
        )
    sheet = with_pip(sheet, cell)
    turn.tell(PipDrawn(who=sheet.player, cell=cell_name(cell)))
    return start(sheet, turn)
