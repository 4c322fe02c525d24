"""The pending move for the few-taps flow, from the rules' own choices (`choices.py`):
its distinct results and a step-by-step draft (each moved car's trail, for the preview image,
is `render.apocalypseroad.extras.move_trails`).

A result offered here is a `Move` the engine accepts (the rules compute it with their own
movement code).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.apocalypseroad.choices import MoveResult, move_results, preview_move
from games.apocalypseroad.model import ArState
from games.apocalypseroad.movement import BadStep
from render.apocalypseroad.extras import move_trails as trails

MAX_RESULTS = 10
"""More distinct results than this: the builder instead of a list of buttons."""
SEARCH_NODES = 500
"""The rules' search budget per listing (their default, 2,500, can take 400 ms at ten
players; this keeps a hand redraw to tens of ms). Past it the list may be partial: the
builder is always offered beside it."""


@dataclass(frozen=True)
class Draft:
    """A path being built step by step."""

    tokens: tuple[str, ...]
    options: tuple[str, ...]
    """Steps legal next."""
    mp_left: int
    ready: bool
    """Complete and legal: `Move(path)` would be accepted."""
    result: MoveResult | None


def draft(state: ArState, path: str) -> Draft:
    """Where the draft `path` stands; raises BadStep if it is not legal (any more)."""
    preview = preview_move(state, path)
    if not preview.ok:
        raise BadStep(preview.error)
    return Draft(
        tuple(preview.path.split()),
        preview.next_steps,
        preview.mp_left,
        preview.complete,
        preview.result,
    )


def results(state: ArState) -> tuple[list[MoveResult], bool]:
    """The distinct results, best first (no collision stop, shortest), and whether they are
    few enough to offer as buttons."""
    found = sorted(
        move_results(state, SEARCH_NODES), key=lambda r: (r.stop is not None, len(r.path))
    )
    return found[:MAX_RESULTS], len(found) <= MAX_RESULTS


__all__ = ["MAX_RESULTS", "Draft", "draft", "results", "trails"]
