"""What a Rush 'n' Crush driver asks for beyond an action button: its `rnc:` buttons and gear
menu (each a `Handler`, see `table.gametable`), and what its `/rushncrush` commands ask.

The path flow is private: a typed path, a suggested one or one built step by step is first
shown as a preview picture with a "Drive it" button; only that button (or `/rushncrush move
drive:True`) moves the car. Builder steps carry the draft in their custom_id. A turn's path is
one private message: every press on it (a step, Edit, Cancel, Drive it, a press after the
board moved on) redraws that message instead of sending another.
"""

from __future__ import annotations

import dataclasses

from games.engine import GameOver, NotYourTurn
from games.rushncrush import MoveAction, PathPreview, RncState, parse_path, preview_path
from render.rushncrush import render_rnc_preview, render_rushncrush
from table import messages as shared
from table.answers import Answer, Message, Picture, Press, Reworded
from table.gametable import Handler, TableHost
from table.host import DAMAGED
from table.ids import ButtonId
from table.rushncrush import board as boards
from table.rushncrush import ids
from table.rushncrush import path as paths
from table.service import ServiceError, Snapshot, StaleBoard, WrongGame

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
    if snap.seat_for(user_id) not in snap.active_players:
        turn = state.turn
        name = snap.name_of(turn.player) if turn is not None else "nobody"
        raise NotYourTurn(f"it is {name}'s turn, not yours; wait for yours")
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
    checked = preview_path(state, snap.seat_for(user_id), path)
    board = paths.preview_board(snap, parse_path(path), checked, preview_picture(snap, checked))
    return Answer(private=(board,))


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
    return await host.play(user_id, channel_id, action, session_id=snap.session_id)


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


async def _in_place(host: TableHost, press: Press, rid: ButtonId) -> Snapshot | Answer:
    """The race, if current; else the answer redrawing the pressed private message as the
    current board (the player's one private message of the turn stays one)."""
    try:
        return await _current(host, press, rid)
    except StaleBoard as stale:
        return Answer(pressed=host.stale(press.user_id, stale).private[0])


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
    snap = await _in_place(host, press, rid)
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
    return dataclasses.replace(played, pressed=Reworded(driven, controls=Message(content="")))


async def preview_suggested(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    snap = await _current(host, press, rid)
    return preview(snap, mover(snap, press.user_id), press.user_id, rid.payload)


async def pick_gear(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """The gear menu: play the gear choice its picked value names."""
    await _current(host, press, rid)
    action = ids.parse_gear_value(press.values[0] if press.values else "")
    return await host.play(
        press.user_id,
        press.channel_id,
        action,
        session_id=rid.session_id,
        expected_version=rid.version,
    )


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
}
"""What each `rnc:` verb does (every one changes the pressed message or answers privately)."""
