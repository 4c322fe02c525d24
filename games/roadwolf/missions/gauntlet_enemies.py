"""GAUNTLET's enemies (digest 1.2 enemy attack table; text line 213): what each token drawn
from the tin sends against a side's lead vehicle, the mutants, buggies and bikes on the board,
the Skulls for enemies destroyed, and the leftovers that run away."""

from __future__ import annotations

from typing import Any, Literal

from games.roadwolf import geometry as geo
from games.roadwolf.actions import DecideAction
from games.roadwolf.crash import Rammer, contest, destroy, ram
from games.roadwolf.data import TOKEN_KINDS, TokenKind, VehicleClass
from games.roadwolf.fight import melee, shoot
from games.roadwolf.model import Action, RwState, Side, Turn, Vehicle
from games.roadwolf.table import Ctx, rect_of

ENEMY = "enemy"
COURIER = "courier"

Attack = Literal["mutant", "spikes", "buggy", "bike", "nothing"]

ATTACKS: dict[TokenKind, Attack] = {
    "ambush": "mutant",
    "gunner": "mutant",
    "shotgun": "mutant",
    "molotov": "mutant",
    "spikes": "spikes",
    "veteran": "buggy",
    "nitro": "buggy",
    "driver": "bike",
    "brawler": "bike",
    "mechanic": "nothing",
}
"""1.2 Gauntlet enemy attack table: "Ambush, Gunner, Shotgun, Molotov: ... a 1-pt mutant";
"Spikes: Your vehicle hits spikes"; "Veteran, Nitro: A 2-pt enemy buggy"; "Driver, Brawler: An
enemy bike with driver and brawler"; "Mechanic: No attack"."""

MUTANT_WEAPON: dict[TokenKind, str] = {
    "ambush": "ambush",
    "gunner": "gun",
    "shotgun": "shotgun",
    "molotov": "molotov",
}
"""The mutant "attack[s] your vehicle with that weapon" (a Gunner: the 1-die gun)."""

MUTANT = VehicleClass("mutant", "Mutant", 1, False, "dirt", 1, 1)
"""Line 213: "a 1 point MUTANT": size 1 (cost = size, 1.3 [R]), on foot: one cell [R]."""
ENEMY_BUGGY = VehicleClass("buggy", "Buggy", 2, False, "dirt", 2, 3)
"""Line 213: "A 2 point enemy BUGGY with a driver" (rule 10: the Buggy, Open Dirt size 2)."""
ENEMY_BIKE = VehicleClass("dirt_bike", "Dirt Bike", 1, False, "dirt", 1, 2)
"""Line 213: "An enemy bike with a driver and a brawler" [R]: a Dirt Bike (size 1)."""

ENEMY_LETTERS = tuple(f"Z{i}" for i in range(10)) + tuple(f"z{i}" for i in range(10))
"""Enemies are lettered Z0–Z9, then z0–z9 (letters of removed enemies are used again)."""


def lead(vehicles: list[Vehicle]) -> Vehicle | None:
    """The lead car: the courier vehicle on the road whose front is furthest toward the END."""
    alive = [v for v in vehicles if COURIER in v.traits and v.on_board and not v.wreck]
    return max(alive, key=lambda v: (v.y + v.h, -ord(v.letter[0])), default=None)


def rank(vehicles: list[Vehicle], first: int, sides: int) -> list[Vehicle]:
    """Courier vehicles on the road by position: front row furthest toward the END first, ties
    to the side that won the first roll-off, then the sides after it in side order, then by
    letter (line 213: "The LEAD vehicle goes first ... Roll off for ties")."""
    alive = [v for v in vehicles if COURIER in v.traits and v.on_board and not v.wreck]
    return sorted(alive, key=lambda v: (-(v.y + v.h), (v.side - first) % sides, v.letter))


# --- the enemies ------------------------------------------------------------------------------


def _free_letter(ctx: Ctx) -> str | None:
    return next((x for x in ENEMY_LETTERS if x not in ctx.vehicles), None)


