"""Road Wolf's two setup panels the rules leave unlisted (`place` and `crew_order` are legal but
too many to list, `docs/games/roadwolf.md`):

- **Place** (army building): pick a vehicle's column, then its row, from menus that offer only
  starting positions the rules accept now (`placement.allowed`, the rules' own check); the row
  pick plays `place`.
- **Crew order** (rule 40, free, while building or on your turn): tap the crew in the order
  they are lost, then ✅ Set; the driver is always last. Set plays `crew_order`.

Payloads: `A` (vehicle), `A.10` (vehicle and column) for place; `A`, `A.3.5` (vehicle and the
token ids chosen so far) for crew order.
"""

from __future__ import annotations

import re

from games.engine import PlayerId, Rng
from games.roadwolf.missions import place_refusal
from games.roadwolf.model import CrewOrderAction, PlaceAction, RwState, Vehicle
from games.roadwolf.placement import allowed
from games.roadwolf.table import Ctx
from table.answers import ButtonSpec, Message, SelectSpec
from table.roadwolf.ids import LETTER, PANEL, PER_ROW, act_id, clip, rw_id
from table.service import Snapshot

SETUP = "set"  # a vehicle's setup menu (Place…, Crew order…): payload `A`
PLACE = "pl"  # place: payload `A` (the column menu) or `A.10` (the row menu)
CREW = "crew"  # crew order: payload `A` or `A.3.5` (ids chosen so far, first lost first)
MAX_OPTIONS = 25
PLACE_CODE = re.compile(rf"(?P<v>{LETTER})(?:\.(?P<x>\d{{1,2}}))?")
CREW_CODE = re.compile(rf"(?P<v>{LETTER})((?:\.\d{{1,4}}){{0,8}})")


def _header(snap: Snapshot) -> str:
    return f"**Your vehicles** · {snap.spec.title} · game #{snap.session_id} (only you see this)"


def _back(snap: Snapshot) -> ButtonSpec:
    return ButtonSpec("⬅ Back", rw_id(snap, PANEL), "secondary")


def _mine(snap: Snapshot, viewer: PlayerId, letter: str) -> Vehicle | None:
    state = snap.state
    if not isinstance(state, RwState):
        return None
    vehicle = state.find(letter)
    if vehicle is None or state.side_of(viewer) != vehicle.side or not vehicle.on_board:
        return None
    return vehicle


def spots(state: RwState, vehicle: Vehicle) -> dict[int, list[int]]:
    """Every starting position the rules accept for `vehicle` now: rows by column."""
    ctx = Ctx(state, Rng(0))
    found: dict[int, list[int]] = {}
    for x in range(24):
        for y in range(48):
            if allowed(ctx, vehicle, x, y) is None:
                found.setdefault(x, []).append(y)
    return found


def thin(values: list[int], limit: int = MAX_OPTIONS) -> list[int]:
    """At most `limit` of `values`, evenly spread, the first and last kept."""
    if len(values) <= limit:
        return values
    step = (len(values) - 1) / (limit - 1)
    return sorted({values[round(i * step)] for i in range(limit)})


def setup_button(snap: Snapshot) -> ButtonSpec:
    """The build panel's tail button: place a vehicle or set its crew order."""
    return ButtonSpec("🛠 Place / crew…", rw_id(snap, SETUP), "secondary")


def enter_button(snap: Snapshot, letter: str) -> ButtonSpec:
    """CHASE: a replacement cop not yet moved may enter at another edge spot (the place menu)."""
    return ButtonSpec("📍 Enter from…", rw_id(snap, PLACE, letter), "secondary")


def crew_button(snap: Snapshot, letter: str) -> ButtonSpec:
    """A vehicle menu's tail button (in play): its crew order."""
    return ButtonSpec("🧍 Crew order…", rw_id(snap, CREW, letter), "secondary")


