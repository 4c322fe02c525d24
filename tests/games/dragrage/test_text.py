"""Player-facing words: the rules text, button labels and event lines."""

from __future__ import annotations

from games.dragrage import RULES_TEXT, SPEC, describe_event
from games.dragrage.state import Advance, Declare, LetsRoll, Pass, TurnInNitro
from tests.games.dragrage.helpers import ANN, BOB, act, new_race


def test_rules_text_fits_discord() -> None:
    """The rules text is short enough for two embed pages."""
    assert 1000 < len(RULES_TEXT) < 8000  # paged into embeds by /game rules, never cut


def test_rules_text_names_every_command() -> None:
    """The rules text tells players how to act through the bot."""
    for command in (
        "/dragrage advance counter:8",
        "/dragrage letsroll",
        "/dragrage declare dice:3",
        "/dragrage nitro",
        "/dragrage pass",
    ):
        assert command in RULES_TEXT


def test_rules_text_states_the_rulings() -> None:
    """Every ruling on the 5.3 ambiguities appears in the text."""
    for words in (
        "space 1",
        "beyond space 26",
        "turns spent",
        "crossing can be challenged",
        "can only pass",
        "before the roll",
        "new counter",
        "Broken chute",
        "Blown engine",
        "first move",
        "coin flip",
        "must still take one",
        "goes off the end of the track",
        "add up to",
        "who starts every heat",
        "re-runs of a dead heat included",
    ):
        assert words in RULES_TEXT, words


def test_button_labels() -> None:
    """describe gives the short labels the buttons show."""
    labels = [
        SPEC.describe(a) for a in (Advance(counter=8), LetsRoll(), Declare(dice=2), Declare(dice=3))
    ]
    labels += [SPEC.describe(TurnInNitro()), SPEC.describe(Pass())]
    assert labels == [
        "8",
        "Let's Roll!",
        "Roll 2 dice",
        "Roll 3 dice (nitro)",
        "Turn in nitro",
        "Pass",
    ]


def test_events_read_as_one_line_from_models_and_from_the_log() -> None:
    """describe_event works on event models and on their JSON dicts."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    state = act(state, BOB, Advance(counter=12)).state
    state = act(state, ANN, LetsRoll()).state
    step = act(state, BOB, Declare(dice=3), dice=[6, 5, 3])
    lines = [describe_event(e) for e in step.events]
    assert lines == [describe_event(e.model_dump()) for e in step.events]
    assert lines[1] == "🎲 6 + 5 + 3 = 14 (Bob needs 12+ to keep the move)"
    assert all("\n" not in line and line for line in lines)


def test_prompt_tells_the_active_driver_what_to_do() -> None:
    """The bot's turn line for the active driver names the choice."""
    prompt = SPEC.extra["prompt"]
    state = act(new_race(), ANN, Advance(counter=8)).state
    assert prompt(state, BOB).startswith("choose a counter (2, 3")
    assert prompt(state, BOB).endswith("or call Let's Roll on Ann's 8")
    assert prompt(state, ANN) == "wait for the other driver"
