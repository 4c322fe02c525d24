"""TWO-WHEEL TERROR (digest 1.2): "Bikers take bikes only (buggies if short). Civilian vehicles
of equal value, 1 driver each, are spread evenly along the road and never act. Enforcers place
first on any edge. Order: Enforcers, Bikers, Civilians, Road; Enforcers are skipped in turn 1.
The losing team rolls civilian wipeouts." Goal: "Supplies touched by a damaged civilian repair
it 1. Bikers win by immobilizing or destroying every civilian, and may take them over.
Enforcers win by eliminating every biker first."

Civilians are neutral pieces M1, M2… worth the Bikers' points [R: "equivalent number" read as
equal value], on the road lanes at even intervals; they keep pace with the road (they are not
objects) and never act. A civilian the Bikers took over no longer counts as a civilian."""

from __future__ import annotations

from games.engine import PlayerId
from games.roadwolf import geometry as geo
from games.roadwolf.data import vehicle_class
from games.roadwolf.missions import twowheel_bot
from games.roadwolf.missions.base import MissionRules, Verdict, enemies_of, gone, of_side
from games.roadwolf.missions.common import NEUTRAL_LETTER, add_neutral, alive
from games.roadwolf.model import Card, RwState, Side, Vehicle
from games.roadwolf.table import Ctx, Hooks, rect_of

CIVILIAN_MIX = ("muscle_car", "coupe", "convertible", "roadster", "humvee", "rally_car")
"""Civilian classes in turn, until their sizes add up to the Bikers' points (a bike for 1)."""
LANES = (9, 13, 11)
FIRST_ROW, LAST_ROW = 12, 40


def civilian_classes(points: int) -> list[str]:
    found: list[str] = []
    left = points
    index = 0
    while left > 0:
        key = CIVILIAN_MIX[index % len(CIVILIAN_MIX)] if left > 1 else "street_bike"
        if vehicle_class(key).cost > left:
            key = "coupe"
        found.append(key)
        left -= vehicle_class(key).cost
        index += 1
    return found


def on_start(ctx: Ctx) -> None:
    """ "must be evenly spread out along the road": rows FIRST_ROW–LAST_ROW at equal steps,
    lanes in turn; a spot taken by an Enforcer moves the civilian down the road until clear."""
    keys = civilian_classes(ctx.sides[0].points)
    step = (LAST_ROW - FIRST_ROW) / max(1, len(keys) - 1)
    for index, key in enumerate(keys):
        letter = f"{NEUTRAL_LETTER}{index + 1}"
        add_neutral(ctx, key, letter, traits=("civilian",))
        x, y = LANES[index % len(LANES)], round(FIRST_ROW + index * step)
        me = ctx.v(letter)
        others = [rect_of(v) for v in ctx.on_board() if v.letter != letter and v.placed]
        for dy in range(0, 40):
            box = geo.Rect(x, max(0, y - dy), me.w, me.h)
            if not any(geo.overlaps(box, o) or geo.gap(box, o) < 1 for o in others):
                break
        ctx.update(letter, x=box.x, y=box.y)
    ctx.say("", f"{len(keys)} civilian vehicles drive along the road.", kind="placed")


def order(state: RwState) -> tuple[str, ...]:
    """ "Turn order is Enforcers, Bikers, Civilians, Road. BUT for the FIRST turn, the Enforcers
    are SKIPPED!" """
    if state.round <= 1:
        return ("side:0", "step:civilians", "road")
    return ("side:1", "side:0", "step:civilians", "road")


def civilians_turn(ctx: Ctx) -> None:
    """ "Civilian vehicles may not do anything." """


def civilians(vehicles: tuple[Vehicle, ...]) -> list[Vehicle]:
    return [v for v in vehicles if "civilian" in v.traits]


def wiped(vehicle: Vehicle) -> bool:
    """Immobilized, destroyed (or out by the START or a side) or taken over by the Bikers."""
    return gone(vehicle) or vehicle.immobilized or not vehicle.neutral


def biker_out(vehicle: Vehicle) -> bool:
    return not vehicle.on_board or vehicle.wreck or vehicle.side != vehicle.origin


def _score(vehicles: tuple[Vehicle, ...]) -> tuple[int, int]:
    civ, bikers = civilians(vehicles), of_side(vehicles, 0)
    return sum(1 for c in civ if wiped(c)), sum(1 for b in bikers if biker_out(b))


