"""SHOOT, MELEE, SPIKES (rules 37, 38, gear table) and the crew actions: REPAIR, TAKEOVER,
TRANSFER, PICK UP and Supplies. Target lists (in range, in sight) live here too."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.crash import Rammer, contest, lose_crew, ram, wipeout
from games.roadwolf.data import AMBUSH_CARDS, WEAPON_DICE
from games.roadwolf.model import RwState, Token, Trace, Vehicle
from games.roadwolf.table import Ctx, card_rect, rect_of, rerolls, supplies_for

WEAPON_WORDS: dict[str, str] = {
    "gun": "its gun",
    "shotgun": "a Shotgun",
    "molotov": "a Molotov",
    "ambush": "an Ambush",
}


def is_target(vehicle: Vehicle, other: Vehicle) -> bool:
    """An enemy vehicle still on the board (not a wreck). GAUNTLET: "Couriers may not attack
    each other" (line 213). DERAILED: a train car is a target only with crew aboard, and the
    Engine's crew "can ONLY be attacked by crew in the front Gondola" (line 216)."""
    if not other.on_board or other.wreck:
        return False
    if "courier" in vehicle.traits and "courier" in other.traits:
        return False
    engine_shut = "engine" in other.traits and "front" not in vehicle.traits
    if "train" in other.traits and (not other.crew or engine_shut):
        return False
    return other.side != vehicle.side or other.neutral


def blockers(state: RwState, *exclude: str) -> list[geo.Rect]:
    """Footprints that block sight: every vehicle and wreck on the board (line 34)."""
    return [rect_of(v) for v in state.vehicles if v.on_board and v.letter not in exclude]


def shooting_targets(state: RwState, vehicle: Vehicle, limit: float = geo.RANGE) -> list[str]:
    """Enemies within `limit` (1.6: gap ≤ 4, 8 for Ambush) and in line of sight."""
    me = rect_of(vehicle)
    found = []
    for other in state.vehicles:
        if not is_target(vehicle, other):
            continue
        box = rect_of(other)
        if geo.in_range(me, box, limit) and geo.has_line_of_sight(
            me, box, blockers(state, vehicle.letter, other.letter), limit
        ):
            found.append(other.letter)
    return found


def melee_targets(state: RwState, vehicle: Vehicle) -> list[str]:
    """Rule 27: "against an adjacent vehicle"; somebody aboard to fight."""
    me = rect_of(vehicle)
    return [
        o.letter
        for o in state.vehicles
        if is_target(vehicle, o) and o.crew and geo.is_adjacent(me, rect_of(o))
    ]


def spikes_targets(state: RwState, vehicle: Vehicle) -> list[str]:
    """Spikes: "an enemy vehicle up to 1 stick BEHIND you": wholly behind the back edge."""
    me = rect_of(vehicle)
    return [
        o.letter
        for o in state.vehicles
        if is_target(vehicle, o) and o.y + o.h <= vehicle.y and geo.gap(me, rect_of(o)) <= geo.STICK
    ]


