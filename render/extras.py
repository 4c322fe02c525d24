"""Images a move draws besides the public board and the mover's own sheet (`move_extras`).

The bot draws a board after every move (after a step that moved on, in games with private
sheets) and the mover's sheet in games that have one; some moves also need a look before they
are made. `GameRenderers.move_extras(state, actor, action)`, given the state the move starts
from, draws those extra images exactly as the bot does and returns them by name; the
per-move benchmark (`bench/moves.py`) times them as part of the move. A game without such
previews leaves `move_extras` unset (docs/adding-a-game.md, section 5).
"""

from __future__ import annotations

from typing import Any

from games.engine import PlayerId
from games.rushncrush import MoveAction, RncState, preview_path
from games.rushncrush.view import view as rnc_view
from games.spacetruckin.models import Place, SpaceTruckinState
from games.spacetruckin.view import view as st_view
from render.rushncrush import render_rnc_preview
from render.spacetruckin import render_spacetruckin_sheet


def rushncrush_extras(state: RncState, actor: PlayerId, action: Any) -> dict[str, bytes]:
    """A path is previewed before it is driven (`/rushncrush move`, a suggested path or the
    builder's last step, then "Drive it"): one preview image per driven path. The builder
    draws one more per step; that is not counted here."""
    if not isinstance(action, MoveAction):
        return {}
    preview = preview_path(state, actor, action.path)
    return {"path preview": render_rnc_preview(rnc_view(state, None), preview)}


def spacetruckin_extras(state: SpaceTruckinState, actor: PlayerId, action: Any) -> dict[str, bytes]:
    """A tetromino is placed after its preview on the mover's sheet (the anchor menu or
    `/spacetruckin place`, then the confirm button): one preview sheet per placement."""
    if not isinstance(action, Place):
        return {}
    sheet = render_spacetruckin_sheet(st_view(state, actor), preview=action)
    return {"placement preview": sheet}
