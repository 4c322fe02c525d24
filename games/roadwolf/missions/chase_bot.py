"""The Cops' bot for CHASE's replacements (digest 1.2): "an equal-value replacement enters from
any edge on the next cop turn with one token of rank ≤ cops lost. Rank 1 = Nitro or Gunner;
rank 2 = Shotgun or Spikes; rank 3 = Veteran or Ambush."

Before a replacement first acts, the bot brings it in at the edge spot nearest ahead of (or
level with) the leading Runner still on the road, so that it can cut the Runner off, and gives
it a token of the highest rank allowed that fits where it enters:
- rank 3: Ambush when it enters touching the END edge with the leading Runner within Ambush
  range (line 86: "from the end of the board"), else Veteran (rerolls, rule 19);
- rank 2: Spikes when it enters ahead of the leading Runner (Spikes hit "an enemy up to 1
  stick behind you"), else Shotgun;
- rank 1: Gunner (a free shot every turn), or Nitro for a vehicle without one (a Dirt cop; a
  Street one has its own) that enters behind the leading Runner.
Then the common bot drives it."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.build import can_take_token
from games.roadwolf.data import TokenKind
from games.roadwolf.missions.chase_entry import RANKS, free_actions
from games.roadwolf.model import Action, PlaceAction, RwState, TokenAction, Vehicle
from games.roadwolf.table import rect_of

LEAD = 2 * geo.STICK
"""How far ahead of the leading Runner's front a replacement best enters: about what the
Runner covers while the cop turns into its lane."""
OFF_ROAD_COST = 3.0
"""Per column of verge between a street (or heavy) cop and the road: it must cross it."""
BEHIND_COST = 100.0
"""A spot behind the leading Runner's back: the cop would have to chase it from behind."""


def leading_runner(state: RwState) -> Vehicle | None:
    """The Runner still on the road furthest toward the END (ties: the lower letter)."""
    runners = [
        v
        for v in state.vehicles
        if v.origin == 0 and v.side == 0 and v.on_board and not v.wreck and not v.neutral
    ]
    if not runners:
        return None
    return max(runners, key=lambda v: (v.y + v.h, -ord(v.letter[0])))


def _edge_spots(vehicle: Vehicle) -> list[tuple[int, int]]:
    """Every spot with the whole vehicle on the board touching an edge ("any board edge")."""
    w, h = int(vehicle.w), int(vehicle.h)
    top, right = geo.BOARD_LENGTH - h, geo.BOARD_WIDTH - w
    spots = {(x, y) for x in range(right + 1) for y in (0, top)}
    spots |= {(x, y) for x in (0, right) for y in range(top + 1)}
    return sorted(spots)


def _free(state: RwState, vehicle: Vehicle, x: int, y: int) -> bool:
    box = geo.Rect(x, y, vehicle.w, vehicle.h)
    return not any(
        geo.overlaps(box, rect_of(o))
        for o in state.vehicles
        if o.letter != vehicle.letter and o.on_board and o.placed
    )


def _spot_cost(vehicle: Vehicle, box: geo.Rect, lead: Vehicle) -> float:
    aim_y = min(lead.y + lead.h + LEAD, geo.BOARD_LENGTH) - box.h / 2
    lead_x = lead.x + lead.w / 2
    centre_x, centre_y = box.x + box.w / 2, box.y + box.h / 2
    verge = max(0.0, geo.ROAD_FIRST - box.x, box.right - (geo.ROAD_LAST + 1))
    cost = abs(centre_y - aim_y) + 0.5 * abs(centre_x - lead_x)
    cost += verge * (1.0 if vehicle.surface == "dirt" else OFF_ROAD_COST)
    if box.front < lead.y:
        cost += BEHIND_COST
    return cost


def entry_spot(state: RwState, vehicle: Vehicle) -> tuple[int, int]:
    """Where the bot brings a replacement in (its own spot if no Runner is on the road)."""
    lead = leading_runner(state)
    here = (int(vehicle.x), int(vehicle.y))
    if lead is None:
        return here
    spots = [s for s in _edge_spots(vehicle) if _free(state, vehicle, *s)]
    if not spots:
        return here
    return min(
        spots,
        key=lambda s: (_spot_cost(vehicle, geo.Rect(s[0], s[1], vehicle.w, vehicle.h), lead), s),
    )


def entry_token(state: RwState, vehicle: Vehicle, spot: tuple[int, int], rank: int) -> TokenKind:
    """The token of the highest rank allowed that fits a replacement entering at `spot`."""
    tier = min(max(rank, 1), len(RANKS))
    lead = leading_runner(state)
    box = geo.Rect(spot[0], spot[1], vehicle.w, vehicle.h)
    ahead = lead is not None and box.y >= lead.y + lead.h
    if tier == 3:
        near = lead is not None and geo.gap(box, rect_of(lead)) <= geo.AMBUSH_RANGE
        if box.front >= geo.BOARD_LENGTH and near:
            return "ambush"
        return "veteran"
    if tier == 2:
        return "spikes" if ahead else "shotgun"
    has_nitro = any(t.kind == "nitro" for t in vehicle.gear)
    if not ahead and not has_nitro and can_take_token(vehicle, "nitro"):
        return "nitro"  # a Dirt cop behind the Runner: the speed to catch up
    return "gunner"


def _taken(vehicle: Vehicle) -> list[TokenKind]:
    return [t.kind for t in (*vehicle.crew, *vehicle.gear) if not t.free]


def replacement_choice(state: RwState) -> Action | None:
    """The Cops' next free choice for a replacement that has not acted yet: its edge spot, then
    its token; None once every open replacement is where and how the bot wants it."""
    offered = {(a.vehicle, a.token) for a in free_actions(state, 1) if isinstance(a, TokenAction)}
    for letter in state.mission.letters("fresh"):
        vehicle = state.find(letter)
        kinds = {k for v, k in offered if v == letter}
        if vehicle is None or not kinds:
            continue  # gone, or it has acted
        spot = entry_spot(state, vehicle)
        if spot != (vehicle.x, vehicle.y):
            return PlaceAction(vehicle=letter, x=spot[0], y=spot[1])
        kind = entry_token(state, vehicle, spot, state.mission.count(f"rank:{letter}"))
        if kind in kinds and _taken(vehicle) != [kind]:
            return TokenAction(vehicle=letter, token=kind)
    return None


def bot(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """`MissionRules.bot` for CHASE: the replacements' choices first, then the common bot."""
    if state.turn is None or state.turn.side != 1:
        return None
    return replacement_choice(state)
