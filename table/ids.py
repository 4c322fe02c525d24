"""custom_id codec for persistent buttons:
`rl:<verb>:<session>[.<game>]:<version>[~<tag>]:<payload>`.

Every button names its session and the board version it was drawn for, so a press on an old
board is recognised (and answered with the current board) instead of making a wrong move. It
names its game too, not only the game's number: `game` is a short tag of the game's seed
commitment (`table.snapshot.game_tag`), checked before anything else, so a board of a game that
no longer exists cannot play in another game given the same number (a restored database).
Buttons drawn before tags existed carry none; they are accepted for the games of that time
only (see `storage.SessionSeed`). A button on a private sheet or hand also carries `tag`, a
short digest of its owner's own view: it goes stale once that view changed, even when other
players' moves bumped the version. Discord allows at most 100 characters.

Decoding is strict and bounded: anything that is not exactly this shape (a negative or huge
number, a bad tag, an unknown prefix) decodes to None, and the bot answers it with a clear
refusal instead of silence.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any, ClassVar, Self

MAX_LEN = 100
MAX_DIGITS = 18  # ids and versions fit SQLite's 64-bit integers
TAG_LEN = 8
DIGEST_LEN = 8
GAME_TAG_LEN = 4
"""Base-32 characters of a game's tag: 20 bits. Session ids are never handed out twice, so
the tag only has to tell apart the games of one number in a database begun anew (or a
PostgreSQL dump restored): one chance in a million that two such games share it."""
GAME_TAG_CHARS = "a-z2-7"  # RFC 4648 base 32, lower case
MAX_JSON_DEPTH = 6


class UntaggedButton(Exception):
    """A bug: a button for a session was drawn without its game's tag (see module doc)."""


class MalformedInput(ValueError):
    """Text from a button or an option that is not in the shape we expect. Safe to show."""


def template(prefix: str, payload: str = ".*") -> re.Pattern[str]:
    """The custom_id pattern `<prefix>:<verb>:<session>[.<game>]:<version>[~<tag>]:<payload>`."""
    return re.compile(
        rf"{prefix}:(?P<verb>[a-z]{{1,8}}):(?P<sid>\d{{1,{MAX_DIGITS}}})"
        rf"(?:\.(?P<game>[{GAME_TAG_CHARS}]{{{GAME_TAG_LEN}}}))?:"
        rf"(?P<ver>\d{{1,{MAX_DIGITS}}})(?:~(?P<tag>[0-9a-f]{{{TAG_LEN}}}))?:(?P<payload>{payload})",
        re.DOTALL,
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
    tag: str = ""
    """The owner's view digest, for buttons on private messages ("" on public ones)."""
    game: str = ""
    """The game's tag (`table.snapshot.game_tag`): which game of this number the button was
    drawn for. Every button for a session carries it; "" only on boards drawn before tags."""

    def encode(self) -> str:
        if self.session_id and not self.game:
            raise UntaggedButton(f"a {self.PREFIX}:{self.verb} button names no game")
        game = f".{self.game}" if self.game else ""
        tag = f"~{self.tag}" if self.tag else ""
        text = (
            f"{self.PREFIX}:{self.verb}:{self.session_id}{game}:{self.version}{tag}:{self.payload}"
        )
        if len(text) > MAX_LEN:
            raise ValueError(f"custom_id too long ({len(text)} > {MAX_LEN}): {text[:40]}...")
        return text

    @classmethod
    def decode(cls, custom_id: str) -> Self | None:
        if len(custom_id) > MAX_LEN:
            return None
        match = cls.TEMPLATE.fullmatch(custom_id)
        if match is None:
            return None
        return cls(
            match["verb"],
            int(match["sid"]),
            int(match["ver"]),
            match["payload"],
            match["tag"] or "",
            match["game"] or "",
        )


def action_payload(action_data: dict[str, Any]) -> str:
    """An action as the shortest JSON that parses back to it."""
    return json.dumps(action_data, separators=(",", ":"), sort_keys=True)


def payload_digest(payload: str) -> str:
    """The payload of an `ACTION_DIGEST` button: a digest of the action's `action_payload`."""
    return hashlib.sha256(payload.encode()).hexdigest()[:DIGEST_LEN]


def bounded_json(text: str, *, max_chars: int = 400, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """`json.loads` for untrusted text, refusing long or deeply nested input before parsing
    (a 6,000-character `[[[[...` would otherwise hit Python's recursion limit)."""
    if len(text) > max_chars:
        raise MalformedInput(f"that is {len(text)} characters long; at most {max_chars} make sense")
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > max_depth:
                raise MalformedInput("that is nested too deeply to be a move")
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except ValueError as exc:
        raise MalformedInput("that is not readable as a move") from exc


# Verbs
ACTION = "a"  # play the action in the payload (JSON)
ACTION_DIGEST = "ad"  # play the offered action whose `payload_digest` is the payload (an
# action whose JSON does not fit in 100 characters beside the number, version and tags)
END = "end"  # confirm ending a session (payload "yes" / "no")
JOIN = "join"  # join the lobby
START = "start"  # start the game (host)
BOARD = "board"  # show the current board (ephemeral)
SHEET = "sheet"  # show my private sheet/hand (ephemeral)
TAKEBACK = "tb"  # answer a take-back request (payload `<request id>.y` or `.n`)
RULES = "rules"  # a menu of the games: show the chosen game's rules (ephemeral; no session)
