"""Moves that say the next choices ahead (issue 26): the last two dice written with the result
accepted, and the jump with accepting, an artifact's extra pip with its box, where nothing is
decided or rolled in between."""

from __future__ import annotations

from games.engine import Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import (
    Accept,
    Fill,
    Hit,
    HitTwo,
    Jump,
    Mark,
    SpaceTruckinState,
    Tweak,
)
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


def _two_losses() -> SpaceTruckinState:
    return at_location(truck(), location=EVENT, stage="hit_two", tasks=("hit_two", "jump"),
                       hit_dice=(3, 5))  # fmt: skip


def test_two_consequences_losses_may_say_the_jump() -> None:
    """Two consequences (dice already rolled), the last choice before the jump: each pair of
    losses may name the jump's pip too, and that one move leaves the game as the pair, then
    the jump."""
    legal = SPEC.legal_actions(_two_losses(), P1)
    pairs = [a for a in legal if isinstance(a, HitTwo) and a.jump is None]
    ahead = [a for a in legal if isinstance(a, HitTwo) and a.jump is not None]
    assert ahead and {a.model_copy(update={"jump": None}) for a in ahead} <= set(pairs)
    said = ahead[0]
    assert said.jump is not None
    one = SPEC.apply(_two_losses(), P1, said, Rng(4)).state
    lost = SPEC.apply(_two_losses(), P1, said.model_copy(update={"jump": None}), Rng(1)).state
    two = SPEC.apply(lost, P1, Jump(pip=said.jump), Rng(4)).state
    assert one == two and one.location == EVENT + 1


def test_the_bot_says_ahead_the_jump_after_two_losses() -> None:
    """The bot loses the pair it judges best and jumps with the pip it would pick next."""
    move = bot_move(_two_losses(), P1, Rng(0))
    assert isinstance(move, HitTwo) and move.jump is not None
    lost = SPEC.apply(_two_losses(), P1, move.model_copy(update={"jump": None}), Rng(1)).state
    assert choose(lost, P1) == Jump(pip=move.jump)


def bad_last_two() -> SpaceTruckinState:
    """Dice 3 and 5 for the last two boxes: 5455 - 6233 and 5453 - 6235 are both under 1 (the
    Bridge is damaged); flipping the bottom-left 6 (to 1) first makes 4222 of the first."""
    return at_location(truck(), location=EVENT, stage="fill", tasks=("fill", "jump"),
                       boxes=(5, 4, 5, None, 6, 2, 3, None), dice=(3, 5))  # fmt: skip


def test_the_last_dice_may_say_a_reroll_or_flip() -> None:
    """Each way to write the last two dice may name a reroll or flip to make at once: which
    box, which pip and which effect depend only on what is known when choosing. Writing and
    flipping at once leaves the game as the two moves one by one."""
    legal = SPEC.legal_actions(bad_last_two(), P1)
    plain = Fill(first="bot4", second="top4")
    written = SPEC.apply(bad_last_two(), P1, plain, Rng(1)).state
    tweaks = [a for a in SPEC.legal_actions(written, P1) if isinstance(a, Tweak)]
    said = [a.tweak for a in legal if isinstance(a, Fill) and a.first == "bot4" and a.tweak]
    assert tweaks and said == tweaks
    flip = next(t for t in tweaks if t.box == "bot1" and t.effect == "flip")
    one = SPEC.apply(bad_last_two(), P1, plain.model_copy(update={"tweak": flip}), Rng(3)).state
    assert one == SPEC.apply(written, P1, flip, Rng(3)).state


def test_the_bot_says_ahead_the_flip_it_would_make_after_the_last_dice() -> None:
    """The bot writes the last dice and flips the bottom-left 6 in one move: the flip it
    would choose right after writing them."""
    move = bot_move(bad_last_two(), P1, Rng(0))
    assert isinstance(move, Fill) and move.tweak is not None
    plain = move.model_copy(update={"tweak": None})
    written = SPEC.apply(bad_last_two(), P1, plain, Rng(1)).state
    assert choose(written, P1) == move.tweak


def _artifact() -> SpaceTruckinState:
    """Result 7 at a Comet, accepted: its first reward, an artifact, comes before the jump."""
    at_comet = at_location(truck(), boxes=boxes("1161", "1154"), chart=("Comet",) * 7)
    return accept(at_comet)


def test_an_artifacts_box_may_say_its_extra_pip_and_the_jump() -> None:
    """Rules digest 21: "dot a cargo pip ..., and immediately add 1 extra pip to a grid
    orthogonally adjacent": nothing is rolled between, so the box may name the extra pip's
    grid too, and the jump's pip after it. Each such move leaves the game as the moves one by
    one."""
    state = _artifact()
    assert state.sheets[0].tasks[0].reward == "artifact"
    legal = SPEC.legal_actions(state, P1)
    boxes_ = [a for a in legal if isinstance(a, Mark) and a.extra is None and a.jump is None]
    expected = set()
    for box in boxes_:
        after = SPEC.apply(state, P1, box, Rng(0)).state
        if after.sheets[0].stage == "extra_pip":
            extras = [a for a in SPEC.legal_actions(after, P1) if isinstance(a, Mark)]
            expected |= {(box.cell, e.cell) for e in extras if e.jump is None}
    said = {(a.cell, a.extra) for a in legal if isinstance(a, Mark) and a.extra is not None}
    assert said == expected and len(said) > 1
    move = next(a for a in legal if isinstance(a, Mark) and a.extra and a.jump)
    assert move.jump is not None and move.extra is not None
    one = SPEC.apply(state, P1, move, Rng(4)).state
    two = SPEC.apply(state, P1, Mark(cell=move.cell), Rng(1)).state
    two = SPEC.apply(two, P1, Mark(cell=move.extra), Rng(2)).state
    two = SPEC.apply(two, P1, Jump(pip=move.jump), Rng(4)).state
    assert one == two and one.sheets[0].artifacts == 1 and one.location == 1


def test_the_bot_says_ahead_the_extra_pip_and_jump_it_would_choose() -> None:
    """The bot takes the box, the extra pip and the jump it would pick one by one, in one."""
    state = _artifact()
    move = bot_move(state, P1, Rng(0))
    assert isinstance(move, Mark) and move.extra is not None and move.jump is not None
    boxed = SPEC.apply(state, P1, Mark(cell=move.cell), Rng(1)).state
    extra = choose(boxed, P1)
    assert isinstance(extra, Mark) and (extra.cell, extra.jump) == (move.extra, move.jump)
