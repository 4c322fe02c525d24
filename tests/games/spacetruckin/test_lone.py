"""The trucker's only legal move (`forced_move`, issue 26): the table makes it for them."""

from __future__ import annotations

from games.spacetruckin import SPEC, forced_move
from games.spacetruckin.models import Fill, SpaceTruckinState
from tests.games.spacetruckin.delivery_helpers import P1, truck
from tests.games.spacetruckin.helpers import at_location


def _two_boxes_left(dice: tuple[int, int]) -> SpaceTruckinState:
    """The trucker rolled `dice` with top1 and bot1 still empty."""
    boxes = (None, 5, 3, 2, None, 4, 1, 6)
    return at_location(truck(), stage="fill", tasks=("fill", "jump"), boxes=boxes, dice=dice)


def test_doubles_with_two_boxes_left_are_one_move() -> None:
    """Doubles and two empty boxes: one way to write them (top1 + bot1), the lone move."""
    state = _two_boxes_left((3, 3))
    assert forced_move(state, P1) == Fill(first="top1", second="bot1")


def test_different_dice_with_two_boxes_left_are_a_choice() -> None:
    """Two different dice in two boxes: which goes on top is the trucker's choice (each also
    said with the result accepted ahead)."""
    state = _two_boxes_left((3, 4))
    plain = [a for a in SPEC.legal_actions(state, P1) if isinstance(a, Fill) and not a.accept]
    assert len(plain) == 2
    assert forced_move(state, P1) is None


def test_nothing_is_forced_for_a_trucker_not_to_act() -> None:
    """A trucker with nothing to do has no forced move."""
    state = at_location(truck(), stage="ready", tasks=())
    assert forced_move(state, P1) is None
