"""GAUNTLET (digest 1.2; text line 213): Couriers cross a valley of death.

Every player a side of Couriers (or 2–6 teams, option `teams`; the text's "each player" is
each side here), 4 points each plus one free Nitro, who may not attack each other. Road cards
lie face down every stick over the whole road from the start and turn up within 3 sticks of the
lead car; the deck is not reshuffled, and nobody may leave by the END before its LAST card is
placed. Turn order goes by position, one vehicle at a time. After each ROAD TURN the enemies
attack: each side draws a random token (the side with the lead vehicle two) from the 10 kinds
(1.3 [R]) and meets the table's mutant, spikes, buggy or bike; a side holding a Skull may ignore
an attack it drew. Points: the first side out,
each vehicle out, and whoever destroyed the most enemy points.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.roadwolf import geometry as geo
from games.roadwolf.actions import (
    MeleeAction,
    MoveAction,
    NitroAction,
    ShootAction,
    SpikesAction,
    TargetAction,
)
from games.roadwolf.data import CardKind
from games.roadwolf.missions.base import MissionRules, Verdict
from games.roadwolf.missions.gauntlet_bot import bot, bot_decide, prey, runs
from games.roadwolf.missions.gauntlet_enemies import (
    COURIER,
    ENEMY,
    credit,
    decide,
    decisions,
    enemy_turn,
    lead,
    mutant_ram,
    mutant_wipeout,
    rank,
)
from games.roadwolf.model import Card, RwState, Side, Turn, Vehicle
from games.roadwolf.preview import preview
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
    for side in range(len(ctx.sides)):
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
    first = _roll_off(ctx)
    ctx.mission = ctx.mission.with_count("first", first)
    ctx.say("", f"{ctx.sides[first].name} win the roll-off and go first.", kind="start")


def _roll_off(ctx: Ctx) -> Side:
    """Line 213: "Roll off to see who gets the first turn": every side rolls 2 dice; the sides
    tied for the highest total roll again ("Roll off for ties")."""
    contenders = list(range(len(ctx.sides)))
    while True:
        totals: dict[Side, int] = {}
        for side in contenders:
            roll = ctx.rng.roll(2, who=ctx.player_of(side), why="roll-off for the first turn")
            ctx.events.append(roll)
            totals[side] = sum(roll.dice)
        best = max(totals.values())
        contenders = [side for side in contenders if totals[side] == best]
        if len(contenders) == 1:
            return contenders[0]


def order(state: RwState) -> tuple[str, ...]:
    """Line 213: "TURN ORDER goes by VEHICLE POSITION: The LEAD vehicle goes first, then the
    next vehicle, and so on. Roll off for ties" [R]: one "vehicle:*" slot per Courier vehicle
    on the road, of every side; each slot takes the vehicle then furthest ahead among those
    that have not moved this round (`next_vehicle`), ties to the side that won the first
    roll-off. Then the ROAD TURN and the enemies."""
    ranked = rank(list(state.vehicles), state.mission.count("first"), len(state.sides))
    return (*("vehicle:*" for _ in ranked), "road", "step:enemies")


def next_vehicle(ctx: Ctx) -> str | None:
    """The next vehicle to move this round: the leader among those not yet activated."""
    done = set(ctx.mission.letters("activated"))
    first = ctx.mission.count("first")
    ranked = rank(list(ctx.vehicles.values()), first, len(ctx.sides))
    chosen = next((v.letter for v in ranked if v.letter not in done), None)
    if chosen is not None:
        ctx.mission = ctx.mission.with_letters("activated", (*sorted(done), chosen))
    return chosen


def enemy_points(state: RwState) -> list[int]:
    """Points of enemies each side destroyed (line 213), in side order."""
    return [state.mission.count(f"enemy_points:{k}") for k in range(len(state.sides))]


def skulls(state: RwState) -> list[int]:
    """Skulls each side holds (line 213: "Use Skull markers"), in side order."""
    return [state.mission.count(f"skulls:{k}") for k in range(len(state.sides))]


def _score(state: RwState) -> list[int]:
    couriers = [v for v in state.vehicles if COURIER in v.traits]
    score = [0] * len(state.sides)
    for vehicle in couriers:
        if vehicle.exited == "end" and vehicle.side < len(score):
            score[vehicle.side] += 1  # the side that drove it out (one taken over: the taker)
    first_out = state.mission.count("first_out")
    if first_out:
        score[first_out - 1] += 1
    points = enemy_points(state)
    best = max(points)
    if best > 0 and points.count(best) == 1:
        score[points.index(best)] += 1
    return score


def _dashed(values: Sequence[int]) -> str:
    return "–".join(str(v) for v in values)


def judge(state: RwState) -> Verdict:
    """Line 213: "Game ends when all couriers have been destroyed or have exited the valley"
    and "The first Courier to exit earns one point. Each vehicle that exits earns one point.
    The courier who destroyed the most points of enemies earns one point [R: a tie earns
    nobody the point]. Whoever has the most points wins!" [R: three or more sides tied for the
    most points share the win; every side tied: a draw]."""
    score = _score(state)
    scores = tuple(score)
    couriers = [v for v in state.vehicles if COURIER in v.traits]
    if not couriers or any(v.on_board and not v.wreck for v in couriers):
        return Verdict(scores)
    best = max(score)
    leaders = [k for k, value in enumerate(score) if value == best]
    if len(leaders) > 1:
        named = [state.sides[k].name for k in leaders]
        names = f"{', '.join(named[:-1])} and {named[-1]}"  # "Couriers 1, Couriers 2 and …"
        points = f"{best} point{'s' if best != 1 else ''}"
        if len(score) == 2:
            tied = f"{_dashed(score)}, a draw"
        elif len(leaders) == len(score):
            tied = f"{names} tie on {best}, a draw"
        else:  # "Whoever has the most points wins!": the leaders share it (`winning_sides`)
            tied = f"{names} share the win with {points} each"
        return Verdict(scores, True, None, f"every Courier is out: {tied}")
    winner: Side = leaders[0]
    name = state.sides[winner].name
    if len(score) == 2:
        return Verdict(scores, True, winner, f"{name} win the Gauntlet {best}-{min(score)}")
    points = f"{best} point{'s' if best != 1 else ''}"
    return Verdict(scores, True, winner, f"{name} win the Gauntlet with {points}")


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
            ctx.mission = ctx.mission.with_count("first_out", out.side + 1)
            name = ctx.sides[out.side].name
            ctx.say(out.letter, f"{name} are the first Couriers out: 1 point.", kind="first_out")
    turn = ctx.state.turn
    if turn is not None:
        credit(ctx, turn.side)


def score_text(state: RwState) -> str:
    score = _score(state)
    last = "the END is open" if not state.deck else f"{len(state.deck)} cards to the LAST"
    points, held = enemy_points(state), skulls(state)
    if len(score) == 2:
        a, b = score
        return (
            f"{state.sides[0].name} {a} – {b} {state.sides[1].name} · enemies destroyed "
            f"{_dashed(points)} pts · Skulls {_dashed(held)} · {last}"
        )
    return (
        f"Points {_dashed(score)} · Skulls {_dashed(held)} · enemy pts {_dashed(points)} · "
        f"{last} (sides in order)"
    )


ATTACKS_ON_COURIERS = (ShootAction, MeleeAction, SpikesAction)


REACH = 3 * geo.STICK
"""Farther than a Nitro's 2 sticks (and a move's 1) with room to spare: no ram possible."""


def _rival_near(state: RwState, vehicle: Vehicle) -> bool:
    box = rect_of(vehicle)
    return any(
        COURIER in v.traits
        and v.side != vehicle.side
        and v.on_board
        and geo.gap(box, rect_of(v)) <= REACH
        for v in state.vehicles
    )


def refuse(state: RwState, vehicle: Vehicle, action: object) -> str | None:
    """Line 213: "Couriers may not attack each other": a shot, melee or Spikes at another
    side's Courier, and a MOVE, BRAKE or NITRO that would ram one (a ram is an attack; the
    preview says so), are refused. Collisions the road causes (a skid, a card) still happen."""
    if COURIER not in vehicle.traits:
        return None
    is_takeover = isinstance(action, TargetAction) and action.kind == "takeover"
    taken = state.find(action.target) if isinstance(action, TargetAction) else None
    if is_takeover and taken is not None and ENEMY in taken.traits:
        return (
            f'the enemy {taken.name} {taken.letter} cannot be taken over: "Any mutants, bikes '
            "or buggies left on the board at the beginning of the next enemy turn are removed - "
            'they run away" (GAUNTLET)'
        )
    target: str | None = None
    verb = "ram"
    if isinstance(action, ATTACKS_ON_COURIERS):
        target, verb = action.target, {"spikes": "spike"}.get(action.kind, action.kind)
    elif not _rival_near(state, vehicle):
        return None  # no other side's Courier within reach of a move or a Nitro
    elif isinstance(action, MoveAction):
        target = preview(state, vehicle.letter, action.kind, action.dx, action.dy).ram
    elif isinstance(action, NitroAction):
        target = preview(state, vehicle.letter, "nitro", 0, 8).ram
    other = state.find(target) if target else None
    if other is None or COURIER not in other.traits or other.side == vehicle.side:
        return None
    return (
        f'"Couriers may not attack each other" (GAUNTLET): {vehicle.letter} may not {verb} '
        f"{other.letter}, another side's Courier"
    )


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
        refuse=refuse,
        decisions=decisions,
        decide=decide,
        bot_decide=bot_decide,
        score_text=score_text,
        runs_for_the_end=runs,
        prey=prey,
        bot=bot,
        buys=(("rally_car", "buggy"),),
        tokens=(("gunner", "shotgun", "mechanic", "veteran"),),
    )
}
