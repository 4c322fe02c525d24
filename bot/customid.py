"""custom_id codec for persistent buttons: `rl:<verb>:<session>:<version>:<payload>`.

Every button names its session and the board version it was drawn for, so a press on an old
board is recognised (and answered with the current board) instead of making a wrong move.
Discord allows at most 100 characters.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, ClassVar, Self

MAX_LEN = 100


def template(prefix: str, payload: str = ".*") -> re.Pattern[str]:
    """The custom_id pattern `<prefix>:<verb>:<session>:<version>:<payload>`."""
    return re.compile(
        rf"{prefix}:(?P<verb>[a-z]+):(?P<sid>\d+):(?P<ver>\d+):(?P<payload>{payload})"
    )


@dataclass(frozen=True)
class ButtonId:
    """A decoded custom_id. `payload` is verb-specific (an action's JSON for `a`).

    Games whose cogs route buttons of their own subclass this with another PREFIX/TEMPLATE, so
    every Redline custom_id has the same shape and the same length check.
    """

    PREFIX: ClassVar[str] = "rl"
    TEMPLATE: ClassVar[re.Pattern[str]] = template("rl")

    verb: str
    session_id: int
    version: int
    payload: str = ""

    def encode(self) -> str:
        text = f"{self.PREFIX}:{self.verb}:{self.session_id}:{self.version}:{self.payload}"
        if len(text) > MAX_LEN:
            raise ValueError(f"custom_id too long ({len(text)} > {MAX_LEN}): {text[:40]}...")
        return text

    @classmethod
    def decode(cls, custom_id: str) -> Self | None:
        match = cls.TEMPLATE.fullmatch(custom_id)
        if match is None:
            return None
        return cls(match["verb"], int(match["sid"]), int(match["ver"]), match["payload"])


TEMPLATE = ButtonId.TEMPLATE


def action_payload(action_data: dict[str, Any]) -> str:
    """An action as the shortest JSON that parses back to it."""
    return json.dumps(action_data, separators=(",", ":"), sort_keys=True)


# Verbs
ACTION = "a"  # play the action in the payload (JSON)
END = "end"  # confirm ending a session (payload "yes" / "no")
JOIN = "join"  # join the lobby
START = "start"  # start the game (host)
BOARD = "board"  # show the current board (ephemeral)
SHEET = "sheet"  # show my private sheet/hand (ephemeral)
