"""`preview_path`: where a typed path would take a car and what it would hit, without rolling."""

from __future__ import annotations

from games.engine import IllegalAction, NotYourTurn, PlayerId
from games.rushncrush.model import RncState
from games.rushncrush.path import PathPreview, dry_run, parse_path, preview_from


def preview_path(state: RncState, player: PlayerId, path: str) -> PathPreview:
    """Dry-run a path for the player whose turn it is; raises the error `apply` would raise."""
    turn = state.turn
    if turn is None or turn.player != player:
        raise NotYourTurn("you can preview a path only on your own turn")
    if turn.phase != "move":
        raise IllegalAction("choose your gear first; the path comes after the dice")
    run = dry_run(state, player, parse_path(path))
    return preview_from(state, player, run)
