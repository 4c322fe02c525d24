"""What a Rush 'n' Crush driver asks for beyond an action button: its `rnc:` buttons and gear
menu (each a `Handler`, see `table.gametable`), and what its `/rushncrush` commands ask.

The path flow is private: a typed path, a suggested one or one built step by step is first
shown as a preview picture with a "Drive it" button; only that button (or `/rushncrush move
drive:True`) moves the car. A gear choice (button, menu or `/rushncrush gear`) opens that
preview at once on the suggested path, the bot's own pick (`best_path`): a turn is two taps.
An item used once the gear is chosen (🔧 Use on that preview, on the board or typed) answers
with the preview again, on the path from there: Drive it stays the next tap.
Builder steps carry the draft in their custom_id. A turn's path is one private message: every
press on it (a step, another suggestion, a Use, Edit, Cancel, Drive it, a press after the board
moved on) redraws that message instead of sending another.
"""

from __future__ import annotations

from games.engine import GameOver, Model, NotYourTurn
from games.rushncrush import ActivateAction, MoveAction, RncState, parse_path
from games.rushncrush.data import Item
from render.rushncrush import render_rushncrush
from table import messages as shared
from table.answers import Answer, Message, Picture, Press
from table.gametable import Handler, TableHost
from table.host import DAMAGED
from table.ids import ButtonId
from table.rushncrush import board as boards
from table.rushncrush import ids
from table.rushncrush import path as paths
from table.rushncrush.previews import (
    KEY,
    builder,
    path_again,
    path_redrawn,
    preview,
    preview_message,
    with_path_preview,
)
from table.service import ServiceError, Snapshot, StaleBoard, WrongGame, not_seated

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


async def use_item(host: TableHost, user_id: int, channel_id: int, item: Item) -> Answer:
    """`/rushncrush use`: the item used and, once the gear is chosen, the path previewed."""
    played = await host.play(user_id, channel_id, ActivateAction(item=item, mode="use"))
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
    host: TableHost, press: Press, rid: ButtonId, *, path: str | None = None
) -> Snapshot | Answer:
    """The race, if current; else the answer redrawing the pressed private message (the
    player's one private message of the turn stays one): a preview (`path`: the path it
    showed, "" for the suggested one) whose owner still drives, as that path on the road as
    it is now (or the suggested one, if it no longer fits); anything else as the current
    board."""
    try:
        return await _current(host, press, rid)
    except StaleBoard as stale:
        again = path_again(stale.current, press.user_id, path) if path is not None else None
        if again is not None:
            return Answer(pressed=again)
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
    snap = await _in_place(host, press, rid, path=rid.payload)
    if isinstance(snap, Answer):
        return snap
    mover(snap, press.user_id)
    played = await _play_pressed(host, press, rid, MoveAction(path=rid.payload))
    driven = (
        f"✅ Driven: `{ids.spaced(parse_path(rid.payload))}` · game #{snap.session_id} "
        f"(only you see this)\n{played.confirmation} The turn message in the channel tells "
        "how it went."
    )
    return path_redrawn(played, press.user_id, driven)  # a paused move (side ram): the rest


async def preview_suggested(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    snap = await _current(host, press, rid)
    return preview(snap, mover(snap, press.user_id), press.user_id, rid.payload)


async def switch_path(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """The pressed preview redrawn on another suggested path."""
    snap = await _in_place(host, press, rid, path=rid.payload)
    if isinstance(snap, Answer):
        return snap
    state = mover(snap, press.user_id)
    player = snap.seat_for(press.user_id)
    return Answer(pressed=preview_message(snap, state, player, rid.payload))


async def _play_pressed(host: TableHost, press: Press, rid: ButtonId, action: Model) -> Answer:
    """Play `action` for the presser, on the version the pressed button was drawn for."""
    return await host.play(
        press.user_id,
        press.channel_id,
        action,
        session_id=rid.session_id,
        expected_version=rid.version,
    )


async def _from_board(host: TableHost, press: Press, rid: ButtonId, action: Model) -> Answer:
    """Play a gear choice or an item from the board, then preview the mover's suggested path
    (once they drive)."""
    await _current(host, press, rid)
    return with_path_preview(await _play_pressed(host, press, rid, action), press.user_id)


async def shift(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """A gear button: play the gear choice its payload names."""
    return await _from_board(host, press, rid, ids.parse_gear_digits(rid.payload))


async def pick_gear(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """The gear menu: play the gear choice its picked value names."""
    value = press.values[0] if press.values else ""
    return await _from_board(host, press, rid, ids.parse_gear_value(value))


async def use_from_board(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """The board's 🔧 Use once the gear is chosen: the item used, the path previewed again."""
    return await _from_board(host, press, rid, ids.parse_use(rid.payload))


async def use_in_preview(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """A preview's 🔧 Use: the item used, and that preview redrawn on the suggested path from
    there (an old preview: redrawn as the road is now, nothing used)."""
    snap = await _in_place(host, press, rid, path="")
    if isinstance(snap, Answer):
        return snap
    mover(snap, press.user_id)
    played = await _play_pressed(host, press, rid, ids.parse_use(rid.payload))
    return path_redrawn(played, press.user_id, played.confirmation)


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
    ids.USE: use_from_board,
    ids.USE_HERE: use_in_preview,
}
"""What each `rnc:` verb does (every one changes the pressed message or answers privately)."""
