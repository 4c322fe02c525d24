"""Why an action the active driver tried is refused, in words that say what to do instead."""

from __future__ import annotations

from collections.abc import Sequence

from games.dragrage.describe import describe, seat_phrase
from games.dragrage.state import (
    TRACK_LENGTH,
    Advance,
    Declare,
    DragRageAction,
    DragRageState,
    LetsRoll,
    TurnInNitro,
)
from games.dragrage.track import other
from games.engine import GameError, IllegalAction


def refusal(
    state: DragRageState, action: DragRageAction, legal: Sequence[DragRageAction]
) -> GameError:
    """An IllegalAction quoting the refused action and listing what is legal now."""
    options = ", ".join(describe(a) for a in legal)
    instead = f"you may: {options}" if options else "you have nothing to do now"
    return IllegalAction(f"{_why(state, action)}; {instead} (you must {seat_phrase(state)})")


def _why(state: DragRageState, action: DragRageAction) -> str:
    lane = state.lanes[state.active]
    rival = state.players[other(state.active)].name
    if state.phase == "declare" and not isinstance(action, Declare):
        return f"{rival} called Let's Roll, so you must declare your dice first"
    if state.phase == "after_failed_challenge" and isinstance(action, (Advance, LetsRoll)):
        return "after a failed challenge you must turn in your nitro die (to advance) or pass"
    if isinstance(action, Advance):
        return _why_counter(state, action.counter)
    if isinstance(action, LetsRoll):
        if state.last_advance is None and not state.lanes[other(state.active)].counters:
            return "Let's Roll needs a move to challenge, and your opponent has not moved yet"
        return (
            f"there is no move of {rival}'s you may challenge now (a move that was already "
            "challenged, or the move before a pass, is safe)"
        )
    if isinstance(action, Declare):
        if state.phase != "declare":
            return (
                f"nobody called Let's Roll on you, so there are no dice to declare ({action.dice})"
            )
        return "you cannot roll 3 dice: your nitro die is already spent this heat"
    if isinstance(action, TurnInNitro):
        if state.phase != "after_failed_challenge":
            return "you turn in your nitro only after your own challenge failed"
        if not lane.nitro:
            return "your nitro die is already spent this heat"
        return "your car has finished racing this heat, so it cannot advance"
    return "you cannot pass now"


def _why_counter(state: DragRageState, counter: int) -> str:
    lane = state.lanes[state.active]
    if lane.status != "racing":
        out = lane.status.replace("_", " ")
        return f"your car is out of the heat ({out}); it cannot play {counter}"
    if counter not in state.free:
        free = ", ".join(str(c) for c in state.free)
        return f"counter {counter} is already used this heat; free counters: {free}"
    end = lane.position + counter
    if end > TRACK_LENGTH:
        return (
            f"counter {counter} would take you from space {lane.position} to {end}, beyond "
            f"space {TRACK_LENGTH}, while a shorter counter is free"
        )
    return f"you cannot advance {counter} now: the heat is already decided unless you challenge"
