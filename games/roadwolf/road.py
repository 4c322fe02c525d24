"""The ROAD TURN (rules 30–33, 1.6) and the abandoned-vehicle check (rule 41)."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.crash import (
    Rammer,
    card_effect,
    end_of_move_checks,
    pass_structure,
    ram,
    wipeout,
)
from games.roadwolf.data import ROAD_DECK, CardKind
from games.roadwolf.model import Card, Side, Trace
from games.roadwolf.table import Ctx, rect_of


def full_deck() -> list[CardKind]:
    """1.3 [R]: the 24-card deck."""
    return [kind for kind, count in ROAD_DECK for _ in range(count)]


def road_turn(ctx: Ctx) -> None:
    """Rule 30–33 in order: objects drift 2 sticks toward the START from the BACK row first and
    ram what they hit; road cards drift and act on what they touch; a new card enters."""
    ctx.say("", "ROAD TURN: the road rolls 2 sticks toward the START.", kind="road_turn")
    objects = sorted((v for v in ctx.on_board() if v.is_object), key=lambda v: -v.y)
    for obj in objects:
        _drift_object(ctx, obj.letter)
    for card in sorted(ctx.cards, key=lambda c: -c.y):
        _drift_card(ctx, card.id, geo.ROAD_TURN_DRIFT)
    if ctx.hooks.new_cards is not None:
        ctx.hooks.new_cards(ctx)
    else:
        _new_card(ctx)
    # the cards drifted: no vehicle's move ends on one where it lies now (SUPPLIES)
    ctx.cards = [c.model_copy(update={"touched": (), "ended": ()}) for c in ctx.cards]


def _drift_object(ctx: Ctx, letter: str) -> None:
    """1.6: "Objects ... move dy = −8 ... Stop at a hit, ram, shift sideways (N above), and
    continue." Objects hit vehicles only (they all drift together); they never check wipeouts."""
    left = float(-geo.ROAD_TURN_DRIFT)
    rammed: set[str] = set()
    start = rect_of(ctx.v(letter))
    points = [geo.front_centre(start)]
    while left > 0:
        obj = ctx.v(letter)
        movers = [(v.letter, rect_of(v)) for v in ctx.on_board() if not v.is_object]
        movers = [(k, r) for k, r in movers if k not in rammed]
        path = geo.trace_path(rect_of(obj), 0, -left, movers)
        stop = path.stop
        points.append(geo.front_centre(stop))
        edge = next((geo.exit_edge(s) for s in path.samples if geo.exit_edge(s)), None)
        if edge is not None:
            ctx.update(letter, y=stop.y, exited=edge)
            ctx.say(letter, f"{obj.name} {letter} drifts off the board.", kind="exited")
            break
        ctx.update(letter, x=stop.x, y=stop.y)
        left -= start.y - stop.y
        start = stop
        if not isinstance(path.hit, str):
            break
        victim = path.hit
        rammed.add(victim)
        name = f"the wreck {letter}" if obj.wreck else f"{obj.name} {letter} (immobilized)"
        ram(ctx, Rammer(name, obj.size, None, is_object=True, source=letter), victim)
        _sidestep(ctx, letter)
    ctx.trace(Trace(kind="drift", vehicle=letter, points=tuple(points)))


def _sidestep(ctx: Ctx, letter: str) -> None:
    """1.4-N: "d6 odd = left, even = right. Shift it sideways until it is clear of the vehicle,
    then it continues its drift."""
    obj = ctx.v(letter)
    event = ctx.rng.roll(1, who=None, why=f"which side {letter} bounces to")
    ctx.events.append(event)
    direction = -1 if event.dice[0] % 2 else 1
    others = [rect_of(v) for v in ctx.on_board() if v.letter != letter and not v.is_object]
    moved = geo.sidestep(rect_of(obj), others, direction)
    ctx.update(letter, x=moved.x)
    if geo.is_off_board(moved):
        ctx.update(letter, exited="side")
        ctx.say(letter, f"{obj.name} {letter} bounces off the side of the board.", kind="exited")