def _pick(snap: Snapshot, viewer: PlayerId) -> Message:
    state = snap.state
    own: list[Vehicle] = []
    if isinstance(state, RwState):
        side = state.side_of(viewer)
        own = [v for v in state.vehicles if v.side == side and v.on_board]
    picks = [
        _on(ButtonSpec(f"🛠 {v.letter} {v.name}"[:80], rw_id(snap, SETUP, v.letter), "primary"),
            i // PER_ROW)
        for i, v in enumerate(own[: 4 * PER_ROW])
    ]  # fmt: skip
    text = "🛠 Which vehicle? Place it (while building) or set who it loses first."
    if not picks:
        text = "No vehicle yet: buy one first."
    return Message(clip(f"{_header(snap)}\n{text}"), buttons=(*picks, _on(_back(snap), 4)))


def setup_menu(snap: Snapshot, viewer: PlayerId, letter: str) -> Message:
    """A vehicle's setup: where it starts (while building) and who it loses first; with no
    letter, a pick of your vehicles."""
    if not letter:
        return _pick(snap, viewer)
    vehicle = _mine(snap, viewer, letter)
    if vehicle is None:
        return Message(f"{_header(snap)}\nNo vehicle {letter} of yours.", buttons=(_back(snap),))
    state = snap.state
    assert isinstance(state, RwState)
    buttons = []
    lines = [f"{_header(snap)}", f"🛠 **{vehicle.name} {letter}**"]
    if state.phase == "build":
        where = f"starts at {vehicle.x:g},{vehicle.y:g}" if vehicle.placed else "not placed yet"
        refusal = place_refusal(state, vehicle.origin)
        if refusal is None:
            lines.append(f"Placement: {where} (vehicles you do not place are placed for you).")
            buttons.append(ButtonSpec("📍 Place…", rw_id(snap, PLACE, letter), "primary"))
        else:
            lines.append(f"Placement: {where}; you cannot place it now: {refusal}.")
    crew = [t for t in vehicle.crew if t.id != vehicle.driver]
    if crew:
        lines.append("Crew order: " + crew_words(vehicle, vehicle.loss_order))
        buttons.append(ButtonSpec("🧍 Crew order…", rw_id(snap, CREW, letter), "primary"))
    else:
        lines.append("Crew order: only the driver aboard (lost last).")
    rows = [ButtonSpec(b.label, b.custom_id, b.style, 0) for b in buttons]
    return Message(clip("\n".join(lines)), buttons=(*rows, _on(_back(snap), 1)))


def _on(spec: ButtonSpec, row: int) -> ButtonSpec:
    return ButtonSpec(spec.label, spec.custom_id, spec.style, row, spec.disabled)


def place_menu(snap: Snapshot, viewer: PlayerId, payload: str) -> Message:
    """Place, tap 1: the columns with a starting position; tap 2: that column's rows."""
    match = PLACE_CODE.fullmatch(payload)
    vehicle = _mine(snap, viewer, match["v"]) if match else None
    state = snap.state
    if match is None or vehicle is None or not isinstance(state, RwState):
        return Message(f"{_header(snap)}\nNothing to place.", buttons=(_back(snap),))
    found = spots(state, vehicle)
    back = _on(ButtonSpec("⬅ Back", rw_id(snap, SETUP, vehicle.letter), "secondary"), 1)
    size = f"{vehicle.w}×{vehicle.h} cells"
    if match["x"] is None:
        columns = thin(sorted(found))
        options = tuple((f"column {x}", str(x), f"{len(found[x])} starting rows") for x in columns)
        text = (
            f"📍 Place **{vehicle.letter}** ({size}), tap 1 of 2: its back-left cell's column "
            "(0-23; see the whole road). Only columns with a free starting position are offered."
        )
        if not options:
            return Message(f"{_header(snap)}\nNo free starting position.", buttons=(back,))
        menu = SelectSpec(rw_id(snap, PLACE, vehicle.letter), "Column…", options, 0)
        return Message(clip(f"{_header(snap)}\n{text}"), buttons=(back,), selects=(menu,))
    x = int(match["x"])
    rows = thin(found.get(x, []))
    options = tuple(
        (
            f"row {y}" + (" (START)" if y == 0 else " (END edge)" if y + vehicle.h == 48 else ""),
            str(y),
            "",
        )
        for y in rows
    )
    text = (
        f"📍 Place **{vehicle.letter}** at column {x}, tap 2 of 2: its back row (0 at the "
        "START, 47 at the END). Picking a row places it."
    )
    if not options:
        return Message(f"{_header(snap)}\nNo free row in column {x}.", buttons=(back,))
    menu = SelectSpec(rw_id(snap, PLACE, f"{vehicle.letter}.{x}"), "Row…", options, 0)
    return Message(clip(f"{_header(snap)}\n{text}"), buttons=(back,), selects=(menu,))


def place_action(payload: str, value: str) -> PlaceAction | None:
    """The `place` a row pick names (payload `A.10`, the picked row)."""
    match = PLACE_CODE.fullmatch(payload)
    if match is None or match["x"] is None or not value.isdigit():
        return None
    return PlaceAction(vehicle=match["v"], x=int(match["x"]), y=int(value))


def crew_words(vehicle: Vehicle, order: tuple[int, ...]) -> str:
    names = {t.id: t.kind.title() for t in vehicle.crew}
    chosen = [f"{names[i]} #{i}" for i in order if i in names]
    if not chosen:
        return "the default (spare drivers, mechanics, brawlers, gunners first; driver last)"
    return ", then ".join(chosen) + ", then the rest; the driver last"


def parse_crew(payload: str) -> tuple[str, tuple[int, ...]] | None:
    match = CREW_CODE.fullmatch(payload)
    if match is None:
        return None
    ids = tuple(int(i) for i in match[2].split(".") if i)
    return match["v"], ids


def crew_menu(snap: Snapshot, viewer: PlayerId, payload: str) -> Message:
    """Crew order: one button per crew member not yet chosen (tap who is lost next); ✅ Set
    plays the order (the rest follow the default order, the driver always last)."""
    parsed = parse_crew(payload)
    vehicle = _mine(snap, viewer, parsed[0]) if parsed else None
    if parsed is None or vehicle is None:
        return Message(f"{_header(snap)}\nNo crew to order.", buttons=(_back(snap),))
    letter, chosen = parsed
    crew = [t for t in vehicle.crew if t.id != vehicle.driver]
    left = [t for t in crew if t.id not in chosen]
    picks = [
        ButtonSpec(
            f"{len(chosen) + 1}. {t.kind.title()} #{t.id}",
            rw_id(snap, CREW, ".".join([letter, *map(str, (*chosen, t.id))])),
            "primary",
        )
        for t in left
    ]
    action = CrewOrderAction(vehicle=letter, tokens=chosen)
    done = ButtonSpec(
        "✅ Set crew order" if chosen else "✅ Set: default order", act_id(snap, action), "success"
    )
    again = ButtonSpec("↩ Start again", rw_id(snap, CREW, letter), "secondary")
    back = ButtonSpec("⬅ Back", rw_id(snap, SETUP, letter), "secondary")
    lines = [
        _header(snap),
        f"🧍 **Crew order of {letter}** (rule 40: you choose who is lost first; losses come "
        "while it is not your turn, so you choose now). Tap who is lost next:",
        f"So far: {crew_words(vehicle, chosen)}.",
    ]
    placed = [_on(b, i // PER_ROW) for i, b in enumerate(picks[: 3 * PER_ROW])]
    return Message(
        clip("\n".join(lines)), buttons=(*placed, *(_on(b, 3) for b in (done, again, back)))
    )
