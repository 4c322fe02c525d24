"""Rams, wipeout checks, skids, damage and wrecks (rules 31, 35, 36, 39), and what road cards do
to the vehicles they touch (road card table, 1.4-L). Contested rolls are `games.dice`'s."""

from __future__ import annotations

from dataclasses import dataclass

from games.dice.contest import ContestResult, ContestRoll, roll_contest
from games.roadwolf import geometry as geo
from games.roadwolf.data import CARD_RAM_DICE
from games.roadwolf.model import Card, Token, Trace, TraceKind, Vehicle
from games.roadwolf.table import MAX_CHAIN, Ctx, card_rect, rect_of, rerolls
from games.roadwolf.table import off_road as off_road_here

CREW_LOSS_ORDER = ("driver", "mechanic", "brawler", "gunner", "veteran")
"""Rule 40: "The owner picks which crew are lost, driver last": spare drivers go first, then the
order above; the one in the Driver seat is always last."""


@dataclass(frozen=True)
class Rammer:
    """Who rams: a vehicle (by letter) or an object with a name (a wreck, a Debris card)."""

    name: str
    dice: int
    letter: str | None = None
    is_object: bool = False
    nitro: bool = False
    source: str | None = None
    """An object's own letter (a drifting wreck or immobilized vehicle): it rams as an object,
    never as an attacker; DERAILED's train hook needs to know which piece met its front."""


def contest(
    ctx: Ctx,
    a_dice: int,
    b_dice: int,
    *,
    names: tuple[str, str],
    why: str,
    a_rerolls: int = 0,
    b_rerolls: int = 0,
    a_who: int | None = None,
    b_who: int | None = None,
) -> ContestRoll:
    """Rule 34 through `games.dice.contest.roll_contest` (the `/contest` command's own)."""
    roll = roll_contest(
        max(1, a_dice),
        max(1, b_dice),
        ctx.rng,
        a_rerolls=a_rerolls,
        b_rerolls=b_rerolls,
        a_who=a_who,
        b_who=b_who,
        names=names,
        why=why,
    )
    ctx.events.extend(roll.events)
    return roll


def _reveal_rerolls(ctx: Ctx, roll: ContestRoll, a: str | None, b: str | None) -> None:
    for reroll in roll.rerolls:
        letter = a if reroll.side == "a" else b
        if letter is not None:
            ctx.reveal_veteran(letter)


def ram(
    ctx: Ctx,
    rammer: Rammer,
    target: str,
    *,
    spikes: bool = False,
    bike_safe: bool = False,
    depth: int = 0,
) -> bool:
    """Rule 36. Attacker: own size (+1 with nitro); defender: 1 die per remaining hit (a wreck
    defends with its size and takes no damage, rule 31 [R]). Returns True if the target was
    destroyed. Spikes (gear table): "If you lose, nothing happens"."""
    victim = ctx.v(target)
    if not victim.on_board:
        return False
    if ctx.hooks.ram is not None and ctx.hooks.ram(ctx, rammer, target, depth):
        after = ctx.v(target)
        return not after.on_board or after.wreck
    attacker = ctx.v(rammer.letter) if rammer.letter else None
    dice = rammer.dice + (1 if rammer.nitro else 0)
    b_dice = victim.size if victim.wreck else max(1, victim.remaining)
    roll = contest(
        ctx,
        dice,
        b_dice,
        names=(rammer.name, victim.name + " " + victim.letter),
        why="ram",
        a_rerolls=rerolls(attacker, defending=False) if attacker else 0,
        b_rerolls=0 if victim.wreck else rerolls(victim, defending=True),
        a_who=ctx.player_of(attacker.side) if attacker else None,
        b_who=ctx.player_of(victim.side),
    )
    _reveal_rerolls(ctx, roll, rammer.letter, target)
    result = roll.result
    ctx.say(
        rammer.letter or target,
        f"{rammer.name} rams {victim.letter}. {roll.explanation}",
        kind="ram",
        target=target,
    )
    ctx.trace(
        Trace(
            kind="spikes" if spikes else "ram",
            vehicle=rammer.letter,
            target=target,
            text=f"{rammer.name} rams {victim.letter}",
        )
    )
    destroyed = False
    if result.winner == "a" and not victim.wreck:
        if result.overkill:
            destroyed = damage(ctx, target, result.overkill, depth=depth)
            if ctx.hooks.ram_damage is not None:
                ctx.hooks.ram_damage(ctx, target, depth)
        else:
            wipeout(ctx, target, depth=depth + 1)
    elif result.winner == "b" and result.overkill and attacker and not spikes:
        # rule 31: objects never make wipeout checks (an object has no `attacker` vehicle)
        wipeout(ctx, attacker.letter, depth=depth + 1)
    if (
        attacker is not None
        and attacker.size == 1
        and not (spikes or bike_safe or rammer.is_object)
    ):
        # rule 15: "A bike that rams is always destroyed"
        ctx.say(
            attacker.letter,
            f"{attacker.name} {attacker.letter} rammed: a bike that rams is destroyed.",
            kind="destroyed",
        )
        destroy(ctx, attacker.letter)
    return destroyed or not ctx.v(target).on_board or ctx.v(target).wreck


