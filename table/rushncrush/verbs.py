"""What a Rush 'n' Crush driver asks for beyond an action button: its `rnc:` buttons and gear
menu (each a `Handler`, see `table.gametable`), and what its `/rushncrush` commands ask.

The path flow is private: a typed path, a suggested one or one built step by step is first
shown as a preview picture with a "Drive it" button; only that button (or `/rushncrush move
drive:True`) moves the car. A gear choice (button, menu or `/rushncrush gear`) opens that
preview at once on the suggested path, the bot's own pick (`best_path`): a turn is two taps.
Builder steps carry the draft in their custom_id. A turn's path is one private message: every
press on it (a step, another suggestion, Edit, Cancel, Drive it, a press after the board moved
on) redraws that message instead of sending another.
"""

from __future__ import annotations

import contextlib
import dataclasses

from games.engine import GameError, GameOver, NotYourTurn, PlayerId
from games.rushncrush import (
    GearAction,
    MoveAction,
    PathPreview,
    RncState,
    best_path,
    parse_path,
    preview_path,
)
from games.rushncrush.policy import arm_tokens
from render.rushncrush import render_rnc_preview, render_rushncrush
from table import messages as shared
from table.answers import Answer, Message, Picture, Press, Reworded
from table.gametable import Handler, TableHost
from table.host import DAMAGED
from table.ids import ButtonId
from table.rushncrush import board as boards
from table.rushncrush import ids
from table.rushncrush import path as paths
from table.service import ServiceError, Snapshot, StaleBoard, WrongGame, not_seated

KEY = "rushncrush"
NOT_STARTED = "the race has not started yet; the host starts it with `/game start`"


def mover(snap: Snapshot, user_id: int) -> RncState:
    """The game's state, if it is this user's turn in this channel's race."""
    state = snap.state
    if snap.spec.key != KEY:
        raise WrongGame(
            f"the game in this channel is {snap.spec.title}; its moves are its buttons "
            f"and the `/{snap.spec.key}` commands"
        )
    if not isinstance(state, RncState) or snap.is_lobby:
        raise ServiceError(NOT_STARTED)
    if snap.outcome is not None or not snap.record.is_live:
        raise GameOver("the race is over; start another with `/game new`")
    seat = snap.player_of(user_id)
    if seat is None:
        raise not_seated(snap)
    if seat not in snap.active_players:
        raise NotYourTurn(shared.not_your_move(snap))
    return state


# ----- private messages --------------------------------------------------------------------


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
    return paths.preview_board(snap, parse_path(path), checked, picture, others)


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
    """A gear choice played and, when its mover now drives, their suggested path previewed
    privately: the turn's one private message, whose Drive it is the turn's second tap."""
    snap = played.saved
    found = suggested_preview(snap, user_id) if snap is not None else None
    if found is None:
        return played
    return dataclasses.replace(played, private=(*played.private, found))


def builder(snap: Snapshot, state: RncState, user_id: int, path: str) -> Message:
    """The step-by-step builder with the draft `path` so far."""
    player = snap.seat_for(user_id)
    plan = paths.draft(state, player, path)
    return paths.builder_board(snap, player, plan, preview_picture(snap, plan.preview))


def course(snap: Snapshot) -> Answer:
    """The whole course with every car, wreck and mine, privately."""
    if snap.spec.key != KEY:
        raise WrongGame(f"the game in this channel is {snap.spec.title}, not Rush 'n' Crush")
    if snap.state is None:
        raise ServiceError(NOT_STARTED)
    picture = Picture(
        "course",
        KEY,
        snap.session_id,
        render_rushncrush,
        (snap.view(),),
        {"whole_course": True},
        alt=shared.picture_alt(snap, "The whole course"),
    )
    board = Message(
        content=f"**The whole course** · game #{snap.session_id} (only you see this)",
        image=picture,
        filename=f"course-{snap.session_id}-{snap.version}.png",
    )
    return Answer(private=(board,))


# ----- what the `/rushncrush` commands ask --------------------------------------------------


async def choose_gear(
    host: TableHost,
    user_id: int,
    channel_id: int,
    speed: int,
    gear: int | None,
    turbo: int | None,
    brake: int | None,
) -> Answer:
    """`/rushncrush gear`: the legal gear choice it names, played."""
    snap = await host.service.current(channel_id)
    mover(snap, user_id)
    action = paths.gear_for(snap, snap.seat_for(user_id), speed, gear, turbo, brake)
    played = await host.play(user_id, channel_id, action, session_id=snap.session_id)
    return with_path_preview(played, user_id)


async def plan(
    host: TableHost, user_id: int, channel_id: int, path: str, *, drive: bool = False
) -> Answer:
    """`/rushncrush move`: the path's preview, or with `drive` the move itself."""
    snap = await host.service.current(channel_id)
    state = mover(snap, user_id)
    if drive:
        return await host.play(
            user_id, channel_id, MoveAction(path=path), session_id=snap.session_id
        )
    return preview(snap, state, user_id, path)


async def steer(host: TableHost, user_id: int, channel_id: int) -> Answer:
    """`/rushncrush steer`: an empty builder."""
    snap = await host.service.current(channel_id)
    return Answer(private=(builder(snap, mover(snap, user_id), user_id, ""),))


async def whole_course(host: TableHost, user_id: int, channel_id: int) -> Answer:
    """`/rushncrush course` (anyone may look, players or not)."""
    return course(await host.service.current(channel_id))


# ----- rnc: buttons ------------------------------------------------------------------------


