"""Rush 'n' Crush custom_ids (`rnc:`): builder steps, previews, the whole course, the gear menu.

Buttons that only redraw or send a private message carry an `rnc:` custom_id; the draft path
lives in that custom_id, so a draft needs no memory and survives a restart. Buttons that play
a move go through `Host.play`: the board's gear buttons (`rnc:h:`, the gear choice in digits)
and the option picked in its gear menu (`rnc:p:`, its value names the gear choice) also open
the mover's path preview; older boards' gear buttons were plain action buttons (`rl:a:`). So
do the 🔧 Use buttons once the gear is chosen (`rnc:u:` on the board, `rnc:i:` on the preview,
which redraw it; the item by its path letter): an item used costs one tap, not the path again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.engine import InvalidAction, Model
from games.rushncrush import ActivateAction, GearAction
from games.rushncrush.path import CODES
from table import messages as presenters
from table.ids import ButtonId, template
from table.service import Snapshot

PER_ROW = 5
GEAR_PER_ROW = 4
GEAR_ROWS = 2
"""Rows of gear buttons on the board; the gear menu comes next, then equipment and the course."""

# Verbs of the `rnc:` custom_ids (they redraw or send a private message, never move a car)
BUILD = "b"  # open the step-by-step builder (a new private message)
STEP = "s"  # the builder with this draft (redraws the private message)
PREVIEW = "v"  # preview this path (a new private message)
COURSE = "c"  # the whole course, privately
MORE = "g"  # every gear choice, privately (boards before the gear menu had this button)
PICK = "p"  # the gear menu: play the gear choice its picked value names
CANCEL = "x"  # close a private preview or builder
DRIVE = "d"  # drive the path a private preview or builder shows (redraws it as driven)
SHIFT = "h"  # play the gear choice the payload names, then preview the mover's path privately
SWITCH = "w"  # redraw the pressed preview with another suggested path
USE = "u"  # use the item the payload names (G, H, E), then preview the mover's path privately
USE_HERE = "i"  # the same from a preview: that preview redrawn on the path from there

MOVES = ("F", "L", "R")
PENDING = ("M", "B", "S")
"""Tokens that apply to the step after them: the builder offers them, then waits for that step."""
EXTRAS = (*PENDING, "G", "H", "E", "+G", "+H", "+E", "+B", "+S", "+K", "K1", "K2", "K3")
"""Path tokens the builder offers as buttons when they are legal at that point."""
TOKEN_LABELS = {
    "M": "💣 Mine here (M)",
    "B": "Bumper on next step (B)",
    "S": "Saw on next step (S)",
    "G": "Use Machine Gun (G)",
    "H": "Use Flamer (H)",
    "E": "Use Extinguisher (E)",
    "+G": "Arm Machine Gun",
    "+H": "Arm Flamer",
    "+E": "Arm Extinguisher",
    "+B": "Arm Side Bumper",
    "+S": "Arm Saw",
    "+K": "Arm Rocket",
    "K1": "Rocket 1 (K1)",
    "K2": "Rocket 2 (K2)",
    "K3": "Rocket 3 (K3)",
}
MOVE_LABELS = {"F": "⬆ F", "L": "↖ L", "R": "↗ R"}


class RncId(ButtonId):
    """A decoded `rnc:<verb>:<session>:<version>:<path>` custom_id (path tokens run together)."""

    PREFIX = "rnc"
    TEMPLATE = template("rnc", "[A-Z0-9+]*")

    @property
    def path(self) -> str:
        return self.payload


def rnc_id(snap: Snapshot, verb: str, path: str = "", *, version: int | None = None) -> str:
    ver = snap.version if version is None else version
    return RncId(verb, snap.session_id, ver, path, game=snap.game_tag).encode()


def act_id(snap: Snapshot, action: Model) -> str:
    return presenters.action_id(snap, action)


def compact(tokens: Sequence[str]) -> str:
    """Tokens run together (`FFL+GK2`): what custom_ids and moves carry; parses back the same."""
    return "".join(tokens)


def spaced(tokens: Sequence[str]) -> str:
    return " ".join(tokens) if tokens else "(nothing yet)"


def clip(text: str, limit: int = 1900) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rnc_or_none(snap: Snapshot, verb: str, path: str) -> str | None:
    try:
        return rnc_id(snap, verb, path)
    except ValueError:  # the custom_id would be too long: the player types that path instead
        return None


GEAR_DIGITS = re.compile(r"(?P<gear>[1-5])(?P<speed>\d\d)(?P<turbo>\d)(?P<brake>\d)")


def gear_digits(action: GearAction) -> str:
    """A gear button's payload: gear, speed (two digits), turbo, brake (`30920`)."""
    return f"{action.gear}{action.speed:02d}{action.turbo}{action.brake}"


def parse_gear_digits(text: str) -> GearAction:
    """The gear choice a gear button's payload names; the rules then say whether it is legal."""
    return _gear_named(GEAR_DIGITS, text, "")


GEAR_VALUE = re.compile(r"(?P<gear>[1-5])\.(?P<speed>\d{1,2})\.(?P<turbo>\d)\.(?P<brake>\d)")


def gear_value(action: GearAction) -> str:
    """A gear menu option's value: `gear.speed.turbo.brake` (`3.9.2.0`)."""
    return f"{action.gear}.{action.speed}.{action.turbo}.{action.brake}"


def parse_gear_value(text: str) -> GearAction:
    """The gear choice a menu value names; the rules then say whether it is legal now."""
    return _gear_named(GEAR_VALUE, text, " of this menu")


def _gear_named(pattern: re.Pattern[str], text: str, where: str) -> GearAction:
    match = pattern.fullmatch(text)
    if match is None:
        raise InvalidAction(f"{text[:20]!r} is not a gear choice{where}")
    return GearAction(**{k: int(v) for k, v in match.groupdict().items()})


def use_id(snap: Snapshot, verb: str, action: ActivateAction) -> str:
    """A 🔧 Use button (`USE` or `USE_HERE`): the item by its letter in a path (`E`)."""
    letter = next(code for code, item in CODES.items() if item == action.item)
    return rnc_id(snap, verb, letter)


def parse_use(letter: str) -> ActivateAction:
    """The Use a 🔧 button's payload names; the rules then say whether it is legal now."""
    item = CODES.get(letter)
    if item is None:
        raise InvalidAction(f"{letter[:5]!r} names no item; items are {', '.join(CODES)}")
    return ActivateAction(item=item, mode="use")