def damage(ctx: Ctx, letter: str, hits: int, *, depth: int = 0) -> bool:
    """Rule 39: "Destroyed when hits ≥ size". Returns True if this destroyed the vehicle."""
    vehicle = ctx.v(letter)
    if vehicle.wreck or not vehicle.on_board:
        return False
    vehicle = ctx.update(letter, damage=min(vehicle.size, vehicle.damage + hits))
    ctx.say(
        letter,
        f"{vehicle.name} {letter} takes {hits} damage "
        f"({vehicle.remaining} of {vehicle.size} hits left).",
        kind="damage",
    )
    if vehicle.damage >= vehicle.size:
        destroy(ctx, letter)
        return True
    return False


def destroy(ctx: Ctx, letter: str) -> None:
    """Rule 39: all crew die; it becomes a WRECK across the road with its original size and its
    gear on board (rule 21: Ambush is kept: it moves to another vehicle of the side). Bikes are
    removed instead."""
    vehicle = ctx.v(letter)
    if not vehicle.on_board or vehicle.wreck:
        return
    ambush = tuple(t for t in vehicle.gear if t.kind == "ambush")
    keeper = next(
        (
            v
            for v in ctx.on_board()
            if v.side == vehicle.side
            and v.letter != letter
            and not v.wreck
            and v.driver is not None
        ),
        None,
    )
    gear = vehicle.gear
    if ambush and keeper is not None:
        ctx.update(keeper.letter, gear=keeper.gear + ambush)
        gear = tuple(t for t in gear if t.kind != "ambush")
    if vehicle.size == 1:
        ctx.update(letter, crew=(), driver=None, gear=(), exited="removed", damage=vehicle.size)
        ctx.say(letter, f"{vehicle.name} {letter} is destroyed and removed.", kind="destroyed")
        return
    wreck = geo.wreck_footprint(rect_of(vehicle))
    ctx.update(
        letter,
        crew=(),
        driver=None,
        gear=gear,
        wreck=True,
        abandoned=False,
        immobilized=False,
        damage=vehicle.size,
        x=wreck.x,
        y=wreck.y,
        w=int(wreck.w),
        h=int(wreck.h),
    )
    ctx.say(
        letter, f"{vehicle.name} {letter} is destroyed: a wreck across the road.", kind="destroyed"
    )


