"""MOVE, BRAKE and NITRO (rules 25, 26, Nitro token) on the grid: the path, its ram, the road
cards it crosses, leaving the board and the off-road check at the end of the move."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.crash import Rammer, end_of_move_checks, ram, settle_path, touch_cards
from games.roadwolf.geometry import MoveKind
from games.roadwolf.table import Ctx, end_move_on_cards, rect_of


def drive(
    ctx: Ctx,
    letter: str,
    kind: MoveKind,
    dx: float,
    dy: float,
    rammed: frozenset[str] = frozenset(),
) -> None:
    """Drive `letter` by (dx, dy). MOVE/NITRO: "Hitting a vehicle ends the move and you RAM it"
    (a bike destroyed by the ram does not end it, rule 36). BRAKE: "If you touch a vehicle, it
    RAMS you". Moving into a wreck: the mover stops and rams it (rule 31 [R])."""
    vehicle = ctx.v(letter)
    path = geo.trace_path(rect_of(vehicle), dx, dy, ctx.obstacles(letter))
    if settle_path(ctx, letter, path, kind) is None:
        return
    if ctx.hooks.moved is not None:
        ctx.hooks.moved(ctx, letter, path.samples, 0)
    slide = touch_cards(ctx, letter, path.samples)
    hit = path.hit
    if isinstance(hit, str) and hit in rammed:
        hit = None  # a Monster that drove on stops against what it already rammed
    if isinstance(hit, str) and ctx.v(letter).on_board and not ctx.v(letter).wreck:
        other = ctx.v(hit)
        if kind == "brake":
            rammer = Rammer(
                f"{other.name} {hit}",
                other.size,
                None if other.wreck else hit,
                is_object=other.wreck or other.driver is None,
            )
            ram(ctx, rammer, letter, bike_safe=True)
        else:
            me = ctx.v(letter)
            destroyed = ram(
                ctx, Rammer(f"{me.name} {letter}", me.size, letter, nitro=kind == "nitro"), hit
            )
            after, target = ctx.v(letter), ctx.v(hit)
            monster = "monster" in after.traits  # MONSTERS: "Ram does not end a move"
            if (monster or (destroyed and target.size == 1)) and after.on_board and not after.wreck:
                # rule 36: "unless the target was a bike destroyed by the ram": drive on
                done = rect_of(after)
                left_dx = vehicle.x + dx - done.x
                left_dy = vehicle.y + dy - done.y
                if left_dx or left_dy:
                    drive(ctx, letter, kind, left_dx, left_dy, rammed | {hit})
                    return
    end_move_on_cards(ctx, letter)
    end_of_move_checks(ctx, letter, off_road=slide)
