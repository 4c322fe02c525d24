"""The Road Wolf public board message: what happened, whose turn, and two buttons.

Moves are never on the public board (their labels would show hidden tokens: a Molotov, a
Gunner's free shot); "🚗 My panel" opens the private panel of whoever presses it, and
"👁 Whole road" shows all 48 rows privately.
"""

from __future__ import annotations

from table import messages as presenters
from table.answers import ButtonSpec, Message, Picture
from table.ids import SHEET
from table.roadwolf.ids import ROAD, rw_id
from table.service import Snapshot

PANEL_LABEL = "🚗 My panel"
HINT = (
    "Players to act: tap **🚗 My panel** (only you see it) for your vehicles, their moves "
    "with a preview, and the shots in range; or type `/roadwolf move vehicle:A to:L2F3`."
)


def public_board(snap: Snapshot, image: bytes | Picture | None, with_buttons: bool) -> Message:
    buttons: list[ButtonSpec] = []
    content = presenters.board_content(snap)
    live = snap.outcome is None and snap.record.is_live and snap.state is not None
    if live:
        content = f"{content}\n{HINT}"[:1900]
    if with_buttons and live:
        sheet = presenters.shared_id(snap, SHEET)
        buttons.append(ButtonSpec(PANEL_LABEL, sheet, "primary"))
        buttons.append(ButtonSpec("👁 Whole road", rw_id(snap, ROAD, version=0)))
    return Message(
        content=content,
        image=image,
        filename=f"{snap.spec.key}-{snap.session_id}-{snap.version}.png",
        buttons=tuple(buttons),
        mentions=snap.pinged,
    )
