"""Seeded positions of any registered game, for the identity tests and the benchmarks.

Pure engine calls only (setup, legal_actions, apply with the step's Rng), so every game in
`games.registry.GAMES` is covered as soon as it registers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.engine import GameError, Player, PlayerId, Rng
from games.registry import AnySpec

MAX_STEPS = 2000


def players(count: int) -> list[Player]:
    return [Player(id=1000 + i, name=f"Player {i + 1}") for i in range(count)]


@dataclass(frozen=True)
class Position:
    """A state of a seeded random game and who sits at the table."""

    where: str
    state: Any
    seated: tuple[PlayerId, ...]


@dataclass(frozen=True)
class Step:
    """One move of a seeded game: who made it, what, and the states before and after it."""

    number: int
    before: Any
    actor: PlayerId
    action: Any
    after: Any


def steps(
    spec: AnySpec, count: int, seed: int, *, options: Any = None, max_steps: int = MAX_STEPS
) -> Iterator[Step]:
    """The moves of a seeded random legal game (to its end or `max_steps`), with `options`
    (default: the game's defaults); an offered action that apply refuses is skipped."""
    rnd = random.Random(seed)
    options = spec.parse_options(None) if options is None else options
    state = spec.setup(players(count), options, Rng.for_step(seed, 0))
    for number in range(1, max_steps + 1):
        active = sorted(spec.active_players(state))
        if spec.outcome(state) is not None or not active:
            return
        actor = rnd.choice(active)
        action = rnd.choice(list(spec.legal_actions(state, actor)))
        try:
            after = spec.apply(state, actor, action, Rng.for_step(seed, number)).state
        except GameError:
            continue
        yield Step(number, state, actor, action, after)
        state = after


def playout(spec: AnySpec, count: int, seed: int, *, max_steps: int = MAX_STEPS) -> list[Any]:
    """A seeded random legal game (to its end or `max_steps`): every state, the setup first."""
    played = list(steps(spec, count, seed, max_steps=max_steps))
    if not played:
        return [spec.setup(players(count), spec.parse_options(None), Rng.for_step(seed, 0))]
    return [played[0].before, *(step.after for step in played)]


def positions(spec: AnySpec, *, seeds: int = 2, per_game: int = 4) -> Iterator[Position]:
    """`per_game` evenly spread states (the first and last included) of `seeds` games at the
    minimum and at the maximum player count."""
    for count in sorted({spec.min_players, spec.max_players}):
        seated = tuple(p.id for p in players(count))
        for seed in range(seeds):
            states = playout(spec, count, seed)
            step = max(1, (len(states) - 1) // max(1, per_game - 1))
            picked = sorted({*range(0, len(states), step), len(states) - 1})
            for i in picked:
                yield Position(f"{count} players, seed {seed}, state {i}", states[i], seated)


@dataclass(frozen=True)
class Drawing:
    """One image to draw: `draw(*args, **options)` gives PNG bytes; picklable as a whole (the
    renderers are module-level functions and views are pydantic models)."""

    name: str
    draw: Any
    args: tuple[Any, ...]
    options: dict[str, Any]

    def __call__(self) -> bytes:
        data: bytes = self.draw(*self.args, **self.options)
        return data


def drawings(spec: AnySpec, position: Position) -> list[Drawing]:
    """The public board and every seated player's sheet (if the game has one) at `position`."""
    from render.registry import RENDERERS

    renderers = RENDERERS.get(spec.key)
    if renderers is None:
        return []
    state = position.state
    found = [
        Drawing(
            f"{spec.key} board, {position.where}", renderers.board, (spec.view(state, None),), {}
        )
    ]
    if renderers.sheet is not None and spec.has_private_views:
        for seat in position.seated:
            view = spec.view(state, seat)
            name = f"{spec.key} sheet of {seat}, {position.where}"
            found.append(Drawing(name, renderers.sheet, (view,), {}))
    return found
