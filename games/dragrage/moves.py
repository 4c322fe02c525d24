"""Drag Rage moves: what each legal action does to the race, before the step is settled.

Each function takes a state whose action `rules.apply` has already checked, appends the events
that happened and returns the new state; `heats.settle` then tidies up after it.
"""

from __future__ import annotations

from games.dragrage.heats import end_heat, settle
from games.dragrage.narration import pass_words
from games.dragrage.state import (
    Advanced,
    Challenge,
    Challenged,
    ChallengeFailed,
    Declared,
    DragRageState,
    Lane,
    Move,
    NitroTurnedIn,
    Passed,
    PassReason,
    PlayedCounter,
    Seat,
    SpunOut,
)
from games.dragrage.track import decide, other
from games.engine import Event, Rng


def advance(
    state: DragRageState, seat: Seat, counter: int, rng: Rng, events: list[Event]
) -> DragRageState:
    lane = state.lanes[seat]
    start, end = lane.position, lane.position + counter
    played = PlayedCounter(value=counter, from_space=start, to_space=end)
    moved = lane.model_copy(update={"position": end, "counters": (*lane.counters, played)})
    name = state.players[seat].name
    events.append(
        Advanced(
            player=state.players[seat].id,
            counter=counter,
            from_space=start,
            to_space=end,
            text=f"{name} played the {counter}: space {start} → {end}",
        )
    )
    move = Move(seat=seat, counter=counter, from_space=start, to_space=end)
    new = state.model_copy(
        update={
            "lanes": _replace(state.lanes, seat, moved),
            "free": tuple(c for c in state.free if c != counter),
            "active": other(seat),
            "phase": "move",
            "challengeable": move,
            "last_advance": move,
        }
    )
    return settle(new, rng, events)


def lets_roll(state: DragRageState, seat: Seat, events: list[Event]) -> DragRageState:
    move = state.challengeable
    assert move is not None  # guaranteed by the legality check
    target = other(seat)
    events.append(
        Challenged(
            challenger=state.players[seat].id,
            target=state.players[target].id,
            counter=move.counter,
            text=(
                f"{state.players[seat].name} calls Let's Roll on "
                f"{state.players[target].name}'s {move.counter}!"
            ),
        )
    )
    return state.model_copy(
        update={
            "phase": "declare",
            "active": target,
            "challengeable": None,
            "challenge": Challenge(challenger=seat, target=target, move=move),
        }
    )


def declare(
    state: DragRageState, seat: Seat, dice: int, rng: Rng, events: list[Event]
) -> DragRageState:
    challenge = state.challenge
    assert challenge is not None  # the declare phase always has a challenge
    move, name = challenge.move, state.players[seat].name
    lane = state.lanes[seat]
    if dice == 3:
        lane = lane.model_copy(update={"nitro": False})
    how = "3 dice (nitro)" if dice == 3 else "2 dice"
    events.append(Declared(player=state.players[seat].id, dice=dice, text=f"{name} declares {how}"))
    roll = rng.roll(
        dice, who=state.players[seat].id, why=f"{name} needs {move.counter}+ to keep the move"
    )
    events.append(roll)
    state = state.model_copy(update={"lanes": _replace(state.lanes, seat, lane), "challenge": None})
    challenger = challenge.challenger
    if roll.total >= move.counter:
        events.append(
            ChallengeFailed(
                challenger=state.players[challenger].id,
                target=state.players[seat].id,
                counter=move.counter,
                total=roll.total,
                text=(
                    f"{roll.total} ≥ {move.counter}: the {move.counter} stands, "
                    f"{state.players[challenger].name}'s challenge failed"
                ),
            )
        )
        result = decide(state)
        if result is not None:
            return end_heat(state, result, rng, events)
        return state.model_copy(update={"phase": "after_failed_challenge", "active": challenger})
    counters = tuple(
        c.model_copy(update={"spun_out": True}) if i == len(lane.counters) - 1 else c
        for i, c in enumerate(lane.counters)
    )
    back = lane.model_copy(
        update={"position": move.from_space, "counters": counters, "status": "racing"}
    )
    events.append(
        SpunOut(
            player=state.players[seat].id,
            counter=move.counter,
            total=roll.total,
            back_to=move.from_space,
            text=(
                f"{roll.total} < {move.counter}: {name} spins out back to space "
                f"{move.from_space} (the {move.counter} still counts)"
            ),
        )
    )
    new = state.model_copy(
        update={
            "lanes": _replace(state.lanes, seat, back),
            "phase": "move",
            "active": challenger,
            "last_advance": None,
        }
    )
    return settle(new, rng, events)


def turn_in_nitro(state: DragRageState, seat: Seat, events: list[Event]) -> DragRageState:
    lane = state.lanes[seat].model_copy(update={"nitro": False})
    name = state.players[seat].name
    events.append(
        NitroTurnedIn(
            player=state.players[seat].id, text=f"{name} turns in their nitro die to advance"
        )
    )
    return state.model_copy(update={"lanes": _replace(state.lanes, seat, lane), "phase": "move"})


def pass_turn(state: DragRageState, seat: Seat, rng: Rng, events: list[Event]) -> DragRageState:
    rival = other(seat)
    names = state.players[seat].name, state.players[rival].name
    reason: PassReason
    if state.phase == "after_failed_challenge" and state.lanes[rival].status != "racing":
        reason = "rival_finished"
    elif state.phase == "after_failed_challenge":
        reason = "after_failed_challenge"
    else:
        reason = "let_stand"
    events.append(
        Passed(
            player=state.players[seat].id,
            rival=state.players[rival].id,
            reason=reason,
            text=pass_words(reason, *names),
        )
    )
    new = state.model_copy(update={"phase": "move", "active": rival, "challengeable": None})
    return settle(new, rng, events)


def _replace(lanes: tuple[Lane, Lane], seat: Seat, lane: Lane) -> tuple[Lane, Lane]:
    return (lane, lanes[1]) if seat == 0 else (lanes[0], lane)
