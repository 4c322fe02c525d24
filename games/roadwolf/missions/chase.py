"""CHASE (digest 1.2): "Cops have no tokens except those built into a vehicle (driver, street
nitro). Bridge cards are BRIDGE OUT: Runners jump them automatically; a Cop that goes over one
is destroyed. Escalation: after each cop loss, an equal-value replacement enters from any edge
on the next cop turn with one token of rank ≤ cops lost. Rank 1 = Nitro or Gunner; rank 2 =
Shotgun or Spikes; rank 3 = Veteran or Ambush." Goal: "Ends when every Runner has escaped or
been stopped. Cops win if no Runner exits "off the BACK end". If any Runner escapes, the Runners
win only if at least 3× the starting cop points have been immobilized or destroyed. Otherwise
draw."

A cop loss: destroyed, out by the START or a side (1.4-A), or immobilized (it counts again if
it is turned around and immobilized again). Losses are counted when the Cops' turn starts
(and by the judge for the last ones). The replacement enters with a default token (Gunner,
Shotgun, Veteran by rank: the bot's choice) where Cops are placed for them; until it first acts
in that turn the Cops' player may swap the token (`token`, any of rank ≤ its rank) and move it
to another edge spot (`place`), both free (`chase_entry.py`)."""

from __future__ import annotations

from games.roadwolf.data import vehicle_class
from games.roadwolf.missions.base import (
    MissionRules,
    Verdict,
    enemies_of,
    escaped,
    is_stopped,
    of_side,
)
from games.roadwolf.missions.chase_bot import bot
from games.roadwolf.missions.chase_entry import BEST, equip, free, free_actions
from games.roadwolf.missions.common import free_letter
from games.roadwolf.model import Card, RwState, Side, Vehicle
from games.roadwolf.placement import place_one
from games.roadwolf.table import Ctx, Hooks


def is_down(vehicle: Vehicle) -> bool:
    return (
        vehicle.wreck
        or vehicle.exited in ("start", "side", "removed", "destroyed")
        or (vehicle.on_board and vehicle.immobilized)
    )


def _unrecorded(state: RwState, down: tuple[str, ...]) -> list[Vehicle]:
    return [v for v in of_side(state.vehicles, 1) if is_down(v) and v.letter not in down]


def cop_points_lost(state: RwState) -> int:
    """Counted losses plus those since the Cops' last turn started."""
    down = state.mission.letters("down")
    return state.mission.count("points_lost") + sum(v.size for v in _unrecorded(state, down))


def turn_start(ctx: Ctx, side: Side) -> None:
    """ "Each time a cop vehicle gets destroyed or immobilized, on the next cop turn, a
    replacement vehicle of equal value may enter the board from any board edge"."""
    if side != 1:
        return
    state = ctx.freeze()
    mission = ctx.mission
    down = mission.letters("down")
    # a cop turned around is up again: its next immobilization counts again
    down = tuple(d for d in down if (v := state.find(d)) is None or is_down(v))
    fresh: tuple[str, ...] = ()
    newly = _unrecorded(state, down)
    # "any rank equal to or less than the number of cop vehicles that player has lost": every
    # replacement of this turn counts all the cops lost so far, these included
    lost_so_far = mission.count("cops_lost") + len(newly)
    for lost in newly:
        down = (*down, lost.letter)
        mission = mission.with_count("cops_lost", mission.count("cops_lost") + 1)
        mission = mission.with_count("points_lost", mission.count("points_lost") + lost.size)
        letter = free_letter(ctx, 1)
        if letter is None:  # [R] "may enter": never more cops than letters to name them
            ctx.say(lost.letter, f"Cop {lost.letter} is down; no more cops can enter.")
            continue
        cls = vehicle_class(lost.kind)
        ctx.add_vehicle(cls, 1, letter)
        ctx.update(letter, traits=("cop",))
        rank = min(lost_so_far, len(BEST))
        equip(ctx, letter, BEST[rank - 1])
        place_one(ctx, letter)
        fresh = (*fresh, letter)
        mission = mission.with_count(f"rank:{letter}", rank)
        ctx.say(
            letter,
            f"Cop {lost.letter} is down: a replacement {cls.name} {letter} enters from the edge"
            f" (a rank {rank} token; before it acts the Cops may choose another token"
            f" of rank {rank} or less on their panel, or another edge spot).",
            kind="placed",
        )
    ctx.mission = mission.with_letters("down", down).with_letters("fresh", fresh)


def bridge_out(ctx: Ctx, letter: str, card: Card, passage: str, depth: int) -> bool:
    """ "Any BRIDGE road cards are BRIDGE OUT- runners automatically jump the bridge, and Cops
    are automatically destroyed if they go over the bridge." Around it: the common rule."""
    if card.kind != "bridge":
        return False
    vehicle = ctx.v(letter)
    if vehicle.side == 0:
        ctx.say(letter, f"{letter} jumps the BRIDGE OUT!", kind="card")
        return True
    if passage == "over":
        from games.roadwolf.crash import destroy

        ctx.say(letter, f"Cop {letter} drives over the BRIDGE OUT and falls!", kind="card")
        destroy(ctx, letter)
        return True
    return False


def judge(state: RwState) -> Verdict:
    runners = of_side(state.vehicles, 0)
    out = sum(1 for v in runners if escaped(v))
    stopped = sum(1 for v in runners if is_stopped(v))
    score = (out, stopped)
    if not all(escaped(v) or is_stopped(v) for v in runners):
        return Verdict(score)
    if out == 0:
        return Verdict(score, True, 1, "the Cops stopped every Runner")
    lost, start = cop_points_lost(state), state.sides[1].points
    if lost >= 3 * start:
        return Verdict(
            score, True, 0, f"Runners escaped and {lost} cop points are down (3× {start})"
        )
    return Verdict(
        score,
        True,
        None,
        f"Runners escaped but only {lost} of {3 * start} cop points are down: a draw",
    )


def score_text(state: RwState) -> str:
    if state.finished:
        return state.end_reason
    out, stopped = judge(state).score
    return (
        f"Runners out {out} · stopped {stopped} · cop points down "
        f"{cop_points_lost(state)}/{3 * state.sides[1].points}"
    )


def prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    enemies = enemies_of(state, vehicle)
    if vehicle.origin == 1:
        return [v for v in enemies if v.origin == 0 and v.side == 0] or enemies
    return enemies


RULES = {
    "CHASE": MissionRules(
        judge=judge,
        turn_start=turn_start,
        hooks=Hooks(structure=bridge_out),
        free=free,
        free_actions=free_actions,
        score_text=score_text,
        bot=bot,
        prey=prey,
        buys=(("muscle_car", "coupe", "street_bike"), ("muscle_car", "convertible", "coupe")),
    )
}
