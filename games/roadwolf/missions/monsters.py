"""MONSTERS (digest 1.2): "Two Monster Trucks (size 4, Closed, Heavy, Dirt, may Nitro, "Melee +1
die", a ram does not end the move). Survivors start at the START and go first; monsters start
on any edge. [R] Survivors get 8 points." Goal: "Monsters win by destroying every survivor
vehicle. Survivors win by destroying both trucks. Draw if any survivor exits off the BACK end."

The trucks are `data.SPECIAL_VEHICLES["monster_truck"]` with the traits "monster" (1.4-I: may
melee although Closed, +1 die, `fight.melee`; a ram does not end its move, `driving.drive`) and
"heavy" (a Veteran may not reroll when defending). Dirt: no off-road checks, no free Nitro, but
it may buy and fire one. The BACK end is the END (1.4-A). Out by the START or a side counts as
destroyed (1.4-A)."""

from __future__ import annotations

from games.roadwolf.missions.base import MissionRules, Verdict, enemies_of, gone, of_side
from games.roadwolf.model import RwState, Vehicle


def monsters(state: RwState) -> list[Vehicle]:
    return [v for v in state.vehicles if "monster" in v.traits]


def judge(state: RwState) -> Verdict:
    survivors = of_side(state.vehicles, 0)
    trucks = monsters(state)
    score = (sum(1 for t in trucks if gone(t)), sum(1 for s in survivors if gone(s)))
    if any(s.exited == "end" and s.side == 0 for s in survivors):
        return Verdict(score, True, None, "a survivor got off the BACK end: a draw")
    if trucks and all(gone(t) for t in trucks):
        return Verdict(score, True, 0, "the Survivors destroyed both Monster Trucks")
    if survivors and all(gone(s) for s in survivors):
        return Verdict(score, True, 1, "the Monsters destroyed every survivor")
    return Verdict(score)


def score_text(state: RwState) -> str:
    if state.finished:
        return state.end_reason
    verdict = judge(state)
    return (
        f"Monster Trucks destroyed {verdict.score[0]}/2 · "
        f"survivors destroyed {verdict.score[1]}/{len(of_side(state.vehicles, 0))}"
    )


def prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """Monsters go for the survivors nearest the END (who would draw the game)."""
    enemies = enemies_of(state, vehicle)
    if vehicle.origin == 1:
        return sorted(enemies, key=lambda v: -v.y)[:2]
    return [v for v in enemies if "monster" in v.traits] or enemies


RULES = {
    "MONSTERS": MissionRules(
        judge=judge,
        score_text=score_text,
        # a draw beats being hunted: the survivors drive for the BACK end
        runs_for_the_end=lambda s, v: v.origin == 0 and v.side == 0,
        prey=prey,
        buys=(("muscle_car", "coupe", "street_bike"), ()),
        tokens=(
            ("veteran", "nitro", "gunner", "shotgun", "mechanic"),
            ("brawler", "veteran", "nitro", "brawler", "gunner", "mechanic"),
        ),
    )
}
