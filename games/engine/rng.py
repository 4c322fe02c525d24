"""The only source of chance in games/: a seeded RNG derived per step, and loaded dice for tests.

The RNG for step N of a session is derived from the session seed and N, so a session replays
bit-for-bit from its seed and its action log. Every roll returns a `DiceRolled` event which the
game must put in its step's events (the conformance test checks that none goes missing).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, MutableSequence, Sequence
from typing import TypeVar

from games.engine.model import DiceRolled, PlayerId

T = TypeVar("T")


def derive_seed(seed: int, step: int) -> int:
    """A stable 64-bit seed for one step (stable across Python versions and platforms)."""
    digest = hashlib.sha256(f"redline:{seed}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Rng:
    """Injected randomness. `roll` is for dice the players see; `choice`/`shuffle` for the rest."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self.rolls_made = 0

    @classmethod
    def for_step(cls, seed: int, step: int) -> Rng:
        return cls(derive_seed(seed, step))

    def _die(self, sides: int) -> int:
        return self._random.randint(1, sides)

    def roll(self, n: int, *, who: PlayerId | None, why: str, sides: int = 6) -> DiceRolled:
        """Roll n dice and return the event recording them (put it in the step's events)."""
        self.rolls_made += 1
        return DiceRolled(
            who=who, why=why, dice=tuple(self._die(sides) for _ in range(n)), sides=sides
        )

    def choice(self, items: Sequence[T]) -> T:
        return items[self._random.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._random.shuffle(items)

    def randrange(self, n: int) -> int:
        return self._random.randrange(n)


class LoadedDice(Rng):
    """Dice that come up in a fixed order, for scenario tests. Raises if the script runs out."""

    def __init__(self, faces: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self._faces = list(faces)

    def _die(self, sides: int) -> int:
        if not self._faces:
            raise AssertionError("loaded dice ran out of faces")
        face = self._faces.pop(0)
        if not 1 <= face <= sides:
            raise AssertionError(f"loaded face {face} impossible on a d{sides}")
        return face

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(self._faces)
