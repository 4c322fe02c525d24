"""THE WAGES OF FEAR (digest 1.2): "14 pts each. Explosives team must buy two trucks (size 4,
closed, no nitro). The trucks are not Heavy: their Veteran may reroll." "A truck explodes if it
takes damage from a ram, including rams by objects, road cards, Spikes and explosions, or if any
die in its wipeout check shows a 1 (a Veteran may reroll to avoid it). An explosion makes a
6-die ram against every vehicle within 1 stick, which can set off the other truck. An exploded
truck becomes a size-4 wreck. Explosives win if either truck leaves the end intact; raiders win
if both are destroyed or captured."

House: in a truck's wipeout check its Veteran's reroll is kept for a 1 (one die showing 1 is
rolled again); with no 1 the dice stand. "Within 1 stick": a gap of at most 4 cells (1.6)."""

from __future__ import annotations

from games.dice.contest import contest
from games.roadwolf import geometry as geo
from games.roadwolf.crash import Rammer, destroy, ram, wipeout_result
from games.roadwolf.missions.base import MissionRules, Verdict, enemies_of, gone
from games.roadwolf.model import RwState, Vehicle
from games.roadwolf.table import MAX_CHAIN, Ctx, Hooks, rect_of, rerolls

BLAST_DICE = 6


def trucks(vehicles: tuple[Vehicle, ...]) -> list[Vehicle]:
    return [v for v in vehicles if "explosive" in v.traits]


def explode(ctx: Ctx, letter: str, depth: int = 0) -> None:
    """The truck goes up: a size-4 wreck, and a 6-die ram against every vehicle within 1 stick
    of any part of it (those rams can set off the other truck: a chain)."""
    truck = ctx.v(letter)
    if "exploded" in truck.traits or not truck.on_board or depth > MAX_CHAIN:
        return
    box = rect_of(truck)
    ctx.update(letter, traits=(*truck.traits, "exploded"))
    ctx.say(letter, f"The {truck.name} {letter} EXPLODES!", kind="explosion")
    destroy(ctx, letter)
    near = [
        v.letter
        for v in ctx.on_board()
        if v.letter != letter and not v.wreck and geo.gap(box, rect_of(v)) <= geo.STICK
    ]
    for victim in near:
        if ctx.v(victim).on_board and not ctx.v(victim).wreck:
            blast = Rammer(f"the explosion of {letter}", BLAST_DICE, None, is_object=True)
            ram(ctx, blast, victim, depth=depth + 1)


def ram_damage(ctx: Ctx, letter: str, depth: int) -> None:
    """ "Any time an explosive truck takes damage from a ram, it explodes!" """
    if "explosive" in ctx.v(letter).traits:
        explode(ctx, letter, depth)


def truck_wipeout(ctx: Ctx, letter: str, road_dice: int, depth: int) -> bool:
    """ "Any time an explosive truck has to make a wipeout check, if any of the dice roll a 1,
    it explodes! (Veteran drivers may use their reroll to try to avoid a 1)." """
    truck = ctx.v(letter)
    if "explosive" not in truck.traits:
        return False
    name = f"{truck.name} {letter}"
    mine = ctx.rng.roll(
        max(1, truck.remaining), who=ctx.player_of(truck.side), why=f"wipeout check: {name}"
    )
    road = ctx.rng.roll(road_dice, who=ctx.opponent_of(truck), why="wipeout check: the road")
    ctx.events.extend((mine, road))
    dice = list(mine.dice)
    rolled = f"{name} rolled {', '.join(map(str, dice))}"
    if 1 in dice and rerolls(truck, defending=True):
        again = ctx.rng.roll(
            1, who=ctx.player_of(truck.side), why=f"{name}: the Veteran rerolls a 1"
        )
        ctx.events.append(again)
        ctx.reveal_veteran(letter)
        dice[dice.index(1)] = again.dice[0]
        rolled += f", the Veteran rerolls a 1: {again.dice[0]}"
    explanation = f"{rolled}; the road rolled {', '.join(map(str, road.dice))}."
    if 1 in dice:
        ctx.say(
            letter,
            f"Wipeout check for {letter}: {explanation} A 1 among the truck's dice: it explodes!",
            kind="wipeout",
        )
        explode(ctx, letter, depth)
        return True
    result = contest(dice, list(road.dice), names=(name, "the road"))
    wipeout_result(ctx, letter, result, explanation, depth=depth)
    return True


def judge(state: RwState) -> Verdict:
    pair = trucks(state.vehicles)
    out = [t for t in pair if t.exited == "end" and t.side == t.origin]
    lost = [t for t in pair if t not in out and (gone(t) or t.side != t.origin)]
    score = (len(out), len(lost))
    if out:
        return Verdict(score, True, 0, "an explosive truck made it off the END intact")
    if pair and len(lost) == len(pair):
        return Verdict(score, True, 1, "both explosive trucks are destroyed or captured")
    return Verdict(score)


def score_text(state: RwState) -> str:
    if state.finished:
        return state.end_reason
    parts = [
        f"{t.letter}: {t.status if t.side == t.origin else 'captured'}, row {t.y:g}"
        for t in trucks(state.vehicles)
    ]
    return "Explosive trucks " + " · ".join(parts)


def prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    enemies = enemies_of(state, vehicle)
    if vehicle.origin == 1:
        return [t for t in enemies if "explosive" in t.traits] or enemies
    return enemies


RULES = {
    "THE WAGES OF FEAR": MissionRules(
        judge=judge,
        hooks=Hooks(ram_damage=ram_damage, wipeout=truck_wipeout),
        score_text=score_text,
        runs_for_the_end=lambda s, v: "explosive" in v.traits and v.side == v.origin,
        prey=prey,
        buys=(("convertible", "buggy", "muscle_car"), ("convertible", "buggy", "dirt_bike")),
        tokens=(
            ("veteran", "gunner", "shotgun", "mechanic", "brawler"),
            ("molotov", "gunner", "shotgun", "brawler", "spikes", "veteran"),
        ),
    )
}
