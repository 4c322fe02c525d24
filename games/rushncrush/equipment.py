"""Activations (rule 14) and the equipment that needs no movement: guns and the extinguisher."""

from __future__ import annotations

from typing import Literal

from games.engine import IllegalAction, PlayerId
from games.rushncrush.board import Board
from games.rushncrush.data import (
    ACTIVATIONS_PER_TURN,
    EXTINGUISHER_COOLING,
    GUN_RANGE,
    ITEM_LABELS,
    Item,
)
from games.rushncrush.model import Car
from games.rushncrush.tables import gun_dice, gun_hits


def check_counter(board: Board, player: PlayerId, item: Item, mode: Literal["arm", "use"]) -> None:
    """Raise IllegalAction unless this counter may move this way now."""
    car = board.cars[player]
    turn = board.turn
    assert turn is not None
    label = ITEM_LABELS[item]
    slot = car.slot(item)
    if slot is None:
        mine = ", ".join(ITEM_LABELS[s.item] for s in car.slots)
        raise IllegalAction(f"{label} is not on your driver card; you have: {mine}")
    if turn.activations >= ACTIVATIONS_PER_TURN:
        raise IllegalAction(
            f"you have already used both Activations this turn, so you cannot {mode} the {label}"
        )
    if item in turn.moved:
        raise IllegalAction(
            f"the {label} counter already moved this turn; each counter moves once per turn"
        )
    if mode == "arm" and slot.armed:
        raise IllegalAction(f"the {label} is already armed; Use it instead")
    if mode == "use" and not slot.armed:
        raise IllegalAction(f"the {label} is not armed; Arm it first (Use it next turn)")


def arm(board: Board, player: PlayerId, item: Item) -> None:
    check_counter(board, player, item, "arm")
    if board.dry:
        board.note(f"arm {ITEM_LABELS[item]}")
    board.move_counter(player, item, "arm")


def gun_target(board: Board, car: Car, item: Item) -> tuple[Car, int] | None:
    """The nearest live car in the lane, ahead for the Machine Gun, behind for the Flamer."""
    sign = 1 if item == Item.MACHINE_GUN else -1
    for distance in range(1, GUN_RANGE + 1):
        target = board.live_car_at((car.row + sign * distance, car.lane))
        if target is not None:
            return target, distance
    return None


def fire(board: Board, player: PlayerId, item: Item) -> None:
    """Use the Machine Gun (Structure, forward) or the Flamer (Heat, backward)."""
    check_counter(board, player, item, "use")
    car = board.cars[player]
    found = gun_target(board, car, item)
    where = "ahead of" if item == Item.MACHINE_GUN else "behind"
    if found is None:
        raise IllegalAction(
            f"no car in your lane within {GUN_RANGE} spaces {where} you for the "
            f"{ITEM_LABELS[item]}; fire it when one is"
        )
    target, distance = found
    board.move_counter(player, item, "use", target=target.player, distance=distance)
    if board.dry:
        board.note(f"{ITEM_LABELS[item]} at {target.name}, range {distance}")
        return
    faces = board.roll(gun_dice(distance), player, f"{ITEM_LABELS[item]} range {distance}")
    track: Literal["structure", "heat"] = "structure" if item == Item.MACHINE_GUN else "heat"
    board.damage(target.player, track, gun_hits(faces), ITEM_LABELS[item])


def extinguish(board: Board, player: PlayerId) -> None:
    check_counter(board, player, Item.FIRE_EXTINGUISHER, "use")
    car = board.cars[player]
    if car.heat == 0:
        raise IllegalAction("your Heat is already 0; keep the Fire Extinguisher for later")
    board.move_counter(player, Item.FIRE_EXTINGUISHER, "use")
    board.update(player, heat=max(0, car.heat - EXTINGUISHER_COOLING))
    if board.dry:
        board.note("Fire Extinguisher: heat -1")
