"""DERAILED (digest 1.2; text lines 215–216), the board and the train: two teams race to take
control of a freight train that runs between two roads, and drive it off the END.

The board (1.3 [R], `geometry`): verge 0–4, left road 5–10, track 11–12, right road 13–18,
verge 19–23. The train is three neutral pieces on the track (Engine "EN" in front, Gondolas
"G1" and "G2" behind, each 2×6), its back 1 stick ahead of the START. It never drifts (it runs
with the road) and only its controller moves it: one stick a turn. The boarding, searching and
train actions are in `derailed_crew.py`, the record and the bot in `derailed.py`; this module
holds the board, the train's rams, the hooks and the judge.
"""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.crash import Rammer, contest, damage, wipeout
from games.roadwolf.data import VehicleClass
from games.roadwolf.missions.base import Verdict
from games.roadwolf.model import Card, RwState, Side, Token, Vehicle
from games.roadwolf.road import draw_card, enter_card
from games.roadwolf.table import Ctx, rect_of
from games.roadwolf.train_faces import FRONT_RAM_DICE, SIDE_RAM_DICE, hits_front

ENGINE, FRONT, REAR = "EN", "G1", "G2"
TRAIN = (ENGINE, FRONT, REAR)
ENGINE_CLASS = VehicleClass("engine", "Engine", 2, True, "heavy", 2, 6)
"""Line 216: "The Engine is treated as CLOSED and can hold 2 crew" (size 2: Closed capacity =
size, rule 18; 1.3 [R]: 2"×6"). Its size never rams: the train rams with 6 or 3 dice."""
GONDOLA_CLASS = VehicleClass("gondola", "Gondola", 3, False, "heavy", 2, 6)
"""Line 216: "The Gondola cars are treated as OPEN and can hold any number of crew"."""
TRAIN_BACK = geo.STICK
"""Line 215: "The back of the train should be 1 stick ahead of the start of the road"."""
ROADS = (geo.LEFT_ROAD, geo.RIGHT_ROAD)


def is_train(vehicle: Vehicle) -> bool:
    return "train" in vehicle.traits


# --- setup --------------------------------------------------------------------------------


def _car(ctx: Ctx, cls: VehicleClass, letter: str, y: int, traits: tuple[str, ...]) -> None:
    ctx.add_vehicle(cls, 0, letter)
    crew: tuple[Token, ...] = ()
    if letter == ENGINE:
        # line 216: "It starts with 2 neutral crew members"
        crew = (ctx.new_token("driver"), ctx.new_token("driver"))
    ctx.update(
        letter,
        x=geo.TRACK[0],
        y=y,
        crew=crew,
        driver=crew[0].id if crew else None,
        gear=(),
        neutral=True,
        placed=True,
        traits=("train", *traits),
    )


def _columns(road: int) -> list[int]:
    """A road's columns from the track outward (the left road right to left)."""
    first, last = ROADS[road]
    columns = list(range(first, last + 1))
    return columns[::-1] if road == 0 else columns


def _verge(road: int) -> list[int]:
    """The verge beside a road, from the road outward."""
    if road == 0:
        return list(range(ROADS[0][0] - 1, -1, -1))
    return list(range(ROADS[1][1] + 1, geo.BOARD_WIDTH))


def _spot(vehicle: Vehicle, road: int, taken: list[geo.Rect]) -> geo.Rect:
    """The first free spot for `vehicle` beside its road: the START zone a cell apart from the
    others, then touching them; if the START zone is full, on up its road, then on its verge
    (rows first, then columns from the track outward)."""
    tries = (
        (_columns(road), range(geo.START_ROWS), 1.0),
        (_columns(road), range(geo.START_ROWS), 0.0),
        (_columns(road), range(geo.BOARD_LENGTH - vehicle.h + 1), 0.0),
        (_verge(road), range(geo.BOARD_LENGTH - vehicle.h + 1), 0.0),
    )
    for columns, rows, room in tries:
        low, high = min(columns), max(columns) + 1
        for y in rows:
            for x in columns:
                box = geo.Rect(x - vehicle.w + 1 if road == 0 else x, y, vehicle.w, vehicle.h)
                if box.x < low or box.right > high:
                    continue
                if all(not geo.overlaps(box, o) and geo.gap(box, o) >= room for o in taken):
                    return box
    raise ValueError(f"no room left beside the roads for {vehicle.letter}")


