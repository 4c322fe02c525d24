"""MOVE, BRAKE and NITRO (rules 25, 26, Nitro token) on the grid: the path, its ram, the road
cards it crosses, leaving the board and the off-road check at the end of the move."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.crash import Rammer, end_of_move_checks, ram, settle_path, touch_cards
from games.roadwolf.geometry import MoveKind
from games.roadwolf.model import Vehicle, VehicleEvent
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


def drive_told(ctx: Ctx, letter: str, kind: MoveKind, dx: float, dy: float) -> None:
    """A MOVE, BRAKE or NITRO a player chose, told as one line ahead of whatever it caused
    (rams, cards, the off-road check): where the vehicle went from and where it ended."""
    before = ctx.v(letter)
    told_at = len(ctx.events)
    drive(ctx, letter, kind, dx, dy)
    line = move_words(before, ctx.v(letter), kind, dx, dy)
    event_kind = "nitro" if kind == "nitro" else "moved"
    ctx.events.insert(told_at, VehicleEvent(kind=event_kind, vehicle=letter, text=line))


def move_words(before: Vehicle, after: Vehicle, kind: MoveKind, dx: float, dy: float) -> str:
    """ "Muscle Car A moves 6 forward and 1 left, from 12,30 to 11,36." """
    steps = [
        f"{abs(dy):g} {'forward' if dy > 0 else 'back'}" if dy else "",
        f"{abs(dx):g} {'right' if dx > 0 else 'left'}" if dx else "",
    ]
    how = " and ".join(s for s in steps if s) or "nowhere"
    verb = {"move": "moves", "brake": "brakes", "nitro": "fires its Nitro:"}[kind]
    start = f"{before.x:g},{before.y:g}"
    end = f"to {after.x:g},{after.y:g}" if after.on_board else "off the board"
    if end == f"to {start}":
        end = "but stays where it is"
    return f"{before.name} {before.letter} {verb} {how}, from {start} {end}."
