"""Secret rolls: the commitment and the faces follow the documented recipe exactly."""

from __future__ import annotations

import hashlib
import random

import pytest

from games.dice import DiceError
from games.dice.secret import commitment, roll_from_seed, verify

SEED = "0123456789abcdef" * 4


def test_commitment_is_the_documented_sha256() -> None:
    """SHA-256 of "redline-secret-roll:v1\\n" + seed + "\\n" + expression, in hex."""
    text = f"redline-secret-roll:v1\n{SEED}\n1d20+5"
    assert commitment(SEED, " 1d20+5 ") == hashlib.sha256(text.encode()).hexdigest()


def test_faces_are_python_randint_from_the_seed() -> None:
    """A person with Python gets the same faces: Random(int(seed, 16)).randint(1, sides)."""
    by_hand = random.Random(int(SEED, 16))
    expected = [by_hand.randint(1, 6) for _ in range(4)]
    roll = roll_from_seed(SEED, "4d6kh3")
    assert [face.value for face in roll.terms[0].faces] == expected


def test_a_changed_seed_is_refused_with_the_reason() -> None:
    """Another seed does not hash to the commitment: the verdict names both hashes."""
    posted = commitment(SEED, "1d20")
    verdict = verify(posted, "f" * 64, "1d20")
    assert not verdict.ok and verdict.roll is None
    assert verdict.problem is not None and posted in verdict.problem


def test_the_right_seed_gives_the_roll_again() -> None:
    """The committed seed and expression verify and give the same roll as at the time."""
    verdict = verify(commitment(SEED, "3d6"), SEED.upper(), "3d6")
    assert verdict.ok and verdict.roll == roll_from_seed(SEED, "3d6")


def test_a_seed_that_is_not_hex_is_refused() -> None:
    """A seed is 64 hex digits."""
    with pytest.raises(DiceError, match="64 hex digits"):
        verify(commitment(SEED, "1d6"), "not-a-seed", "1d6")