async def _race(host: TableHost, press: Press, rid: ButtonId) -> Snapshot:
    """The race a button belongs to, refused from another channel or game."""
    snap = await host.service.by_id(rid.session_id)
    if snap.record.channel_id != press.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if snap.spec.key != KEY:
        raise ServiceError(DAMAGED)
    return snap


async def _current(host: TableHost, press: Press, rid: ButtonId) -> Snapshot:
    """The race, if the board the button sat on is still the current one."""
    snap = await _race(host, press, rid)
    if rid.version != snap.version:
        raise StaleBoard("the board has moved on; here is the current one", snap)
    return snap


async def _in_place(
    host: TableHost, press: Press, rid: ButtonId, *, path: bool = False
) -> Snapshot | Answer:
    """The race, if current; else the answer redrawing the pressed private message (the
    player's one private message of the turn stays one): a preview (`path`: its payload is a
    whole path) whose owner still drives, as that path on the road as it is now (or the
    suggested one, if it no longer fits); anything else as the current board."""
    try:
        return await _current(host, press, rid)
    except StaleBoard as stale:
        again = _path_again(stale.current, press.user_id, rid.payload) if path else None
        if again is not None:
            return Answer(pressed=again)
        return Answer(pressed=host.stale(press.user_id, stale).private[0])


AGAIN = "⏩ The board has moved on (nothing was driven): your path on the road as it is now."


def _path_again(snap: Snapshot, user_id: int, path: str) -> Message | None:
    """`path` previewed anew while `user_id` still drives (None once they do not)."""
    found = suggested_preview(snap, user_id)
    if found is None:
        return None
    state = snap.state
    assert isinstance(state, RncState)
    # a path the road no longer allows (a car moved into it) leaves the suggested one
    with contextlib.suppress(GameError):
        found = preview_message(snap, state, snap.seat_for(user_id), path)
    return found.headed(AGAIN)


async def cancel(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """Close a private preview or builder."""
    await _race(host, press, rid)
    return Answer(pressed=Message(content="✖ Closed: nothing was driven."))


async def show_course(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    return course(await _race(host, press, rid))


async def open_builder(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    snap = await _current(host, press, rid)
    return Answer(private=(builder(snap, mover(snap, press.user_id), press.user_id, ""),))


async def step(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """The builder redrawn with the draft its button carries."""
    snap = await _in_place(host, press, rid)
    if isinstance(snap, Answer):
        return snap
    state = mover(snap, press.user_id)
    return Answer(pressed=builder(snap, state, press.user_id, rid.payload))


async def drive(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """Drive the path a private preview or builder shows; that message then says it was
    driven and keeps no buttons (the turn message in the channel tells how it went)."""
    snap = await _in_place(host, press, rid, path=True)
    if isinstance(snap, Answer):
        return snap
    mover(snap, press.user_id)
    played = await host.play(
        press.user_id,
        press.channel_id,
        MoveAction(path=rid.payload),
        session_id=rid.session_id,
        expected_version=rid.version,
    )
    driven = (
        f"✅ Driven: `{ids.spaced(parse_path(rid.payload))}` · game #{snap.session_id} "
        f"(only you see this)\n{played.confirmation} The turn message in the channel tells "
        "how it went."
    )
    rest = suggested_preview(played.saved, press.user_id) if played.saved else None
    if rest is not None:  # the move paused (a side ram): the rest, previewed in place
        rest = dataclasses.replace(rest, content=f"{driven}\n\n{rest.content}"[:1990])
        return dataclasses.replace(played, pressed=rest)
    return dataclasses.replace(played, pressed=Reworded(driven, controls=Message(content="")))


async def preview_suggested(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    snap = await _current(host, press, rid)
    return preview(snap, mover(snap, press.user_id), press.user_id, rid.payload)


async def switch_path(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """The pressed preview redrawn on another suggested path."""
    snap = await _in_place(host, press, rid, path=True)
    if isinstance(snap, Answer):
        return snap
    state = mover(snap, press.user_id)
    player = snap.seat_for(press.user_id)
    return Answer(pressed=preview_message(snap, state, player, rid.payload))


async def _shift(host: TableHost, press: Press, rid: ButtonId, action: GearAction) -> Answer:
    """Play a gear choice from the board, then preview the mover's suggested path."""
    await _current(host, press, rid)
    played = await host.play(
        press.user_id,
        press.channel_id,
        action,
        session_id=rid.session_id,
        expected_version=rid.version,
    )
    return with_path_preview(played, press.user_id)


async def shift(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """A gear button: play the gear choice its payload names."""
    return await _shift(host, press, rid, ids.parse_gear_digits(rid.payload))


async def pick_gear(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """The gear menu: play the gear choice its picked value names."""
    value = press.values[0] if press.values else ""
    return await _shift(host, press, rid, ids.parse_gear_value(value))


async def every_gear(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """Every gear choice, privately (boards drawn before the gear menu had this button)."""
    snap = await _current(host, press, rid)
    mover(snap, press.user_id)
    return Answer(private=(boards.gear_panel(snap, snap.seat_for(press.user_id)),))


HANDLERS: dict[str, Handler] = {
    ids.BUILD: open_builder,
    ids.STEP: step,
    ids.PREVIEW: preview_suggested,
    ids.COURSE: show_course,
    ids.MORE: every_gear,
    ids.PICK: pick_gear,
    ids.CANCEL: cancel,
    ids.DRIVE: drive,
    ids.SHIFT: shift,
    ids.SWITCH: switch_path,
}
"""What each `rnc:` verb does (every one changes the pressed message or answers privately)."""