def _drift_card(ctx: Ctx, card_id: int, dy: float) -> None:
    """Rule 32: "A card that touches a vehicle applies its effect" as it drifts under it
    (1.4-L); Bridges and Tunnels check over/around when their rows reach a vehicle's (1.6)."""
    index = next(i for i, c in enumerate(ctx.cards) if c.id == card_id)
    card = ctx.cards[index]
    old = geo.Rect(card.x, card.y, card.w, card.h)
    new = old.shifted(0, dy)
    swept = geo.Rect(old.x, new.y, old.w, old.front - new.y)
    card = card.model_copy(update={"y": new.y})
    ctx.cards[index] = card
    for vehicle in list(ctx.on_board()):
        if vehicle.is_object or vehicle.wreck:
            continue
        box = rect_of(vehicle)
        if card.kind in ("bridge", "tunnel"):
            if vehicle.letter in card.passed or not geo.rows_overlap(box, swept.y, swept.front):
                continue
            card = card.model_copy(update={"passed": (*card.passed, vehicle.letter)})
            ctx.cards[index] = card
            pass_structure(ctx, vehicle.letter, card, geo.bridge_passage(box, swept))
        elif vehicle.letter not in card.touched and geo.overlaps(box, swept):
            card = card.model_copy(update={"touched": (*card.touched, vehicle.letter)})
            ctx.cards[index] = card
            if card_effect(ctx, vehicle.letter, card):
                end_of_move_checks(ctx, vehicle.letter, off_road=True)
    if new.front <= 0:
        ctx.cards.pop(index)
        ctx.discard.append(card.kind)


def _new_card(ctx: Ctx) -> None:
    """Rule 33 / 1.4-B: draw (reshuffling the discards when the deck is out, 1.3 [R]), place it
    across the road at the END edge, then move it 2 sticks toward the START. CLEAR: discard."""
    enter_card(ctx, draw_card(ctx), geo.CARD_FIRST_COLUMN)


def draw_card(ctx: Ctx) -> CardKind:
    """Rule 33: the next road card (reshuffling the discards when the deck is out, 1.3 [R])."""
    if not ctx.deck:
        ctx.deck = list(ctx.discard) or full_deck()
        ctx.discard = []
        ctx.rng.shuffle(ctx.deck)
    return ctx.deck.pop(0)


def enter_card(ctx: Ctx, kind: CardKind, column: int) -> None:
    """1.4-B: the card across the road (its first column `column`) at the END edge, moved 2
    sticks toward the START. CLEAR: discarded."""
    ctx.say("", f"New road card: {kind.upper()}.", kind="card_drawn")
    if kind == "clear":
        ctx.discard.append(kind)
        return
    box = geo.new_card_rect()
    card = Card(id=ctx.next_id, kind=kind, x=column, y=box.y)
    ctx.next_id += 1
    ctx.cards.append(card)
    _drift_card(ctx, card.id, geo.ROAD_TURN_DRIFT)


def abandoned_checks(ctx: Ctx, side: Side) -> None:
    """Rule 41: "If nobody has taken it over by the start of its next turn, it makes a wipeout
    check, and "if it survives" it becomes IMMOBILIZED" (1.4-O: not destroyed by the check)."""
    for vehicle in list(ctx.on_board()):
        if vehicle.side != side or not vehicle.abandoned or vehicle.wreck:
            continue
        if vehicle.immobilized:
            continue
        wipeout(ctx, vehicle.letter)
        after = ctx.v(vehicle.letter)
        if after.on_board and not after.wreck and not after.immobilized:
            ctx.update(vehicle.letter, immobilized=True)
            ctx.say(
                vehicle.letter,
                f"Nobody took {vehicle.letter} over: IMMOBILIZED.",
                kind="immobilized",
            )