def road_of_team(side: int) -> int:
    """[R] Teams alternate roads: the first team on the left road, the second on the right,
    the third on the left again, and so on."""
    return side % 2


def _place_teams(ctx: Ctx) -> None:
    """[R] Each team starts at the START on its road (`road_of_team`), packed in ranks from the
    track outward, a cell apart where possible (`_spot`). Teams sharing a road take turns, one
    vehicle each (every team's first, then every team's second...), so no team gets all the
    front spots."""
    taken: list[geo.Rect] = [rect_of(ctx.v(t)) for t in TRAIN]
    count = len(ctx.sides)
    for road in (0, 1):
        queues = [
            [v for v in ctx.vehicles.values() if v.origin == side and not is_train(v)]
            for side in range(count)
            if road_of_team(side) == road
        ]
        longest = max((len(q) for q in queues), default=0)
        for rank in range(longest):
            for queue in queues:
                if rank < len(queue):
                    vehicle = queue[rank]
                    spot = _spot(vehicle, road, taken)
                    ctx.update(vehicle.letter, x=spot.x, y=spot.y, placed=True)
                    taken.append(spot)


def on_start(ctx: Ctx) -> None:
    """Line 215: "Place a train consisting of two Gondola cars and an Engine in front. The back
    of the train should be 1 stick ahead of the start of the road"."""
    h = geo.TRAIN_CAR_LENGTH
    _car(ctx, GONDOLA_CLASS, REAR, TRAIN_BACK, ("gondola",))
    _car(ctx, GONDOLA_CLASS, FRONT, TRAIN_BACK + h, ("gondola", "front"))
    _car(ctx, ENGINE_CLASS, ENGINE, TRAIN_BACK + 2 * h, ("engine",))
    _place_teams(ctx)
    ctx.say("", "The train waits on the track between the two roads.", kind="start")


# --- the roads ----------------------------------------------------------------------------


def new_cards(ctx: Ctx) -> None:
    """Line 216: "Draw road cards for BOTH roads": one card per road each ROAD TURN, placed
    across its road at the END and moved 2 sticks toward the START (1.4-B)."""
    for column in geo.DERAILED_CARD_COLUMNS:
        kind = draw_card(ctx)
        if kind is not None:
            enter_card(ctx, kind, column)


def off_road(rect: geo.Rect) -> bool:
    """1.6 Off-road on two roads: no part of the footprint on either road."""
    return geo.is_off_roads(rect, ROADS)


def _road_of(rect: geo.Rect) -> int | None:
    for index, (first, last) in enumerate(ROADS):
        if rect.x < last + 1 and rect.right > first:
            return index
    return None


def structure(ctx: Ctx, letter: str, card: Card, passage: str, depth: int) -> bool:
    """Line 216: "if either one is a TUNNEL or BRIDGE result, the OTHER road is blocked off at
    that point as if it were offroad!": a vehicle on the other road when the card's rows reach
    it makes the off-road wipeout check (Dirt vehicles never do, rule 14); a vehicle on the
    card's own road goes over or around it as usual; the train and the verges are untouched."""
    vehicle = ctx.v(letter)
    if is_train(vehicle):
        return True
    box = rect_of(vehicle)
    card_road = 0 if card.x < geo.TRACK[0] else 1
    road = _road_of(box)
    if road == card_road:
        return False
    if road is None:
        return True
    if vehicle.surface != "dirt":
        name = card.kind.upper()
        ctx.say(letter, f"A {name} blocks the other road: {letter} is off-road!", kind="card")
        wipeout(ctx, letter, depth=depth + 1)
    return True


