"""Phase 3, delivery: challenge, manipulation, rewards, consequences, jumps and pirates.

Each trucker works through a queue of tasks at the current location (`Sheet.tasks`). `run`
does everything automatic (rolls, forced single choices, lost rewards) and stops at the first
real decision; the location is over for a trucker when their queue is empty.
"""

from __future__ import annotations

from games.engine import IllegalAction, InvalidAction
from games.spacetruckin.data import (
    BAND_LABELS,
    GRIZZLED_VP,
    JUMP_VP,
    LOCATIONS,
    PIRATES_BEFORE,
    TERRAIN_REWARDS,
    Terrain,
    band_of,
    flip_face,
)
from games.spacetruckin.grid import Cell, cell_name, parse_cell
from games.spacetruckin.models import (
    Accept,
    Action,
    Challenge,
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
    delivery_loss,
    destroyed,
    live_pieces,
    piece_at,
    piece_matches,
    pip_at,
    pips_of,
    wild_systems,
    with_pip,
)
from games.spacetruckin.turn import Turn, gain_vp, lose

LAST = len(LOCATIONS) - 1
NATIVE = {"reroll": "Weapons", "flip": "Reactor"}
AUTO_STAGES = ("pirates", "reward", "extra_pip", "hit", "hit_two", "jump")


def arrive(sheet: Sheet, turn: Turn, chart: tuple[Terrain | None, ...]) -> Sheet:
    tasks: list[Task] = []
    if turn.location == PIRATES_BEFORE:
        if sheet.specialty == "Smuggler":
            turn.note(sheet, "the Smuggler slips through Pirate Space")
        else:
            tasks.append(Task(kind="pirates"))
    if turn.location == 0 and sheet.specialty == "Artificer":
        tasks.append(Task(kind="reward", reward="artifact"))
    tasks.append(Task(kind="fill"))
    if turn.location < LAST:
        tasks.append(Task(kind="jump"))
    turn.note(sheet, f"arrives at {LOCATIONS[turn.location]} ({chart[turn.location]})")
    sheet = sheet.model_copy(update={"tasks": tuple(tasks), "challenge": None, "hit_dice": ()})
    return run(sheet, turn, chart)


def run(sheet: Sheet, turn: Turn, chart: tuple[Terrain | None, ...]) -> Sheet:
    """Do the automatic work until the trucker owes a decision (or is done or out)."""
    while sheet.status == "playing":
        reason = delivery_loss(sheet)
        if reason:
            return lose(sheet, reason, turn)
        if not sheet.tasks:
            return sheet.model_copy(update={"stage": "ready"})
        task = sheet.tasks[0]
        if task.kind == "fill":
            if sheet.challenge is None:
                digits = turn.options.digits
                dice = turn.roll(sheet, 2, f"challenge at {LOCATIONS[turn.location]}")
                challenge = Challenge(boxes=(None,) * (2 * digits), dice=dice)
                sheet = sheet.model_copy(update={"challenge": challenge})
            return sheet.model_copy(update={"stage": "fill"})
        if task.kind == "tweak":
            if tweak_options(sheet, turn.options.manipulations):
                return sheet.model_copy(update={"stage": "tweak"})
            sheet = resolve(sheet, turn, chart)
            continue
        if task.kind == "reward" and task.reward == "vp":
            sheet = gain_vp(_pop(sheet), 1, "reward", turn)
            continue
        if task.kind in ("hit", "hit_two") and not sheet.hit_dice:
            dice = turn.roll(sheet, 2, "consequence")
            sheet = sheet.model_copy(update={"hit_dice": dice})
        options = choices(sheet)
        if not options:
            turn.note(sheet, f"gets nothing: no room for the {task.reward or 'pip'}")
            sheet = _pop(sheet)
            continue
        if len(options) == 1:
            sheet = _do(sheet, options[0], turn)
            continue
        return sheet.model_copy(update={"stage": task.kind})
    return sheet


def _pop(sheet: Sheet) -> Sheet:
    return sheet.model_copy(update={"tasks": sheet.tasks[1:]})


def _push(sheet: Sheet, *tasks: Task) -> Sheet:
    return sheet.model_copy(update={"tasks": (*tasks, *sheet.tasks)})


# Options -------------------------------------------------------------------------------------


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
    found: list[HitTwo] = []
    for system_die, shape_die in ((a, b), (b, a)):
        by_system: list[int | None] = [
            p.id for p in live_pieces(sheet) if piece_matches(p, system_die, "system")
        ]
        for first in by_system or [None]:
            by_shape: list[int | None] = [
                p.id
                for p in live_pieces(sheet)
                if p.id != first and piece_matches(p, shape_die, "shape")
            ]
            for second in by_shape or [None]:
                option = HitTwo(system_piece=first, shape_piece=second)
                if option not in found:
                    found.append(option)
    return tuple(found)


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


