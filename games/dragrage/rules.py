"""Drag Rage rules: setup, whose turn, legal actions, apply, outcome.

Turn flow, in short: on your turn you advance or call Let's Roll on the opponent's previous
advance. A challenged car declares 2 or 3 dice, then the bot rolls. After every step `_settle`
re-checks both cars (crossed, broken chute, blown engine), ends the heat when it is decided
(after giving the opponent one chance to challenge a deciding advance) and skips a car that has
nothing left to do, so a heat always ends: every cycle of turns uses up a counter. A racing car
always has a counter to take: one that fits, or a forced overshoot (a broken chute) when none
fits; with no counters left its engine is blown. Every heat starts with its own coin flip.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.dragrage.describe import describe_event, seat_phrase
from games.dragrage.errors import refusal
from games.dragrage.state import (
    COUNTERS,
    FIRST_ACROSS,
    HEATS_TO_WIN,
    Advance,
    Advanced,
    BlownEngine,
    BrokenChute,
    Challenge,
    Challenged,
    ChallengeFailed,
    Crossed,
    DeadHeat,
    Declare,
    Declared,
    DragRageAction,
    DragRageState,
    HeatResult,
    HeatStarted,
    HeatWon,
    Lane,
    LetsRoll,
    Move,
    NitroTurnedIn,
    Pass,
    Passed,
    PlayedCounter,
    RaceWon,
    Seat,
    SpunOut,
    TurnInNitro,
)
from games.dragrage.track import (
    advance_options,
    counters_used,
    decide,
    lane_status,
    other,
)
from games.engine import (
    DiceRolled,
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
    flip, starter = _coin_flip((a, b), 1, rng)
    started = _heat_started(1, players[starter])
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
        new = _advance(state, seat, action.counter, rng, events)
    elif isinstance(action, LetsRoll):
        new = _lets_roll(state, seat, events)
    elif isinstance(action, Declare):
        new = _declare(state, seat, action.dice, rng, events)
    elif isinstance(action, TurnInNitro):
        new = _turn_in_nitro(state, seat, events)
    else:
        new = _pass(state, seat, rng, events)
    new = new.model_copy(update={"last": tuple(describe_event(e) for e in events)})
    # model_copy skips validation; re-validate so a bad transition fails here, not in storage.
    return Step(state=DragRageState.model_validate(new.model_dump()), events=tuple(events))


def _advance(
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
    return _settle(new, rng, events)


def _lets_roll(state: DragRageState, seat: Seat, events: list[Event]) -> DragRageState:
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


def _declare(
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
            return _end_heat(state, result, rng, events)
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
    return _settle(new, rng, events)


def _turn_in_nitro(state: DragRageState, seat: Seat, events: list[Event]) -> DragRageState:
    lane = state.lanes[seat].model_copy(update={"nitro": False})
    name = state.players[seat].name
    events.append(
        NitroTurnedIn(
            player=state.players[seat].id, text=f"{name} turns in their nitro die to advance"
        )
    )
    return state.model_copy(update={"lanes": _replace(state.lanes, seat, lane), "phase": "move"})


def _pass(state: DragRageState, seat: Seat, rng: Rng, events: list[Event]) -> DragRageState:
    rival = other(seat)
    names = state.players[seat].name, state.players[rival].name
    if state.phase == "after_failed_challenge" and state.lanes[rival].status != "racing":
        text = f"{names[0]} passes; {names[1]} has finished, so the turn comes back"
    elif state.phase == "after_failed_challenge":
        text = f"{names[0]} passes: {names[1]} must advance and may not challenge"
    else:
        text = f"{names[0]} passes and lets {names[1]}'s move stand"
    events.append(Passed(player=state.players[seat].id, text=text))
    new = state.model_copy(update={"phase": "move", "active": rival, "challengeable": None})
    return _settle(new, rng, events)


# ---------------------------------------------------------------- settling a step


def _settle(state: DragRageState, rng: Rng, events: list[Event]) -> DragRageState:
    """Refresh car statuses, end a decided heat, and skip a car with nothing to do."""
    state = _refresh_statuses(state, events)
    result = decide(state)
    if result is not None:
        # The opponent of a deciding advance may still call Let's Roll on it (ruling 5.3.4).
        if state.challengeable is None or result.winner == state.active:
            return _end_heat(state, result, rng, events)
        return state
    if state.lanes[state.active].status != "racing" and state.challengeable is None:
        return state.model_copy(update={"active": other(state.active)})
    return state


def _refresh_statuses(state: DragRageState, events: list[Event]) -> DragRageState:
    lanes = list(state.lanes)
    for seat in (0, 1):
        lane = lanes[seat]
        if lane.status != "racing":
            continue
        status = lane_status(lane, state.free)
        if status == "racing":
            continue
        lanes[seat] = lane.model_copy(update={"status": status})
        who, name = state.players[seat].id, state.players[seat].name
        if status == "crossed":
            n = counters_used(lane)
            events.append(
                Crossed(
                    player=who,
                    space=lane.position,
                    counters=n,
                    text=f"{name} crosses the line on space {lane.position} with {n} counters",
                )
            )
        elif status == "broken_chute":
            events.append(
                BrokenChute(
                    player=who,
                    text=(
                        f"{name} overshoots to space {lane.position}, off the end of the track: "
                        f"broken chute (wins only if the other car fails to finish)"
                    ),
                )
            )
        else:
            events.append(
                BlownEngine(
                    player=who,
                    text=(
                        f"{name} has a blown engine: {FIRST_ACROSS - lane.position} spaces to "
                        f"go but the free counters add up to {sum(state.free)}"
                    ),
                )
            )
    return state.model_copy(update={"lanes": (lanes[0], lanes[1])})


def _end_heat(
    state: DragRageState, result: HeatResult, rng: Rng, events: list[Event]
) -> DragRageState:
    wins = list(state.heat_wins)
    if result.winner is None:
        events.append(
            DeadHeat(
                heat=state.heat,
                reason=result.reason,
                text=f"Dead heat in heat {state.heat} ({result.reason}): it will be re-run",
            )
        )
    else:
        wins[result.winner] += 1
        winner = state.players[result.winner]
        events.append(
            HeatWon(
                player=winner.id,
                heat=state.heat,
                reason=result.reason,
                text=f"{winner.name} wins heat {state.heat}: {result.reason}",
            )
        )
    score = (wins[0], wins[1])
    results = (*state.results, result)
    if result.winner is not None and wins[result.winner] >= HEATS_TO_WIN:
        winner = state.players[result.winner]
        events.append(
            RaceWon(
                player=winner.id,
                score=score,
                text=(f"🏁 {winner.name} wins the race, {max(score)} heats to {min(score)}!"),
            )
        )
        return state.model_copy(
            update={
                "heat_wins": score,
                "results": results,
                "phase": "finished",
                "winner": result.winner,
                "challengeable": None,
                "challenge": None,
            }
        )
    # Source line 23: each heat is set up "just like the beginning of the game", so a fresh
    # coin flip picks its first driver (re-runs of a dead heat too).
    flip, starter = _coin_flip(state.players, state.heat + 1, rng)
    events.append(flip)
    events.append(_heat_started(state.heat + 1, state.players[starter]))
    return state.model_copy(
        update={
            "heat": state.heat + 1,
            "coin_flip": flip,
            "heat_starter": starter,
            "lanes": (Lane(), Lane()),
            "free": COUNTERS,
            "active": starter,
            "phase": "move",
            "challengeable": None,
            "challenge": None,
            "last_advance": None,
            "heat_wins": score,
            "results": results,
        }
    )


def _coin_flip(players: tuple[Player, Player], heat: int, rng: Rng) -> tuple[DiceRolled, Seat]:
    """Source line 10: "Flip a coin ... to determine which driver ... gets to go first"."""
    a, b = players
    why = f"coin flip for heat {heat}: 1 = {a.name} starts, 2 = {b.name} starts"
    flip = rng.roll(1, who=None, why=why, sides=2)
    return flip, (0 if flip.dice[0] == 1 else 1)


def _heat_started(heat: int, first: Player) -> HeatStarted:
    return HeatStarted(heat=heat, first=first.id, text=f"Heat {heat}: {first.name} goes first")


def _replace(lanes: tuple[Lane, Lane], seat: Seat, lane: Lane) -> tuple[Lane, Lane]:
    return (lane, lanes[1]) if seat == 0 else (lanes[0], lane)


def _listing(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values) or "none"
