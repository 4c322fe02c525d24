"""The trucker's only legal move (`forced_move`, issue 26): the table makes it for them."""

from __future__ import annotations

from games.spacetruckin import SPEC, forced_move
from games.spacetruckin.models import Fill, SpaceTruckinState
from tests.games.spacetruckin.delivery_helpers import P1, truck
from tests.games.spacetruckin.helpers import at_location


def _two_boxes_left(dice: tuple[int, int], manipulable: bool = True) -> SpaceTruckinState:
    """The trucker rolled `dice` with top1 and bot1 still empty (3532 - 3416: consequences to
    roll after); without a Weapons or Reactor pip to manipulate with unless `manipulable`."""
    sheet = truck()
    if not manipulable:
        spent = {(0, 1), (5, 5)}  # the Weapons and Reactor pips
        pips = tuple(p for p in sheet.pips if p.cell not in spent)
        sheet = sheet.model_copy(update={"pips": pips})
    boxes = (None, 5, 3, 2, None, 4, 1, 6)
    return at_location(sheet, stage="fill", tasks=("fill", "jump"), boxes=boxes, dice=dice)


def test_doubles_with_two_boxes_left_are_one_move() -> None:
    """Doubles and two empty boxes, nothing to manipulate with: one way to write them (top1 +
    bot1), the lone move."""
    state = _two_boxes_left((3, 3), manipulable=False)
    assert forced_move(state, P1) == Fill(first="top1", second="bot1")


def test_doubles_with_two_boxes_left_and_a_manipulation_open_are_a_choice() -> None:
    """Doubles and two empty boxes, a Weapons pip open: writing them and accepting, or writing
    them and then rerolling or flipping, is the trucker's choice."""
    state = _two_boxes_left((3, 3))
    assert forced_move(state, P1) is None
    assert Fill(first="top1", second="bot1", accept=True) in SPEC.legal_actions(state, P1)


def test_different_dice_with_two_boxes_left_are_a_choice() -> None:
    """Two different dice in two boxes: which goes on top is the trucker's choice (each also
    said with the result accepted, or with a reroll or flip, ahead)."""
    state = _two_boxes_left((3, 4))
    fills = [a for a in SPEC.legal_actions(state, P1) if isinstance(a, Fill)]
    plain = [a for a in fills if not a.accept and a.tweak is None]
    assert len(plain) == 2
    assert forced_move(state, P1) is None


def test_nothing_is_forced_for_a_trucker_not_to_act() -> None:
    """A trucker with nothing to do has no forced move."""
    state = at_location(truck(), stage="ready", tasks=())
    assert forced_move(state, P1) is None
