"""Where a Road Wolf vehicle may go now, for its owner's panel and typed commands: every end
in reach of a move or brake (the rules list only representatives), the typed forms `/roadwolf
move to:` offers, the one-tap quick moves on a vehicle's menu, and the actions it has left."""

from __future__ import annotations

from games.engine import PlayerId
from games.roadwolf.checks import actions_at_start
from games.roadwolf.geometry import MoveKind
from games.roadwolf.missions import rules_of
from games.roadwolf.model import MoveAction, NitroAction, RwState, RwView
from games.roadwolf.preview import reach
from table.answers import ButtonSpec
from table.roadwolf.ids import PREVIEW, Planned, rw_id, typed
from table.service import Snapshot


def displacements(snap: Snapshot, viewer: PlayerId, plan: Planned) -> list[tuple[int, int]]:
    """Every (dx, dy) of this vehicle and kind within one stick (1.6), if the rules let it
    make that kind of move now (they list a few representatives; any displacement in reach is
    legal, `lists_all_actions` is False)."""
    listed = any(
        isinstance(a, MoveAction) and a.vehicle == plan.vehicle and a.kind == plan.kind
        for a in snap.legal_actions(viewer)
    )
    state = snap.state
    if not listed or not isinstance(state, RwState):
        return []
    ends = reach(state, plan.vehicle).get(plan.kind, [])
    refuse = rules_of(state).refuse  # a mission's own refusals (GAUNTLET: no ramming Couriers)
    if refuse is None:
        return list(ends)
    vehicle = state.vehicle(plan.vehicle)
    return [
        (dx, dy)
        for dx, dy in ends
        if refuse(state, vehicle, MoveAction(kind=plan.kind, vehicle=plan.vehicle, dx=dx, dy=dy))
        is None
    ]


def typed_destinations(snap: Snapshot, viewer: PlayerId, letter: str) -> list[str]:
    """Where `viewer` may send their vehicle `letter` now, typed for `/roadwolf move to:`
    (`L2F3`; the longest forward moves first, then brakes, then `N`). Only what the panel
    offers them, from their own legal actions: nothing for a vehicle they may not move now
    (another side's, or any while it is not their turn), so the list never tells anyone else
    which vehicle still holds an unused Nitro."""
    moves = displacements(snap, viewer, Planned(letter, "move"))
    found = [typed(dx, dy) for dx, dy in sorted(moves, key=lambda d: (-d[1], abs(d[0])))]
    found += [typed(dx, dy) for dx, dy in displacements(snap, viewer, Planned(letter, "brake"))]
    nitro = NitroAction(vehicle=letter) in snap.legal_actions(viewer)
    return [*found, "N"] if nitro else found


QUICK_FORWARD = 3
QUICK_BRAKES = ((0, -4), (0, -2))


def quick_moves(snap: Snapshot, view: RwView, letter: str) -> list[ButtonSpec]:
    """The usual moves, one tap each to their preview (then ✅ Confirm): the longest forward
    ones (`F4`, `L1F3`, `R1F3`) and straight brakes (`B4`, `B2`); Move… and Brake… still
    offer every end in reach."""
    if view.viewer is None:
        return []
    forward = sorted(
        displacements(snap, view.viewer, Planned(letter, "move")),
        key=lambda d: (-d[1], abs(d[0]), d[0]),
    )[:QUICK_FORWARD]
    brakes = displacements(snap, view.viewer, Planned(letter, "brake"))
    chosen: list[tuple[MoveKind, tuple[int, int], str]]
    chosen = [("move", d, "⏩") for d in forward if d[1] > 0]
    chosen += [("brake", d, "⏪") for d in QUICK_BRAKES if d in brakes]
    return [
        ButtonSpec(
            f"{icon} {typed(dx, dy)}",
            rw_id(snap, PREVIEW, Planned(letter, kind, dx, dy).code()),
            "primary",
        )
        for kind, (dx, dy), icon in chosen
    ]


def actions_left(snap: Snapshot, letter: str) -> int:
    """The actions `letter` has: the turn's count once it is activating, else what it starts
    its activation with (two; one for a vehicle taken over this turn, rule 43)."""
    state = snap.state
    if not isinstance(state, RwState) or state.turn is None:
        return 0
    vehicle = state.find(letter)
    if state.turn.vehicle == letter or vehicle is None:
        return state.turn.actions_left
    return actions_at_start(vehicle, state.turn)
