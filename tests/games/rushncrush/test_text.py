"""The player-facing rules summary: short enough for Discord and carrying every ruling."""

from __future__ import annotations

import pytest

from games.rushncrush import SPEC
from games.rushncrush.text import RULES_TEXT


def test_rules_text_is_the_spec_text_and_fits() -> None:
    """The rules text is the spec's and short enough for two embed pages."""
    assert SPEC.rules_text == RULES_TEXT
    assert 1000 < len(RULES_TEXT) < 8000  # paged into embeds by /game rules, never cut


@pytest.mark.parametrize(
    "words",
    [
        "never 1-3, 13, 15 or 17",  # ⚠1
        "first to cross in turn order",  # ⚠7
        "on a loop they are there on every lap",  # physical wrecks and mines
        "F back into your lane",  # diagonal-hit swerve
        "no car hits the same rock twice",
        "not after a Rush 'n' Crush",  # rocket
        "Steps after your movement is used up are refused",
        "a Turbo into a blue gear rolls no red die",  # issue 27: heat by the zone you end in
    ],
)
def test_rules_text_states_the_ruling(words: str) -> None:
    """Each house ruling a player can run into is in the summary."""
    assert words in " ".join(RULES_TEXT.split())