def judge(state: RwState) -> Verdict:
    civ = civilians(state.vehicles)
    bikers = of_side(state.vehicles, 0)
    score = _score(state.vehicles)
    left = [c for c in civ if not wiped(c) and c.exited is None]
    if civ and not left and score[0] > 0:
        return Verdict(score, True, 0, "the Bikers wiped out every civilian")
    if bikers and all(biker_out(b) for b in bikers):
        return Verdict(score, True, 1, "the Enforcers took out every biker")
    return Verdict(score)


def losing(vehicles: tuple[Vehicle, ...]) -> Side:
    """The team further from its goal (ties: the Bikers)."""
    civ, bikers = civilians(vehicles), of_side(vehicles, 0)
    wiped_out, taken_out = _score(vehicles)
    return 1 if taken_out / max(1, len(bikers)) < wiped_out / max(1, len(civ)) else 0


def roller(ctx: Ctx, vehicle: Vehicle) -> PlayerId | None:
    """ "Whichever team is losing may control the wipeouts for civilians"; otherwise the
    opponent of the vehicle's side rolls (line 143)."""
    if "civilian" in vehicle.traits and vehicle.neutral:
        return ctx.player_of(losing(tuple(ctx.vehicles.values())))
    return ctx.player_of(1 if vehicle.side == 0 else 0)


def supplies_repair(ctx: Ctx, letter: str, card: Card, depth: int) -> bool:
    """ "Any SUPPLIES touched by a damaged civilian will repair 1 hit on them." """
    vehicle = ctx.v(letter)
    if card.kind != "supplies" or "civilian" not in vehicle.traits or not vehicle.neutral:
        return False
    if vehicle.damage > 0:
        ctx.update(letter, damage=vehicle.damage - 1)
        ctx.say(letter, f"SUPPLIES repair 1 hit on the civilian {letter}.", kind="repair")
    return True


def score_text(state: RwState) -> str:
    if state.finished:
        return state.end_reason
    civ, bikers = civilians(state.vehicles), of_side(state.vehicles, 0)
    verdict = judge(state)
    return (
        f"Civilians wiped out {verdict.score[0]}/{len(civ)} · "
        f"bikers taken out {verdict.score[1]}/{len(bikers)}"
    )


def prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """Bikers go for the civilians still driving; Enforcers for the bikers."""
    if vehicle.origin == 0:
        targets = [c for c in civilians(state.vehicles) if alive(c) and not wiped(c)]
        return targets or enemies_of(state, vehicle)
    bikers = [b for b in of_side(state.vehicles, 0) if alive(b) and b.side == 0]
    return bikers or [v for v in enemies_of(state, vehicle) if not v.neutral]


GUARD_ROWS = (8, 16, 24, 32, 40, 12, 20, 28, 36)


def guard_spot(state: RwState, vehicle: Vehicle) -> tuple[int, int] | None:
    """Bot hint: the Enforcers line both side edges along the civilians' rows, so they are
    near the road when their first turn comes (round 2)."""
    if vehicle.origin != 1:
        return None
    placed = [v for v in state.vehicles if v.origin == 1 and v.placed]
    index = len(placed)
    x = 0 if index % 2 == 0 else geo.BOARD_WIDTH - vehicle.w
    y = min(GUARD_ROWS[(index // 2) % len(GUARD_ROWS)], geo.BOARD_LENGTH - vehicle.h)
    if any(geo.overlaps(geo.Rect(x, y, vehicle.w, vehicle.h), rect_of(v)) for v in placed):
        return None
    return x, y


RULES = {
    "TWO-WHEEL TERROR": MissionRules(
        judge=judge,
        order=order,
        on_start=on_start,
        steps={"civilians": civilians_turn},
        hooks=Hooks(card=supplies_repair, roller=roller),
        score_text=score_text,
        runs_for_the_end=lambda s, v: False,
        bot=twowheel_bot.bot,
        prey=prey,
        place=guard_spot,
        places_first=1,
        # the Enforcers start on the side edges, on the verge: Dirt cars reach the road and
        # chase the bikers across it without wipeout checks (bot-vs-bot: bench.rw_balance)
        buys=(("dirt_bike", "street_bike"), ("humvee", "rally_car", "buggy")),
        tokens=(
            ("gunner", "shotgun", "molotov", "brawler", "veteran"),
            ("gunner", "shotgun", "molotov", "veteran", "brawler"),
        ),
    )
}
