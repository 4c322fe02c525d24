"""DERAILED's record (`MissionRules`) and its bot: drive alongside a Gondola with no rival crew,
climb aboard, move up to the front Gondola, kill the Engine's crew, take it and drive the train
off the END; search when there is nothing better to do. The board and the train are in
`derailed_train.py`, the crew's actions in `derailed_crew.py`."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.actions import Action, MeleeAction, MoveAction, ShootAction
from games.roadwolf.missions.base import MissionRules
from games.roadwolf.missions.derailed_crew import actions, board_targets, perform, refuse, tidy
from games.roadwolf.missions.derailed_train import (
    ENGINE,
    FRONT,
    REAR,
    is_train,
    judge,
    moved,
    new_cards,
    no_wipeout,
    off_road,
    on_start,
    ram_hook,
    structure,
)
from games.roadwolf.model import RwState, Vehicle
from games.roadwolf.preview import preview
from games.roadwolf.table import Hooks, rect_of


def score_text(state: RwState) -> str:
    engine = state.find(ENGINE)
    if engine is None:
        return "the train is not on the track yet"
    who = "nobody" if engine.neutral else state.sides[engine.side].name
    if engine.neutral and engine.crew:
        who = f"its {len(engine.crew)} neutral crew"
    front = engine.y + engine.h
    if engine.exited is not None or front > geo.BOARD_LENGTH:
        return f"the train has left by the END, driven by {who}"
    return f"Engine held by {who} · its front at row {front:g} of {geo.BOARD_LENGTH}"


def prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """Bot hint: rival crew on the train first, then any rival vehicle."""
    rivals = [
        v
        for v in state.vehicles
        if v.on_board and not v.wreck and not v.neutral and v.side != vehicle.side and v.crew
    ]
    aboard = [v for v in rivals if is_train(v)]
    return aboard or rivals


def never_runs(state: RwState, vehicle: Vehicle) -> bool:
    return False


# --- the bot --------------------------------------------------------------------------------


def _pick(mine: list[Action], kind: str, target: str | None = None) -> Action | None:
    for action in mine:
        if action.kind == kind and (target is None or getattr(action, "target", None) == target):
            return action
    return None


def _best_shot(mine: list[Action], targets: set[str]) -> Action | None:
    shots = [a for a in mine if isinstance(a, ShootAction) and a.target in targets]
    free = [a for a in shots if a.gunner or a.weapon == "ambush"]
    chosen = free or shots
    return chosen[0] if chosen else None


def _car_bot(state: RwState, car: Vehicle, mine: list[Action]) -> Action | None:
    if car.letter == ENGINE:
        return _pick(mine, "drive_train") or _pick(mine, "done")
    engine = state.vehicle(ENGINE)
    if car.letter == FRONT:
        boarding = _pick(mine, "board", ENGINE)
        if boarding is not None:
            return boarding
        if engine.crew and (engine.neutral or engine.side != car.side):
            shot = _best_shot(mine, {ENGINE})
            if shot is not None:
                return shot
            fight = _pick(mine, "melee", ENGINE)
            if fight is not None and (
                _worth_melee(car, engine, fight) or not _reinforcements(state, car)
            ):
                return fight
    elif _pick(mine, "board", FRONT) is not None:
        return _pick(mine, "board", FRONT)
    rivals = {v.letter for v in state.vehicles if is_train(v) and v.crew and v.side != car.side}
    rivals -= {ENGINE}
    fight = _pick(mine, "melee") if rivals else None
    if fight is not None and getattr(fight, "target", "") in rivals:
        return fight
    shot = _best_shot(mine, rivals)
    if shot is not None:
        return shot
    return _pick(mine, "search") or _pick(mine, "done")


def _reinforcements(state: RwState, car: Vehicle) -> bool:
    """Whether more crew of the car's team may still come aboard (a road vehicle with crew to
    spare, or crew in the rear Gondola), so that waiting for them is worth it."""
    for vehicle in state.vehicles:
        if vehicle.side != car.side or vehicle.neutral or not vehicle.on_board or vehicle.wreck:
            continue
        if vehicle.letter == REAR and vehicle.crew:
            return True
        if not is_train(vehicle) and len(vehicle.crew) > 1:
            return True
    return False


def _worth_melee(car: Vehicle, engine: Vehicle, action: Action) -> bool:
    if not isinstance(action, MeleeAction):
        return True
    brawlers = sum(1 for t in car.crew if t.kind == "brawler" and t.id != car.driver)
    return len(car.crew) + brawlers >= len(engine.crew) + 1 or len(car.crew) >= 4


def _goal(state: RwState, vehicle: Vehicle) -> Vehicle | None:
    """The Gondola to come alongside: the front one unless rivals hold it; both held by rivals
    (any other team): the front one all the same, to fight its crew from alongside."""
    for letter in (FRONT, REAR):
        car = state.find(letter)
        if car is not None and (car.neutral or car.side == vehicle.side or not car.crew):
            return car
    return state.find(FRONT)


def _storm(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """Melee the rival crew in a Gondola alongside when the odds are even or better (rule 37:
    1 die per crew, +1 per Brawler, against 1 per crew), so that it can be boarded after."""
    brawlers = sum(1 for t in vehicle.crew if t.kind == "brawler" and t.id != vehicle.driver)
    for letter in (FRONT, REAR):
        car = state.find(letter)
        fight = _pick(mine, "melee", letter)
        if car is None or fight is None or car.side == vehicle.side:
            continue
        if len(vehicle.crew) + brawlers >= len(car.crew) + 1:
            return fight
    return None


def _road_bot(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    targets = board_targets(state, vehicle)
    aboard = any(is_train(v) and v.side == vehicle.side and not v.neutral for v in state.vehicles)
    for letter in (FRONT, REAR):
        boarding = _pick(mine, "board", letter)
        if boarding is not None and letter in targets and (len(vehicle.crew) > 1 or not aboard):
            return boarding
    storm = _storm(state, vehicle, mine)
    if storm is not None:
        return storm
    enemies = {v.letter for v in prey(state, vehicle)}
    shot = _best_shot(mine, enemies)
    if shot is not None and (
        isinstance(shot, ShootAction) and (shot.gunner or shot.weapon == "ambush")
    ):
        return shot
    move = _best_move(state, vehicle, mine)
    if move is not None:
        return move
    return shot or _pick(mine, "done")


def _best_move(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    turn = state.turn
    if turn is None or vehicle.immobilized:
        return None
    if not any(isinstance(a, MoveAction) for a in mine):
        return None
    goal = _goal(state, vehicle)
    if goal is None:
        return None
    target = rect_of(goal)

    def value(kind: geo.MoveKind, dx: int, dy: int) -> float:
        look = preview(state, vehicle.letter, kind, dx, dy)
        if look.exits is not None:
            return -1000.0
        score = -10 * geo.gap(look.ghost, target)
        if look.ram is not None:
            score -= 100 if is_train(state.vehicle(look.ram)) else 40
        if any("tracks" in w for w in look.warnings):
            score -= 120
        if look.off_road and vehicle.surface != "dirt":
            score -= 80
        score -= 15 * sum(1 for c in look.cards if c in ("slide", "slick", "debris", "wreck"))
        return score

    here = -10 * geo.gap(rect_of(vehicle), target)
    best: tuple[float, Action] | None = None
    kinds: tuple[geo.MoveKind, ...] = ("move", "brake")
    for kind in kinds:
        for dx, dy in geo.displacements(kind):
            score = value(kind, dx, dy)
            if best is None or score > best[0]:
                best = (score, MoveAction(kind=kind, vehicle=vehicle.letter, dx=dx, dy=dy))
    if best is None or best[0] <= here + 1:
        return None
    return best[1]


def bot(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """DERAILED's bot for one vehicle or train car (see the module docstring)."""
    if is_train(vehicle):
        return _car_bot(state, vehicle, mine)
    return _road_bot(state, vehicle, mine)


RULES: dict[str, MissionRules] = {
    "DERAILED": MissionRules(
        judge=judge,
        on_start=on_start,
        hooks=Hooks(
            ram=ram_hook,
            wipeout=no_wipeout,
            structure=structure,
            new_cards=new_cards,
            off_road=off_road,
            moved=moved,
        ),
        after_action=tidy,
        places_itself=(
            "in DERAILED the teams are set out at the START when the game starts, each on its "
            "own road (teams alternate roads)"
        ),
        refuse=refuse,
        actions=actions,
        perform=perform,
        score_text=score_text,
        runs_for_the_end=never_runs,
        prey=prey,
        bot=bot,
        buys=(("convertible", "buggy", "dirt_bike"), ("convertible", "buggy", "dirt_bike")),
        tokens=(
            ("brawler", "driver", "gunner", "brawler", "shotgun"),
            ("brawler", "driver", "gunner", "brawler", "shotgun"),
        ),
    )
}
