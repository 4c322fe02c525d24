"""Drag Rage bot policy: a careful driver who counts counters and knows the dice odds.

The heat is won with the fewest counters, so the driver scores each free counter by the
counters it expects to need in all (this one, plus the fewest free counters that still land it
on 23..26 afterwards), weighing the chance that a Let's Roll spins it out against the dice it
would roll (`games.dice.odds`). It calls Let's Roll whenever the rival's last counter is
fragile: a failed challenge costs only the turn, a spin-out costs the rival a counter and the
spaces. It spends nitro only when the extra die really changes the odds, and then passes after
a failed challenge (the pass also shields its own last move from a challenge).
"""

from __future__ import annotations

from functools import cache

from games.dice.odds import p_sum_at_least
from games.dragrage.rules import legal_actions, seat_of
from games.dragrage.state import (
    COUNTERS,
    FIRST_ACROSS,
    TRACK_LENGTH,
    Advance,
    Declare,
    DragRageAction,
    DragRageState,
    LetsRoll,
    Pass,
    Seat,
)
from games.dragrage.track import counters_used, other
from games.engine import NotYourTurn, PlayerId, Rng

CHALLENGE_FROM = 0.12
"""Call Let's Roll when the rival spins out at least this often (assuming they use nitro)."""
NITRO_GAIN = 0.2
"""Declare the nitro die when it adds at least this much to the chance of keeping a move."""
CHALLENGE_RISK = 0.6
"""How likely the driver assumes a counter is to be challenged (the rival may be careless)."""
DENIAL = 0.3
"""Worth of taking a counter the rival needs, in counters of our own."""
STRANDED = 6.0
"""Counters charged for a car the free counters can no longer land on 23..26."""
CLOSE = 1e-6


@cache
def _subsets() -> tuple[tuple[int, int, int], ...]:
    """Every subset of the counters as (bitmask, total, size), fewest counters first."""
    found = []
    for mask in range(1 << len(COUNTERS)):
        values = [c for i, c in enumerate(COUNTERS) if mask >> i & 1]
        found.append((mask, sum(values), len(values)))
    return tuple(sorted(found, key=lambda s: s[2]))


def _mask(free: tuple[int, ...]) -> int:
    return sum(1 << COUNTERS.index(c) for c in free)


@cache
def counters_to_finish(position: int, free_mask: int) -> int | None:
    """Fewest free counters landing a car on `position` on 23..26 (None if no subset does)."""
    low, high = FIRST_ACROSS - position, TRACK_LENGTH - position
    if low <= 0:
        return 0
    for subset, total, size in _subsets():
        if subset & ~free_mask == 0 and low <= total <= high:
            return size
    return None


@cache
def survival(counter: int, dice: int) -> float:
    """The chance a challenged move on `counter` stands when its driver rolls `dice` dice."""
    return float(p_sum_at_least(dice, counter))


def declares_nitro(counter: int) -> bool:
    """Is the third die worth spending on a challenged `counter`?"""
    return survival(counter, 3) - survival(counter, 2) >= NITRO_GAIN


def _defence(counter: int, nitro: bool) -> float:
    """The chance a challenged move stands with a driver who declares as this policy does."""
    return survival(counter, 3 if nitro and declares_nitro(counter) else 2)


def _remaining(position: int, free_mask: int) -> float:
    need = counters_to_finish(position, free_mask)
    return STRANDED if need is None else float(need)


def _advance_cost(state: DragRageState, seat: Seat, counter: int) -> float:
    """Expected counters to cross after taking `counter` (lower is better), minus denial."""
    lane, rival = state.lanes[seat], state.lanes[other(seat)]
    free = _mask(state.free) & ~(1 << COUNTERS.index(counter))
    landing = lane.position + counter
    if landing > TRACK_LENGTH:
        return 100.0 + counter  # a forced overshoot: a broken chute whatever is taken
    spin = CHALLENGE_RISK * (1 - _defence(counter, lane.nitro))
    ahead = _remaining(landing, free)
    back = _remaining(lane.position, free)
    cost = counters_used(lane) + 1 + (1 - spin) * ahead + spin * back
    if landing >= FIRST_ACROSS:
        cost += 0.01 * (landing - FIRST_ACROSS)  # a tie on counters goes to the car nearer 23
    if lane.nitro and declares_nitro(counter):
        cost += 0.1 * CHALLENGE_RISK  # the nitro it would likely burn defending this move
    if rival.status == "racing" and landing < FIRST_ACROSS:
        # a crossing car is judged on its own counters; otherwise starve the rival's finish
        cost -= DENIAL * _remaining(rival.position, free)
    return cost


def _worth_challenging(state: DragRageState, seat: Seat) -> bool:
    move = state.challengeable
    if move is None:
        return False
    rival = state.lanes[other(seat)]
    spin = 1 - survival(move.counter, 3 if rival.nitro else 2)
    crossed = move.to_space >= FIRST_ACROSS
    return spin >= CHALLENGE_FROM or (crossed and spin > 0)


def bot_move(state: DragRageState, player: PlayerId, rng: Rng) -> DragRageAction:
    """A sensible action for `player`, always one of `legal_actions`; ties broken by `rng`."""
    legal = legal_actions(state, player)
    seat = seat_of(state, player)
    if not legal or seat is None:
        raise NotYourTurn("the bot has nothing to do for this player now")
    if state.phase == "declare":
        assert state.challenge is not None
        nitro = Declare(dice=3) in legal and declares_nitro(state.challenge.move.counter)
        return Declare(dice=3 if nitro else 2)
    if state.phase == "after_failed_challenge":
        return Pass()
    if LetsRoll() in legal and _worth_challenging(state, seat):
        return LetsRoll()
    advances = [a for a in legal if isinstance(a, Advance)]
    if not advances:
        return LetsRoll() if LetsRoll() in legal else Pass()
    costs = [_advance_cost(state, seat, a.counter) for a in advances]
    best = min(costs)
    tied = [a for a, cost in zip(advances, costs, strict=True) if cost <= best + CLOSE]
    return tied[rng.randrange(len(tied))]