def moved(ctx: Ctx, letter: str, samples: tuple[geo.Rect, ...], depth: int = 0) -> None:
    """Line 215: "Any vehicle that crosses the tracks at any time for any reason must make a
    WIPEOUT check" (any movement with a ¼-cell sample on the track strip: a move, a skid, a
    throw by the train); digest 1.2: "Crossing the tracks = wipeout check"."""
    vehicle = ctx.v(letter)
    if is_train(vehicle) or not vehicle.on_board or vehicle.wreck:
        return
    if geo.crosses_track(samples):
        ctx.say(letter, f"{letter} crosses the tracks!", kind="off_road")
        wipeout(ctx, letter, depth=depth)


# --- the train's rams ---------------------------------------------------------------------


def train_ram(ctx: Ctx, target: str, dice: int, *, front: bool, depth: int = 0) -> None:
    """Line 216: the train rams `target` with `dice` (6 from its front, 3 from its side). "If a
    vehicle rammed by the train ever wins with overkill, the train is SLOWED DOWN 1 stick." The
    train never takes damage or wipeout checks. From the front, the vehicle (or wreck) is then
    "moved 1 stick in a random direction" (a d6 clock hour, 1.5-3)."""
    victim = ctx.v(target)
    if not victim.on_board or is_train(victim):
        return
    defence = victim.size if victim.wreck else max(1, victim.remaining)
    roll = contest(ctx, dice, defence, names=("the train", f"{victim.name} {target}"), why="ram")
    where = "front" if front else "side"
    ctx.say(target, f"The train's {where} rams {target}. {roll.explanation}", kind="ram")
    result = roll.result
    if result.winner == "a" and not victim.wreck:
        if result.overkill:
            damage(ctx, target, result.overkill, depth=depth)
        else:
            wipeout(ctx, target, depth=depth + 1)
    elif result.winner == "b" and result.overkill:
        slow_train(ctx)
    if front:
        shove(ctx, target, depth=depth)


def shove(ctx: Ctx, letter: str, *, depth: int = 0) -> None:
    vehicle = ctx.v(letter)
    if not vehicle.on_board:
        return
    event = ctx.rng.roll(1, who=None, why=f"where the train throws {letter}")
    ctx.events.append(event)
    dx, dy = geo.skid_vector(event.dice[0])
    path = geo.trace_path(rect_of(vehicle), dx, dy, ctx.obstacles(letter))
    edge = next((geo.exit_edge(s) for s in path.samples if geo.exit_edge(s)), None)
    if edge is not None:
        ctx.update(letter, exited=edge)
        ctx.say(letter, f"{letter} is thrown off the board.", kind="exited")
        return
    ctx.update(letter, x=path.stop.x, y=path.stop.y)
    ctx.say(letter, f"{letter} is thrown {geo.skid_hour(event.dice[0])} o'clock.", kind="skid")
    moved(ctx, letter, path.samples, depth + 1)


def _shift_train(ctx: Ctx, dy: float) -> None:
    for letter in TRAIN:
        car = ctx.v(letter)
        if car.on_board:
            ctx.update(letter, y=car.y + dy)


def slow_train(ctx: Ctx) -> None:
    """Line 216: "the train is SLOWED DOWN 1 stick": it moves 1 stick back (as far as the track
    behind it is clear, never off the START)."""
    rear = rect_of(ctx.v(REAR))
    others = [(v.letter, rect_of(v)) for v in ctx.on_board() if not is_train(v)]
    back = -min(float(geo.STICK), rear.y)
    path = geo.trace_path(rear, 0, back, others)
    dy = path.stop.y - rear.y
    if dy:
        _shift_train(ctx, dy)
    ctx.say(REAR, f"The train is SLOWED DOWN {-dy:g} cells.", kind="train_slowed")


