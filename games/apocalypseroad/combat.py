"""Combat (rules 28-32): arcs from the track graph, firing, collision attacks and keywords."""

from __future__ import annotations

from games.apocalypseroad.data import COMBAT_CARDS, WEAPON_NAMES
from games.apocalypseroad.model import Attack, Car
from games.apocalypseroad.sim import Sim
from games.apocalypseroad.track import Pos


def on_board(car: Car) -> bool:
    return car.place in ("grid", "track")


def arc(sim: Sim, car_id: int) -> set[Pos]:
    """The spaces the car's weapon covers: front, rear, or all eight for a turret (rule 28)."""
    car = sim.cars[car_id]
    mount = sim.ctype(car_id).mount
    here = car.pos
    spaces: set[Pos] = set()
    if mount in ("front", "turret"):
        spaces |= sim.track.front_arc(here)
    if mount in ("rear", "turret"):
        spaces |= sim.track.rear_arc(here)
    if mount == "turret":
        spaces |= sim.track.side_arc(here)
    spaces.discard(here)
    return spaces


def neighbours(sim: Sim, pos: Pos) -> set[Pos]:
    t = sim.track
    return (t.front_arc(pos) | t.rear_arc(pos) | t.side_arc(pos)) - {pos}


def targets(sim: Sim, car_id: int) -> list[int]:
    """The cars the car may fire at now: adjacent, in its weapon's arc, whatever their team
    (8.1 targets by position: "only cars surrounding the Active Car within one space")."""
    if not on_board(sim.cars[car_id]):
        return []
    spaces = arc(sim, car_id)
    return sorted(
        c.id for c in sim.cars.values() if c.id != car_id and on_board(c) and c.pos in spaces
    )


def fire(sim: Sim, attacker: int, target: int) -> None:
    """Rule 29: the card's value (+1 with a Targeting Bonus) against the target's defense;
    a hit does the damage shown for the attacker's weapon, with its keyword."""
    card_id = sim.draw_combat()
    if card_id is None:
        sim.note("The combat deck is empty: no attack")
        return
    sim.combat_discard.append(card_id)
    card = COMBAT_CARDS[card_id]
    kind = sim.ctype(attacker)
    defense = sim.ctype(target).defense
    value = card.value + (1 if kind.targeting else 0)
    hit = value >= defense
    seat = sim.cars[attacker].team
    result = card.weapon(kind.weapon)
    who, whom = sim.label(attacker), sim.label(target)
    bonus = " +1 targeting" if kind.targeting else ""
    splash: list[int] = []
    weapon = WEAPON_NAMES[kind.weapon]
    shot = f"{who} fires its {weapon} at {whom}: combat card {card.value}{bonus}"
    sim.note(f"{shot} against defense {defense}: {'hit' if hit else 'miss'}")
    if hit:
        target_pos = sim.cars[target].pos
        sim.damage(target, result.damage, seat, f"hit by {who}")
        if result.keyword == "suppress" and sim.cars[target].racing:
            sim.update(target, suppressed=True)
            sim.note(f"{whom} is suppressed: no attack on its next activation", target)
        if result.keyword == "spray":
            legal = set(targets(sim, attacker))
            around = neighbours(sim, target_pos)
            for other in sorted(legal):
                if other != target and sim.cars[other].pos in around and not sim.over:
                    splash.append(other)
                    sim.damage(other, 1, seat, f"spray from {who}")
    sim.log_attack(
        Attack(
            attacker=attacker,
            target=target,
            kind="fire",
            card=card_id,
            hit=hit,
            damage=result.damage if hit else 0,
            keyword=result.keyword if hit else None,
            splash=tuple(splash),
        )
    )


def collision(sim: Sim, attacker: int, target: int, kind: str, step: int = 0) -> None:
    """Rule 31: a Ram or a Sideswipe. Target damage first, then the active car's; no hit check.
    `step` is the Sideswipe's direction (-1 inside, +1 outside)."""
    card_id = sim.draw_combat()
    if card_id is None:
        sim.note("The combat deck is empty: no collision attack")
        return
    sim.combat_discard.append(card_id)
    card = COMBAT_CARDS[card_id]
    seat = sim.cars[attacker].team
    who, whom = sim.label(attacker), sim.label(target)
    target_pos, attacker_pos = sim.cars[target].pos, sim.cars[attacker].pos
    crossover = target_pos in sim.track.same or attacker_pos in sim.track.same
    board = sim.board()
    if kind == "ram":
        chained = board.chain_ahead(target)
    else:
        chained = []
        p = (target_pos[0], target_pos[1] + step)
        while (other := board.occupant(p)) is not None and board.pos[other] == p:
            chained.append(other)
            p = (p[0], p[1] + step)
    sim.note(f"{who} {'rams' if kind == 'ram' else 'sideswipes'} {whom}")
    sim.damage(target, card.target, seat, f"{kind} by {who}")
    sim.damage(attacker, card.active, seat, f"its own {kind}")
    splash: list[int] = []
    if card.collision_keyword == "chain":
        for other in chained:
            if not sim.over:
                splash.append(other)
                sim.damage(other, 1, seat, f"chain reaction from {who}'s {kind}")
    sim.log_attack(
        Attack(
            attacker=attacker,
            target=target,
            kind="ram" if kind == "ram" else "sideswipe",
            card=card_id,
            hit=True,
            damage=card.target,
            self_damage=card.active,
            keyword=card.collision_keyword,
            splash=tuple(splash),
        )
    )
    if sim.over or not on_board(sim.cars[attacker]):
        return
    if not sim.cars[target].racing:
        into = target_pos
        twin = sim.track.same.get(target_pos)
        if kind == "ram" and twin is not None and twin in sim.track.nexts(attacker_pos):
            into = twin  # a perpendicular target: enter its square in the rammer's own lane
        _move_into(sim, attacker, into)
    elif card.collision_keyword == "bulldoze" and not crossover:
        board = sim.board()
        board.swap(attacker, target)
        sim.note(f"Bulldoze: {who} and {whom} swap places")
        sim.commit_board(board)


def _move_into(sim: Sim, car_id: int, dest: Pos) -> None:
    board = sim.board()
    if board.occupant(dest) is None:
        board.place(car_id, dest)
        sim.commit_board(board)
