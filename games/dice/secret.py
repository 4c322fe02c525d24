"""Secret rolls anyone can verify later: a commitment now, the seed at the reveal.

The exact recipe, so anyone can recompute it with Python alone (README, "Secret rolls"):

- The seed is 32 random bytes, written as 64 lower-case hex digits (the bot draws it with
  `secrets.token_hex(32)`; this module never draws anything).
- The commitment is the SHA-256, in lower-case hex, of the UTF-8 bytes of
  `"redline-secret-roll:v1\\n" + seed + "\\n" + expression`, where `expression` is the roll
  exactly as typed, spaces at both ends removed.
- The faces: `random.Random(int(seed, 16))`, and for every die in the order d20 rolls them
  (left to right, then each reroll or explosion as it happens), `randint(1, sides)`; a `d%`
  die is `(randint(1, 10) - 1) * 10`. `roll_from_seed` does exactly that through `/roll`'s own
  code (`games.engine.Rng` is `random.Random`; `randint` is Python's, stable across versions).

What it proves: the roll shown at the reveal was fixed when the commitment was posted (another
seed or expression gives another hash). What it does not: that the bot drew the seed fairly,
nor anything about rolls the roller made and never revealed.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from games.dice.errors import DiceError
from games.dice.notation import DiceRoll, roll_notation
from games.engine import Rng

DOMAIN = "redline-secret-roll:v1"
SEED_HEX_DIGITS = 64
_HEX = re.compile(r"^[0-9a-f]+$")


def canonical_bytes(seed: str, expression: str) -> bytes:
    """The exact bytes the commitment hashes."""
    return f"{DOMAIN}\n{seed}\n{expression.strip()}".encode()


def commitment(seed: str, expression: str) -> str:
    """SHA-256 (hex) of the seed and the expression: posted when the roll is made."""
    return hashlib.sha256(canonical_bytes(seed, expression)).hexdigest()


def check_seed(seed: str) -> str:
    """The seed in canonical form (64 lower-case hex digits), or a DiceError saying why not."""
    cleaned = seed.strip().lower()
    if len(cleaned) != SEED_HEX_DIGITS or not _HEX.match(cleaned):
        raise DiceError(
            f"a seed is {SEED_HEX_DIGITS} hex digits (0-9, a-f); `{seed.strip()[:70]}` is not one"
        )
    return cleaned


def roll_from_seed(seed: str, expression: str) -> DiceRoll:
    """The roll a seed gives: faces from `random.Random(int(seed, 16))` through `/roll`."""
    return roll_notation(expression.strip(), Rng(int(check_seed(seed), 16)))


@dataclass(frozen=True)
class Verdict:
    """What a check of a revealed roll found: the recomputed hash, the roll, and any problem."""

    recomputed: str
    expected: str
    roll: DiceRoll | None
    problem: str | None

    @property
    def ok(self) -> bool:
        return self.problem is None


def verify(expected_commitment: str, seed: str, expression: str) -> Verdict:
    """Recompute the commitment from `seed` and `expression` and compare; then the faces."""
    expected = expected_commitment.strip().lower()
    clean_seed = check_seed(seed)
    recomputed = commitment(clean_seed, expression)
    if recomputed != expected:
        return Verdict(
            recomputed=recomputed,
            expected=expected,
            roll=None,
            problem=(
                f"SHA-256 of this seed and expression is `{recomputed}`, but the commitment "
                f"posted with the roll was `{expected}`: the seed or the expression is not the "
                "one committed to"
            ),
        )
    return Verdict(recomputed, expected, roll_from_seed(clean_seed, expression), None)