def drive_train(ctx: Ctx) -> None:
    """Line 216: "Once in control of the engine, a crew may spend an action to move the train
    forward one stick." Whatever the Engine's front hits is rammed (6 dice) and thrown aside;
    the train then goes on with what is left of its stick (three tries at most)."""
    left = float(geo.STICK)
    for _ in range(3):
        engine = ctx.v(ENGINE)
        box = rect_of(engine)
        others = [(v.letter, rect_of(v)) for v in ctx.on_board() if not is_train(v)]
        path = geo.trace_path(box, 0, left, others)
        if any(geo.exit_edge(s) == "end" for s in path.samples):
            _shift_train(ctx, left)
            ctx.update(ENGINE, exited="end")
            ctx.say(ENGINE, "The train thunders off the END!", kind="exited")
            return
        moved_by = path.stop.y - box.y
        _shift_train(ctx, moved_by)
        left -= moved_by
        if not isinstance(path.hit, str) or left <= 0:
            break
        train_ram(ctx, path.hit, FRONT_RAM_DICE, front=True)
    ctx.say(ENGINE, "The train rolls forward.", kind="train")


def _met(ctx: Ctx, car: Vehicle, letter: str, depth: int) -> None:
    """`letter` and the train car `car` came together: from the Engine's front, a 6-dice ram
    and a throw; from any other face, a 3-dice ram (line 216)."""
    front = hits_front(car, rect_of(ctx.v(letter)))
    dice = FRONT_RAM_DICE if front else SIDE_RAM_DICE
    train_ram(ctx, letter, dice, front=front, depth=depth)


def ram_hook(ctx: Ctx, rammer: Rammer, target: str, depth: int) -> bool:
    """A ram between a vehicle (or a drifting object) and a train car, whoever "rams": the train
    rams the vehicle, 6 dice and a throw from the Engine's front, else 3 dice from its side
    (line 216); the train itself is never hurt."""
    victim = ctx.v(target)
    attacker = ctx.v(rammer.letter) if rammer.letter else None
    if is_train(victim):
        other = attacker.letter if attacker is not None else rammer.source
        if other is not None and not is_train(ctx.v(other)):
            _met(ctx, victim, other, depth)
        return True
    if attacker is not None and is_train(attacker):
        _met(ctx, attacker, target, depth)
        return True
    return False


def no_wipeout(ctx: Ctx, letter: str, road_dice: int, depth: int) -> bool:
    """Line 216: "The train and its cars are indestructible, and never take wipeout checks"."""
    return is_train(ctx.v(letter))


# --- the judge ----------------------------------------------------------------------------


def in_play(state: RwState, side: Side) -> bool:
    """A team still in the race: a vehicle it drives on the road, or crew of its aboard."""
    return any(
        v.on_board and not v.wreck and not v.neutral and v.side == side and v.crew
        for v in state.vehicles
    )


def holder(state: RwState) -> Side | None:
    """The team in control of the Engine (its crew aboard), if any."""
    engine = state.find(ENGINE)
    if engine is None or engine.neutral:
        return None
    return engine.side


def judge(state: RwState) -> Verdict:
    """Line 216: "Whichever team can drive the train off the end of the board wins!" The score
    is 1 for the team holding the Engine (it leads), 0 for every other. [R] If no team has
    anything left in play, a draw; teams out of the race just watch the others."""
    count = len(state.sides)
    held = holder(state)
    score = tuple(1 if side == held else 0 for side in range(count))
    engine = state.find(ENGINE)
    if engine is None:
        return Verdict(score)
    if engine.exited == "end" and held is not None:
        name = state.sides[held].name
        return Verdict(score, True, held, f"{name} drove the train off the END")
    if not any(in_play(state, side) for side in range(count)):
        teams = "both teams are" if count == 2 else "every team is"
        return Verdict(score, True, None, f"{teams} out of the race: a draw")
    return Verdict(score)
