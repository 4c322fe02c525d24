"""Words for players: button labels, event lines and what the active driver is asked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.dragrage.state import (
    Advance,
    Declare,
    DragRageAction,
    DragRageState,
    LetsRoll,
    Prompt,
    TurnInNitro,
)
from games.dragrage.track import advance_options, decide, fitting_counters, other
from games.engine import Event, PlayerId


def describe(action: DragRageAction) -> str:
    """The short button label of an action."""
    if isinstance(action, Advance):
        return str(action.counter)
    if isinstance(action, LetsRoll):
        return "Let's Roll!"
    if isinstance(action, Declare):
        return "Roll 3 dice (nitro)" if action.dice == 3 else "Roll 2 dice"
    if isinstance(action, TurnInNitro):
        return "Turn in nitro"
    return "Pass"


def describe_event(event: Event | Mapping[str, Any]) -> str:
    """One line for the log; accepts an event model or its JSON dict read back from storage."""
    raw: Mapping[str, Any] = event.model_dump() if isinstance(event, Event) else event
    if raw.get("kind") == "dice_rolled":
        dice = tuple(int(d) for d in raw.get("dice", ()))
        faces = " + ".join(str(d) for d in dice)
        shown = f"{faces} = {sum(dice)}" if len(dice) > 1 else faces
        return f"🎲 {shown} ({raw.get('why', 'roll')})"
    return str(raw.get("text") or raw.get("kind", ""))


def prompt_kind(state: DragRageState) -> Prompt:
    if state.phase == "finished":
        return "none"
    if state.phase == "declare":
        return "declare_dice"
    if state.phase == "after_failed_challenge":
        return "nitro_or_pass"
    lane = state.lanes[state.active]
    can_advance = lane.status == "racing" and decide(state) is None
    if can_advance:
        return "choose_counter" if state.challengeable is None else "choose_counter_or_lets_roll"
    return "lets_roll_or_pass"


def seat_phrase(state: DragRageState) -> str:
    """What the active driver must do now, as a phrase ("choose a counter: 2, 3, 5")."""
    kind = prompt_kind(state)
    me = state.active
    rival = state.players[other(me)].name
    lane = state.lanes[me]
    if kind == "none":
        return "nothing: the race is over"
    if kind == "declare_dice":
        counter = state.challenge.move.counter if state.challenge else 0
        nitro = " or 3 (with your nitro)" if lane.nitro else " (your nitro is spent)"
        return f"declare 2 dice{nitro} to defend your {counter} against {rival}'s Let's Roll"
    if kind == "nitro_or_pass":
        if lane.nitro and lane.status == "racing":
            return "your challenge failed: turn in your nitro die and advance, or pass"
        return "your challenge failed: pass"
    counters = ", ".join(str(c) for c in advance_options(lane.position, state.free))
    if not fitting_counters(lane.position, state.free):
        # Source line 20: with no counter that fits, the car must overshoot 26.
        counters += ": each overshoots space 26, a broken chute"
    move = state.challengeable
    if kind == "choose_counter":
        return f"choose a counter ({counters})"
    if kind == "choose_counter_or_lets_roll" and move is not None:
        return f"choose a counter ({counters}) or call Let's Roll on {rival}'s {move.counter}"
    counter = move.counter if move is not None else 0
    return f"call Let's Roll on {rival}'s {counter} or pass to let it stand"


def prompt(state: DragRageState, player: PlayerId) -> str:
    """The bot's turn line for `player` (used through `SPEC.extra["prompt"]`)."""
    if state.phase == "finished" or state.players[state.active].id != player:
        return "wait for the other driver"
    return seat_phrase(state)
