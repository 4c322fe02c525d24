"""The player-facing rules text: short enough for Discord, and it states the house rulings."""

from __future__ import annotations

import pytest

from games.spacetruckin import RULES_TEXT, SPEC


def test_rules_text_fits_discord() -> None:
    """`/game rules` shows the text in at most two embed pages."""
    assert SPEC.rules_text == RULES_TEXT
    assert 1000 < len(RULES_TEXT) < 8000  # paged into embeds by /game rules, never cut


@pytest.mark.parametrize(
    "words",
    [
        "manipulations each",  # the option allowing each ability once per location
        "The first player chooses the 7th",
        "Cartographers chart the 6 rolled letters in turn, 2 dice each time",
        "sells it as 1 = 2 VP",  # a Smuggler without cargo
        "**5002**",  # the worked example's reading
        "a die that matches nothing (your pick) = 1 Bridge damage",
        "20 VP wins at the move that reaches it",
        "its VP count first",
        "All out there = no winner",
    ],
)
def test_rules_text_states_the_rulings(words: str) -> None:
    """Each ruling of docs/games/space-truckin.md that players need is in the text."""
    assert words in " ".join(RULES_TEXT.split())


def test_rules_text_has_a_rulings_list() -> None:
    """The rulings (where the rulebook is silent or unclear) are listed under their own head."""
    rulings = RULES_TEXT.split("**Rulings**", 1)[1]
    assert rulings.count("\n- ") >= 5