def lose_crew(ctx: Ctx, letter: str, count: int) -> None:
    """Rule 40: the driver is the last crew lost; losing the driver abandons the vehicle."""
    vehicle = ctx.v(letter)
    crew = list(vehicle.crew)
    lost: list[str] = []
    for _ in range(count):
        if not crew:
            break
        others = [t for t in crew if t.id != vehicle.driver]
        victim = min(others, key=lambda t: _loss_rank(vehicle, t)) if others else crew[0]
        crew.remove(victim)
        known = victim.revealed or (victim.free and victim.kind == "driver")
        lost.append(f"its {victim.kind.capitalize()}" if known else "a hidden crew token")
    driver = vehicle.driver if any(t.id == vehicle.driver for t in crew) else None
    vehicle = ctx.update(letter, crew=tuple(crew), driver=driver)
    lost_words = ", then ".join(lost) or "no crew: nobody is aboard"
    ctx.say(letter, f"{vehicle.name} {letter} loses {lost_words}.", kind="crew_lost")
    if driver is None and not vehicle.abandoned:
        ctx.update(letter, abandoned=True, abandoned_round=ctx.state.round)
        ctx.say(letter, f"{vehicle.name} {letter} lost its driver: ABANDONED.", kind="abandoned")


def _loss_rank(vehicle: Vehicle, token: Token) -> tuple[int, int]:
    """The owner's chosen order first (`Vehicle.loss_order`), then CREW_LOSS_ORDER."""
    if token.id in vehicle.loss_order:
        return (0, vehicle.loss_order.index(token.id))
    return (1, CREW_LOSS_ORDER.index(token.kind))


def wipeout(ctx: Ctx, letter: str, *, road_dice: int = 2, depth: int = 0) -> None:
    """Rule 35: the vehicle rolls 1 die per remaining hit (min 1), the road 2 dice. Road wins
    with overkill 0: SKID; 1: SPIN (skid, then immobilized); 2 or more: ROLL (1 damage, then
    skid; 1.4-D). A tie: nothing (1.4-C). No checks while immobilized (1.4-E)."""
    vehicle = ctx.v(letter)
    if not vehicle.on_board or vehicle.wreck or vehicle.immobilized or depth > MAX_CHAIN:
        return
    if ctx.hooks.wipeout is not None and ctx.hooks.wipeout(ctx, letter, road_dice, depth):
        return
    roll = contest(
        ctx,
        max(1, vehicle.remaining),
        road_dice,
        names=(f"{vehicle.name} {letter}", "the road"),
        why="wipeout check",
        a_rerolls=rerolls(vehicle, defending=True),
        a_who=ctx.player_of(vehicle.side),
        b_who=ctx.opponent_of(vehicle),
    )
    _reveal_rerolls(ctx, roll, letter, None)
    wipeout_result(ctx, letter, roll.result, roll.explanation, depth=depth)


def wipeout_result(
    ctx: Ctx, letter: str, result: ContestResult, explanation: str, *, depth: int = 0
) -> None:
    """What a wipeout check's contest did: hold, SKID, SPIN or ROLL (rule 35)."""
    vehicle = ctx.v(letter)
    if result.winner != "b":
        ctx.say(
            letter,
            f"Wipeout check for {letter}: holds the road. {explanation}",
            kind="wipeout",
        )
        return
    word = ("SKID", "SPIN", "ROLL")[min(result.overkill, 2)]
    ctx.say(letter, f"Wipeout check for {letter}: {word}! {explanation}", kind="wipeout")
    rolled_over = result.overkill >= 2
    if rolled_over:
        ctx.update(letter, damage=min(vehicle.size, vehicle.damage + 1))
        ctx.say(letter, f"{vehicle.name} {letter} takes 1 damage rolling over.", kind="damage")
    spun = result.overkill == 1
    if spun:
        # SPIN: "it will not take any more wipeout checks": immobilized before its skid, so
        # the skid's ram, road cards and off-road end make none (`wipeout` skips it)
        ctx.update(letter, immobilized=True)
    skid(ctx, letter, depth=depth)
    after = ctx.v(letter)
    if spun and after.on_board and not after.wreck:
        ctx.say(letter, f"{after.name} {letter} spins out: IMMOBILIZED.", kind="immobilized")
    elif spun and not after.wreck:
        ctx.update(letter, immobilized=False)  # skidded off the board: gone, not immobilized
    if rolled_over and after.on_board and not after.wreck and after.damage >= after.size:
        destroy(ctx, letter)


