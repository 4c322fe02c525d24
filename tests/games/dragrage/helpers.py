"""Builders for Drag Rage scenario tests: two drivers, loaded dice, lanes from counters."""

from __future__ import annotations

from collections.abc import Iterable

from games.dragrage.rules import apply, setup
from games.dragrage.state import (
    COUNTERS,
    DragRageAction,
    DragRageState,
    Lane,
    Move,
    PlayedCounter,
    Seat,
)
from games.dragrage.track import lane_status
from games.engine import DiceRolled, Event, LoadedDice, NoOptions, Player, Step

ANN, BOB = 1, 2
PLAYERS = (Player(id=ANN, name="Ann"), Player(id=BOB, name="Bob"))


def seat(player: int) -> Seat:
    return 0 if player == ANN else 1


def new_race(first: int = ANN) -> DragRageState:
    """A fresh race whose coin flip made `first` the starting driver."""
    return setup(PLAYERS, NoOptions(), LoadedDice([1 if first == ANN else 2]))


def act(
    state: DragRageState, player: int, action: DragRageAction, dice: Iterable[int] = ()
) -> Step[DragRageState]:
    """Apply one action with the given dice faces; every face must be used."""
    loaded = LoadedDice(dice)
    step = apply(state, player, action, loaded)
    assert loaded.remaining == (), f"unused dice {loaded.remaining}"
    return step


def lane(*played: int, spun: Iterable[int] = ()) -> Lane:
    """A car that played `played` in order; counters in `spun` were spun out (no movement)."""
    spun_set = set(spun)
    position, counters = 1, []
    for value in played:
        if value in spun_set:
            counters.append(
                PlayedCounter(
                    value=value, from_space=position, to_space=position + value, spun_out=True
                )
            )
        else:
            counters.append(
                PlayedCounter(value=value, from_space=position, to_space=position + value)
            )
            position += value
    return Lane(position=position, counters=tuple(counters))


def board(
    ann: Lane,
    bob: Lane,
    *,
    to_move: int,
    challengeable: Move | None = None,
    heat_wins: tuple[int, int] = (0, 0),
    heat: int = 1,
    nitro: tuple[bool, bool] = (True, True),
) -> DragRageState:
    """A mid-heat state; free counters and car statuses are derived from the lanes."""
    used = {c.value for c in (*ann.counters, *bob.counters)}
    assert len(used) == len(ann.counters) + len(bob.counters), "a counter was played twice"
    free = tuple(c for c in COUNTERS if c not in used)
    lanes = tuple(
        Lane(position=ln.position, counters=ln.counters, nitro=n, status=lane_status(ln, free))
        for ln, n in zip((ann, bob), nitro, strict=True)
    )
    return DragRageState(
        players=PLAYERS,
        coin_flip=DiceRolled(who=None, why="coin flip", dice=(1,), sides=2),
        heat=heat,
        heat_starter=0,
        lanes=(lanes[0], lanes[1]),
        free=free,
        active=seat(to_move),
        challengeable=challengeable,
        last_advance=challengeable,
        heat_wins=heat_wins,
    )


def last_move(state: DragRageState, player: int) -> Move:
    """The latest counter `player` played, as a move the opponent may challenge."""
    played = state.lanes[seat(player)].counters[-1]
    return Move(
        seat=seat(player),
        counter=played.value,
        from_space=played.from_space,
        to_space=played.to_space,
    )


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]
