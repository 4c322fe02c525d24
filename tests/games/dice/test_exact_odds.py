"""Exact odds of any expression: equal to brute-force enumeration, refusals before computing."""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction

import pytest

from games.dice import exact as exact_module
from games.dice import roll_notation
from games.dice.errors import DiceError
from games.dice.exact import exact_odds, normalise
from games.dice.exact_ops import Unsupported, explode_depth
from games.engine import Rng

# Every die `/roll` draws, enumerated: the roll is re-run once per sequence of faces.
THROUGH_D20 = [
    "1d20",
    "2d6",
    "3d6",
    "2d6+3",
    "1d20+5 >= 15",
    "4d6kh3",
    "4d6kh3 >= 15",
    "2d20kh1",
    "2d20kl1",
    "4d6pl1",
    "4d4kh3pl1",
    "3d6k>3",
    "3d6p1",
    "2d6rr1",
    "2d6ro1",
    "1d20ro<3",
    "3d6mi2",
    "3d6ma4",
    "(1d6,1d8)kh1",
    "(1d4,1d6,1d8)kl2",
    "(4d4)kh2",
    "(4d4kh3)kh2",
    "1d6*1d4",
    "1d8+1d6 > 1d10",
    "-1d6+4",
    "d%",
    "1d10//3",
    "1d6/2",
    "2d6 == 7",
    "3d4rr1kh2",
]

# Explosions: every die's chain enumerated up to the depth the odds follow (see below).
EXPLODING = ["1d6e6", "2d6e6", "3d4e4", "1d6e>4+2", "2d6rr1e6"]


class _NeedFace(Exception):
    """The roll asked for one more die than the sequence holds."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Sequence(Rng):
    """Dice that come up as `faces`, then stop the roll to ask for the next one."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__(0)
        self._faces = list(faces)

    def _die(self, sides: int) -> int:
        if not self._faces:
            raise _NeedFace(sides)
        return self._faces.pop(0)


def through_d20(expression: str, *, max_draws: int = 8) -> dict[float, Fraction]:
    """Run `/roll` itself on every sequence of faces (depth first). Sequences longer than
    `max_draws` (only reroll-until-done makes them) are left out and the rest renormalised:
    how often a die is rerolled says nothing about where it ends, so this is exact."""
    found: dict[float, Fraction] = defaultdict(Fraction)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        faces, weight = stack.pop()
        try:
            total = roll_notation(expression, _Sequence(faces)).total
        except _NeedFace as need:
            if len(faces) < max_draws:
                share = weight / need.sides
                stack.extend(((*faces, f), share) for f in range(1, need.sides + 1))
            continue
        found[total] += weight
    kept = sum(found.values())
    return {value: p / kept for value, p in found.items()}


def _chains(
    sides: int, hits: set[int], depth: int, first: list[int]
) -> Iterator[tuple[int, Fraction]]:
    """(sum, chance) of one exploding die: its first face from `first`, then fresh dice while
    they hit, at most `depth` explosions (the last die stands whatever it shows)."""
    faces = range(1, sides + 1)
    for face in first:
        chance = Fraction(1, len(first))
        if face not in hits or depth == 0:
            yield face, chance
            continue
        for length in range(1, depth + 1):  # explosions after the first face
            last_faces = [f for f in faces if f not in hits] if length < depth else list(faces)
            for middle in itertools.product(sorted(hits), repeat=length - 1):
                for last in last_faces:
                    yield face + sum(middle) + last, chance * Fraction(1, sides) ** length


def exploding_by_hand(
    count: int, sides: int, hits: set[int], plus: int = 0, *, first: list[int] | None = None
) -> dict[float, Fraction]:
    depth = explode_depth(len(hits) / sides)
    one = list(_chains(sides, hits, depth, first or list(range(1, sides + 1))))
    found: dict[float, Fraction] = defaultdict(Fraction)
    for combo in itertools.product(one, repeat=count):
        chance = Fraction(1)
        for _, p in combo:
            chance *= p
        found[sum(s for s, _ in combo) + plus] += chance
    return dict(found)


