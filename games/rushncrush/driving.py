"""One step of movement and everything it can hit (rules 13, 15-19, 22, 24).

Each function checks first and changes the board only once the step is known to be legal, so a
refused step leaves the board as it was.
"""

from __future__ import annotations

from typing import Literal

from games.engine import IllegalAction, PlayerId
from games.rushncrush.board import Board
from games.rushncrush.data import (
    ITEM_LABELS,
    ROCKET_HEAT_ON_OR_BELOW,
    SAW_HITS_FROM,
    SIDE_RAM_DISPLACE_FROM,
    WRECK_DAMAGE_ON_OR_BELOW,
    Fixed,
    Item,
)
from games.rushncrush.equipment import check_counter
from games.rushncrush.events import CarMoved, Collision
from games.rushncrush.model import Car, Cell
from games.rushncrush.tables import (
    obstruction_damage_from,
    obstruction_dice,
    rush_damage,
    side_ram_damage,
    side_ram_roll,
)
from games.rushncrush.tiles import LANES

Direction = Literal["F", "L", "R"]
StepResult = Literal["moved", "hit", "stuck", "rush", "blocked", "side_ram"]
SHIFT: dict[str, int] = {"F": 0, "L": -1, "R": 1}
SIDE_NAME = {-1: "left", 1: "right"}


def _lane_label(lane: int) -> str:
    return f"lane {lane + 1}"


def can_pay_lane_change(board: Board, player: PlayerId) -> bool:
    turn = board.turn
    assert turn is not None
    return turn.lane_changes is None or turn.lane_changes > 0 or board.cars[player].steering > 0


def pay_lane_change(board: Board, player: PlayerId) -> None:
    """Use a rolled lane change, or a Steering point once the roll is spent."""
    turn = board.turn
    assert turn is not None
    if turn.lane_changes is None:
        return
    if turn.lane_changes > 0:
        board.update_turn(lane_changes=turn.lane_changes - 1)
    else:
        board.update(player, steering=board.cars[player].steering - 1)


def enter(board: Board, player: PlayerId, cell: Cell, cause: str = "drive") -> None:
    """Place a car on a free cell, then resolve any wreck or mine there and the finish line."""
    board.update(player, row=cell[0], lane=cell[1])
    turn = board.turn
    is_mover = turn is not None and turn.player == player
    if is_mover and turn is not None:
        board.update_turn(path=(*turn.path, cell))
    if board.wreck_at(cell) is not None:
        _hit_wreck_or_mine(board, player, cell, "wreck")
    mine = board.mine_at(cell)
    live = not board.cars[player].destroyed
    if mine is not None and mine.owner != player and live:
        hurt = _hit_wreck_or_mine(board, player, cell, "mine")
        if hurt:
            board.remove_mine(mine)
    car = board.cars[player]
    if is_mover and not car.destroyed and car.row >= board.course.finish_row and not board.over:
        board.win(player, "first across the finish line")
        board.update_turn(movement_left=0, swerve_pending=False, swerve_around=None)


def _hit_wreck_or_mine(
    board: Board, player: PlayerId, cell: Cell, what: Literal["wreck", "mine"]
) -> bool:
    """Roll for driving over a wreck or mine; True when it hurt."""
    board.events.append(Collision(player=player, what=what, at=cell))
    if board.dry:
        board.note(
            f"drives over a {what} at row {cell[0]}, {_lane_label(cell[1])} "
            "(1-3 on a die: -1 Structure)"
        )
        return False
    face = board.roll(1, player, what)[0]
    if face <= WRECK_DAMAGE_ON_OR_BELOW:
        board.damage(player, "structure", 1, what)
        return True
    return False


def obstruction_hit(board: Board, player: PlayerId, cell: Cell) -> None:
    """Damage for hitting a fixed obstruction: the white dice with the sense inverted."""
    car = board.cars[player]
    board.events.append(Collision(player=player, what="obstruction", at=cell))
    if board.dry:
        board.note(f"hits the obstruction at row {cell[0]}, {_lane_label(cell[1])}")
        return
    faces = board.roll(obstruction_dice(car.speed), player, "obstruction damage")
    board.damage(player, "structure", obstruction_damage_from(car.speed, faces), "obstruction")


def swerve_options(board: Board, player: PlayerId) -> tuple[Direction, ...]:
    """Steps the compulsory swerve may take: any open cell ahead but the obstruction just hit.

    Ruling: the free lane change takes the car out of the obstruction's lane, so after a straight
    hit it is L or R; after a diagonal hit, F (back into its own lane) counts too.
    """
    turn = board.turn
    assert turn is not None
    car = board.cars[player]
    out: list[Direction] = []
    for direction in ("F", "L", "R"):
        cell = (car.row + 1, car.lane + SHIFT[direction])
        if cell != turn.swerve_around and not board.course.is_obstruction(*cell):
            out.append(direction)
    return tuple(out)


