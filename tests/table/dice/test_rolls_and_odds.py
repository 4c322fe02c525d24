"""What /roll, /contest and /odds answer, without Discord: words, and pictures to draw."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.dice import DiceError
from render.dice import render_dice, render_odds, render_table
from table.answers import Message, Picture, PictureLate
from table.dice import odds, rolls
from table.service import ServiceError


class Inline:
    """Works a function out at once (the renderer does it off the loop, within a deadline)."""

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)


class Late:
    """A worker whose deadline always passes."""

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        raise PictureLate("too slow")


def _public(message: Message | None) -> tuple[str, Picture]:
    assert message is not None and isinstance(message.image, Picture)
    assert message.image.session_id is None and message.image.viewer is None
    return message.content, message.image


def test_a_roll_is_public_with_its_dice_to_draw() -> None:
    """The roller is mentioned, the breakdown shown, the dice drawn by render_dice."""
    content, picture = _public(rolls.roll(7, "4d6kh3 for strength").public)
    assert content.startswith("🎲 <@7> rolled `4d6kh3`") and "strength" in content
    assert picture.draw is render_dice and picture.what == "render_dice"


def test_a_roll_of_no_dice_has_no_picture() -> None:
    """`/roll 3+4` is arithmetic: words only."""
    answer = rolls.roll(7, "3+4")
    assert answer.public is not None and answer.public.image is None


def test_a_dice_bomb_is_refused_before_rolling() -> None:
    """Refusals raise, for the bot to answer privately."""
    with pytest.raises(DiceError):
        rolls.roll(7, "1000000d1000000")


def test_a_contest_names_both_sides_and_its_odds() -> None:
    """Both sides' dice in one picture, and the exact odds before rerolls."""
    content, picture = _public(rolls.contest(3, 2, 0, 0).public)
    assert "Exact odds before rerolls" in content
    assert picture.kwargs == {"title": "Contested roll"}
    assert [g.label for g in picture.args[0]] == ["Attacker (3d6)", "Defender (2d6)"]


def test_a_d6_table_gives_the_exact_chance_asked() -> None:
    """Sum of 2d6 >= 8 is 41.67%, with the table drawn by render_table."""
    content, picture = _public(odds.d6_table("sum", 2, 8).public)
    assert "41.67%" in content and picture.draw is render_table


async def test_exact_odds_have_a_table_and_a_described_chart() -> None:
    """4d6kh3 >= 15: 23.15% (25/108), totals at least, a chart with its alt text."""
    answer = await odds.exact("4d6kh3", 15, Inline())
    content, picture = _public(answer.public)
    assert "23.15%" in content and "25/108" in content and "at least" in content
    assert picture.draw is render_odds
    assert answer.public is not None and answer.public.alt.startswith("Bar chart")


async def test_exact_odds_past_their_deadline_are_refused_with_advice() -> None:
    """A computation that passes its deadline says what to try instead."""
    with pytest.raises(ServiceError, match="took too long"):
        await odds.exact("4d6kh3", 15, Late())