def act(sheet: Sheet, action: Action, turn: Turn, chart: tuple[Terrain | None, ...]) -> Sheet:
    action = _normalised(action)
    legal = actions(sheet, turn.options.manipulations, turn.options.digits)
    if action not in legal:
        raise IllegalAction(_refusal(sheet, action, legal))
    if isinstance(action, Fill):
        sheet = _fill(sheet, action, turn)
    elif isinstance(action, Tweak):
        sheet = _tweak(sheet, action, turn)
    elif isinstance(action, Accept):
        sheet = resolve(sheet, turn, chart)
    else:
        sheet = _do(sheet, action, turn)
    return run(sheet, turn, chart)


def _normalised(action: Action) -> Action:
    """Cells typed as "b4" or " B4 " become "B4"; a non-cell is refused as malformed."""
    for field in ("cell", "pip"):
        text = getattr(action, field, None)
        if isinstance(text, str):
            cell = parse_cell(text)
            if cell is None:
                raise InvalidAction(f"`{text}` is not a grid name like B4")
            return action.model_copy(update={field: cell_name(cell)})
    return action


STAGE_HINTS = {
    "fill": "write your two dice in two empty boxes",
    "tweak": "reroll or flip one die with a pip, or accept the result",
    "reward": "choose the grid for your reward",
    "extra_pip": "choose the grid next to the artifact for its extra pip",
    "pirates": "give the pirates one filled cargo pip or lose your aft-most system",
    "hit": "choose the system a die destroys, or a die matching nothing (1 Bridge damage)",
    "hit_two": "choose the two systems the consequences destroy",
    "jump": "choose the Engine (or wild) pip that pays for the jump",
}


def _refusal(sheet: Sheet, action: Action, legal: list[Action]) -> str:
    hint = STAGE_HINTS.get(sheet.stage, "wait for the other truckers")
    same_kind = [a for a in legal if a.kind == action.kind]
    if not same_kind:
        return f"you cannot {action.kind.replace('_', ' ')} now: {hint}"
    sample = ", ".join(describe_short(a) for a in same_kind[:10])
    more = f" (and {len(same_kind) - 10} more)" if len(same_kind) > 10 else ""
    return f"{describe_short(action)} is not allowed: {hint}; legal: {sample}{more}"


def describe_short(action: Action) -> str:
    fields = action.model_dump(exclude={"kind"})
    return f"{action.kind} " + " ".join(f"{v}" for v in fields.values())


def _fill(sheet: Sheet, action: Fill, turn: Turn) -> Sheet:
    challenge = sheet.challenge
    assert challenge is not None
    names = box_names(turn.options.digits)
    boxes = list(challenge.boxes)
    boxes[names.index(action.first)] = challenge.dice[0]
    boxes[names.index(action.second)] = challenge.dice[1]
    turn.note(
        sheet,
        f"writes {challenge.dice[0]} in {action.first} and {challenge.dice[1]} in {action.second}",
    )
    if None in boxes:
        dice = turn.roll(sheet, 2, f"challenge at {LOCATIONS[turn.location]}")
        challenge = challenge.model_copy(update={"boxes": tuple(boxes), "dice": dice})
        return sheet.model_copy(update={"challenge": challenge})
    challenge = challenge.model_copy(update={"boxes": tuple(boxes), "dice": ()})
    sheet = sheet.model_copy(update={"challenge": challenge})
    return _push(_pop(sheet), Task(kind="tweak"))


def _tweak(sheet: Sheet, action: Tweak, turn: Turn) -> Sheet:
    challenge = sheet.challenge
    assert challenge is not None
    names = box_names(turn.options.digits)
    index = names.index(action.box)
    old = challenge.boxes[index]
    assert old is not None
    cell = parse_cell(action.pip)
    assert cell is not None
    sheet = with_pip(sheet, cell, "used")
    if action.effect == "reroll":
        new = turn.roll(sheet, 1, f"reroll {action.box}")[0]
    else:
        new = flip_face(old)
    boxes = list(challenge.boxes)
    boxes[index] = new
    turn.note(sheet, f"{action.effect}s {action.box}: {old} -> {new} (pip {action.pip} spent)")
    challenge = challenge.model_copy(
        update={"boxes": tuple(boxes), "effects_used": (*challenge.effects_used, action.effect)}
    )
    return sheet.model_copy(update={"challenge": challenge})


