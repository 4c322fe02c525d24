"""Images an Apocalypse Road move draws besides the board and the mover's hand (the benchmark's
`move_extras`), and each moved car's trail for a move preview."""

from __future__ import annotations

from typing import Any

from games.apocalypseroad.choices import planned
from games.apocalypseroad.model import ArState, Move, PlayCard, Pos
from games.apocalypseroad.movement import run
from games.apocalypseroad.rules import mover_for
from games.apocalypseroad.sim import Sim
from games.apocalypseroad.view import view as ar_view
from games.engine import PlayerId
from render.apocalypseroad.preview import render_apocalypseroad_preview


def move_trails(state: ArState, path: str) -> dict[int, tuple[Pos, ...]]:
    """Each car the pending move's `path` moves, with its spaces in order (start first).
    Raises the rules' BadStep if the path is not legal."""
    act = state.activation
    if act is None or act.stage != "move":
        return {}
    mover = run(mover_for(Sim(state), act), path)
    return {car: tuple(spaces) for car, spaces in mover.board.paths.items()}


def apocalypseroad_extras(state: ArState, actor: PlayerId, action: Any) -> dict[str, bytes]:
    """A move is chosen on a preview (the track around the car with the best result drawn,
    beside the move menu; or the builder's): one preview image per move. Builder steps draw
    one more each; not counted here."""
    if isinstance(action, PlayCard) and action.path is not None:
        state = planned(state, actor, action.card, action.car, action.ram_lead)
        path = action.path
    elif isinstance(action, Move):
        path = action.path
    else:
        return {}
    image = render_apocalypseroad_preview(
        ar_view(state, actor), move_trails(state, path), title=f"Planned move: {path}"
    )
    return {"move preview": image}
