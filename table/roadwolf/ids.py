"""Road Wolf custom_ids (`rw:`) and the small pieces every private panel of the game uses.

`rw:` ids redraw the private panel (pick a vehicle, the first taps of a move, a preview) or
show the whole road; two play: a preview's ✅ Confirm (`go`, the planned move) and the "More
actions…" menu (`do`), both checked like action buttons plus, in play, the board version (a
preview is only true where it was drawn). Other actions are ordinary action buttons (`rl:a:`)
bound to the viewer's view tag, played by the host (`Host.play`). Payloads are short: `A`, `A.m`,
`A.m.-2`, `A.m.-2.3` (vehicle, kind m/b/n for move/brake/nitro, dx, dy).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.engine import Model
from games.roadwolf.actions import (
    BuyAction,
    DecideAction,
    TargetAction,
    TokenAction,
    TrainAction,
)
from games.roadwolf.data import VEHICLES
from games.roadwolf.geometry import MoveKind
from games.roadwolf.model import RwState
from games.roadwolf.words import counted
from table import messages as presenters
from table.answers import ButtonSpec
from table.ids import ButtonId, template
from table.service import Snapshot

PER_ROW = 5

# Verbs of the `rw:` custom_ids (they redraw a private message, never move a vehicle)
PANEL = "pn"  # the panel again (Back / Cancel): payload "" or a vehicle letter
VEHICLE = "veh"  # the action menu of one vehicle
MOVE = "mv"  # move, tap 1: the lateral choices (payload `A.m` / `A.b`)
LATERAL = "lat"  # move, tap 2: the forward choices for that lateral (payload `A.m.-2`)
PREVIEW = "pv"  # move, tap 3: the preview with Confirm (payload `A.m.-2.3`)
TOKENS = "tok"  # army building: the token kinds for one vehicle
OPEN = "open"  # the public board's "Open my panel" (a new private message)
ROAD = "road"  # the whole road, privately
GO = "go"  # the preview's ✅ Confirm: play the planned move (payload `A.m.-2.3`)
DO = "do"  # the panel's "More actions…" menu: play the action its picked value names (JSON)

KINDS: dict[str, MoveKind] = {"m": "move", "b": "brake", "n": "nitro"}
CODES = {v: k for k, v in KINDS.items()}
LETTER = r"[A-Z][A-Z0-9]{0,2}"
"""A vehicle's letter in a payload: A, N2 (CHASE), M1 (civilians), A1…F12 (three or more sides)."""
PLAN = re.compile(rf"(?P<v>{LETTER})\.(?P<k>[mbn])(?:\.(?P<dx>-?\d)(?:\.(?P<dy>-?\d))?)?")


class RwId(ButtonId):
    """A decoded `rw:<verb>:<session>:<version>[~<tag>]:<payload>` custom_id."""

    PREFIX = "rw"
    TEMPLATE = template("rw", r"[A-Za-z0-9.\-]*")


@dataclass(frozen=True)
class Planned:
    """A move being chosen: vehicle, kind, and the displacement so far."""

    vehicle: str
    kind: MoveKind
    dx: int | None = None
    dy: int | None = None

    def code(self) -> str:
        parts = [self.vehicle, CODES[self.kind]]
        if self.dx is not None:
            parts.append(str(self.dx))
            if self.dy is not None:
                parts.append(str(self.dy))
        return ".".join(parts)


def parse_planned(payload: str) -> Planned | None:
    match = PLAN.fullmatch(payload)
    if match is None:
        return None
    dx = int(match["dx"]) if match["dx"] is not None else None
    dy = int(match["dy"]) if match["dy"] is not None else None
    return Planned(match["v"], KINDS[match["k"]], dx, dy)


TRAIN_ICONS = {"board": "🧗", "search": "🔍", "drive_train": "🚂"}


def rw_id(snap: Snapshot, verb: str, payload: str = "", *, version: int | None = None) -> str:
    ver = snap.version if version is None else version
    return RwId(verb, snap.session_id, ver, payload, snap.button_tag, snap.game_tag).encode()


def label(snap: Snapshot, action: Model) -> str:
    """An action's words on a button or in `/roadwolf do`: the rules' own, with an icon on
    DERAILED's train actions."""
    words = str(snap.spec.describe(action))
    state = snap.state
    if isinstance(action, TokenAction) and getattr(state, "phase", "") == "play":
        # CHASE: a replacement's token choice, on the Cops' private panel only
        return f"🎒 {action.token.title()} for {action.vehicle}"
    if isinstance(action, TokenAction):
        # the public log only says "a token" (hidden until used); its owner sees which, and
        # `/roadwolf do` needs a distinct name per choice to find it by typing
        return f"{action.token.title()} on {action.vehicle}"
    if isinstance(action, BuyAction) and action.vehicle_class in VEHICLES:
        cls = VEHICLES[action.vehicle_class]
        kind = f"{'Closed' if cls.closed else 'Open'}, {cls.surface.title()}"
        return f"{words}: {counted(cls.cost, 'point')} · size {cls.size}, {kind}"
    if isinstance(action, TrainAction):
        return f"{TRAIN_ICONS[action.kind]} {words}"
    if isinstance(action, DecideAction):  # GAUNTLET's Skull
        return f"{'💀' if action.choice == 'skull' else '💥'} {words}"
    if isinstance(action, TargetAction) and isinstance(state, RwState):
        return _takeover_label(state, action, words)
    return words


def _takeover_label(state: RwState, action: TargetAction, words: str) -> str:
    """Who goes across in a TAKEOVER (on the owner's own panel: their crew are theirs to see)."""
    vehicle = state.find(action.vehicle)
    crew = vehicle.crew if vehicle is not None and action.kind == "takeover" else ()
    token = next((t for t in crew if t.id == action.crew), None)
    if vehicle is None or token is None:
        return words
    if token.id == vehicle.driver:
        return f"{words}: the Driver goes ({action.vehicle} is abandoned)"
    return f"{words}: the {token.kind.title()} goes"


def act_id(snap: Snapshot, action: Model) -> str:
    return presenters.action_id(snap, action)


def typed(dx: int, dy: int) -> str:
    """The typed form of a displacement: `L2F3` (left 2, forward 3), `R1B2`, `F4`."""
    side = f"L{-dx}" if dx < 0 else f"R{dx}" if dx > 0 else ""
    ahead = f"F{dy}" if dy > 0 else f"B{-dy}" if dy < 0 else ""
    return side + ahead or "F0"


def lateral_label(dx: int) -> str:
    if dx < 0:
        return f"↖ left {-dx}"
    if dx > 0:
        return f"↗ right {dx}"
    return "⬆ straight"


def on_row(spec: ButtonSpec, row: int | None) -> ButtonSpec:
    return ButtonSpec(spec.label, spec.custom_id, spec.style, row, spec.disabled)


def clip(text: str, limit: int = 1900) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