def challenge_result(boxes: tuple[int | None, ...]) -> int:
    """TOP number minus BOTTOM number (rows of equal length, read left to right)."""
    half = len(boxes) // 2
    top = int("".join(str(v) for v in boxes[:half]))
    bottom = int("".join(str(v) for v in boxes[half:]))
    return top - bottom


def resolve(sheet: Sheet, turn: Turn, chart: tuple[Terrain | None, ...]) -> Sheet:
    """Score the challenge and queue its rewards or consequences before the jump."""
    challenge = sheet.challenge
    assert challenge is not None
    result = challenge_result(challenge.boxes)
    band = band_of(result)
    sheet = _pop(sheet).model_copy(
        update={"challenge": challenge.model_copy(update={"result": result})}
    )
    turn.note(sheet, f"result {result}: {BAND_LABELS[band]}")
    terrain = chart[turn.location]
    assert terrain is not None
    first, second = TERRAIN_REWARDS[terrain]
    if band == "bridge":
        return _bridge(sheet, turn)
    if band == "both":
        return _push(sheet, Task(kind="reward", reward=first), Task(kind="reward", reward=second))
    if band == "first":
        return _push(sheet, Task(kind="reward", reward=first))
    if band == "one_hit":
        return _push(sheet, Task(kind="hit"))
    return _push(sheet, Task(kind="hit_two"))


def _bridge(sheet: Sheet, turn: Turn) -> Sheet:
    turn.note(sheet, "the Bridge takes damage")
    return sheet.model_copy(update={"bridge_damage": sheet.bridge_damage + 1})


def _destroy(sheet: Sheet, piece_id: int | None, turn: Turn) -> Sheet:
    if piece_id is None:
        return _bridge(sheet, turn)
    piece = sheet.pieces[piece_id]
    cells = ", ".join(cell_name(c) for c in piece.cells)
    turn.note(sheet, f"loses {piece.system}/{piece.shape} on {cells}")
    sheet = destroyed(sheet, piece_id)
    if sheet.specialty == "Grizzled":
        # Scored even when this loss ends the truck (`run` checks losses afterwards): the win
        # at 20 is immediate, so a hit that reaches 20 wins.
        sheet = gain_vp(sheet, GRIZZLED_VP, "Grizzled", turn)
    return sheet


def _do(sheet: Sheet, action: Action, turn: Turn) -> Sheet:
    """Carry out one choice of an AUTO_STAGES task (by the player or forced)."""
    task = sheet.tasks[0]
    sheet = _pop(sheet)
    if isinstance(action, Mark):
        cell = parse_cell(action.cell)
        assert cell is not None
        if task.kind == "extra_pip":
            turn.note(sheet, f"the artifact adds a pip on {action.cell}")
            return with_pip(sheet, cell)
        if task.reward == "cargo":
            turn.note(sheet, f"loads cargo on {action.cell}")
            return with_pip(sheet, cell, "cargo")
        if task.reward == "artifact":
            turn.note(sheet, f"stows an artifact on {action.cell}")
            sheet = with_pip(sheet, cell, "cargo")
            sheet = sheet.model_copy(update={"artifacts": sheet.artifacts + 1})
            return _push(sheet, Task(kind="extra_pip", cell=cell))
        turn.note(sheet, f"new crew: a Quarters pip on {action.cell}")
        return with_pip(sheet, cell)
    if isinstance(action, Hit):
        sheet = sheet.model_copy(update={"hit_dice": ()})
        return _destroy(sheet, action.piece, turn)
    if isinstance(action, HitTwo):
        sheet = sheet.model_copy(update={"hit_dice": ()})
        sheet = _destroy(sheet, action.system_piece, turn)
        if sheet.status != "playing":
            return sheet
        return _destroy(sheet, action.shape_piece, turn)
    if isinstance(action, Jump):
        cell = parse_cell(action.pip)
        assert cell is not None
        sheet = with_pip(sheet, cell, "used")
        turn.note(sheet, f"jumps to {LOCATIONS[turn.location + 1]} (pip {action.pip} spent)")
        # "EACH TIME YOU JUMP ... GAIN 2 VP", even with the last Engine pip: scored before
        # `run` finds the loss, so a jump that reaches 20 wins.
        return gain_vp(sheet, JUMP_VP, "jump", turn)
    if isinstance(action, GiveCargo):
        cell = parse_cell(action.pip)
        assert cell is not None
        turn.note(sheet, f"hands the pirates the cargo on {action.pip}")
        return with_pip(sheet, cell, "open")
    if isinstance(action, LoseSystem):
        return _destroy(sheet, action.piece, turn)
    raise AssertionError(f"unexpected {action.kind}")
