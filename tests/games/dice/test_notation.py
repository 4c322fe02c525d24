"""Dice notation through d20: results, breakdowns, labels and deterministic injected dice."""

from __future__ import annotations

import pytest

from games.dice import DiceError, check_notation, roll_notation
from games.engine import LoadedDice, Rng


def test_plain_sum_uses_loaded_faces() -> None:
    """2d6+3 with faces 4 and 5 totals 12."""
    result = roll_notation("2d6+3", LoadedDice([4, 5]))
    assert result.total == 12
    assert result.expression == "2d6 + 3"
    assert result.plain == "2d6 (4, 5) + 3 = 12"


def test_keep_highest_marks_dropped_face() -> None:
    """4d6kh3 keeps the three highest and flags the dropped die."""
    result = roll_notation("4d6kh3", LoadedDice([1, 2, 3, 4]))
    assert result.total == 9
    assert [(f.value, f.kept) for f in result.terms[0].faces] == [
        (1, False),
        (2, True),
        (3, True),
        (4, True),
    ]
    assert "~~**1**~~" in result.breakdown


def test_keep_lowest_and_drop_highest() -> None:
    """2d20kl1 keeps the lower die; 3d6ph1 drops the highest."""
    assert roll_notation("2d20kl1", LoadedDice([15, 7])).total == 7
    assert roll_notation("3d6ph1", LoadedDice([6, 2, 3])).total == 5


def test_explosion_records_chain() -> None:
    """3d6e6 rolls another die for each 6, and flags the exploded faces."""
    result = roll_notation("3d6e6", LoadedDice([6, 2, 3, 6, 1]))
    faces = result.terms[0].faces
    assert result.total == 18
    assert [f.value for f in faces] == [6, 2, 3, 6, 1]
    assert [f.exploded for f in faces] == [True, False, False, True, False]


def test_reroll_keeps_history_of_the_replaced_face() -> None:
    """2d6rr1 rerolls a 1 until it is not a 1; the 1s stay in the history as rerolled."""
    result = roll_notation("2d6rr1", LoadedDice([1, 5, 1, 4]))
    faces = result.terms[0].faces
    assert result.total == 9
    assert [(f.value, f.kept, f.rerolled) for f in faces] == [
        (1, False, True),
        (1, False, True),
        (4, True, False),
        (5, True, False),
    ]


def test_reroll_once_stands_even_if_worse() -> None:
    """1d20ro1 rerolls a 1 once and keeps the new face, even another 1."""
    assert roll_notation("1d20ro1", LoadedDice([1, 1])).total == 1


def test_comment_becomes_label() -> None:
    """`1d20+5 to hit` rolls 1d20+5 and keeps "to hit" as the label."""
    result = roll_notation("1d20+5 to hit", LoadedDice([10]))
    assert (result.total, result.label, result.expression) == (15, "to hit", "1d20 + 5")


def test_bracket_annotation_stays_on_term() -> None:
    """`4d6kh3 [str]` keeps the annotation on its dice term."""
    result = roll_notation("4d6kh3 [str]", LoadedDice([2, 3, 4, 5]))
    assert result.terms[0].annotation == "[str]"
    assert result.label is None


def test_natural_twenty_is_a_crit() -> None:
    """A lone d20 showing 20 is a crit, and 1 is a fail."""
    assert roll_notation("1d20+2", LoadedDice([20])).crit == "crit"
    assert roll_notation("1d20+2", LoadedDice([1])).crit == "fail"
    assert roll_notation("1d20+2", LoadedDice([12])).crit == "none"


def test_set_keep_drops_whole_term() -> None:
    """(1d6,1d8)kh1 keeps the higher term; faces of the other term are not kept."""
    result = roll_notation("(1d6,1d8)kh1", LoadedDice([5, 2]))
    assert result.total == 5
    assert [t.faces[0].kept for t in result.terms] == [True, False]


def test_percentile_die_is_a_tens_die() -> None:
    """d% reads like d20's: a tens die, face 4 of 10 shows 30."""
    result = roll_notation("d%", LoadedDice([4]))
    assert (result.total, result.terms[0].sides) == (30, 100)


def test_same_seed_same_faces() -> None:
    """Two rolls from the same seed come out identical, rerolls and explosions included."""
    text = "10d6ro<3e6 + 4d8rr1"
    assert roll_notation(text, Rng(42)) == roll_notation(text, Rng(42))


def test_result_round_trips_through_json() -> None:
    """A roll survives a JSON round trip exactly."""
    result = roll_notation("4d6kh3 + 2 [str] ability", Rng(7))
    assert type(result).model_validate_json(result.model_dump_json()) == result


def test_check_notation_normalises_without_rolling() -> None:
    """check_notation returns d20's normal form and draws no dice."""
    assert check_notation("d20+5") == "1d20 + 5"


def test_unreadable_input_names_examples() -> None:
    """Gibberish is refused with the input quoted and examples of what works."""
    with pytest.raises(DiceError, match=r'"hello".*2d6\+3'):
        roll_notation("hello", Rng(1))


def test_empty_input_is_refused() -> None:
    """An empty roll says there is nothing to roll."""
    with pytest.raises(DiceError, match="nothing to roll"):
        roll_notation("   ", Rng(1))


def test_division_by_zero_is_a_dice_error() -> None:
    """1d6/0 is refused with a player-safe message."""
    with pytest.raises(DiceError, match="divide by zero"):
        roll_notation("1d6/0", LoadedDice([3]))


def test_dice_error_is_an_invalid_action() -> None:
    """The bot's error funnel treats dice errors like any other invalid action."""
    from games.engine import InvalidAction

    assert issubclass(DiceError, InvalidAction)


def test_rerolls_go_to_dice_in_roll_order() -> None:
    """3d6ro1 with three 1s gives the reroll faces to the dice left to right, every run."""
    result = roll_notation("3d6ro1", LoadedDice([1, 1, 1, 4, 5, 6]))
    kept = [f.value for f in result.terms[0].faces if f.kept]
    assert kept == [4, 5, 6]


def test_unreadable_tail_is_refused_not_taken_as_a_label() -> None:
    """Notation d20 cannot read is refused instead of silently rolling the part before it."""
    for text in ("4d6dl1", "1d20＋5", "1d6!", "2^1000", "2d6x2", "(1d6)d6", "2d6 3"):
        with pytest.raises(DiceError):
            check_notation(text)
    assert check_notation("1d20+5 to hit") == "1d20 + 5"