def _exact(expression: str) -> dict[float, Fraction]:
    odds = exact_odds(expression)
    return dict(zip(odds.outcomes, odds.chances, strict=True))


@pytest.mark.parametrize("expression", THROUGH_D20)
def test_matches_every_roll_of_d20(expression: str) -> None:
    """The exact distribution equals `/roll` run on every sequence of faces."""
    assert _exact(expression) == through_d20(expression)


BY_HAND = {
    "1d6e6": (1, 6, {6}, 0, None),
    "2d6e6": (2, 6, {6}, 0, None),
    "3d4e4": (3, 4, {4}, 0, None),
    "1d6e>4+2": (1, 6, {5, 6}, 2, None),
    "2d6rr1e6": (2, 6, {6}, 0, [2, 3, 4, 5, 6]),
}


@pytest.mark.parametrize("expression", EXPLODING)
def test_explosions_match_enumerated_chains(expression: str) -> None:
    """An exploding roll equals every chain of fresh dice enumerated to the same depth."""
    count, sides, hits, plus, first = BY_HAND[expression]
    assert _exact(expression) == exploding_by_hand(count, sides, hits, plus, first=first)


def test_thirty_five_expressions_are_checked() -> None:
    """At least 30 expressions are checked against enumeration."""
    assert len(THROUGH_D20) + len(EXPLODING) >= 30


def test_check_and_target_give_the_chance_of_success() -> None:
    """`4d6kh3 >= 15`, `4d6kh3 ≥ 15` and `4d6kh3 vs 15` all give 25/108 (1d20+5 vs 15: 11/20)."""
    assert exact_odds("4d6kh3 >= 15").success == Fraction(25, 108)
    assert exact_odds("4d6kh3 ≥ 15").success == Fraction(25, 108)
    assert exact_odds("4d6kh3 vs 15").success == Fraction(25, 108)
    assert exact_odds("1d20+5", target=15).success == Fraction(11, 20)
    assert normalise("1d20+5 VS 15") == ("1d20+5", 15)


def test_exploding_eights_say_how_deep() -> None:
    """8d6e6 follows explosions 8 deep (1/6 to the 8th is under a millionth) and says so."""
    odds = exact_odds("8d6e6")
    assert odds.explode_depth == 8
    assert odds.cutoff_note is not None and "8 deep" in odds.cutoff_note
    assert abs(float(odds.mean) - 8 * 4.2) < 1e-3


@pytest.mark.parametrize(
    ("bomb", "why"),
    [
        ("1000000d1000000", "at most 100 dice in one term"),
        ("1d1000000", "at most 1000 sides"),
        ("10d1000", "too many possible results"),
        ("1d6e>1", "explodes too often"),
        ("100d1000+100d1000", "too many possible results"),
        ("40d6kh3", "pools of up to 30"),
    ],
)
def test_huge_expressions_are_refused_before_any_computation(
    bomb: str, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A huge or deeply exploding expression is refused by the price check: nothing is built."""

    def never(node: object) -> None:
        raise AssertionError("the distribution was being built")

    monkeypatch.setattr(exact_module, "build", never)
    with pytest.raises(DiceError, match=why):
        exact_odds(bomb)


@pytest.mark.parametrize(
    "expression", ["8d6e6kh3", "4d6kh3rr1", "4d6rrl1", "2d6ra6", "4d6k>2kh2", "4d4kh1kl1"]
)
def test_no_exact_reading_is_refused_in_words(expression: str) -> None:
    """What has no exact per-die reading is refused, naming the part, never approximated."""
    with pytest.raises(DiceError) as caught:
        exact_odds(expression)
    assert isinstance(caught.value, Unsupported) or "forever" in caught.value.message


def test_a_label_is_not_silently_dropped() -> None:
    """Words after the expression are refused for odds (they would be a label in /roll)."""
    with pytest.raises(DiceError, match="for odds"):
        exact_odds("1d20+5 to hit")