def skid(ctx: Ctx, letter: str, *, depth: int = 0) -> None:
    """Rule 35 SKID: 1 stick in the clock direction 2 × d6 (1.5-3, vectors of 1.6). Hitting
    something is a ram (1.4-Q decides who rams); going off-road or off the board follows."""
    vehicle = ctx.v(letter)
    event = ctx.rng.roll(1, who=ctx.opponent_of(vehicle), why=f"skid direction for {letter}")
    ctx.events.append(event)
    hour = geo.skid_hour(event.dice[0])
    dx, dy = geo.SKID_VECTORS[hour]
    ctx.say(letter, f"{letter} skids toward {hour} o'clock.", kind="skid")
    start = rect_of(vehicle)
    path = geo.trace_path(start, dx, dy, ctx.obstacles(letter))
    stop = settle_path(ctx, letter, path, "skid")
    if stop is None:
        return
    if ctx.hooks.moved is not None:  # DERAILED: a skid across the tracks is a crossing too
        ctx.hooks.moved(ctx, letter, path.samples, depth + 1)
    hit = path.hit
    if isinstance(hit, str):
        other = ctx.v(hit)
        if geo.skidder_rams(hour):
            ram(ctx, Rammer(vehicle.name + " " + letter, vehicle.size, letter), hit, depth=depth)
        else:
            rammer = Rammer(
                f"{other.name} {hit}",
                other.size,
                None if other.wreck else hit,
                is_object=other.wreck or other.driver is None,
            )
            # 1.4-Q: a bike "that someone brakes into" (or skids into) is not destroyed
            ram(ctx, rammer, letter, bike_safe=True, depth=depth)
    after = ctx.v(letter)
    if after.on_board and not after.wreck:
        touch_cards(ctx, letter, path.samples, depth=depth)
        end_of_move_checks(ctx, letter, depth=depth)


def settle_path(ctx: Ctx, letter: str, path: geo.PathResult, kind: TraceKind) -> geo.Rect | None:
    """Put the vehicle where the path stopped, or off the board if it crossed an edge first
    (rule 24). Records the trace. Returns the final footprint, or None if it left."""
    vehicle = ctx.v(letter)
    points = [geo.front_centre(s) for s in path.samples]
    for index, sample in enumerate(path.samples):
        edge = geo.exit_edge(sample)
        if edge == "end" and ctx.hooks.end_closed is not None and ctx.hooks.end_closed(ctx.deck):
            # GAUNTLET: the END is closed until the LAST card: stop at the edge
            stop = path.samples[max(0, index - 1)]
            ctx.update(letter, x=stop.x, y=stop.y)
            ctx.trace(Trace(kind=kind, vehicle=letter, points=tuple(points[:index])))
            ctx.say(letter, f"{letter} cannot leave yet: the END is closed.", kind="end_closed")
            return stop
        if edge is not None:
            ctx.update(letter, x=sample.x, y=sample.y, exited=edge)
            ctx.trace(Trace(kind=kind, vehicle=letter, points=tuple(points[: index + 1])))
            where = {"end": "off the END", "start": "off the START", "side": "off the side"}
            ctx.say(
                letter, f"{vehicle.name} {letter} leaves the board {where[edge]}.", kind="exited"
            )
            return None
    ctx.update(letter, x=path.stop.x, y=path.stop.y)
    ctx.trace(
        Trace(
            kind=kind,
            vehicle=letter,
            points=tuple(points),
            target=(path.hit if isinstance(path.hit, str) else None),
        )
    )
    return path.stop


