"""Drag Rage rules: setup, whose turn, legal actions, apply (check, then dispatch), outcome.

Turn flow, in short: on your turn you advance or call Let's Roll on the opponent's previous
advance. A challenged car declares 2 or 3 dice, then the bot rolls. `moves` carries out each
action; `heats` then settles the step (crossed, broken chute, blown engine, a decided heat, a
car with nothing left to do), so a heat always ends: every cycle of turns uses up a counter. A
racing car always has a counter to take: one that fits, or a forced overshoot (a broken chute)
when none fits; with no counters left its engine is blown. Every heat starts with its own coin
flip.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.dragrage.describe import describe_event, seat_phrase
from games.dragrage.errors import refusal
from games.dragrage.heats import coin_flip, heat_started
from games.dragrage.moves import advance, declare, lets_roll, pass_turn, turn_in_nitro
from games.dragrage.state import (
    COUNTERS,
    Advance,
    Declare,
    DragRageAction,
    DragRageState,
    LetsRoll,
    Pass,
    Seat,
    TurnInNitro,
)
from games.dragrage.track import advance_options, decide, other
from games.engine import (
    Event,
    GameOver,
    InvalidAction,
    NoOptions,
    NotYourTurn,
    Outcome,
    Player,
    PlayerId,
    Rng,
    Step,
)

# ---------------------------------------------------------------- setup and queries


def setup(players: Sequence[Player], options: NoOptions, rng: Rng) -> DragRageState:
    """Seat two drivers; a seeded coin flip (a d2) picks who starts the first heat."""
    if len(players) != 2:
        raise InvalidAction(f"Drag Rage is for exactly 2 players, not {len(players)}")
    a, b = players
    flip, starter = coin_flip((a, b), 1, rng)
    started = heat_started(1, players[starter])
    return DragRageState(
        players=(a, b),
        coin_flip=flip,
        heat_starter=starter,
        active=starter,
        last=(describe_event(flip), started.text),
    )


def seat_of(state: DragRageState, player: PlayerId) -> Seat | None:
    for seat in (0, 1):
        if state.players[seat].id == player:
            return 0 if seat == 0 else 1
    return None


def active_players(state: DragRageState) -> frozenset[PlayerId]:
    if state.phase == "finished":
        return frozenset()
    return frozenset({state.players[state.active].id})


def legal_actions(state: DragRageState, player: PlayerId) -> tuple[DragRageAction, ...]:
    seat = seat_of(state, player)
    if seat is None or state.phase == "finished" or seat != state.active:
        return ()
    return _legal_for_active(state)


def _legal_for_active(state: DragRageState) -> tuple[DragRageAction, ...]:
    lane = state.lanes[state.active]
    if state.phase == "declare":
        return (Declare(dice=2), Declare(dice=3)) if lane.nitro else (Declare(dice=2),)
    if state.phase == "after_failed_challenge":
        nitro: tuple[DragRageAction, ...] = ()
        rival_racing = state.lanes[other(state.active)].status == "racing"
        # Against a car that has finished, a pass comes straight back: nitro would buy nothing.
        if lane.nitro and lane.status == "racing" and rival_racing:
            nitro = (TurnInNitro(),)
        return (*nitro, Pass())
    decided = decide(state) is not None
    actions: list[DragRageAction] = []
    if lane.status == "racing" and not decided:
        actions.extend(Advance(counter=c) for c in advance_options(lane.position, state.free))
    if state.challengeable is not None:
        actions.append(LetsRoll())
    if decided or lane.status != "racing":
        actions.append(Pass())
    return tuple(actions)


def outcome(state: DragRageState) -> Outcome | None:
    if state.winner is None:
        return None
    win, lose = state.winner, other(state.winner)
    wins = state.heat_wins
    return Outcome(
        winners=(state.players[win].id,),
        ranking=(state.players[win].id, state.players[lose].id),
        reason=f"won {wins[win]} heats to {wins[lose]}",
    )


# ---------------------------------------------------------------- apply


def apply(
    state: DragRageState, player: PlayerId, action: DragRageAction, rng: Rng
) -> Step[DragRageState]:
    """Check, then return the new state and what happened. The old state is never touched."""
    if state.phase == "finished":
        result = outcome(state)
        told = (
            f"{state.players[state.winner].name} {result.reason}"
            if (result and state.winner is not None)
            else "it is finished"
        )
        raise GameOver(f"The race is over: {told}. Start a new game to race again.")
    if isinstance(action, Advance) and action.counter not in COUNTERS:
        raise InvalidAction(
            f"there is no counter {action.counter}; counters run from 2 to 12 "
            f"(free now: {_listing(state.free)})"
        )
    seat = seat_of(state, player)
    if seat is None:
        raise NotYourTurn(
            f"you are not driving in this race; it is {state.players[state.active].name}'s "
            f"turn to {seat_phrase(state)}"
        )
    if seat != state.active:
        raise NotYourTurn(
            f"it is {state.players[state.active].name}'s turn to {seat_phrase(state)}"
        )
    if action not in _legal_for_active(state):
        raise refusal(state, action, _legal_for_active(state))
    events: list[Event] = []
    if isinstance(action, Advance):
        new = advance(state, seat, action.counter, rng, events)
    elif isinstance(action, LetsRoll):
        new = lets_roll(state, seat, events)
    elif isinstance(action, Declare):
        new = declare(state, seat, action.dice, rng, events)
    elif isinstance(action, TurnInNitro):
        new = turn_in_nitro(state, seat, events)
    else:
        new = pass_turn(state, seat, rng, events)
    new = new.model_copy(update={"last": tuple(describe_event(e) for e in events)})
    # model_copy skips validation; re-validate so a bad transition fails here, not in storage.
    return Step(state=DragRageState.model_validate(new.model_dump()), events=tuple(events))


def _listing(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values) or "none"


def standings(state: DragRageState) -> tuple[PlayerId, ...]:
    """Who leads: heats won, then the car further down the track."""
    seats = sorted(
        range(2), key=lambda i: (state.heat_wins[i], state.lanes[i].position), reverse=True
    )
    return tuple(state.players[i].id for i in seats)