def _spot(ctx: Ctx, target: Vehicle, w: int, h: int, *, off_road: bool) -> geo.Rect | None:
    """A free place for an enemy next to `target`: on its roadside first (the side of the road
    closest to it), touching it, as level with it as room allows."""
    box = rect_of(target)
    centre = (geo.ROAD_FIRST + geo.ROAD_LAST + 1) / 2
    left_first = box.x + box.w / 2 <= centre
    sides = (-1, 1) if left_first else (1, -1)
    others = [rect_of(v) for v in ctx.on_board() if v.letter != target.letter]
    for direction in sides:
        x: float
        if off_road:
            x = geo.ROAD_FIRST - w if direction < 0 else geo.ROAD_LAST + 1
            x = min(x, box.x - w) if direction < 0 else max(x, box.right)
        else:
            x = box.x - w if direction < 0 else box.right
        for dy in (0, 1, -1, 2, -2, 3, -3, 4, -4):
            spot = geo.Rect(x, box.y + dy, w, h)
            if geo.is_off_board(spot) or any(geo.overlaps(spot, o) for o in others):
                continue
            return spot
    return None


def _enemy(ctx: Ctx, cls: VehicleClass, spot: geo.Rect, crew: tuple[str, ...]) -> str:
    """An enemy of every Courier side: a neutral piece (side 0 by the neutral pieces' rule,
    `common.add_neutral`, meaning nothing), lettered Z0…, trait "enemy"."""
    letter = _free_letter(ctx)
    assert letter is not None
    vehicle = ctx.add_vehicle(cls, 0, letter)
    tokens = tuple(ctx.new_token(kind) for kind in crew)
    ctx.update(
        letter,
        x=spot.x,
        y=spot.y,
        gear=(),
        crew=(*vehicle.crew, *tokens),
        neutral=True,
        placed=True,
        traits=(ENEMY,),
    )
    return letter


def enemy_points(vehicle: Vehicle) -> int:
    return vehicle.size


def is_dead(vehicle: Vehicle) -> bool:
    """An enemy destroyed: a wreck, removed (a destroyed bike or mutant, or a mutant beaten),
    or with nobody left aboard [R: the enemy is its crew]."""
    return vehicle.wreck or vehicle.exited in ("removed", "destroyed") or not vehicle.crew


def credit(ctx: Ctx, side: Side) -> None:
    """Line 213: "For every enemy you destroy, you may ignore ONE attack ... Use Skull markers"
    and "The courier who destroyed the most points of enemies earns one point": count each
    enemy destroyed once, for `side` (the side acting, or the side it attacked)."""
    counted = set(ctx.mission.letters("counted"))
    for vehicle in list(ctx.vehicles.values()):
        if ENEMY not in vehicle.traits or vehicle.letter in counted:
            continue
        if vehicle.kind == "mutant" and vehicle.on_board and vehicle.driver is None:
            destroy(ctx, vehicle.letter)  # "killed if they lose": a mutant without its crew
            vehicle = ctx.v(vehicle.letter)
        if not is_dead(vehicle):
            continue
        counted.add(vehicle.letter)
        skulls, points = f"skulls:{side}", f"enemy_points:{side}"
        ctx.mission = ctx.mission.with_count(skulls, ctx.mission.count(skulls) + 1)
        ctx.mission = ctx.mission.with_count(points, ctx.mission.count(points) + vehicle.size)
        ctx.say(
            vehicle.letter,
            f"{ctx.sides[side].name} destroyed the enemy {vehicle.name}: a Skull.",
            kind="skull",
        )
    ctx.mission = ctx.mission.with_letters("counted", tuple(sorted(counted)))


def _remove_leftovers(ctx: Ctx) -> None:
    """Line 213: "Any mutants, bikes or buggies left on the board at the beginning of the next
    enemy turn are removed - they run away." Letters of gone enemies are freed."""
    for letter, vehicle in list(ctx.vehicles.items()):
        if ENEMY not in vehicle.traits:
            continue
        if vehicle.on_board and not vehicle.wreck:
            ctx.say(letter, f"The enemy {vehicle.name} {letter} runs away.", kind="removed")
            del ctx.vehicles[letter]
        elif not vehicle.on_board:
            del ctx.vehicles[letter]
    counted = tuple(x for x in ctx.mission.letters("counted") if x in ctx.vehicles)
    ctx.mission = ctx.mission.with_letters("counted", counted)


def enemy_turn(ctx: Ctx) -> Turn | None:
    """Line 213: "After each ROAD turn, each player must draw one random Gear/Crew token from
    their tin to represent an enemy attack. The vehicle in the LEAD must draw TWO tokens!".
    The draws are made one at a time (`go_on`): a side holding a Skull may have to decide
    first (the `Turn` returned)."""
    _remove_leftovers(ctx)
    ranked = rank(list(ctx.vehicles.values()), ctx.mission.count("first"), len(ctx.sides))
    if not ranked:
        return None
    front = ranked[0]  # "the vehicle in the LEAD": a tie goes as the turn order's (roll-off)
    queue: list[str] = []
    for side in range(len(ctx.sides)):
        if lead([v for v in ctx.vehicles.values() if v.side == side]) is not None:
            queue.extend([str(side)] * (2 if front.side == side else 1))
    ctx.mission = ctx.mission.with_letters(QUEUE, tuple(queue))
    return go_on(ctx)


