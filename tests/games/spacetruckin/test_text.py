"""The player-facing rules text: short enough for Discord, and it states the house rulings."""

from __future__ import annotations

import pytest

from games.spacetruckin import RULES_TEXT, SPEC


def test_rules_text_fits_discord() -> None:
    """`/game rules` posts the text in one message: it stays under 3,800 characters."""
    assert SPEC.rules_text == RULES_TEXT
    assert len(RULES_TEXT) < 3800


@pytest.mark.parametrize(
    "words",
    [
        "manipulations each",  # the option allowing each ability once per location
        "7th location is chosen freely by the next seat in turn",
        "none sells as 1 = 2 VP",  # a Smuggler without cargo
        "**5002**",  # the worked example's reading
        "a die that matches nothing (your pick) = 1 Bridge damage",
        "all at 20+ share the win",
    ],
)
def test_rules_text_states_the_rulings(words: str) -> None:
    """Each ruling of docs/games/space-truckin.md that players need is in the text."""
    assert words in RULES_TEXT
