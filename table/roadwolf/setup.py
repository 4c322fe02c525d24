"""Road Wolf's two setup panels the rules leave unlisted (`place` and `crew_order` are legal but
too many to list, `docs/games/roadwolf.md`):

- **Place** (army building): a picture of the starting spots the rules accept now, numbered
  (`placement.offered_spots`, the rules' own check), and a button per number that plays
  `place` (one tap).
- **Crew order** (rule 40, free, while building or on your turn): tap the crew in the order
  they are lost, then ✅ Set; the driver is always last. Set plays `crew_order`.

Payloads: `A` (vehicle) for place (`A.10`, a column, from panels drawn before the picture);
`A`, `A.3.5` (vehicle and the token ids chosen so far) for crew order.
"""

from __future__ import annotations

import re

from games.engine import PlayerId
from games.roadwolf.missions import place_refusal
from games.roadwolf.model import CrewOrderAction, PlaceAction, RwState, Vehicle
from games.roadwolf.placement import offered_spots
from render.roadwolf import render_roadwolf_spots
from table.answers import ButtonSpec, Message, Picture
from table.roadwolf.ids import LETTER, PANEL, PER_ROW, act_id, clip, rw_id
from table.service import Snapshot

SETUP = "set"  # a vehicle's setup menu (Place…, Crew order…): payload `A`
PLACE = "pl"  # place: payload `A` (the column menu) or `A.10` (the row menu)
CREW = "crew"  # crew order: payload `A` or `A.3.5` (ids chosen so far, first lost first)
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
    """Your vehicles: while your side may place, each opens its starting spots' picture at
    once (its crew order is a button there); otherwise its setup menu (crew order)."""
    state = snap.state
    own: list[Vehicle] = []
    placing = False
    if isinstance(state, RwState):
        side = state.side_of(viewer)
        own = [v for v in state.vehicles if v.side == side and v.on_board]
        placing = state.phase == "build" and side is not None and not place_refusal(state, side)
    verb, icon = (PLACE, "📍") if placing else (SETUP, "🛠")
    picks = [
        _on(ButtonSpec(f"{icon} {v.letter} {v.name}"[:80], rw_id(snap, verb, v.letter),
                       "primary"), i // PER_ROW)
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
    """Place: a picture of the starting spots the rules accept now (`placement.offered_spots`),
    numbered, and a button per number that places the vehicle there (one tap)."""
    match = PLACE_CODE.fullmatch(payload)
    vehicle = _mine(snap, viewer, match["v"]) if match else None
    state = snap.state
    if match is None or vehicle is None or not isinstance(state, RwState):
        return Message(f"{_header(snap)}\nNothing to place.", buttons=(_back(snap),))
    found = offered_spots(state, vehicle.letter)
    if not found:
        return Message(f"{_header(snap)}\nNo free starting position.", buttons=(_back(snap),))
    name = f"{vehicle.name} {vehicle.letter}"
    picks = [
        _on(ButtonSpec(str(i), act_id(snap, PlaceAction(vehicle=vehicle.letter, x=x, y=y)),
                       "primary"), (i - 1) // PER_ROW)
        for i, (x, y) in enumerate(found, start=1)
    ]  # fmt: skip
    where = "; ".join(f"{i}: column {x}, row {y}" for i, (x, y) in enumerate(found, start=1))
    picture = Picture(
        "spots",
        snap.spec.key,
        snap.session_id,
        render_roadwolf_spots,
        (snap.view(viewer), vehicle.letter, tuple(found)),
        viewer=viewer,
        alt=f"Where {name} may start, numbered (back-left cell): {where}.",
    )
    text = (
        f"📍 Where does **{name}** start? Tap the number of a highlighted spot on the picture "
        "(or type `/roadwolf place` for any other legal spot)."
    )
    crew = [t for t in vehicle.crew if t.id != vehicle.driver]
    tail = [ButtonSpec("🧍 Crew order…", rw_id(snap, CREW, vehicle.letter))] if crew else []
    return Message(
        clip(f"{_header(snap)}\n{text}"),
        picture,
        f"spots-{snap.session_id}-{snap.version}.png",
        (*picks[: 4 * PER_ROW], *(_on(b, 4) for b in (*tail, _back(snap)))),
    )


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
