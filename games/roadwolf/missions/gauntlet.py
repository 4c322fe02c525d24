"""GAUNTLET (digest 1.2; text line 213): Couriers cross a valley of death.

Two sides of Couriers (the engine's two seats-alternating sides; the text's "each player" is
each side here), 4 points each plus one free Nitro, who may not attack each other. Road cards
lie face down every stick over the whole road from the start and turn up within 3 sticks of the
lead car; the deck is not reshuffled, and nobody may leave by the END before its LAST card is
placed. Turn order goes by position, one vehicle at a time. After each ROAD TURN the enemies
attack: each side draws a random token (the side with the lead vehicle two) from the 10 kinds
(1.3 [R]) and meets the table's mutant, spikes, buggy or bike. Points: the first side out,
each vehicle out, and whoever destroyed the most enemy points.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.roadwolf import geometry as geo
from games.roadwolf.actions import Action, MeleeAction, MoveAction, ShootAction
from games.roadwolf.data import WEAPON_DICE, CardKind
from games.roadwolf.missions.base import MissionRules, Verdict
from games.roadwolf.missions.gauntlet_enemies import (
    ATTACKS,
    COURIER,
    ENEMY,
    MUTANT_WEAPON,
    credit,
    decide,
    decisions,
    enemy_turn,
    lead,
    mutant_ram,
    mutant_wipeout,
    pending,
)
from games.roadwolf.model import Card, RwState, Side, Turn, Vehicle
from games.roadwolf.preview import preview
from games.roadwolf.risk import road_turn_risk
from games.roadwolf.road import full_deck
from games.roadwolf.table import Ctx, Hooks, rect_of

COURIER_POINTS = 4
"""Line 213: "Couriers start at the start of the road with 4 points of vehicles"."""
REVEAL_ROWS = 3 * geo.STICK
"""Line 213: "Cards should NOT be revealed until they are within 3 sticks of the lead car"."""
SETUP_CARDS = geo.BOARD_LENGTH // geo.STICK
"""1.3 [R]: "12 cards at setup, then 2 per road turn (one per stick)"."""
CARDS_PER_ROAD_TURN = 2
SLOTS = tuple(geo.BOARD_LENGTH - geo.CARD_LENGTH - geo.STICK * k for k in range(SETUP_CARDS))
"""Line 213: "Place a road card EVERY stick ... Cover the entire road": one card per stick,
the first at the END edge (rows 45–47), then every 4 rows down to rows 1–3."""


# --- the road ---------------------------------------------------------------------------------


def deal(ctx: Ctx) -> None:
    """Line 213: "Cover the entire road with cards this way before starting!" Face down."""
    for y in SLOTS:
        _lay(ctx, y)


def _lay(ctx: Ctx, y: float) -> None:
    if not ctx.deck:
        return
    kind = ctx.deck.pop(0)
    box = geo.road_card_rect(y)
    last = not ctx.deck
    ctx.cards.append(Card(id=ctx.next_id, kind=kind, x=box.x, y=box.y, face_down=True, last=last))
    ctx.next_id += 1
    if not ctx.deck:
        ctx.say("", "The LAST road card is placed: Couriers may now exit.", kind="last_card")


def new_cards(ctx: Ctx) -> None:
    """1.3 [R]: "2 per road turn (one per stick)", face down into the two END slots the drift
    left empty; "No reshuffle in GAUNTLET": an empty deck places nothing."""
    for y in SLOTS[:CARDS_PER_ROAD_TURN]:
        _lay(ctx, y)


def reveal(ctx: Ctx) -> None:
    """Line 213: a card turns up once it is "within 3 sticks of the lead car" (its back row at
    most 12 rows past the lead car's front). A CLEAR card that turns up is discarded."""
    front = lead(list(ctx.vehicles.values()))
    if front is None:
        return
    limit = front.y + front.h + REVEAL_ROWS
    kept: list[Card] = []
    for card in ctx.cards:
        if card.face_down and card.y < limit:
            card = card.model_copy(update={"face_down": False})
            ctx.say("", f"A road card turns up: {card.kind.upper()}.", kind="card_revealed")
            if card.kind == "clear":
                ctx.discard.append(card.kind)
                continue
        kept.append(card)
    ctx.cards = kept


def end_closed(deck: Sequence[CardKind]) -> bool:
    """Line 213: "you must drive off the end of the road, but can do so ONLY after the LAST
    road card has been placed" (1.3 [R]: the empty deck marks the LAST card)."""
    return bool(deck)


# --- order, start, judge ----------------------------------------------------------------------


def on_start(ctx: Ctx) -> None:
    """Line 213: couriers get "one additional free Nitro" (on the first vehicle that may use it);
    the road is covered in face-down cards; "Roll off to see who gets the first turn"."""
    for side in (0, 1):
        mine = [v for v in ctx.vehicles.values() if v.origin == side]
        for vehicle in mine:
            ctx.update(vehicle.letter, traits=(*vehicle.traits, COURIER))
        spare = next((v for v in mine if v.surface != "heavy"), None)
        if spare is not None:
            ctx.update(spare.letter, gear=(*spare.gear, ctx.new_token("nitro", free=True)))
    if not ctx.deck and not ctx.cards:
        ctx.deck = full_deck()
        ctx.rng.shuffle(ctx.deck)
    deal(ctx)
    reveal(ctx)
    while True:
        a = ctx.rng.roll(2, who=ctx.player_of(0), why="roll-off for the first turn")
        b = ctx.rng.roll(2, who=ctx.player_of(1), why="roll-off for the first turn")
        ctx.events.extend((a, b))
        if sum(a.dice) != sum(b.dice):
            break
    first = 0 if sum(a.dice) > sum(b.dice) else 1
    ctx.mission = ctx.mission.with_count("first", first)
    ctx.say("", f"{ctx.sides[first].name} win the roll-off and go first.", kind="start")


def _rank(vehicles: list[Vehicle], first: int) -> list[Vehicle]:
    """Courier vehicles on the road by position: front row furthest toward the END first, ties
    to the side that won the first roll-off, then by letter."""
    alive = [v for v in vehicles if COURIER in v.traits and v.on_board and not v.wreck]
    return sorted(alive, key=lambda v: (-(v.y + v.h), v.side != first, v.letter))


def order(state: RwState) -> tuple[str, ...]:
    """Line 213: "TURN ORDER goes by VEHICLE POSITION: The LEAD vehicle goes first, then the
    next vehicle, and so on. Roll off for ties" [R]: one "vehicle:*" slot per Courier vehicle
    on the road; each slot takes the vehicle then furthest ahead among those that have not
    moved this round (`next_vehicle`), ties to the side that won the first roll-off. Then the
    ROAD TURN and the enemies."""
    count = len(_rank(list(state.vehicles), state.mission.count("first")))
    return (*("vehicle:*" for _ in range(count)), "road", "step:enemies")


def next_vehicle(ctx: Ctx) -> str | None:
    """The next vehicle to move this round: the leader among those not yet activated."""
    done = set(ctx.mission.letters("activated"))
    ranked = _rank(list(ctx.vehicles.values()), ctx.mission.count("first"))
    chosen = next((v.letter for v in ranked if v.letter not in done), None)
    if chosen is not None:
        ctx.mission = ctx.mission.with_letters("activated", (*sorted(done), chosen))
    return chosen


def _score(state: RwState) -> list[int]:
    couriers = [v for v in state.vehicles if COURIER in v.traits]
    score = [0, 0]
    for side in (0, 1):
        score[side] += sum(1 for v in couriers if v.origin == side and v.exited == "end")
    first_out = state.mission.count("first_out")
    if first_out:
        score[first_out - 1] += 1
    a, b = state.mission.count("enemy_points:0"), state.mission.count("enemy_points:1")
    if a != b:
        score[0 if a > b else 1] += 1
    return score


def judge(state: RwState) -> Verdict:
    """Line 213: "Game ends when all couriers have been destroyed or have exited the valley"
    and "The first Courier to exit earns one point. Each vehicle that exits earns one point.
    The courier who destroyed the most points of enemies earns one point [R: a tie earns
    nobody the point]. Whoever has the most points wins!"."""
    score = _score(state)
    pair = (score[0], score[1])
    couriers = [v for v in state.vehicles if COURIER in v.traits]
    if not couriers or any(v.on_board and not v.wreck for v in couriers):
        return Verdict(pair)
    if score[0] == score[1]:
        return Verdict(pair, True, None, f"every Courier is out: {score[0]}-{score[1]}, a draw")
    winner: Side = 0 if score[0] > score[1] else 1
    name = state.sides[winner].name
    return Verdict(pair, True, winner, f"{name} win the Gauntlet {max(pair)}-{min(pair)}")


def end_of_round(ctx: Ctx) -> Turn | None:
    """The enemies attack after the ROAD TURN (line 213), pausing when a side holding a Skull
    must decide on an attack it drew (the `Turn` returned); the next round ranks every Courier
    afresh."""
    ctx.mission = ctx.mission.with_letters("activated", ())
    return enemy_turn(ctx)


def after_action(ctx: Ctx) -> None:
    """After every action and step: cards within 3 sticks of the lead car turn up, the first
    Courier off the END is noted, and enemies destroyed are counted for the side acting."""
    reveal(ctx)
    if not ctx.mission.count("first_out"):
        out = next(
            (v for v in ctx.vehicles.values() if COURIER in v.traits and v.exited == "end"), None
        )
        if out is not None:
            ctx.mission = ctx.mission.with_count("first_out", out.origin + 1)
            name = ctx.sides[out.origin].name
            ctx.say(out.letter, f"{name} are the first Couriers out: 1 point.", kind="first_out")
    turn = ctx.state.turn
    if turn is not None:
        credit(ctx, turn.side)


def score_text(state: RwState) -> str:
    a, b = _score(state)
    skulls = (state.mission.count("skulls:0"), state.mission.count("skulls:1"))
    points = (state.mission.count("enemy_points:0"), state.mission.count("enemy_points:1"))
    last = "the END is open" if not state.deck else f"{len(state.deck)} cards to the LAST"
    return (
        f"{state.sides[0].name} {a} – {b} {state.sides[1].name} · enemies destroyed "
        f"{points[0]}–{points[1]} pts · Skulls {skulls[0]}–{skulls[1]} · {last}"
    )


def runs(state: RwState, vehicle: Vehicle) -> bool:
    """Bot hint: every Courier drives for the END."""
    return COURIER in vehicle.traits


def prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """Bot hint: only the enemies are fair game."""
    return [v for v in state.vehicles if ENEMY in v.traits and v.on_board and not v.wreck]


def _enemy_letters(state: RwState) -> set[str]:
    return {v.letter for v in state.vehicles if ENEMY in v.traits and v.on_board and v.crew}


def bot(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """A Courier's bot: free shots at enemies on the way; drive for the END (avoiding rams,
    hazards and the verge); while the END is still closed and it waits near it, fight the
    enemies around it and repair; never grind against the edge."""
    free_repair = next((a for a in mine if a.kind == "repair" and a.mechanic), None)
    if free_repair is not None and vehicle.damage > 0:
        return free_repair  # free (the Mechanic's), two dice at a 6 each
    enemies = _enemy_letters(state)
    shots = [a for a in mine if isinstance(a, ShootAction) and a.target in enemies]
    free = [a for a in shots if a.gunner or a.weapon == "ambush"]
    if free:
        return free[0]
    turn = next((a for a in mine if a.kind == "turn_around"), None)
    if turn is not None:
        return turn
    fresh = state.turn is not None and state.turn.vehicle != vehicle.letter
    waiting = bool(state.deck) and vehicle.y + vehicle.h >= _pace(state) - geo.STICK
    if shots and (fresh or waiting):
        return shots[0]  # a Skull ignores a later attack; waiting by the END, fight first
    move = _best_move(state, vehicle, mine)
    if move is not None:
        return move
    melee = [a for a in mine if isinstance(a, MeleeAction) and a.target in enemies]
    fights: list[Action] = [*shots, *melee]
    if fights:
        return fights[0]
    repair = next((a for a in mine if a.kind == "repair"), None)
    if repair is not None:
        return repair
    return next((a for a in mine if a.kind == "done"), None)


HAZARDS = ("slide", "slick", "debris", "wreck")


def _pace(state: RwState) -> float:
    """How far up the road a Courier bot drives while the END is closed: to the row below the
    two END slots where the new cards land (2 sticks short of the END), then out."""
    return geo.BOARD_LENGTH - 2 * geo.STICK if state.deck else geo.BOARD_LENGTH + 1


VERGE_BONUS = 15.0
"""A Dirt Courier on the verge: the enemy buggy rams it "without nitro" (line 213: 2 dice, not
3) and the road cards miss it."""
EDGE_ROOM = 3
"""Cells kept from a side edge: a skid moves a car up to a few cells."""
CROWD_PENALTY = 15.0
"""Another Courier within a cell: a skid or a card's push rams one into the other."""


def _place_value(state: RwState, vehicle: Vehicle, box: geo.Rect) -> float:
    """How safe a spot is for the coming ROAD TURN and the enemy attacks after it: the cards
    that will sweep it (a Dirt car on the verge misses them all but a Bridge or Tunnel reaching
    its rows, `risk.py`), the verge for a Dirt car, room from the other Couriers."""
    value = -road_turn_risk(state, vehicle, box)
    if vehicle.surface == "dirt" and geo.is_off_road(box):
        value += VERGE_BONUS
    if box.x < EDGE_ROOM or box.right > geo.BOARD_WIDTH - EDGE_ROOM:
        value -= VERGE_BONUS  # a skid from here goes off the side edge
    for other in state.vehicles:
        if other.letter == vehicle.letter or COURIER not in other.traits or not other.on_board:
            continue
        if geo.gap(box, rect_of(other)) <= 1:
            value -= CROWD_PENALTY
    return value


def _best_move(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """The MOVE (by preview) that gains the most ground up to the pace, safely; None if
    staying put is as good."""
    if vehicle.immobilized or not any(isinstance(a, MoveAction) for a in mine):
        return None
    pace = _pace(state)
    front = vehicle.y + vehicle.h
    mutants = {v.letter for v in state.vehicles if v.kind == "mutant" and ENEMY in v.traits}
    stay = _place_value(state, vehicle, rect_of(vehicle))
    best: tuple[float, Action] | None = None
    for dx, dy in geo.displacements("move"):
        look = preview(state, vehicle.letter, "move", dx, dy)
        if look.exits is not None:
            score = 1000.0 if look.exits == "end" else -1000.0
        else:
            ahead = min(look.ghost.front, pace) - min(front, pace)
            score = 10.0 * ahead - 5 * max(0.0, look.ghost.front - max(pace, front))
            if look.ram is not None:
                score += 40 if look.ram in mutants else -60  # a mutant defends with 1 die
            score -= 80 if look.off_road and vehicle.surface != "dirt" else 0
            score -= 20 * sum(1 for c in look.cards if c in HAZARDS)
            score -= 60 * len(look.around)
            score += _place_value(state, vehicle, look.ghost)
        if best is None or score > best[0]:
            best = (score, MoveAction(kind="move", vehicle=vehicle.letter, dx=dx, dy=dy))
    if best is None or best[0] <= stay + 1:
        return None
    return best[1]


ATTACK_DICE = {"spikes": 3, "buggy": 3, "bike": 2}
"""Roughly what each attack throws at the lead vehicle: Spikes size + 1 dice, the buggy's
Nitro-ram 2 + 1, the bike's melee (a driver and a Brawler); a mutant: its weapon's dice."""


def bot_decide(state: RwState, legal: list[Action]) -> Action:
    """A Courier bot's Skull (line 213: "you may choose after drawing it"): spend it on the
    heavy attacks (Spikes, a buggy's ram, a Molotov) or when the attack could finish the lead
    vehicle; keep it against a mutant's 1-die gun or a Shotgun on a healthy vehicle (with two
    or more Skulls, only the gun is taken)."""
    found = pending(state)
    spend = next((a for a in legal if getattr(a, "choice", "") == "skull"), legal[0])
    take = next((a for a in legal if getattr(a, "choice", "") == "take"), legal[0])
    if found is None:
        return take
    side, token, target = found
    kind = ATTACKS[token]
    dice = WEAPON_DICE[MUTANT_WEAPON[token]] if kind == "mutant" else ATTACK_DICE.get(kind, 0)
    skulls = state.mission.count(f"skulls:{side}")
    if dice >= 3 or dice >= target.remaining or (skulls >= 2 and dice >= 2):
        return spend
    return take


RULES: dict[str, MissionRules] = {
    "GAUNTLET": MissionRules(
        judge=judge,
        order=order,
        next_vehicle=next_vehicle,
        on_start=on_start,
        steps={"enemies": end_of_round},
        hooks=Hooks(
            ram=mutant_ram,
            wipeout=mutant_wipeout,
            new_cards=new_cards,
            end_closed=end_closed,
        ),
        after_action=after_action,
        decisions=decisions,
        decide=decide,
        bot_decide=bot_decide,
        score_text=score_text,
        runs_for_the_end=runs,
        prey=prey,
        bot=bot,
        buys=(("rally_car", "buggy"), ("rally_car", "buggy")),
        tokens=(("gunner", "shotgun", "mechanic", "veteran"),) * 2,
    )
}
