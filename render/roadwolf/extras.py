"""Road Wolf's `move_extras` (see `render/extras.py`): a MOVE, BRAKE or NITRO is previewed on
the mover's panel (reach, ghost, path, warnings) before ✅ Confirm plays it, so each one draws
one preview image besides the board and the panel."""

from __future__ import annotations

from typing import Any

from games.engine import PlayerId
from games.roadwolf.geometry import MoveKind
from games.roadwolf.model import MoveAction, NitroAction, RwState
from games.roadwolf.preview import preview
from games.roadwolf.view import view
from render.roadwolf import render_roadwolf_preview


def roadwolf_extras(state: RwState, actor: PlayerId, action: Any) -> dict[str, bytes]:
    if isinstance(action, NitroAction):
        planned = preview(state, action.vehicle, "nitro", 0, 8)
    elif isinstance(action, MoveAction):
        kind: MoveKind = "brake" if action.kind == "brake" else "move"
        planned = preview(state, action.vehicle, kind, action.dx, action.dy)
    else:
        return {}
    drawn = render_roadwolf_preview(view(state, actor), action.vehicle, planned)
    return {"move preview": drawn}
