"""Moves that say the next choices ahead (issue 26): the last two dice written with the result
accepted, and the jump with accepting, where nothing is decided or rolled in between."""

from __future__ import annotations

from games.engine import Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import Accept, Fill, Hit, Jump, Mark, SpaceTruckinState
from games.spacetruckin.policy import bot_move, choose
from tests.games.spacetruckin.delivery_helpers import P1, accept, boxes, truck
from tests.games.spacetruckin.helpers import at_location

EVENT = 2  # location C of the test chart: its first reward, 1 VP, asks nothing


def _last_two(location: int = EVENT) -> SpaceTruckinState:
    """Dice 3 and 4 for the last two boxes: 1163 - 1154 = 9 (the first reward), or, the
    other way round, 1164 - 1153 = 11 (a consequence, rolled)."""
    written = (1, 1, 6, None, 1, 1, 5, None)
    return at_location(truck(), location=location, stage="fill", tasks=("fill", "jump"),
                       boxes=written, dice=(3, 4))  # fmt: skip


def _jumps() -> set[str]:
    state = at_location(truck(), location=EVENT, stage="jump", tasks=("jump",))
    return {a.pip for a in SPEC.legal_actions(state, P1) if isinstance(a, Jump)}


def test_the_last_dice_may_accept_the_result_and_jump_in_one_move() -> None:
    """Result 9 at an Event (1 VP, nothing to choose): writing, accepting and each jump are
    one move; the other way round (11) rolls a consequence first, so no jump is said ahead."""
    legal = SPEC.legal_actions(_last_two(), P1)
    nine = {a.jump for a in legal if isinstance(a, Fill) and a.first == "top4" and a.accept}
    eleven = {a.jump for a in legal if isinstance(a, Fill) and a.first == "bot4" and a.accept}
    assert nine == {None, *_jumps()} and len(_jumps()) > 1
    assert eleven == {None}


def test_writing_accepting_and_jumping_at_once_equals_the_three_moves() -> None:
    """The move said ahead leaves the game as writing, accepting and jumping one by one."""
    pip = sorted(_jumps())[0]
    ahead = Fill(first="top4", second="bot4", accept=True, jump=pip)
    one = SPEC.apply(_last_two(), P1, ahead, Rng(5)).state
    state = SPEC.apply(_last_two(), P1, Fill(first="top4", second="bot4"), Rng(1)).state
    state = SPEC.apply(state, P1, Accept(), Rng(2)).state
    three = SPEC.apply(state, P1, Jump(pip=pip), Rng(5)).state
    assert one == three and one.location == EVENT + 1


def test_accepting_says_the_jump_only_when_the_jump_comes_next() -> None:
    """Accepting 9 at an Event may jump too; at a Gas Giant its cargo's box is chosen first."""
    written = boxes("1163", "1154")
    at_event = at_location(truck(), location=EVENT, boxes=written)
    at_gas_giant = at_location(truck(), location=0, boxes=written)
    assert {a.jump for a in SPEC.legal_actions(at_event, P1) if isinstance(a, Accept)} == {
        None,
        *_jumps(),
    }
    assert [a for a in SPEC.legal_actions(at_gas_giant, P1) if isinstance(a, Accept)] == [Accept()]


def test_the_bot_says_ahead_the_jump_it_would_choose_after_accepting() -> None:
    """The bot writes 9, accepts it and jumps in one move, paying with the pip it would pick
    at the jump."""
    state = SPEC.apply(_last_two(), P1, Fill(first="top4", second="bot4"), Rng(1)).state
    jump = choose(SPEC.apply(state, P1, Accept(), Rng(1)).state, P1)
    assert isinstance(jump, Jump)
    ahead = Fill(first="top4", second="bot4", accept=True, jump=jump.pip)
    assert bot_move(_last_two(), P1, Rng(0)) == ahead


def test_a_rewards_box_and_a_loss_may_say_the_jump() -> None:
    """Cargo at a Gas Giant (result 7, two empty cargo boxes) and a consequence's loss (dice
    already rolled): each choice may name the jump's pip too, as the last one before it."""
    rewarded = accept(at_location(truck(), location=0, boxes=boxes("1161", "1154")))
    marks = [a for a in SPEC.legal_actions(rewarded, P1) if isinstance(a, Mark)]
    assert {a.jump for a in marks} == {None, *_jumps()}
    hit = at_location(truck(), location=EVENT, stage="hit", tasks=("hit", "jump"),
                      hit_dice=(3, 5))  # fmt: skip
    losses = [a for a in SPEC.legal_actions(hit, P1) if isinstance(a, Hit)]
    ahead = [a for a in losses if a.jump is not None]
    assert {a.piece for a in ahead} == {a.piece for a in losses if a.jump is None}
    assert SPEC.apply(hit, P1, ahead[0], Rng(4)).state.location == EVENT + 1