QUEUE = "enemy_queue"
"""The sides still to draw this enemy turn, in order (a side's number once per draw; never the
tokens: each is drawn only when its turn comes)."""
PENDING = "enemy_pending"
"""The draw a side is deciding on: (its side, the token)."""


def go_on(ctx: Ctx) -> Turn | None:
    """Draw for the sides still to draw, one token at a time, until a side holding a Skull
    must decide whether to spend it on the attack just drawn (line 213: "you may choose after
    drawing it"): that side's `Turn`, with the `decision` in words; None when all have drawn."""
    while queue := ctx.mission.letters(QUEUE):
        side: Side = int(queue[0])
        ctx.mission = ctx.mission.with_letters(QUEUE, queue[1:])
        token = TOKEN_KINDS[ctx.rng.randrange(len(TOKEN_KINDS))]
        target = _draw(ctx, side, token)
        if target is None:
            continue
        if ctx.mission.count(f"skulls:{side}") > 0:
            ctx.mission = ctx.mission.with_letters(PENDING, (str(side), token))
            done = tuple(ctx.vehicles)
            return Turn(side=side, done=done, decision=_question(ctx, side, token, target))
        _attack(ctx, side, token)
        credit(ctx, side)
    return None


def _question(ctx: Ctx, side: Side, token: TokenKind, target: Vehicle) -> str:
    skulls = ctx.mission.count(f"skulls:{side}")
    return (
        f"{ctx.sides[side].name} drew {attack_words(token, target.letter)}: spend a Skull "
        f"({skulls} held) to ignore it, or take the attack"
    )


def pending(state: RwState) -> tuple[Side, TokenKind, Vehicle] | None:
    """The draw a side is deciding on: its side, the token, the vehicle it attacks."""
    mark = state.mission.letters(PENDING)
    if len(mark) != 2 or mark[1] not in ATTACKS:
        return None
    side: Side = int(mark[0])
    target = lead([v for v in state.vehicles if v.side == side])
    token = next(k for k in TOKEN_KINDS if k == mark[1])
    return (side, token, target) if target is not None else None


def decisions(state: RwState) -> list[Action]:
    """Line 213: "you may ignore ONE attack (you may choose after drawing it)": spend a Skull
    on the attack drawn, or take it."""
    found = pending(state)
    if found is None:
        return []
    _, token, target = found
    return [
        DecideAction(choice=choice, token=token, target=target.letter)
        for choice in ("skull", "take")
    ]


def decide(ctx: Ctx, action: Any) -> Turn | None:
    """Spend a Skull (the attack is ignored) or take the attack; then the draws go on."""
    found = pending(ctx.state)
    assert found is not None and isinstance(action, DecideAction)
    side, token, _ = found
    ctx.mission = ctx.mission.with_letters(PENDING, ())
    name = ctx.sides[side].name
    if action.choice == "skull":
        skulls = f"skulls:{side}"
        ctx.mission = ctx.mission.with_count(skulls, ctx.mission.count(skulls) - 1)
        ctx.say("", f"{name} spend a Skull: {token.upper()} is ignored.", kind="skull_spent")
    else:
        ctx.say("", f"{name} keep their Skull and take {token.upper()}.", kind="skull_kept")
        _attack(ctx, side, token)
        credit(ctx, side)
    return go_on(ctx)


def attack_words(token: TokenKind | None, target: str) -> str:
    """The attack a token sends, in words: "GUNNER (a mutant's gun at A)"."""
    if token is None:
        return f"an attack on {target}"
    kind = ATTACKS[token]
    if kind == "mutant":
        what = f"a mutant's {MUTANT_WEAPON[token]} at {target}"
    elif kind == "spikes":
        what = f"{target} hits spikes"
    elif kind == "buggy":
        what = f"a buggy rams {target}"
    elif kind == "bike":
        what = f"a bike melees {target}"
    else:
        what = "no attack"
    return f"{token.upper()} ({what})"


