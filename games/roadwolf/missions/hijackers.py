"""HIJACKERS (digest 1.2): "A custom Truck (Size 4, Closed, Street, Veteran Driver) is the target
of two rival gangs ... The Truck starts at the START of the road. The gangs start on opposite
board edges ... Until captured, the truck moves forward 2 sticks each turn, after the gangs.
Whichever gang can capture and drive the Truck off the END of the road wins!"

The truck is a neutral piece (letter M, an enemy of both gangs): capture it as any vehicle, by
killing its crew and taking it over (rule 43). 1.4-J: Street, not Heavy (it has the free Nitro).
[R] house endings: the truck leaving the END uncaptured, or destroyed, is a draw."""

from __future__ import annotations

from games.roadwolf.driving import drive
from games.roadwolf.missions.base import MissionRules, Verdict, enemies_of
from games.roadwolf.missions.common import NEUTRAL_LETTER, add_neutral, alive
from games.roadwolf.model import RwState, Vehicle
from games.roadwolf.table import Ctx

TRUCK = NEUTRAL_LETTER
TRUCK_START = (11, 0)
LEAD = 6
"""Bot hint: chasers aim this many rows ahead of a self-driving truck."""
"""The middle of the road at the START."""


def on_start(ctx: Ctx) -> None:
    add_neutral(ctx, "custom_truck", TRUCK)
    truck = ctx.v(TRUCK)
    veteran = ctx.new_token("veteran")
    veteran = veteran.model_copy(update={"revealed": True})
    ctx.update(TRUCK, crew=(veteran,), driver=veteran.id, x=TRUCK_START[0], y=TRUCK_START[1])
    nitro = ctx.new_token("nitro", free=True)
    ctx.update(TRUCK, gear=(nitro,))  # 1.4-J: Street, so it has the free Nitro
    ctx.say(TRUCK, f"The {truck.name} {TRUCK} rolls out from the START.", kind="placed")


def order(state: RwState) -> tuple[str, ...]:
    """ "the truck moves forward 2 sticks each turn, after the gangs"."""
    return ("side:0", "side:1", "step:truck", "road")


def truck_drives(ctx: Ctx) -> None:
    """Until captured the truck drives itself 2 sticks forward (two MOVEs of 1 stick: it stops
    and rams at a hit). Nobody drives an abandoned truck; once captured its gang drives it."""
    truck = ctx.vehicles.get(TRUCK)
    if truck is None or not alive(truck) or not truck.neutral:
        return
    if truck.driver is None or truck.immobilized:
        return
    ctx.say(TRUCK, f"The truck {TRUCK} drives on, 2 sticks.", kind="truck")
    for _ in range(2):
        drive(ctx, TRUCK, "move", 0, 4)
        after = ctx.v(TRUCK)
        if not alive(after) or after.immobilized or not after.neutral:
            return


def judge(state: RwState) -> Verdict:
    truck = state.find(TRUCK)
    if truck is None:
        return Verdict((0, 0))
    score = (1 if not truck.neutral and truck.side == 0 else 0, 0)
    score = (score[0], 1 if not truck.neutral and truck.side == 1 else 0)
    if truck.exited == "end":
        if truck.neutral:
            return Verdict(score, True, None, "the truck drove itself off the END: a draw")
        name = state.sides[truck.side].name
        return Verdict(score, True, truck.side, f"{name} drove the truck off the END")
    if truck.wreck or truck.exited is not None:
        return Verdict(score, True, None, "the truck was destroyed: a draw")
    return Verdict(score)


def score_text(state: RwState) -> str:
    truck = state.find(TRUCK)
    if state.finished or truck is None:
        return state.end_reason or "HIJACKERS"
    holder = "nobody (it drives itself)" if truck.neutral else state.sides[truck.side].name
    return f"Truck {TRUCK}: held by {holder}, {truck.status}, row {truck.y:g} of 47"


def runs(state: RwState, vehicle: Vehicle) -> bool:
    return vehicle.letter == TRUCK and not vehicle.neutral


def prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """The truck while it is not ours; when we hold it, whoever is near it."""
    truck = state.find(TRUCK)
    if truck is not None and alive(truck) and (truck.neutral or truck.side != vehicle.side):
        if truck.neutral and truck.driver is not None and not truck.immobilized:
            # it will drive 2 sticks after the gangs: meet it where it will be
            ahead = min(truck.y + LEAD, 47 - truck.h)
            return [truck.model_copy(update={"y": ahead})]
        return [truck]
    return [v for v in enemies_of(state, vehicle) if not v.neutral] or enemies_of(state, vehicle)


RULES = {
    "HIJACKERS": MissionRules(
        judge=judge,
        order=order,
        on_start=on_start,
        steps={"truck": truck_drives},
        score_text=score_text,
        runs_for_the_end=runs,
        prey=prey,
        prize=lambda s: TRUCK,
        buys=(("convertible", "buggy", "dirt_bike"), ("convertible", "buggy", "dirt_bike")),
        tokens=(
            ("gunner", "shotgun", "brawler", "molotov", "veteran"),
            ("gunner", "shotgun", "brawler", "molotov", "veteran"),
        ),
    )
}
