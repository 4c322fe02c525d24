"""Drag Rage heats: settling a step (car statuses, a decided heat) and starting the next heat."""

from __future__ import annotations

from games.dragrage.narration import blown_engine_words, broken_chute_words
from games.dragrage.state import (
    COUNTERS,
    FIRST_ACROSS,
    HEATS_TO_WIN,
    BlownEngine,
    BrokenChute,
    Crossed,
    DeadHeat,
    DragRageState,
    HeatResult,
    HeatStarted,
    HeatWon,
    Lane,
    RaceWon,
    Seat,
)
from games.dragrage.track import counters_used, decide, lane_status, other
from games.engine import DiceRolled, Event, Player, Rng


def settle(state: DragRageState, rng: Rng, events: list[Event]) -> DragRageState:
    """Refresh car statuses, end a decided heat, and skip a car with nothing to do."""
    state = _refresh_statuses(state, events)
    result = decide(state)
    if result is not None:
        # The opponent of a deciding advance may still call Let's Roll on it (ruling 5.3.4).
        if state.challengeable is None or result.winner == state.active:
            return end_heat(state, result, rng, events)
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
            space = lane.position
            events.append(
                BrokenChute(player=who, space=space, text=broken_chute_words(name, space))
            )
        else:
            to_go, total = FIRST_ACROSS - lane.position, sum(state.free)
            events.append(
                BlownEngine(
                    player=who,
                    to_go=to_go,
                    free_total=total,
                    text=blown_engine_words(name, to_go, total),
                )
            )
    return state.model_copy(update={"lanes": (lanes[0], lanes[1])})


def end_heat(
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
    flip, starter = coin_flip(state.players, state.heat + 1, rng)
    events.append(flip)
    events.append(heat_started(state.heat + 1, state.players[starter]))
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


def coin_flip(players: tuple[Player, Player], heat: int, rng: Rng) -> tuple[DiceRolled, Seat]:
    """Source line 10: "Flip a coin ... to determine which driver ... gets to go first"."""
    a, b = players
    why = f"coin flip for heat {heat}: 1 = {a.name} starts, 2 = {b.name} starts"
    flip = rng.roll(1, who=None, why=why, sides=2)
    return flip, (0 if flip.dice[0] == 1 else 1)


def heat_started(heat: int, first: Player) -> HeatStarted:
    return HeatStarted(heat=heat, first=first.id, text=f"Heat {heat}: {first.name} goes first")
