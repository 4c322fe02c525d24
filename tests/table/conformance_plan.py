"""The conformance plan both layers play, and the taste of the player who plays it: which
games with how many seats, the players' seeds, hints and step limit; what a player reads on a
board (who must act, an outcome, a refusal, a word to wait) and how likely they press each
thing they are offered. The table's conformance driver (`tests/table/conformance_driver.py`)
and the bot's (`tests/bot/conformance_driver.py`) import it: both layers play the same games
the same way, so given the same offers they make the same presses.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

# ----- the plan: which games are played how (the bot's conformance test plays the same) -------

SEATS = {"dragrage": 2, "rushncrush": 3, "spacetruckin": 3}
SEEDS = {"dragrage": 1, "rushncrush": 1, "spacetruckin": 1}
DEFAULT_SEED = 1
HINTS: dict[str, dict[str, float]] = {
    "spacetruckin": {r"^Stop building": 0.02},
    # Apocalypse Road: looking at the whole track and detours into the step-by-step builder
    # are pressed now and then (they must work) but rarely, so the race moves on.
    "apocalypseroad": {r"Whole track": 0.03, r"step by step": 0.06},
}
MAX_PRESSES = 2500

# ----- what a player reads, and their taste ----------------------------------------------------

ACTORS = re.compile(r"➡️ <@(\d+)>")
OUTCOME = "🏁"
# what the bot says (privately) when it refuses a press, when the pressed message was out of
# date, and (anywhere) when it failed: none of them may answer a current, offered button
FAILED = "⚠️"
REFUSAL_MARKS = ("🚫", "⏩", FAILED)
# Buttons that look or go back rather than play: still pressed now and then (they must work
# too), but rarely, so a game moves on.
LOOK = re.compile(
    r"show my sheet|show board|back|cancel|whole course|rules|help|log|undo|✖|❌|↩|⬅|👁",
    re.IGNORECASE,
)
LOOK_WEIGHT = 0.08
BOARD_WHILE_PRIVATE = 0.25
# A private sheet's word that its owner has nothing to do yet (the public board is not
# re-posted after every sheet edit, so in a step where players act at once it still asks
# those who already did).
WAITING = "Nothing to do"


class Pressable(Protocol):
    """One thing a player can press, in either layer: a button, or one option of a menu."""

    @property
    def custom_id(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def values(self) -> tuple[str, ...] | None: ...

    @property
    def private(self) -> bool: ...


C = TypeVar("C", bound=Pressable)


def weight(choice: Pressable, choices: Sequence[Pressable], hints: Mapping[str, float]) -> float:
    """How likely `choice` is pressed: a game's hint by label, else looking weighs little and
    a menu with many options counts as one choice among the buttons."""
    for pattern, hinted in hints.items():
        if re.search(pattern, choice.label):
            return hinted
    if not LOOK.search(choice.label):
        if choice.values is not None:
            same = sum(1 for c in choices if c.custom_id == choice.custom_id)
            return 1.0 / max(1, same)
        return 1.0
    return LOOK_WEIGHT


def pick(rnd: random.Random, choices: Sequence[C], hints: Mapping[str, float]) -> C:
    """One of `choices`, at random by `weight`."""
    weights = [weight(c, choices, hints) for c in choices]
    if any(c.private and not LOOK.search(c.label) for c in choices):
        # in the middle of a private flow (a builder, a preview, a sheet): mostly go on
        weights = [
            w if c.private else w * BOARD_WHILE_PRIVATE
            for c, w in zip(choices, weights, strict=True)
        ]
    return rnd.choices(list(choices), weights=weights, k=1)[0]


@dataclass
class Step:
    """What one press did, for the report."""

    step: int
    user: str
    choice: str
    answers: list[str]


def report(problems: Sequence[str], history: Sequence[Step], last: int = 12) -> str:
    """What went wrong, and the last presses before it."""
    lines = [*problems, "last presses:"]
    for step in history[-last:]:
        lines.append(f"  {step.step} {step.user}: {step.choice} -> {step.answers}")
    return "\n".join(lines)
