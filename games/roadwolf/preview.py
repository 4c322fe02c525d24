"""Move entry without dice (pure): a vehicle's reach, a preview of one move (path, ghost
footprint, warnings with the dice they will roll) and the typed notation `to:L2F3`.

Notation: L or R and a number = cells sideways (left toward column 0, right toward 23); F or B
and a number = cells forward (toward the END) or back (toward the START). `F4`, `L2F3`,
`R4`, `B4`, `L1B2`; `N` alone is Nitro. Forward or sideways is a MOVE, any B is a BRAKE."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.engine import InvalidAction
from games.roadwolf import geometry as geo
from games.roadwolf.data import CARD_RAM_DICE
from games.roadwolf.model import MoveAction, NitroAction, RwState, Vehicle
from games.roadwolf.table import HOOKS, NO_HOOKS, card_rect, rect_of
from games.roadwolf.table import off_road as off_road_of
from games.roadwolf.train_faces import train_warning

_TYPED = re.compile(r"^(?:([LR])(\d{1,2}))?(?:([FB])(\d{1,2}))?$")


@dataclass(frozen=True)
class Preview:
    """What a move would do before any die is rolled."""

    kind: geo.MoveKind
    dx: int
    dy: int
    path: tuple[tuple[float, float], ...]
    """Front-centre points along the path, start first."""
    ghost: geo.Rect
    """The footprint where the move stops (short of a hit), or where it leaves the board."""
    ram: str | None = None
    ram_dice: tuple[int, int] | None = None
    """(attacker dice, defender dice) of the ram; for a BRAKE the other car is the attacker."""
    exits: str | None = None
    """"end", "start" or "side" if the move leaves the board."""
    off_road: bool = False
    wipeout_dice: tuple[int, int] | None = None
    """(vehicle dice, road dice) of the off-road wipeout check, if the move ends off-road."""
    cards: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default=())
    around: tuple[str, ...] = ()
    """Bridges and Tunnels the move would pass AROUND (1.6 [R]): a wipeout check, or 1 damage
    and immobilized."""


def parse_move(text: str) -> tuple[geo.MoveKind, int, int]:
    """`L2F3` -> ("move", -2, 3); `B4` -> ("brake", 0, -4); `N` -> ("nitro", 0, 8)."""
    cleaned = text.strip().upper().replace(" ", "").removeprefix("TO:")
    if cleaned in ("N", "NITRO"):
        return ("nitro", 0, 2 * geo.STICK)
    match = _TYPED.match(cleaned)
    if not cleaned or match is None:
        raise InvalidAction(
            f"cannot read {text!r}: write L/R then cells sideways and F/B then cells "
            "forward/back, e.g. F4, L2F3, R4, B4, or N for Nitro"
        )
    side, across, way, along = match.groups()
    dx = (int(across) if across else 0) * (-1 if side == "L" else 1)
    dy = (int(along) if along else 0) * (-1 if way == "B" else 1)
    if (dx, dy) == (0, 0):
        raise InvalidAction("a move of 0 cells goes nowhere; e.g. F4 or L2F3")
    return ("brake" if dy < 0 else "move", dx, dy)


def typed_action(vehicle: str, text: str) -> MoveAction | NitroAction:
    """The action a typed move stands for (checked for legality by `apply`)."""
    kind, dx, dy = parse_move(text)
    if kind == "nitro":
        return NitroAction(vehicle=vehicle)
    return MoveAction(kind="brake" if kind == "brake" else "move", vehicle=vehicle, dx=dx, dy=dy)


def preview(state: RwState, letter: str, kind: geo.MoveKind, dx: int, dy: int) -> Preview:
    """The path, the ghost at the end point and the warnings of one move (no dice rolled)."""
    vehicle = state.vehicle(letter)
    start = rect_of(vehicle)
    obstacles = [
        (v.letter, rect_of(v)) for v in state.vehicles if v.on_board and v.letter != letter
    ]
    result = geo.trace_path(start, dx, dy, obstacles)
    samples = list(result.samples)
    exits = None
    hooks = HOOKS.get(state.options.mission, NO_HOOKS)
    warnings: list[str] = []
    for index, sample in enumerate(samples):
        edge = geo.exit_edge(sample)
        if edge == "end" and hooks.end_closed is not None and hooks.end_closed(state.deck):
            samples = samples[: max(1, index)]
            warnings.append("the END is closed until the LAST card: stops at the edge")
            break
        if edge is not None:
            exits = edge
            samples = samples[: index + 1]
            break
    ghost = samples[-1]
    ram = ram_dice = None
    if exits is None and isinstance(result.hit, str):
        other = state.vehicle(result.hit)
        ram = other.letter
        if "train" in other.traits:
            ram_dice, warning = train_warning(other, ghost, vehicle)
            warnings.append(warning)
        elif kind == "brake":
            ram_dice = (other.size, max(1, vehicle.remaining))
            warnings.append(
                f"{other.letter} rams you: {ram_dice[0]} dice against your {ram_dice[1]}"
            )
        else:
            mine = vehicle.size + (1 if kind == "nitro" else 0)
            theirs = other.size if other.wreck else max(1, other.remaining)
            ram_dice = (mine, theirs)
            warnings.append(f"RAM {other.letter}: your {mine} dice against {theirs}")
            if vehicle.size == 1:
                warnings.append("a bike that rams is destroyed (rule 15)")
    if exits is not None:
        warnings.append(
            "leaves the board off the END" if exits == "end" else f"leaves by the {exits}: out"
        )
    cards = []
    for card in state.cards:
        if card.face_down:
            continue  # GAUNTLET: never reveal a card through a preview (none is this close)
        if any(geo.overlaps(s, card_rect(card)) for s in samples):
            cards.append(card.kind)
            if card.kind in CARD_RAM_DICE:
                warnings.append(f"{card.kind.upper()} card rams with {CARD_RAM_DICE[card.kind]}")
            elif card.kind in ("slide", "slick"):
                warnings.append(f"{card.kind.upper()}: a wipeout check")
    around = _structures(state, letter, samples)
    for structure in around:
        warnings.append(
            "goes AROUND the BRIDGE: wipeout check"
            if structure == "bridge"
            else "goes AROUND the TUNNEL: 1 damage and immobilized"
        )
    off_road = exits is None and off_road_of(hooks, ghost)
    if exits is None and hooks.moved is not None and geo.crosses_track(samples):
        warnings.append("crosses the tracks: wipeout check")
    wipeout = None
    if off_road and vehicle.surface != "dirt":
        wipeout = (max(1, vehicle.remaining), 2)
        warnings.append(
            f"ends off-road: wipeout check, your {wipeout[0]} dice against the road's 2"
        )
    return Preview(
        kind=kind,
        dx=dx,
        dy=dy,
        path=tuple(geo.front_centre(s) for s in samples),
        ghost=ghost,
        ram=ram,
        ram_dice=ram_dice,
        exits=exits,
        off_road=off_road,
        wipeout_dice=wipeout,
        cards=tuple(cards),
        warnings=tuple(warnings),
        around=around,
    )


def _structures(state: RwState, letter: str, samples: list[geo.Rect]) -> tuple[str, ...]:
    """Bridges/Tunnels whose rows the path reaches first with the car not wholly within them."""
    found = []
    for card in state.cards:
        if card.face_down or card.kind not in ("bridge", "tunnel") or letter in card.passed:
            continue
        box = card_rect(card)
        first = next((s for s in samples if geo.rows_overlap(s, box.y, box.front)), None)
        if first is not None and geo.bridge_passage(first, box) == "around":
            found.append(card.kind)
    return tuple(found)


def reach(state: RwState, letter: str) -> dict[str, list[tuple[int, int]]]:
    """Every whole-cell displacement of MOVE, BRAKE and NITRO the vehicle may choose (1.6);
    `preview` tells where each one actually stops."""
    vehicle = state.vehicle(letter)
    found: dict[str, list[tuple[int, int]]] = {
        "move": geo.displacements("move"),
        "brake": geo.displacements("brake"),
    }
    if _nitro_possible(vehicle):
        found["nitro"] = geo.displacements("nitro")
    return found


def _nitro_possible(vehicle: Vehicle) -> bool:
    return (
        vehicle.surface != "heavy"
        and any(t.kind == "nitro" for t in vehicle.gear)
        and not geo.is_off_road(rect_of(vehicle))
    )


def targets(state: RwState, letter: str) -> dict[str, list[str]]:
    """Shooting (in range and in sight), Ambush (8 cells), melee (adjacent) and Spikes targets."""
    from games.roadwolf.fight import melee_targets, shooting_targets, spikes_targets

    vehicle = state.vehicle(letter)
    return {
        "shoot": shooting_targets(state, vehicle),
        "ambush": shooting_targets(state, vehicle, geo.AMBUSH_RANGE),
        "melee": [] if vehicle.closed else melee_targets(state, vehicle),
        "spikes": spikes_targets(state, vehicle),
    }
