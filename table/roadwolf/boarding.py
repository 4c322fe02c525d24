"""DERAILED: choose who climbs into a train car. The rules list each BOARD with no crew named
(every crew but the driver; the driver too if alone); this menu names them: tap the crew who
climb, then 🧗 Board plays the `board` action with those token ids (line 216; the Engine takes
2, the rules say so if more are named).

Payload: `A.G1` (vehicle and the car it boards), then the ids chosen so far: `A.G1.3.5`.
"""

from __future__ import annotations

import re

from games.engine import PlayerId
from games.roadwolf.actions import TrainAction
from games.roadwolf.model import RwState
from table.answers import ButtonSpec, Message
from table.roadwolf.ids import LETTER, PANEL, PER_ROW, VEHICLE, act_id, clip, rw_id
from table.service import Snapshot

BOARD = "brd"  # the crew pick: payload `A.G1[.3.5]`
CODE = re.compile(rf"(?P<v>{LETTER})\.(?P<t>{LETTER})((?:\.\d{{1,4}}){{0,8}})")


def boarding_button(snap: Snapshot, action: TrainAction) -> ButtonSpec:
    """A vehicle menu's "who climbs" button beside the listed BOARD."""
    code = f"{action.vehicle}.{action.target}"
    return ButtonSpec(f"🧗 Who boards {action.target}…", rw_id(snap, BOARD, code), "secondary")


def parse(payload: str) -> tuple[str, str, tuple[int, ...]] | None:
    match = CODE.fullmatch(payload)
    if match is None:
        return None
    return match["v"], match["t"], tuple(int(i) for i in match[3].split(".") if i)


def boarding_menu(snap: Snapshot, viewer: PlayerId, payload: str) -> Message:
    """Tap the crew who climb into the car (in any order), then 🧗 Board."""
    parsed = parse(payload)
    state = snap.state
    header = f"**Your vehicles** · {snap.spec.title} · game #{snap.session_id} (only you see this)"
    back = ButtonSpec("⬅ Back", rw_id(snap, PANEL), "secondary")
    if parsed is None or not isinstance(state, RwState):
        return Message(f"{header}\nNothing to board.", buttons=(back,))
    letter, target, chosen = parsed
    vehicle = state.find(letter)
    if vehicle is None or state.side_of(viewer) != vehicle.side:
        return Message(f"{header}\nNo vehicle {letter} of yours.", buttons=(back,))
    names = {t.id: f"{t.kind.title()} #{t.id}" for t in vehicle.crew}
    picks = [
        ButtonSpec(
            f"+ {names[t.id]}" + (" (driving)" if t.id == vehicle.driver else ""),
            rw_id(snap, BOARD, ".".join([letter, target, *map(str, (*chosen, t.id))])),
            "primary",
        )
        for t in vehicle.crew
        if t.id not in chosen
    ]
    go = ButtonSpec(
        f"🧗 Board {target} with {len(chosen)}" if chosen else "🧗 Board (pick crew first)",
        act_id(snap, TrainAction(kind="board", vehicle=letter, target=target, tokens=chosen)),
        "success",
        disabled=not chosen,
    )
    again = ButtonSpec("↩ Start again", rw_id(snap, BOARD, f"{letter}.{target}"), "secondary")
    to_vehicle = ButtonSpec("⬅ Back", rw_id(snap, VEHICLE, letter), "secondary")
    who = ", ".join(names[i] for i in chosen if i in names) or "nobody yet"
    lines = [
        header,
        f"🧗 **{letter} boards {target}**: tap each crew member who climbs across (the Engine "
        "holds 2; a driver who leaves abandons the vehicle). The rest stay aboard.",
        f"Climbing: {who}.",
    ]
    rows = [_on(b, i // PER_ROW) for i, b in enumerate(picks[: 3 * PER_ROW])]
    last = [_on(b, 3) for b in (go, again, to_vehicle)]
    return Message(clip("\n".join(lines)), buttons=(*rows, *last))


def _on(spec: ButtonSpec, row: int) -> ButtonSpec:
    return ButtonSpec(spec.label, spec.custom_id, spec.style, row, spec.disabled)