def _swerve_refusal(board: Board, player: PlayerId, direction: Direction) -> str:
    turn = board.turn
    assert turn is not None
    car = board.cars[player]
    shift = SHIFT[direction]
    lane = car.lane + shift
    could = " or ".join(swerve_options(board, player))
    if (car.row + 1, lane) == turn.swerve_around:
        return (
            f"{direction}: you just hit the obstruction there, so this step must be the free "
            f"compulsory lane change around it: write {could}"
        )
    if not 0 <= lane < LANES:
        return (
            f"{direction}: you are in the {SIDE_NAME[shift]}most lane, so you cannot swerve "
            f"{SIDE_NAME[shift]}; write {could}"
        )
    return f"{direction}: cannot swerve into {_lane_label(lane)}, it is blocked; write {could}"


def drive_step(
    board: Board, player: PlayerId, direction: Direction, *, bumper: bool = False, saw: bool = False
) -> StepResult:
    """Resolve one F/L/R step of the car whose turn it is."""
    turn = board.turn
    assert turn is not None
    car = board.cars[player]
    if turn.movement_left <= 0:
        why = "your move ended against a car" if turn.rammed else "your movement is used up"
        raise IllegalAction(f"{direction}: {why}; remove the extra steps")
    shift = SHIFT[direction]
    swerve = turn.swerve_pending
    target = (car.row + 1, car.lane + shift)
    course = board.course
    if swerve:
        if direction not in swerve_options(board, player):
            raise IllegalAction(_swerve_refusal(board, player, direction))
    elif shift and not 0 <= target[1] < LANES:
        raise IllegalAction(
            f"{direction}: you are already in the {SIDE_NAME[shift]}most lane; use F or "
            f"{'R' if shift < 0 else 'L'}"
        )
    if shift and not swerve and not can_pay_lane_change(board, player):
        raise IllegalAction(
            f"{direction}: no lane changes and no Steering points left this turn; drive F"
        )
    occupant = None if course.is_obstruction(*target) else board.live_car_at(target)
    if (bumper or saw) and (occupant is None or shift == 0):
        used = " and ".join(
            ITEM_LABELS[i] for i, on in ((Item.SIDE_BUMPER, bumper), (Item.SAW, saw)) if on
        )
        raise IllegalAction(
            f"{used} can only be Used on a side-ram step; step {direction} from row {car.row}, "
            f"{_lane_label(car.lane)} does not side-ram a car"
        )
    if not swerve and course.is_obstruction(*target):
        return _obstruction(board, player, target)
    if occupant is not None:
        if shift == 0:
            return rush(board, player, occupant, turn.movement_left)
        return side_ram(board, player, occupant, shift, free=swerve, bumper=bumper, saw=saw)
    if shift and not swerve:
        pay_lane_change(board, player)
    board.update_turn(
        movement_left=turn.movement_left - 1, swerve_pending=False, swerve_around=None
    )
    enter(board, player, target)
    return "moved"


def _obstruction(board: Board, player: PlayerId, target: Cell) -> StepResult:
    obstruction_hit(board, player, target)
    car = board.cars[player]
    if car.destroyed:
        return "hit"
    board.update_turn(swerve_pending=True, swerve_around=target)
    if not swerve_options(board, player):
        board.update_turn(movement_left=0, swerve_pending=False, swerve_around=None)
        board.note("no free lane beside the obstruction: the car stops here")
        return "stuck"
    return "hit"


def rush(board: Board, player: PlayerId, target: Car, dice: int) -> StepResult:
    """Hitting a car directly from behind: the move ends, one die per movement point left."""
    board.events.append(Collision(player=player, what="rush", target=target.player, at=target.cell))
    board.update_turn(movement_left=0, swerve_pending=False, swerve_around=None, rammed=True)
    if board.state.options.one_rush_per_round and board.rushes >= 1:
        board.note(
            f"{board.cars[player].name} stops behind {target.name}: the round's one "
            "Rush 'n' Crush is already spent"
        )
        return "blocked"
    board.rushes += 1
    if board.dry:
        board.note(f"Rush 'n' Crush into {target.name} with {dice} dice; the move ends")
        return "rush"
    faces = board.roll(dice, player, "Rush 'n' Crush")
    bumper = board.cars[player].has(Fixed.COMBAT_BUMPER)
    mine, theirs = rush_damage(faces, combat_bumper=bumper)
    board.damage(target.player, "structure", theirs, "Rush 'n' Crush")
    board.damage(player, "structure", mine, "Rush 'n' Crush")
    return "rush"


