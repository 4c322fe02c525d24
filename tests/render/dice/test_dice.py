"""Dice images: the data model's checks, totals, the drawing cap and dropped dice."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from pydantic import ValidationError

from games.engine import DiceRolled
from render.dice import DiceGroup, render_dice
from render.dice.dice import MAX_DICE
from render.palette import DEFAULT_THEME as THEME


def _decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def test_faces_impossible_on_the_die_are_refused() -> None:
    """A 7 on a d6 is a validation error naming the face."""
    with pytest.raises(ValidationError, match=r"\[7\]"):
        DiceGroup(label="x", faces=(3, 7))


def test_dropped_flags_must_match_the_faces() -> None:
    """Three flags for two faces is refused."""
    with pytest.raises(ValidationError, match="one flag per face"):
        DiceGroup(label="x", faces=(3, 4), dropped=(True, False, False))


def test_total_leaves_out_dropped_dice_unless_given() -> None:
    """4d6 drop lowest totals the three kept dice; an explicit total wins."""
    group = DiceGroup(label="4d6dl1", faces=(2, 5, 6, 1), dropped=(False, False, False, True))
    assert group.shown_total == 13
    assert group.model_copy(update={"total": 99}).shown_total == 99


def test_a_game_roll_becomes_a_group() -> None:
    """A DiceRolled event keeps its faces and sides."""
    roll = DiceRolled(who=1, why="Let's Roll", dice=(4, 5, 6), sides=6)
    group = DiceGroup.from_roll(roll, "Bob: 3 dice")
    assert group.faces == (4, 5, 6) and group.shown_total == 15


def test_huge_rolls_draw_at_most_the_cap() -> None:
    """100 dice draw the same rows as MAX_DICE dice (the rest are "+N more")."""
    capped = _decode(render_dice([DiceGroup(label="many", faces=(3,) * MAX_DICE)]))
    huge = _decode(render_dice([DiceGroup(label="many", faces=(3,) * 100)]))
    assert huge.size == capped.size


def test_dropped_dice_are_greyed() -> None:
    """A kept die is the die colour, a dropped one the faded colour (and struck)."""
    group = DiceGroup(label="2d6kh1", faces=(4, 2), dropped=(False, True))
    image = _decode(render_dice([group])).convert("RGB")
    # First die spans x 24..88 and y 68..132; the second starts 76 px to the right.
    assert image.getpixel((30, 100)) == THEME.die
    assert image.getpixel((106, 100)) == THEME.faded


def test_scale_shrinks_the_image() -> None:
    """Half scale gives about half the width."""
    group = DiceGroup(label="d20", faces=(17,), sides=20)
    full, half = _decode(render_dice([group])), _decode(render_dice([group], scale=0.5))
    assert abs(half.width - full.width / 2) <= 2
