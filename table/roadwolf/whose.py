"""Whose turn it is and what they are choosing, in words, for a refusal: a player who presses
or types out of turn learns who is to act and what they are doing, not "see the board"."""

from __future__ import annotations

from games.engine import NotYourTurn
from games.roadwolf.model import RwState
from table.service import Snapshot


def whose_turn(snap: Snapshot) -> str:
    """`it is Bob's turn: Bob is choosing Muscle Car N's action` (or which vehicle to
    activate, or what they decide); while building, who is still building."""
    state = snap.state
    if not isinstance(state, RwState):
        return "the game has not started yet"
    if state.phase == "build":
        building = [snap.name_of(p) for p in sorted(snap.active_players)]
        return f"armies are being built: waiting for {_and(building) or 'nobody'}"
    turn = state.turn
    if turn is None or state.phase != "play":
        return "nobody is to play now"
    side = state.sides[turn.side]
    names = [snap.name_of(p) for p in side.players]
    who = names[0] if len(names) == 1 else "they"
    owner = f"{names[0]}'s" if len(names) == 1 else f"the {side.name}' ({_and(names)})"
    vehicle = state.find(turn.vehicle) if turn.vehicle is not None else None
    verb = "is" if len(names) == 1 else "are"
    if turn.decision:
        doing = f"{verb} deciding: {turn.decision}"
    elif vehicle is not None:
        doing = f"{verb} choosing {vehicle.name} {vehicle.letter}'s action"
    else:
        doing = f"{verb} choosing which vehicle to activate"
    return f"it is {owner} turn: {who} {doing}"


def not_your_turn(snap: Snapshot) -> NotYourTurn:
    """The refusal for a press or a command out of turn, naming whose turn it is."""
    return NotYourTurn(whose_turn(snap))


def _and(names: list[str]) -> str:
    """`Ann`, `Ann and Bob`, `Ann, Bob and Cy`."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