def side_ram(
    board: Board, player: PlayerId, target: Car, shift: int, *, free: bool, bumper: bool, saw: bool
) -> StepResult:
    """Hitting a car diagonally from behind (rules 17-18)."""
    if bumper:
        check_counter(board, player, Item.SIDE_BUMPER, "use")
    if saw:
        check_counter(board, player, Item.SAW, "use")
    board.events.append(
        Collision(player=player, what="side_ram", target=target.player, at=target.cell)
    )
    far = (target.row, target.lane + shift)
    third = board.live_car_at(far)
    blocked = board.course.is_obstruction(*far) or third is not None or board.wreck_at(far)
    if board.dry:
        board.note(f"side-rams {target.name}; the roll decides where you end up")
        return "side_ram"
    for item, used in ((Item.SIDE_BUMPER, bumper), (Item.SAW, saw)):
        if used:
            board.move_counter(player, item, "use")
    result = side_ram_roll(board.roll(1, player, "side ram")[0], side_bumper=bumper)
    if not blocked and result >= SIDE_RAM_DISPLACE_FROM:
        enter(board, target.player, far, cause="side ram")
        # The mover's path is told when its move ends; the pushed car's move is told here.
        board.events.append(
            CarMoved(player=target.player, cells=(target.cell, far), cause="side ram")
        )
        if not free:
            pay_lane_change(board, player)
        turn = board.turn
        assert turn is not None
        board.update_turn(
            movement_left=turn.movement_left - 1, swerve_pending=False, swerve_around=None
        )
        enter(board, player, target.cell)
    else:
        _held(board, player, target, free=free)
    losers = side_ram_damage(result, "blocked" if blocked else "clear")
    if "T" in losers:
        board.damage(target.player, "structure", 1, "side ram")
    if "Y" in losers:
        board.damage(player, "structure", 1, "side ram")
    if "3" in losers and third is not None:
        board.damage(third.player, "structure", 1, "side ram")
    if saw and board.roll(1, player, "Lateral Circular Saw")[0] >= SAW_HITS_FROM:
        board.damage(target.player, "structure", 1, "Lateral Circular Saw")
    return "side_ram"


def _held(board: Board, player: PlayerId, target: Car, *, free: bool) -> None:
    """A failed side ram: the attacker carries straight on (digest ⚠6)...

    ...unless straight on is the obstruction it is swerving around. Ruling: a car never hits the
    same obstruction twice; it stays put, the step costs its movement, and the compulsory swerve
    is still owed (a car boxed in between a rock and a car can end its move there).
    """
    turn = board.turn
    assert turn is not None
    car = board.cars[player]
    if free and (car.row + 1, car.lane) == turn.swerve_around:
        left = turn.movement_left - 1
        board.note(
            f"{target.name} holds the lane and the obstruction is straight ahead: "
            f"{car.name} stays put" + (" and must still swerve" if left > 0 else "")
        )
        board.update_turn(
            movement_left=left,
            swerve_pending=left > 0,
            swerve_around=turn.swerve_around if left > 0 else None,
        )
        return
    board.note(f"{target.name} holds the lane; {car.name} carries straight on")
    board.update_turn(swerve_pending=False, swerve_around=None)
    drive_step(board, player, "F")


def rocket(board: Board, player: PlayerId, distance: int) -> None:
    """Rocket Booster: 1-3 spaces straight on after movement, a heat die per space moved."""
    check_counter(board, player, Item.ROCKET_BOOSTER, "use")
    turn = board.turn
    assert turn is not None
    if turn.rammed:
        raise IllegalAction(
            f"K{distance}: your move ended against a car (Rush 'n' Crush), so the Rocket "
            f"Booster cannot fire this turn; remove K{distance}"
        )
    if turn.movement_left > 0 or turn.swerve_pending:
        raise IllegalAction(
            f"K{distance}: the Rocket Booster is Used only at the end of movement; "
            f"{turn.movement_left} movement left"
        )
    board.move_counter(player, Item.ROCKET_BOOSTER, "use")
    moved = 0
    for done in range(distance):
        car = board.cars[player]
        if car.destroyed or board.over:
            break
        target = (car.row + 1, car.lane)
        if board.course.is_obstruction(*target):
            obstruction_hit(board, player, target)
            break
        occupant = board.live_car_at(target)
        if occupant is not None:
            rush(board, player, occupant, distance - done)
            break
        enter(board, player, target, cause="rocket")
        moved += 1
    if board.dry:
        board.note(f"Rocket Booster: {moved} space(s), {moved} heat dice")
        return
    faces = board.roll(moved, player, "Rocket Booster heat")
    board.damage(
        player, "heat", sum(1 for f in faces if f <= ROCKET_HEAT_ON_OR_BELOW), "Rocket Booster"
    )