def adjacent(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    me = rect_of(vehicle)
    return [
        o
        for o in state.vehicles
        if o.on_board and o.letter != vehicle.letter and geo.is_adjacent(me, rect_of(o))
    ]


def can_ambush(state: RwState, vehicle: Vehicle) -> bool:
    """Line 86: "from the end of the board, or any Bridge, Tunnel, Wreck or Supplies road card":
    the vehicle touches the END edge or lies on such a card."""
    box = rect_of(vehicle)
    if box.front >= geo.BOARD_LENGTH:
        return True
    return any(c.kind in AMBUSH_CARDS and geo.overlaps(box, card_rect(c)) for c in state.cards)


def shoot(
    ctx: Ctx, letter: str, target: str, weapon: str, *, free_gunner: bool, token_id: int | None
) -> None:
    """Rule 38: attacker rolls the weapon's dice, defender 1 die (+1 if Closed). Attacker wins:
    1 crew per overkill, or a wipeout check without overkill; defender wins: nothing. A Shotgun
    that takes out crew is discarded (1.4-H); Molotov and Ambush are discarded after use."""
    shooter, victim = ctx.v(letter), ctx.v(target)
    dice = WEAPON_DICE[weapon]
    roll = contest(
        ctx,
        dice,
        1 + (1 if victim.closed else 0),
        names=(f"{shooter.name} {letter}", f"{victim.name} {target}"),
        why=f"shooting ({weapon})",
        a_rerolls=rerolls(shooter, defending=False, free=free_gunner),
        b_rerolls=rerolls(victim, defending=True),
        a_who=ctx.player_of(shooter.side),
        b_who=ctx.player_of(victim.side),
    )
    for reroll in roll.rerolls:
        ctx.reveal_veteran(letter if reroll.side == "a" else target)
    token = next((t for t in shooter.gear if t.id == token_id), None)
    gunner = _token_crew(shooter, "gunner") if free_gunner else None
    for used in (token, gunner):
        if used is not None:
            ctx.reveal(letter, used.id)
    who = f"{shooter.name} {letter}'s Gunner" if free_gunner else f"{shooter.name} {letter}"
    with_what = WEAPON_WORDS.get(weapon, weapon)
    ctx.say(
        letter,
        f"{who} fires {with_what} at {victim.name} {target}. {roll.explanation}",
        kind="shot",
        target=target,
    )
    ctx.trace(Trace(kind="shot", vehicle=letter, target=target, text=weapon))
    result = roll.result
    took_crew = False
    if result.winner == "a":
        if result.overkill:
            took_crew = bool(ctx.v(target).crew)
            lose_crew(ctx, target, result.overkill)
        else:
            wipeout(ctx, target)
    if token is not None and (weapon in ("molotov", "ambush") or took_crew):
        shooter = ctx.v(letter)
        ctx.update(letter, gear=tuple(t for t in shooter.gear if t.id != token.id))


def melee(ctx: Ctx, letter: str, target: str) -> None:
    """Rule 37: each side 1 die per crew aboard; attacker +1 per Brawler, defender +1 if
    Closed (a Monster Truck +1, 1.4-I). The loser discards 1 crew per overkill; an attacker
    win without overkill is a wipeout check for the defender."""
    attacker, victim = ctx.v(letter), ctx.v(target)
    brawlers = [t for t in attacker.crew if t.kind == "brawler" and t.id != attacker.driver]
    monster = 1 if "monster" in attacker.traits else 0  # MONSTERS: "Melee +1 die" (1.4-I)
    roll = contest(
        ctx,
        len(attacker.crew) + len(brawlers) + monster,
        len(victim.crew) + (1 if victim.closed else 0),
        names=(f"{attacker.name} {letter}", f"{victim.name} {target}"),
        why="melee",
        a_rerolls=rerolls(attacker, defending=False),
        b_rerolls=rerolls(victim, defending=True),
        a_who=ctx.player_of(attacker.side),
        b_who=ctx.player_of(victim.side),
    )
    for reroll in roll.rerolls:
        ctx.reveal_veteran(letter if reroll.side == "a" else target)
    for brawler in brawlers:
        ctx.reveal(letter, brawler.id)
    fight = f"{attacker.name} {letter} fights {victim.name} {target} hand to hand."
    ctx.say(letter, f"{fight} {roll.explanation}", kind="melee", target=target)
    ctx.trace(Trace(kind="melee", vehicle=letter, target=target))
    result = roll.result
    if result.winner == "a":
        if result.overkill:
            lose_crew(ctx, target, result.overkill)
        else:
            wipeout(ctx, target)
    elif result.winner == "b" and result.overkill:
        lose_crew(ctx, letter, result.overkill)


def spikes(ctx: Ctx, letter: str, target: str) -> None:
    """Spikes: "Treat as a RAM: roll 1 more die than the size of the target vehicle! If you
    lose, nothing happens. Discard after use." (1.4-G: it costs an action.)"""
    me, victim = ctx.v(letter), ctx.v(target)
    token = _token(me, "spikes")
    if token is not None:
        ctx.update(letter, gear=tuple(t for t in me.gear if t.id != token.id))
    drops = f"{me.name} {letter} drops Spikes behind it onto {victim.name} {target}."
    ctx.say(letter, drops, kind="spikes", target=target)
    ram(ctx, Rammer(f"Spikes from {letter}", victim.size + 1, letter), target, spikes=True)


def repair(ctx: Ctx, letter: str, *, mechanic: bool) -> None:
    """Rule 28: "Roll 1 die; each 6 removes 1 damage". A Mechanic's free repair has +1 die and
    no Veteran reroll; otherwise a Veteran rerolls a die that missed."""
    vehicle = ctx.v(letter)
    dice = 2 if mechanic else 1
    event = ctx.rng.roll(dice, who=ctx.player_of(vehicle.side), why=f"repair {letter}")
    ctx.events.append(event)
    faces = list(event.dice)
    rolled = ", ".join(map(str, faces))
    if not mechanic and 6 not in faces and rerolls(vehicle, defending=False):
        again = ctx.rng.roll(1, who=ctx.player_of(vehicle.side), why=f"repair {letter}: reroll")
        ctx.events.append(again)
        faces = [again.dice[0]]
        rolled += f", the Veteran rerolls: {faces[0]}"
        ctx.reveal_veteran(letter)
    if mechanic:
        crew = _token_crew(vehicle, "mechanic")
        if crew is not None:
            ctx.reveal(letter, crew.id)
    fixed = min(vehicle.damage, faces.count(6))
    ctx.update(letter, damage=vehicle.damage - fixed)
    who = f"{vehicle.name} {letter}" + ("'s Mechanic" if mechanic else "")
    ctx.say(
        letter,
        f"{who} repairs: rolled {rolled} (a 6 removes 1 damage); {fixed} damage removed.",
        kind="repair",
    )


def takeover(
    ctx: Ctx,
    letter: str,
    target: str,
    gear_ids: tuple[int, ...] = (),
    crew_id: int | None = None,
) -> None:
    """Rule 43: one crew moves over and drives the target (`crew_id`, the owner's choice; None:
    the last non-driver); if it was your Driver, your vehicle is abandoned (and may stay
    immobilized with no check if the target was immobilized). A target still moving: Open
    vehicles only, and an immediate wipeout check. "Gear may be moved over for free": the gear
    tokens named in `gear_ids` go along."""
    me, victim = ctx.v(letter), ctx.v(target)
    carried = tuple(t for t in me.gear if t.id in gear_ids)
    if carried:
        ctx.update(letter, gear=tuple(t for t in me.gear if t.id not in gear_ids))
        ctx.update(target, gear=victim.gear + carried)
        me, victim = ctx.v(letter), ctx.v(target)
    others = [t for t in me.crew if t.id != me.driver]
    chosen = next((t for t in me.crew if t.id == crew_id), None)
    mover = chosen or (others[-1] if others else next(t for t in me.crew if t.id == me.driver))
    left = tuple(t for t in me.crew if t.id != mover.id)
    moving = not victim.immobilized
    if mover.id == me.driver:
        ctx.update(
            letter,
            crew=left,
            driver=None,
            abandoned=True,
            abandoned_round=ctx.state.round,
            immobilized=me.immobilized or victim.immobilized,
        )
    else:
        ctx.update(letter, crew=left)
    ctx.update(
        target,
        crew=(*victim.crew, mover),
        driver=mover.id,
        side=me.side,
        neutral=False,
        abandoned=False,
        abandoned_round=None,
    )
    ctx.say(letter, f"{letter} takes over {victim.name} {target}!", kind="takeover", target=target)
    if moving:
        wipeout(ctx, target)


def transfer(ctx: Ctx, letter: str, target: str, token_ids: tuple[int, ...]) -> None:
    """TRANSFER: tokens to an adjacent friendly vehicle (crew within its capacity; the
    driver stays). Empty `token_ids`: all the gear."""
    me, friend = ctx.v(letter), ctx.v(target)
    wanted = set(token_ids) if token_ids else {t.id for t in me.gear}
    room = capacity(friend) - len(friend.crew)
    crew: list[Token] = []
    for t in me.crew:
        if t.id in wanted and t.id != me.driver and len(crew) < room:
            crew.append(t)
    gear = [t for t in me.gear if t.id in wanted]
    moved = {t.id for t in crew} | {t.id for t in gear}
    ctx.update(
        letter,
        crew=tuple(t for t in me.crew if t.id not in moved),
        gear=tuple(t for t in me.gear if t.id not in moved),
    )
    ctx.update(target, crew=friend.crew + tuple(crew), gear=friend.gear + tuple(gear))
    ctx.say(
        letter,
        f"{letter} passes {len(moved)} token(s) to {target}.",
        kind="transfer",
        target=target,
    )


def pickup(ctx: Ctx, letter: str, target: str) -> None:
    """PICK UP: the gear left on an adjacent wreck (rule 39: "can be picked up")."""
    me, wreck = ctx.v(letter), ctx.v(target)
    ctx.update(letter, gear=me.gear + wreck.gear)
    ctx.update(target, gear=())
    ctx.say(
        letter,
        f"{letter} picks up {len(wreck.gear)} gear from the wreck {target}.",
        kind="pickup",
        target=target,
    )


def supplies(ctx: Ctx, letter: str, take: str) -> None:
    """SUPPLIES: pick up an extra token (1.4-M: chosen) or repair 1 hit; discard the card."""
    vehicle = ctx.v(letter)
    index = supplies_for(ctx.cards, vehicle)
    assert index is not None  # checked by `checks._check_supplies`
    ctx.discard.append(ctx.cards.pop(index).kind)
    if take == "repair":
        ctx.update(letter, damage=vehicle.damage - 1)
        ctx.say(letter, f"{letter} patches up 1 hit from the Supplies.", kind="supplies")
        return
    token = ctx.new_token(take)
    if take in ("driver", "veteran", "brawler", "gunner", "mechanic"):
        ctx.update(letter, crew=(*vehicle.crew, token))
    else:
        ctx.update(letter, gear=(*vehicle.gear, token))
    ctx.say(letter, f"{letter} picks up a token from the Supplies.", kind="supplies")


def takeover_crew(vehicle: Vehicle) -> list[Token]:
    """Who may go across in a TAKEOVER, in the order offered: the crew who are not the Driver,
    the last first (the default), then the Driver."""
    others = [t for t in vehicle.crew if t.id != vehicle.driver]
    return [*reversed(others), *(t for t in vehicle.crew if t.id == vehicle.driver)]


def capacity(vehicle: Vehicle) -> int:
    """Rule 18: "size, +1 if Open"."""
    return vehicle.size + (0 if vehicle.closed else 1)


def _token(vehicle: Vehicle, kind: str) -> Token | None:
    return next((t for t in vehicle.gear if t.kind == kind), None)


def _token_crew(vehicle: Vehicle, kind: str) -> Token | None:
    return next((t for t in vehicle.crew if t.kind == kind and t.id != vehicle.driver), None)
