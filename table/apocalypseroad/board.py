"""The Apocalypse Road public board message: what happened, who must act, and the buttons
that open each player's private hand (moves are never on the public board: their labels would
show a hand) and the whole track."""

from __future__ import annotations

import dataclasses

from games.engine import PlayerId
from render.apocalypseroad import render_apocalypseroad
from table import messages as presenters
from table.answers import ButtonSpec, Message, Picture
from table.apocalypseroad.ids import TRACK, ar_id, clip
from table.ids import SHEET
from table.service import ServiceError, Snapshot, WrongGame

KEY = "apocalypseroad"


def public_board(snap: Snapshot, image: bytes | Picture | None, with_buttons: bool) -> Message:
    buttons: tuple[ButtonSpec, ...] = ()
    live = snap.outcome is None and snap.record.is_live and snap.state is not None
    if with_buttons and live:
        # A finished race offers nothing to press (`/apocalypseroad track` still shows it).
        hand = ButtonSpec("🃏 My hand", presenters.shared_id(snap, SHEET), "primary")
        buttons = (hand, ButtonSpec("🗺 Whole track", ar_id(snap, TRACK)))
    return Message(
        content=clip(presenters.board_content(snap)),
        image=image,
        filename=f"{snap.spec.key}-{snap.session_id}-{snap.version}.png",
        buttons=buttons,
        mentions=snap.pinged,
    )


def track_in_place(snap: Snapshot, viewer: PlayerId) -> Message:
    """The whole track drawn over `viewer`'s own hand message, with the way back to the hand
    (and to the board) on it: that message changes, no other is sent."""
    own = snap.for_viewer(viewer)
    hand = ButtonSpec("🃏 My hand", presenters.shared_id(own, SHEET, in_place=True), "primary")
    buttons = (hand, presenters.board_in_place_button(own))
    return dataclasses.replace(whole_track(snap), buttons=buttons)


def whole_track(snap: Snapshot) -> Message:
    """The whole track with every car (the public view), for one person."""
    if snap.spec.key != KEY:
        raise WrongGame(f"the game here is {snap.spec.title}, not Apocalypse Road")
    if snap.state is None:
        raise ServiceError("the race has not started yet; the host starts it with `/game start`")
    track = Picture(
        "track",
        KEY,
        snap.session_id,
        render_apocalypseroad,
        (snap.view(),),
        {"whole_track": True},
        alt=presenters.picture_alt(snap, "The whole track"),
    )
    return Message(
        content=f"**The whole track** · game #{snap.session_id} (only you see this)",
        image=track,
        filename=f"track-{snap.session_id}-{snap.version}.png",
    )
