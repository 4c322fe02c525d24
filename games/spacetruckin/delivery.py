"""Phase 3, delivery: the flow of one trucker through a location.

Each trucker works through a queue of tasks at the current location (`Sheet.tasks`). `run`
does everything automatic (rolls, forced single choices, lost rewards) and stops at the first
real decision; the location is over for a trucker when their queue is empty. What a trucker may
choose is in `choices`, the challenge itself in `challenge`, and what a choice does in `tasks`.
"""

from __future__ import annotations

from games.engine import IllegalAction, InvalidAction, Rng
from games.spacetruckin.challenge import fill, resolve, tweak
from games.spacetruckin.choices import actions, choices, tweak_options
from games.spacetruckin.data import LOCATIONS, PIRATES_BEFORE, Terrain
from games.spacetruckin.events import NoRoom, SlippedPast
from games.spacetruckin.grid import cell_name, parse_cell
from games.spacetruckin.models import (
    Accept,
    Action,
    Challenge,
    Fill,
    Hit,
    HitTwo,
    Jump,
    Mark,
    Sheet,
    SpaceTruckinOptions,
    Task,
    Tweak,
)
from games.spacetruckin.sheet import delivery_loss
from games.spacetruckin.tasks import carry_out, pop_task
from games.spacetruckin.turn import Turn, gain_vp, lose

LAST = len(LOCATIONS) - 1


def arrive(sheet: Sheet, turn: Turn, chart: tuple[Terrain | None, ...]) -> Sheet:
    tasks: list[Task] = []
    if turn.location == PIRATES_BEFORE:
        if sheet.specialty == "Smuggler":
            turn.tell(SlippedPast(who=sheet.player))
        else:
            tasks.append(Task(kind="pirates"))
    if turn.location == 0 and sheet.specialty == "Artificer":
        tasks.append(Task(kind="reward", reward="artifact"))
    tasks.append(Task(kind="fill"))
    if turn.location < LAST:
        tasks.append(Task(kind="jump"))
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
            sheet = gain_vp(pop_task(sheet), 1, "reward", turn)
            continue
        if task.kind in ("hit", "hit_two") and not sheet.hit_dice:
            dice = turn.roll(sheet, 2, "consequence")
            sheet = sheet.model_copy(update={"hit_dice": dice})
        options = choices(sheet)
        if not options:
            turn.tell(NoRoom(who=sheet.player, reward=task.reward))
            sheet = pop_task(sheet)
            continue
        if len(options) == 1:
            sheet = carry_out(sheet, options[0], turn)
            continue
        return sheet.model_copy(update={"stage": task.kind})
    return sheet


def act(sheet: Sheet, action: Action, turn: Turn, chart: tuple[Terrain | None, ...]) -> Sheet:
    action = _normalised(action)
    legal = legal_moves(sheet, turn.options, turn.location, chart)
    if action not in legal:
        raise IllegalAction(_refusal(sheet, action, legal))
    return _do(sheet, action, turn, chart)


def _do(sheet: Sheet, action: Action, turn: Turn, chart: tuple[Terrain | None, ...]) -> Sheet:
    jump = getattr(action, "jump", None)
    if isinstance(action, Fill):
        sheet = fill(sheet, action, turn)
        if action.accept:  # the last two boxes: the result stands, no manipulation
            sheet = resolve(sheet, turn, chart)
    elif isinstance(action, Tweak):
        sheet = tweak(sheet, action, turn)
    elif isinstance(action, Accept):
        sheet = resolve(sheet, turn, chart)
    else:
        sheet = carry_out(sheet, action, turn)
    sheet = run(sheet, turn, chart)
    if isinstance(action, Fill) and action.tweak is not None:  # said ahead with the last dice
        sheet = run(tweak(sheet, action.tweak, turn), turn, chart)
    if isinstance(action, Mark) and action.extra is not None:  # said with an artifact's box
        sheet = run(carry_out(sheet, Mark(cell=action.extra), turn), turn, chart)
    if jump is not None:  # said ahead: listed only where the jump comes next
        sheet = run(carry_out(sheet, Jump(pip=jump), turn), turn, chart)
    return sheet


