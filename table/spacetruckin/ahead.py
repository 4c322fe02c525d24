"""Space Truckin' moves in menus, each option one move: the moves said with a later choice
ahead (an artifact's box with its extra pip; accepting the result, a reward's box or a
consequence's loss, each with the pip that pays the jump, where the jump comes next with
nothing to decide or roll before it: `games.spacetruckin.delivery.legal_moves`), and two
consequences' pairs too many for buttons.

A menu option names its move by the digest of its payload (`st:mv`), as the table's digest
buttons do (`rl:ad`): the move is the trucker's legal one with that digest."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Model, PlayerId
from games.spacetruckin.models import HitTwo, Mark
from games.spacetruckin.view import SpaceTruckinView
from table.answers import SelectSpec
from table.ids import action_payload, payload_digest
from table.messages import offered_action
from table.service import Snapshot, StaleBoard
from table.spacetruckin.choices import loss_words, pip_label
from table.spacetruckin.ids import (
    MENU_ROWS,
    MENU_SIZE,
    MOVE,
    Labeller,
    Option,
    packed,
)

CHANGED = "your sheet has changed since that menu"


def jump_of(action: Model) -> str | None:
    """The pip a move says the jump with, if it says one."""
    jump = getattr(action, "jump", None)
    return jump if isinstance(jump, str) else None


def extra_of(action: Model) -> str | None:
    """The grid a move says an artifact's extra pip on, if it says one."""
    extra = getattr(action, "extra", None)
    return extra if isinstance(extra, str) else None


def says_ahead(action: Model) -> bool:
    """A move said with a later choice (menus list these): an artifact's extra pip, the jump."""
    return jump_of(action) is not None or extra_of(action) is not None


def _said_alone(action: Model) -> Model:
    fields = [f for f in ("extra", "jump") if f in type(action).model_fields]
    return action.model_copy(update=dict.fromkeys(fields))


def move_value(action: Model) -> str:
    """A menu option's value: the digest of the move's payload."""
    return payload_digest(action_payload(action.model_dump(mode="json")))


def move_menus(
    snap: Snapshot, moves: Sequence[Model], label: Labeller, first: int, rows: int
) -> list[SelectSpec]:
    """`moves` 25 to a menu from row `first`, in at most `rows` menus (none when they do not
    fit), each option named by `label`."""
    if not moves or len(moves) > rows * MENU_SIZE:
        return []
    options: list[Option] = [(label(a)[:100], move_value(a), "one move") for a in moves]
    return packed(snap, MOVE, options, first)


def ahead_menus(
    snap: Snapshot,
    view: SpaceTruckinView,
    actions: Sequence[Model],
    label: Labeller,
    first: int,
    rows: int,
) -> list[SelectSpec]:
    """The moves of `actions` said with a later choice (`says_ahead`), in menus
    (`move_menus`): `label` names each move alone, what it says ahead follows. Where the jump
    comes next, the moves said with it (each leaves nothing to choose before the next
    location); when they do not fit, an artifact's boxes said with their extra pip, beside
    the boxes whose extra pip is no choice. None when neither fits."""

    def said(action: Model) -> str:
        alone = _said_alone(action)
        words = label(alone)
        if (extra := extra_of(action)) is not None and isinstance(alone, Mark):
            words = f"Artifact on {alone.cell} + extra {pip_label(view, extra)}"
        if (pip := jump_of(action)) is not None:
            words += f" · jump: {pip_label(view, pip)}"
        return words

    ahead = [a for a in actions if jump_of(a) is not None]
    if not ahead or len(ahead) > rows * MENU_SIZE:
        extras = [a for a in actions if extra_of(a) is not None and jump_of(a) is None]
        said_with = {_said_alone(a) for a in extras}
        ahead = [*extras, *(a for a in actions if not says_ahead(a) and a not in said_with)]
        ahead = ahead if extras else []
    return move_menus(snap, ahead, said, first, rows)


def chosen_move(snap: Snapshot, viewer: PlayerId, value: str) -> Model:
    """The trucker's legal move a menu option names; refused (the sheet shown again) when the
    sheet has moved on since."""
    action = offered_action(snap, viewer, value)
    if action is None:
        raise StaleBoard(CHANGED, snap.for_viewer(viewer), private=True)
    return action


def losses_with_jump_menus(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> list[SelectSpec]:
    """Two consequences in menus, each pair with the pip that pays the jump where the jump
    comes next (and alone where it does not), when they fit; else none."""
    pairs = [a for a in actions if isinstance(a, HitTwo)]
    ahead = [a for a in pairs if a.jump is not None]
    if not ahead:
        return []
    said = {a.model_copy(update={"jump": None}) for a in ahead}
    moves = [*ahead, *(a for a in pairs if a.jump is None and a not in said)]
    words = loss_words(snap, view)

    def label(action: Model) -> str:
        pip = jump_of(action)
        lost = words(action.model_copy(update={"jump": None}))
        return lost if pip is None else f"{lost} · jump: {pip_label(view, pip)}"

    return move_menus(snap, moves, label, 0, MENU_ROWS)
