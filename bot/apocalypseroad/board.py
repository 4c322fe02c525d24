"""The Apocalypse Road public board message: what happened, who must act, and the buttons
that open each player's private hand (moves are never on the public board: their labels would
show a hand) and the whole track."""

from __future__ import annotations

from bot.apocalypseroad.ids import TRACK, ar_id, clip
from table import messages as presenters
from table.answers import ButtonSpec, Message, Picture
from table.ids import SHEET
from table.service import Snapshot


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