def legal_moves(
    sheet: Sheet, options: SpaceTruckinOptions, location: int, chart: tuple[Terrain | None, ...]
) -> list[Action]:
    """Every move of the trucker's stage (`choices.actions`), and the moves that say the next
    choices ahead: the last two boxes written with the result accepted or with a reroll or
    flip (all its outcome depends on is known when choosing), an artifact's box with the
    extra pip beside it, and the jump with the last dice, accepting, a reward's box or a
    consequence's losses, where the jump comes next with nothing to decide or roll before
    it. A double in the last two boxes is a lone move (the table writes it) only when nothing
    can be said ahead with it."""
    legal = actions(sheet, options.manipulations, options.digits)
    fills = [a for a in legal if isinstance(a, Fill)]
    ahead: list[Action] = []
    if sum(v is None for v in _boxes(sheet)) == 2:
        for written in fills:
            after = _rehearsed(sheet, written, options, location, chart)
            if after is not None and after.stage == "tweak":
                tweaks = tweak_options(after, options.manipulations)
                ahead += [written.model_copy(update={"tweak": t}) for t in tweaks]
                written = written.model_copy(update={"accept": True})
                ahead.append(written)
            ahead += with_jumps(sheet, written, options, location, chart)
    for chosen in (a for a in legal if isinstance(a, Accept | Mark | Hit)):
        ahead += with_jumps(sheet, chosen, options, location, chart)
        if isinstance(chosen, Mark) and sheet.tasks[0].reward == "artifact":
            ahead += _with_extras(sheet, chosen, options, location, chart)
    # Two losses leave the same truck in either role: rehearse each set of pieces once.
    pips: dict[frozenset[int | None], list[str]] = {}
    for pair in (a for a in legal if isinstance(a, HitTwo)):
        lost = frozenset((pair.system_piece, pair.shape_piece))
        if lost not in pips:
            pips[lost] = _jump_pips(sheet, pair, options, location, chart)
        ahead += [pair.model_copy(update={"jump": pip}) for pip in pips[lost]]
    return legal + ahead


def _boxes(sheet: Sheet) -> tuple[int | None, ...]:
    return () if sheet.challenge is None else sheet.challenge.boxes


def with_jumps(
    sheet: Sheet,
    action: Fill | Accept | Mark | Hit | HitTwo,
    options: SpaceTruckinOptions,
    location: int,
    chart: tuple[Terrain | None, ...],
) -> list[Action]:
    """`action` with each jump, when its jump comes next with nothing decided or rolled first."""
    pips = _jump_pips(sheet, action, options, location, chart)
    return [action.model_copy(update={"jump": pip}) for pip in pips]


def _with_extras(
    sheet: Sheet,
    mark: Mark,
    options: SpaceTruckinOptions,
    location: int,
    chart: tuple[Terrain | None, ...],
) -> list[Action]:
    """An artifact's box with each grid its extra pip may take beside it (where there is a
    choice), and each of those with the jump where it comes next."""
    after = _rehearsed(sheet, mark, options, location, chart)
    if after is None or after.stage != "extra_pip" or after.status != "playing":
        return []
    ahead: list[Action] = []
    for extra in choices(after):  # the jump after the extra pip, rehearsed from the box on
        assert isinstance(extra, Mark)
        both = mark.model_copy(update={"extra": extra.cell})
        pips = _jump_pips(after, extra, options, location, chart)
        ahead += [both, *(both.model_copy(update={"jump": pip}) for pip in pips)]
    return ahead


def _jump_pips(
    sheet: Sheet,
    action: Action,
    options: SpaceTruckinOptions,
    location: int,
    chart: tuple[Terrain | None, ...],
) -> list[str]:
    """The pips that may pay the jump right after `action`, if it comes next with nothing
    decided or rolled first (else none)."""
    after = _rehearsed(sheet, action, options, location, chart)
    if after is None or after.stage != "jump" or after.status != "playing":
        return []
    return [j.pip for j in choices(after) if isinstance(j, Jump)]


def _rehearsed(
    sheet: Sheet,
    action: Action,
    options: SpaceTruckinOptions,
    location: int,
    chart: tuple[Terrain | None, ...],
) -> Sheet | None:
    """The sheet after `action`, if it rolls no dice (its outcome is known when choosing)."""
    turn = Turn(rng=Rng(0), options=options, location=location)
    after = _do(sheet, action, turn, chart)
    return None if turn.rng.rolls_made else after


def _normalised(action: Action) -> Action:
    """Cells typed as "b4" or " B4 " become "B4"; a non-cell is refused as malformed."""
    for field in ("cell", "pip", "extra", "jump"):
        text = getattr(action, field, None)
        if isinstance(text, str):
            cell = parse_cell(text)
            if cell is None:
                raise InvalidAction(f"`{text}` is not a grid name like B4")
            action = action.model_copy(update={field: cell_name(cell)})
    return action


# The bot's sheet presenter reads these hints.
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
