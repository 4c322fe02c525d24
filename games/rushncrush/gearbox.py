"""The gear matrix as a graph (rule 8-9): white lines up/down, dashed lines across.

A node is `(gear, speed)`; neutral is `(0, 0)`. Everything here derives from `data.GEARS`.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, NamedTuple

from games.rushncrush.data import GEARS, NEUTRAL, ZONE_BY_HEIGHT, Zone

Node = tuple[int, int]
FreeChange = Literal["accelerate", "brake", "shift", "stay"]


class GearRoute(NamedTuple):
    target: Node
    free: FreeChange
    turbo: int
    brake: int


def all_nodes() -> tuple[Node, ...]:
    return tuple((g, s) for g, speeds in GEARS.items() for s in speeds)


def is_node(node: Node) -> bool:
    return node == NEUTRAL or node in all_nodes()


def zone_of(node: Node) -> Zone:
    """Colour zone of a node; neutral counts as blue (no red dice)."""
    if node == NEUTRAL:
        return Zone.BLUE
    gear, speed = node
    return ZONE_BY_HEIGHT[GEARS[gear].index(speed)]


@cache
def ups(node: Node) -> tuple[Node, ...]:
    """Nodes one accelerate step away: up the column, or right-and-up to the next gear."""
    if node == NEUTRAL:
        return ((1, GEARS[1][0]),)
    gear, speed = node
    column = GEARS[gear]
    out: list[Node] = []
    height = column.index(speed)
    if height + 1 < len(column):
        out.append((gear, column[height + 1]))
    if gear + 1 in GEARS:
        above = [s for s in GEARS[gear + 1] if s > speed]
        if above:
            out.append((gear + 1, above[0]))
    return tuple(out)


@cache
def downs(node: Node) -> tuple[Node, ...]:
    """Nodes one brake step away (the reverse of `ups`); never back into neutral."""
    return tuple(n for n in all_nodes() if node in ups(n))


@cache
def shifts(node: Node) -> tuple[Node, ...]:
    """Nodes reachable along dashed lines: the same speed in a neighbouring gear, and on."""
    if node == NEUTRAL:
        return ()
    seen = {node}
    frontier = [node]
    while frontier:
        gear, speed = frontier.pop()
        for other in (gear - 1, gear + 1):
            if other in GEARS and speed in GEARS[other] and (other, speed) not in seen:
                seen.add((other, speed))
                frontier.append((other, speed))
    seen.discard(node)
    return tuple(sorted(seen))


def _walk(starts: set[Node], steps: int, up: bool) -> set[Node]:
    nodes = set(starts)
    for _ in range(steps):
        nodes = {n for node in nodes for n in (ups(node) if up else downs(node))}
    return nodes


def routes(node: Node, turbo_left: int, brake_left: int) -> tuple[GearRoute, ...]:
    """Every (target, free change, turbo, brake) a turn allows, cheapest per target.

    House rulings: one free change first (accelerate, brake, shift or stay), then Turbo points
    (extra accelerate steps) or Brake points (extra brake steps), never both in one turn; you may
    not decelerate to speed 0, and a car in neutral must accelerate.
    """
    free: list[tuple[FreeChange, Node]] = [("accelerate", n) for n in ups(node)]
    if node != NEUTRAL:
        free += [("stay", node)]
        free += [("brake", n) for n in downs(node)]
        free += [("shift", n) for n in shifts(node)]
    best: dict[tuple[Node, int, int], GearRoute] = {}
    for change, start in free:
        for turbo in range(turbo_left + 1):
            for target in _walk({start}, turbo, up=True):
                key = (target, turbo, 0)
                best.setdefault(key, GearRoute(target, change, turbo, 0))
        for brake in range(1, brake_left + 1):
            for target in _walk({start}, brake, up=False):
                key = (target, 0, brake)
                best.setdefault(key, GearRoute(target, change, 0, brake))
    # keep only the cheapest spend of each kind per target
    cheapest: dict[tuple[Node, bool], GearRoute] = {}
    for route in best.values():
        kind = (route.target, route.brake > 0)
        known = cheapest.get(kind)
        if known is None or route.turbo + route.brake < known.turbo + known.brake:
            cheapest[kind] = route
    # and drop a spend that a cheaper choice (often a free one) already reaches
    least: dict[Node, int] = {}
    for route in cheapest.values():
        least[route.target] = min(least.get(route.target, 99), route.turbo + route.brake)
    kept = [r for r in cheapest.values() if r.turbo + r.brake == least[r.target]]
    return tuple(sorted(kept, key=lambda r: (r.target, r.turbo, r.brake)))


def find_route(node: Node, target: Node, turbo: int, brake: int) -> GearRoute | None:
    """A route to `target` that spends exactly `turbo` Turbo and `brake` Brake points, if any."""
    if turbo and brake:
        return None
    changes: list[tuple[FreeChange, Node]] = [("accelerate", n) for n in ups(node)]
    if node != NEUTRAL:
        changes = [("stay", node), *changes]
        changes += [("brake", n) for n in downs(node)]
        changes += [("shift", n) for n in shifts(node)]
    for change, start in changes:
        if target in _walk({start}, turbo or brake, up=brake == 0):
            return GearRoute(target, change, turbo, brake)
    return None