def end_of_move_checks(ctx: Ctx, letter: str, *, off_road: bool = False, depth: int = 0) -> None:
    """Rule 23 [R]: "A move that ends with no part on the road counts as going off-road: one
    wipeout check per move" (not for Dirt vehicles, rule 14). A Slide card counts too."""
    vehicle = ctx.v(letter)
    if not vehicle.on_board or vehicle.wreck or vehicle.surface == "dirt":
        return
    if off_road or off_road_here(ctx.hooks, rect_of(vehicle)):
        ctx.say(letter, f"{vehicle.name} {letter} is off the road.", kind="off_road")
        wipeout(ctx, letter, depth=depth + 1)


def touch_cards(ctx: Ctx, letter: str, samples: tuple[geo.Rect, ...], *, depth: int = 0) -> bool:
    """Road cards the vehicle drove onto (1.4-L: at most once per card per vehicle per round),
    and Bridges/Tunnels whose rows it reached (1.6 [R] over/around). Returns True if a Slide
    card made the move count as going off-road."""
    slide = False
    low, high = geo.swept_rows(samples)
    for index, card in enumerate(list(ctx.cards)):
        box = card_rect(card)
        if card.kind in ("bridge", "tunnel"):
            if letter in card.passed:
                continue
            first = next((s for s in samples if geo.rows_overlap(s, box.y, box.front)), None)
            if first is None or not geo.rows_overlap(box, low, high):
                continue
            ctx.cards[index] = card.model_copy(update={"passed": (*card.passed, letter)})
            pass_structure(ctx, letter, card, geo.bridge_passage(first, box), depth=depth)
            continue
        if letter in card.touched or not any(geo.overlaps(s, box) for s in samples):
            continue
        ctx.cards[index] = card.model_copy(update={"touched": (*card.touched, letter)})
        slide = card_effect(ctx, letter, card, depth=depth) or slide
    return slide


def pass_structure(ctx: Ctx, letter: str, card: Card, passage: str, *, depth: int = 0) -> None:
    """BRIDGE: driving AROUND it is a wipeout check. TUNNEL: AROUND it is 1 damage and
    immediately immobilized (road card table)."""
    vehicle = ctx.v(letter)
    if vehicle.is_object:
        return  # rule 31: "Objects never make wipeout checks"
    if ctx.hooks.structure is not None and ctx.hooks.structure(ctx, letter, card, passage, depth):
        return
    name = card.kind.upper()
    if passage == "over":
        ctx.say(letter, f"{letter} goes over the {name}.", kind="card")
        return
    ctx.say(letter, f"{letter} goes around the {name}!", kind="card")
    if card.kind == "bridge":
        wipeout(ctx, letter, depth=depth + 1)
    elif not damage(ctx, letter, 1, depth=depth):
        ctx.update(letter, immobilized=True)
        ctx.say(letter, f"{letter} hits the TUNNEL wall: IMMOBILIZED.", kind="immobilized")


def card_effect(ctx: Ctx, letter: str, card: Card, *, depth: int = 0) -> bool:
    """SLIDE counts as going off-road (returned True), SLICK is a wipeout check, DEBRIS and
    WRECK ram with 1 and 2 dice. SUPPLIES acts only when a move ENDS on it (an action)."""
    vehicle = ctx.v(letter)
    if vehicle.is_object:
        return False
    if ctx.hooks.card is not None and ctx.hooks.card(ctx, letter, card, depth):
        return False
    if card.kind == "slide":
        ctx.say(letter, f"{letter} hits a SLIDE: it counts as going off-road.", kind="card")
        return True
    if card.kind == "slick":
        ctx.say(letter, f"{letter} hits a SLICK.", kind="card")
        wipeout(ctx, letter, depth=depth + 1)
    elif card.kind in CARD_RAM_DICE:
        name = "Debris" if card.kind == "debris" else "a Wreck card"
        ram(ctx, Rammer(name, CARD_RAM_DICE[card.kind], is_object=True), letter, depth=depth)
    return False
