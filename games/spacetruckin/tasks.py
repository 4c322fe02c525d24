"""Phase 3, delivery: the task queue, and what one chosen reward, hit, payment or jump does."""

from __future__ import annotations

from games.spacetruckin.data import GRIZZLED_VP, JUMP_VP, LOCATIONS
from games.spacetruckin.events import (
    BridgeHit,
    Destroyed,
    Jumped,
    PaidPirates,
    PipDrawn,
    Rewarded,
    SystemLost,
)
from games.spacetruckin.grid import cell_name, parse_cell
from games.spacetruckin.models import (
    Action,
    GiveCargo,
    Hit,
    HitTwo,
    Jump,
    LoseSystem,
    Mark,
    Sheet,
    Task,
)
from games.spacetruckin.sheet import destroyed, with_pip
from games.spacetruckin.turn import Turn, gain_vp


def pop_task(sheet: Sheet) -> Sheet:
    return sheet.model_copy(update={"tasks": sheet.tasks[1:]})


def push_tasks(sheet: Sheet, *tasks: Task) -> Sheet:
    return sheet.model_copy(update={"tasks": (*tasks, *sheet.tasks)})


def damage_bridge(sheet: Sheet, turn: Turn) -> Sheet:
    turn.tell(BridgeHit(who=sheet.player))
    return sheet.model_copy(update={"bridge_damage": sheet.bridge_damage + 1})


def destroy_piece(
    sheet: Sheet, piece_id: int | None, turn: Turn, *, by_pirates: bool = False
) -> Sheet:
    if piece_id is None:
        return damage_bridge(sheet, turn)
    piece = sheet.pieces[piece_id]
    cells = tuple(cell_name(c) for c in piece.cells)
    turn.tell(
        SystemLost(who=sheet.player, by_pirates=by_pirates),
        Destroyed(who=sheet.player, system=piece.system, shape=piece.shape, cells=cells),
    )
    sheet = destroyed(sheet, piece_id)
    if sheet.specialty == "Grizzled":
        # Scored even when this loss ends the truck (`run` checks losses afterwards): the win
        # at 20 is immediate, so a hit that reaches 20 wins.
        sheet = gain_vp(sheet, GRIZZLED_VP, "Grizzled", turn)
    return sheet


def carry_out(sheet: Sheet, action: Action, turn: Turn) -> Sheet:
    """Carry out one choice of an AUTO_STAGES task (by the player or forced)."""
    task = sheet.tasks[0]
    sheet = pop_task(sheet)
    if isinstance(action, Mark):
        cell = parse_cell(action.cell)
        assert cell is not None
        if task.kind == "extra_pip":
            turn.tell(PipDrawn(who=sheet.player, cell=action.cell, artifact=True))
            return with_pip(sheet, cell)
        if task.reward == "cargo":
            turn.tell(Rewarded(who=sheet.player, reward="cargo"))
            return with_pip(sheet, cell, "cargo")
        if task.reward == "artifact":
            turn.tell(Rewarded(who=sheet.player, reward="artifact"))
            sheet = with_pip(sheet, cell, "cargo")
            sheet = sheet.model_copy(update={"artifacts": sheet.artifacts + 1})
            return push_tasks(sheet, Task(kind="extra_pip", cell=cell))
        turn.tell(Rewarded(who=sheet.player, reward="quarters"))
        return with_pip(sheet, cell)
    if isinstance(action, Hit):
        sheet = sheet.model_copy(update={"hit_dice": ()})
        return destroy_piece(sheet, action.piece, turn)
    if isinstance(action, HitTwo):
        sheet = sheet.model_copy(update={"hit_dice": ()})
        sheet = destroy_piece(sheet, action.system_piece, turn)
        if sheet.status != "playing":
            return sheet
        return destroy_piece(sheet, action.shape_piece, turn)
    if isinstance(action, Jump):
        cell = parse_cell(action.pip)
        assert cell is not None
        sheet = with_pip(sheet, cell, "used")
        turn.tell(Jumped(who=sheet.player, to=LOCATIONS[turn.location + 1]))
        # "EACH TIME YOU JUMP ... GAIN 2 VP", even with the last Engine pip: scored before
        # `run` finds the loss, so a jump that reaches 20 wins.
        return gain_vp(sheet, JUMP_VP, "jump", turn)
    if isinstance(action, GiveCargo):
        cell = parse_cell(action.pip)
        assert cell is not None
        turn.tell(PaidPirates(who=sheet.player))
        return with_pip(sheet, cell, "open")
    if isinstance(action, LoseSystem):
        return destroy_piece(sheet, action.piece, turn, by_pirates=True)
    raise AssertionError(f"unexpected {action.kind}")
