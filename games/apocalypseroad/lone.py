"""A player's only legal move, which the table makes for them at once (issue 26).

`legal_actions` lists representatives where a choice is wide (sample moves, one card of each
kind), so a single entry there is not proof of a single move: the move stage asks every
distinct end of the move (`move_results`), and a card is lone only with one card in hand."""

from __future__ import annotations

from games.apocalypseroad.choices import legal_actions, move_results, sample_moves
from games.apocalypseroad.model import Action, ArState, Move, PlayCard
from games.apocalypseroad.rules import active_players
from games.engine import PlayerId


def forced_move(state: ArState, player: PlayerId) -> Action | None:
    """The one move `player` can make now (a Sideswipe with room on one side only, the one
    car left for Dangerous Debris, a move with a single end), or None when they choose."""
    act = state.activation
    seat = next((t.seat for t in state.teams if t.player == player), None)
    if seat is None:
        return None
    if state.phase == "action" and act is None and len(state.teams[seat].hand) > 1:
        return None  # a card to play: the listed plays keep one card of each kind, so a choice
    if state.phase == "action" and act is not None and act.stage == "move":
        if player not in active_players(state):
            return None
        # Two quick samples that end apart settle it (`move_results` includes them): the
        # whole search (some 30 ms at ten players, asked several times a press) only where
        # every sample ends alike.
        if len({(r.moved, r.stop) for r in sample_moves(state)}) > 1:
            return None
        ends = move_results(state)
        return Move(path=ends[0].path) if len(ends) == 1 else None
    legal = legal_actions(state, player)
    if len(legal) != 1:
        return None
    only = legal[0]
    if isinstance(only, PlayCard):
        # the listed plays keep one card of each kind: another card of that kind is a choice
        return only if len(state.teams[seat].hand) == 1 else None
    return only
