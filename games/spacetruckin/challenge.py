"""Phase 3, delivery: the challenge (writing dice, rerolls and flips) and its result."""

from __future__ import annotations

from games.spacetruckin.data import (
    LOCATIONS,
    TERRAIN_REWARDS,
    Terrain,
    band_of,
    flip_face,
)
from games.spacetruckin.events import ChallengeResult, Tweaked, Wrote
from games.spacetruckin.grid import parse_cell
from games.spacetruckin.models import Fill, Sheet, Task, Tweak, box_names
from games.spacetruckin.sheet import with_pip
from games.spacetruckin.tasks import damage_bridge, pop_task, push_tasks
from games.spacetruckin.turn import Turn


def fill(sheet: Sheet, action: Fill, turn: Turn) -> Sheet:
    challenge = sheet.challenge
    assert challenge is not None
    names = box_names(turn.options.digits)
    boxes = list(challenge.boxes)
    boxes[names.index(action.first)] = challenge.dice[0]
    boxes[names.index(action.second)] = challenge.dice[1]
    written = (challenge.dice[0], challenge.dice[1])
    turn.tell(Wrote(who=sheet.player, dice=written, boxes=(action.first, action.second)))
    if None in boxes:
        dice = turn.roll(sheet, 2, f"challenge at {LOCATIONS[turn.location]}")
        challenge = challenge.model_copy(update={"boxes": tuple(boxes), "dice": dice})
        return sheet.model_copy(update={"challenge": challenge})
    challenge = challenge.model_copy(update={"boxes": tuple(boxes), "dice": ()})
    sheet = sheet.model_copy(update={"challenge": challenge})
    return push_tasks(pop_task(sheet), Task(kind="tweak"))


def tweak(sheet: Sheet, action: Tweak, turn: Turn) -> Sheet:
    challenge = sheet.challenge
    assert challenge is not None
    names = box_names(turn.options.digits)
    index = names.index(action.box)
    old = challenge.boxes[index]
    assert old is not None
    cell = parse_cell(action.pip)
    assert cell is not None
    sheet = with_pip(sheet, cell, "used")
    # A reroll's public roll names no box: the box is on the sheet (`Tweaked` tells its owner).
    new = turn.roll(sheet, 1, "reroll")[0] if action.effect == "reroll" else flip_face(old)
    boxes = list(challenge.boxes)
    boxes[index] = new
    turn.tell(
        Tweaked(
            who=sheet.player, effect=action.effect, box=action.box, old=old, new=new, pip=action.pip
        )
    )
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
    sheet = pop_task(sheet).model_copy(
        update={"challenge": challenge.model_copy(update={"result": result})}
    )
    location = LOCATIONS[turn.location]
    turn.tell(ChallengeResult(who=sheet.player, location=location, result=result, band=band))
    terrain = chart[turn.location]
    assert terrain is not None
    first, second = TERRAIN_REWARDS[terrain]
    if band == "bridge":
        return damage_bridge(sheet, turn)
    if band == "both":
        return push_tasks(
            sheet, Task(kind="reward", reward=first), Task(kind="reward", reward=second)
        )
    if band == "first":
        return push_tasks(sheet, Task(kind="reward", reward=first))
    if band == "one_hit":
        return push_tasks(sheet, Task(kind="hit"))
    return push_tasks(sheet, Task(kind="hit_two"))
