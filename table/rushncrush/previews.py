"""Rush 'n' Crush's private path messages as the mover is shown them: a path's preview (with
Drive it, the items they may Use first and the other suggested paths), the suggested one the
bot would drive, that preview again after a move that leaves them driving, and the builder.

Pure composition (no storage): `verbs.py` plays the presses and answers with these.
"""

from __future__ import annotations

import contextlib
import dataclasses

from games.engine import GameError, PlayerId
from games.rushncrush import (
    MoveAction,
    PathPreview,
    RncState,
    best_path,
    parse_path,
    preview_path,
)
from games.rushncrush.policy import arm_tokens
from render.rushncrush import render_rnc_preview
from table.answers import Answer, Message, Picture, Reworded
from table.rushncrush import board as boards
from table.rushncrush import path as paths
from table.service import Snapshot

KEY = "rushncrush"


def preview_picture(snap: Snapshot, preview: PathPreview) -> Picture:
    """A planned path drawn on the course (from the public view: the race hides nothing)."""
    row, lane = preview.end
    said = "; ".join(preview.hits)
    alt = (
        f"Your planned path on the course: {len(preview.cells) - 1} cells to row {row}, "
        f"lane {lane + 1}"
        + (", over the finish line" if preview.finishes else "")
        + (f"; {said}" if said else "")
        + ("; a die decides the rest" if preview.stops_for_roll else "")
    )
    return Picture(
        "preview", KEY, snap.session_id, render_rnc_preview, (snap.view(), preview), alt=alt
    )


def preview(snap: Snapshot, state: RncState, user_id: int, path: str) -> Answer:
    """A whole path checked, privately: its preview and Drive it / Edit / Cancel."""
    return Answer(private=(preview_message(snap, state, snap.seat_for(user_id), path),))


def preview_message(snap: Snapshot, state: RncState, player: PlayerId, path: str) -> Message:
    """The preview of `path` (refused as the rules would), offering the other suggested paths."""
    checked = preview_path(state, player, path)
    picture = preview_picture(snap, checked)
    others = suggested_paths(snap, state, player)
    uses = boards.item_uses(snap, player)
    return paths.preview_board(snap, parse_path(path), checked, picture, others, uses)


def suggested_paths(snap: Snapshot, state: RncState, player: PlayerId) -> tuple[str, ...]:
    """The paths a preview offers: the bot's own pick, then the sample paths, each arming what
    the bot would arm (a path that cannot is offered as it is)."""
    best = best_path(state, player)
    arms = " ".join(arm_tokens(state, player))
    found = [best] if best is not None else []
    for action in snap.legal_actions(player):
        if not isinstance(action, MoveAction):
            continue
        armed = f"{arms} {action.path}".strip()
        try:
            preview_path(state, player, armed)
        except GameError:
            armed = action.path
        if armed not in found:
            found.append(armed)
    return tuple(found)


def suggested_preview(snap: Snapshot, user_id: int) -> Message | None:
    """The mover's suggested path previewed, if `user_id` must drive now in this snapshot."""
    state = snap.state
    if not isinstance(state, RncState) or state.turn is None or snap.outcome is not None:
        return None
    player = snap.seat_for(user_id)
    if state.turn.player != player or state.turn.phase != "move":
        return None
    found = suggested_paths(snap, state, player)
    return preview_message(snap, state, player, found[0]) if found else None


def with_path_preview(played: Answer, user_id: int) -> Answer:
    """A gear choice (or an item used) played and, when its mover now drives, their suggested
    path previewed privately: the turn's one private message, whose Drive it is the next tap."""
    snap = played.saved
    found = suggested_preview(snap, user_id) if snap is not None else None
    if found is None:
        return played
    return dataclasses.replace(played, private=(*played.private, found))


def path_redrawn(played: Answer, user_id: int, said: str) -> Answer:
    """`played` with the pressed preview redrawn in place, headed by `said`: on the mover's
    suggested path while they still drive (a paused move, an item used), else `said` alone
    without buttons (the turn message in the channel tells the rest)."""
    found = suggested_preview(played.saved, user_id) if played.saved is not None else None
    if found is None:
        return dataclasses.replace(played, pressed=Reworded(said, controls=Message(content="")))
    return dataclasses.replace(played, pressed=found.headed(f"{said}\n"))


def builder(snap: Snapshot, state: RncState, user_id: int, path: str) -> Message:
    """The step-by-step builder with the draft `path` so far."""
    player = snap.seat_for(user_id)
    plan = paths.draft(state, player, path)
    return paths.builder_board(snap, player, plan, preview_picture(snap, plan.preview))


AGAIN = "⏩ The board has moved on (nothing was driven): your path on the road as it is now."


def path_again(snap: Snapshot, user_id: int, path: str) -> Message | None:
    """`path` ("": the suggested one) previewed anew, headed by `AGAIN`, while `user_id` still
    drives (None once they do not)."""
    found = suggested_preview(snap, user_id)
    if found is None:
        return None
    state = snap.state
    assert isinstance(state, RncState)
    if path:  # a path the road no longer allows (a car moved into it) leaves the suggested one
        with contextlib.suppress(GameError):
            found = preview_message(snap, state, snap.seat_for(user_id), path)
    return found.headed(AGAIN)