def _draw(ctx: Ctx, side: Side, token: TokenKind) -> Vehicle | None:
    """Say what `side` drew; the vehicle it attacks (None: Mechanic, nobody to attack, or no
    room beside it for the enemy, so nothing to decide)."""
    name = ctx.sides[side].name
    target = lead([v for v in ctx.vehicles.values() if v.side == side])
    kind = ATTACKS[token]
    ctx.say("", f"{name} draw {token.upper()} from the tin: {kind.upper()}.", kind="enemy_draw")
    if target is None or kind == "nothing":
        return None
    if _arrival(ctx, kind, target) is None:  # never a Skull spent on an attack that cannot come
        ctx.say("", f"No room beside {target.letter}: the {kind} never comes.", kind="enemy_draw")
        return None
    return target


ARRIVALS: dict[Attack, tuple[int, int, bool]] = {
    "mutant": (1, 1, True),
    "buggy": (2, 3, True),
    "bike": (1, 2, False),
}
"""Where each enemy appears: its footprint (w, h) and whether off the road (the mutant "on the
side of the road", the buggy "from off-road"; the bike "next to your vehicle")."""


def _arrival(ctx: Ctx, kind: Attack, target: Vehicle) -> geo.Rect | None:
    """Where the enemy of `kind` appears next to `target`: None if it cannot (no free place
    beside it, or every enemy letter in use); Spikes need no place."""
    if kind == "spikes":
        return rect_of(target)
    if kind not in ARRIVALS or _free_letter(ctx) is None:
        return None
    w, h, off_road = ARRIVALS[kind]
    return _spot(ctx, target, w, h, off_road=off_road)


def _attack(ctx: Ctx, side: Side, token: TokenKind) -> None:
    """The attack `token` sends against `side`'s lead vehicle (it was not ignored)."""
    target = lead([v for v in ctx.vehicles.values() if v.side == side])
    kind = ATTACKS[token]
    if target is None or kind == "nothing":
        return
    letter = target.letter
    if kind == "spikes":
        ctx.say(letter, f"{letter} hits enemy SPIKES!", kind="spikes")
        ram(ctx, Rammer("enemy Spikes", target.size + 1, is_object=True), letter, spikes=True)
        return
    spot = _arrival(ctx, kind, target)
    if spot is None:
        return
    if kind == "mutant":
        enemy = _enemy(ctx, MUTANT, spot, ())
        ctx.say(enemy, f"A MUTANT {enemy} appears at the roadside!", kind="enemy")
        shoot(ctx, enemy, letter, MUTANT_WEAPON[token], free_gunner=False, token_id=None)
    elif kind == "buggy":
        enemy = _enemy(ctx, ENEMY_BUGGY, spot, ())
        nitro = not geo.is_off_road(rect_of(target))
        how = "NITRO-rams" if nitro else "rams"
        ctx.say(enemy, f"An enemy BUGGY {enemy} {how} {letter} from off-road!", kind="enemy")
        ram(ctx, Rammer(f"enemy Buggy {enemy}", 2, enemy, nitro=nitro), letter)
    else:
        enemy = _enemy(ctx, ENEMY_BIKE, spot, ("brawler",))
        ctx.say(enemy, f"An enemy BIKE {enemy} pulls alongside {letter}!", kind="enemy")
        melee(ctx, enemy, letter)


def mutant_ram(ctx: Ctx, rammer: Rammer, target: str, depth: int) -> bool:
    """Line 213: mutants "can be shot, meleed or rammed- they defend with one die, and are
    killed if they lose" (a ram of a mutant: the rammer's dice against 1)."""
    victim = ctx.v(target)
    if victim.kind != "mutant" or ENEMY not in victim.traits:
        return False
    roll = contest(
        ctx,
        rammer.dice + (1 if rammer.nitro else 0),
        1,
        names=(rammer.name, f"Mutant {target}"),
        why="ram",
    )
    ctx.say(
        rammer.letter or target,
        f"{rammer.name} runs at {target}. {roll.explanation}",
        kind="ram",
        target=target,
    )
    if roll.result.winner == "a":
        destroy(ctx, target)
    return True


def mutant_wipeout(ctx: Ctx, letter: str, road_dice: int, depth: int) -> bool:
    """A mutant that loses a shot or a melee without overkill would check for a wipeout: it is
    on foot, and "killed if they lose"."""
    vehicle = ctx.v(letter)
    if vehicle.kind != "mutant" or ENEMY not in vehicle.traits:
        return False
    destroy(ctx, letter)
    return True
