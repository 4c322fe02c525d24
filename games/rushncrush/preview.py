"""`preview_path`: where a typed path would take a car and what it would hit, without rolling."""

from __future__ import annotations

from games.engine import IllegalAction, NotYourTurn, PlayerId
from games.rushncrush.board import Board
from games.rushncrush.driving import swerve_options
from games.rushncrush.model import RncState
from games.rushncrush.path import PathPreview, dry_run, parse_path, preview_from


def preview_path(state: RncState, player: PlayerId, path: str) -> PathPreview:
    """Dry-run a path for the player whose turn it is; raises the error `apply` would raise."""
    _check_turn(state, player)
    run = dry_run(state, player, parse_path(path))
    return preview_from(state, player, run)


def preview_partial(state: RncState, player: PlayerId, path: str) -> PathPreview:
    """Like `preview_path` for a path still being written step by step: every token so far must
    be legal, but the path may stop short of the full speed (an empty path is the start)."""
    _check_turn(state, player)
    tokens = parse_path(path) if path.strip() else ()
    run = dry_run(state, player, tokens, complete=False)
    return preview_from(state, player, run)


def swerve_steps(state: RncState, player: PlayerId) -> tuple[str, ...]:
    """The steps the compulsory swerve may take now (empty when no swerve is owed)."""
    turn = state.turn
    if turn is None or turn.player != player or not turn.swerve_pending:
        return ()
    return swerve_options(Board(state, None), player)


def _check_turn(state: RncState, player: PlayerId) -> None:
    turn = state.turn
    if turn is None or turn.player != player:
        raise NotYourTurn("you can preview a path only on your own turn")
    if turn.phase != "move":
        raise IllegalAction("choose your gear first; the path comes after the dice")
