"""Road Wolf contested rolls (rule 34), rerolls by the house reading, and the digest's tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial, prod

import pytest

from games.dice import DiceError, contest, roll_contest
from games.engine import DiceRolled, LoadedDice


def test_acceptance_highest_die_decides() -> None:
    """Road Wolf: "an attacker that rolls 6 and 1 will beat a target that rolls 5 and 5"."""
    result = contest([6, 1], [5, 5])
    assert (result.winner, result.overkill, result.decided_at) == ("a", 1, 1)


def test_acceptance_extra_die_beats_nothing() -> None:
    """Road Wolf: "3, 2, 1 will beat a defender that rolls 3, 2" (1 is more than nothing)."""
    result = contest([3, 2, 1], [3, 2])
    assert (result.winner, result.overkill, result.decided_at) == ("a", 0, 3)


def test_equal_all_the_way_is_a_tie() -> None:
    """Equal dice, die for die, are a tie with no overkill."""
    result = contest([4, 2], [2, 4])
    assert (result.winner, result.overkill, result.decided_at) == (None, 0, None)


def test_overkill_counts_dice_strictly_above_losers_highest() -> None:
    """Overkill counts the winner's dice strictly higher than the loser's highest die."""
    assert contest([2, 5, 6, 5], [5, 1]).overkill == 1
    assert contest([1], [6, 6, 6]).overkill == 3


def test_explanation_names_the_deciding_pair() -> None:
    """The explanation says who won, on which die, and the overkill."""
    text = contest([3, 2, 1], [3, 2], names=("Attacker", "Defender")).explanation
    assert "Attacker wins at die 3 from the top, 1 against no die; overkill 0" in text


def test_bad_face_is_refused() -> None:
    """A face below 1 is not a die."""
    with pytest.raises(DiceError, match="faces are 1 or more"):
        contest([0, 3], [2])


def _outcomes(n: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of n d6 faces with the number of ordered rolls that give it."""
    for faces in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n) // prod(factorial(faces.count(f)) for f in set(faces))
        yield faces, ways


def _road_table(vehicle_dice: int) -> dict[str, Fraction]:
    counts: Counter[str] = Counter()
    for vehicle, vehicle_ways in _outcomes(vehicle_dice):
        for road, road_ways in _outcomes(2):
            result = contest(vehicle, road)
            if result.winner == "a":
                key = "win"
            elif result.winner is None:
                key = "tie"
            else:
                key = ("skid", "spin", "roll")[min(result.overkill, 2)]
            counts[key] += vehicle_ways * road_ways
    total = 6 ** (vehicle_dice + 2)
    return {key: Fraction(count, total) for key, count in counts.items()}


@pytest.mark.parametrize(
    ("dice", "win", "tie", "skid", "spin", "roll"),
    [
        (1, 0.255, 0, 0.167, 0.324, 0.255),
        (2, 0.475, 0.051, 0.085, 0.270, 0.120),
        (3, 0.659, 0, 0.060, 0.214, 0.066),
        (5, 0.803, 0, 0.034, 0.135, 0.027),
    ],
)
def test_vehicle_against_road_table(
    dice: int, win: float, tie: float, skid: float, spin: float, roll: float
) -> None:
    """Road Wolf digest 1.5, "Vehicle dice vs road 2d6", reproduced by exact enumeration."""
    table = _road_table(dice)
    got = [round(float(table.get(key, 0)), 3) for key in ("win", "tie", "skid", "spin", "roll")]
    assert got == [win, tie, skid, spin, roll]


@pytest.mark.parametrize(("defender", "win", "overkill"), [(1, 0.745, 0.579), (2, 0.475, 0.390)])
def test_shotgun_figures(defender: int, win: float, overkill: float) -> None:
    """Digest: a 2-die Shotgun wins 74.5% (overkill 57.9%) vs 1 die; 47.5% (39.0%) vs 2."""
    wins = with_overkill = 0
    for a in product(range(1, 7), repeat=2):
        for b in product(range(1, 7), repeat=defender):
            result = contest(a, b)
            wins += result.winner == "a"
            with_overkill += result.winner == "a" and result.overkill > 0
    total = 6 ** (2 + defender)
    assert (round(wins / total, 3), round(with_overkill / total, 3)) == (win, overkill)


def test_roll_contest_records_every_roll_as_an_event() -> None:
    """Both sides' dice are DiceRolled events, A first, with the given ids."""
    roll = roll_contest(2, 1, LoadedDice([6, 1, 5]), a_who=11, b_who=22)
    assert [(e.who, e.dice) for e in roll.events] == [(11, (6, 1)), (22, (5,))]
    assert all(isinstance(e, DiceRolled) for e in roll.events)
    assert (roll.result.winner, roll.result.overkill) == ("a", 1)


def test_losing_side_rerolls_its_best_die() -> None:
    """A Veteran behind rerolls the die that helps most (here the 1), and the new face stands."""
    roll = roll_contest(2, 2, LoadedDice([5, 1, 6, 6, 6]), a_rerolls=1)
    assert [(r.side, r.old, r.new) for r in roll.rerolls] == [("a", 1, 6)]
    assert roll.result.winner == "b"
    assert "rerolled a 1: 6 (the new face stands)" in roll.explanation


def test_reroll_result_stands_even_if_worse() -> None:
    """Veteran: "You must keep the final roll even if it is worse than the original roll"."""
    roll = roll_contest(1, 1, LoadedDice([3, 4, 1]), a_rerolls=1)
    assert roll.result.a == (1,)
    assert roll.result.winner == "b"


def test_winner_rerolls_only_when_it_cannot_hurt() -> None:
    """6,1 against 5,5: rerolling the 1 risks nothing and may add overkill, so A takes it."""
    roll = roll_contest(2, 2, LoadedDice([6, 1, 5, 5, 6]), a_rerolls=1)
    assert [(r.old, r.new) for r in roll.rerolls] == [(1, 6)]
    assert roll.result.overkill == 2


def test_no_reroll_when_nothing_can_improve() -> None:
    """6,6 against 1: no reroll can raise the winner's result, so none is spent."""
    roll = roll_contest(2, 1, LoadedDice([6, 6, 1]), a_rerolls=3)
    assert roll.rerolls == ()
    assert len(roll.events) == 2


def test_both_sides_reroll_in_turn() -> None:
    """After A's reroll puts A ahead, B (behind now) spends its reroll too."""
    roll = roll_contest(1, 1, LoadedDice([2, 4, 5, 6]), a_rerolls=1, b_rerolls=1)
    assert [(r.side, r.old, r.new) for r in roll.rerolls] == [("a", 2, 5), ("b", 4, 6)]
    assert roll.result.winner == "b"


@pytest.mark.parametrize(("a", "b"), [(0, 1), (21, 1), (1, 0), (1, 21)])
def test_dice_count_limits(a: int, b: int) -> None:
    """Each side rolls 1 to 20 dice."""
    with pytest.raises(DiceError, match="1 to 20"):
        roll_contest(a, b, LoadedDice([]))


def test_reroll_limits() -> None:
    """A side has 0 to 5 rerolls."""
    with pytest.raises(DiceError, match="0 to 5"):
        roll_contest(1, 1, LoadedDice([]), b_rerolls=6)


def test_contest_roll_round_trips_through_json() -> None:
    """A ContestRoll, events included, survives a JSON round trip."""
    roll = roll_contest(3, 2, LoadedDice([1, 2, 3, 4, 5, 6]), a_rerolls=1)
    assert type(roll).model_validate_json(roll.model_dump_json()) == roll
