"""The player-facing rules text: paged by /game rules, and it states the rulings."""

from __future__ import annotations

import pytest

from games.roadwolf import SPEC
from games.roadwolf.text import RULES_TEXT


def test_rules_text_is_the_spec_text() -> None:
    assert SPEC.rules_text == RULES_TEXT
    assert "**Playing here**" in RULES_TEXT and "**Rulings**" in RULES_TEXT


@pytest.mark.parametrize(
    "words",
    [
        "1 cell = 1 inch",  # 1.6
        "Vehicle cost = size",  # 1.3 [R]
        "Clear 6, Slide 3, Slick 3",  # 1.3 [R] deck
        "The END (far end) is the BACK",  # 1.4-A
        "at the END edge, then moved 2 sticks toward the START",  # 1.4-B
        "Ties: nothing happens",  # 1.4-C
        "ROLL",  # 1.4-D
        "No wipeout checks while immobilized",  # 1.4-E
        "only through a Gunner's free 1-die shot",  # 1.4-F
        "Spikes cost an action; Ambush is free",  # 1.4-G
        "A Shotgun that takes out crew is discarded",  # 1.4-H
        "One vehicle at a time",  # 1.4-K
        "once per vehicle per round",  # 1.4-L
        "Supplies: choose the token",  # 1.4-M
        "d6 odd left, even right",  # 1.4-N
        "survives its check is immobilized",  # 1.4-O
        "10 against 12 points",  # 1.4-P
        "the skidding car rams",  # 1.4-Q
        "one wipeout check (not for Dirt vehicles)",  # rule 23 [R]
        "the wreck defends with its size",  # rule 31 [R]
        "Heavy vehicles are Closed",  # rule 16 [R]
        "L2F3",  # the typed notation
        "ended on the card may use it",  # issue 27: SUPPLIES
        "no more wipeout checks, not even on its own skid",  # issue 27: SPIN
        "you choose who goes across, the Driver included",  # issue 27: TAKEOVER
        "both enter at rank 2",  # issue 27: CHASE
        "as it stands after every action",  # issue 27: scores
    ],
)
def test_rules_text_states_the_ruling(words: str) -> None:
    assert words in " ".join(RULES_TEXT.split())


def test_the_doc_reproduces_the_rules_text() -> None:
    """`docs/games/roadwolf.md` ends with the player-facing text, copied verbatim."""
    from pathlib import Path

    doc = (Path(__file__).parents[3] / "docs/games/roadwolf.md").read_text(encoding="utf-8")
    assert doc.split("## Player-facing text\n\n", 1)[1].strip() == RULES_TEXT.strip()


def test_playing_here_names_the_panel_menus() -> None:
    text = " ".join(RULES_TEXT.split())
    for words in ("Place / crew…", "Crew order…", "Who boards G1…", "drives the train 1 stick"):
        assert words in text
