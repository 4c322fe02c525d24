"""Let's Roll: declaring dice, spin-outs, failed challenges, nitro and passing."""

from __future__ import annotations

import pytest

from games.dragrage.rules import legal_actions
from games.dragrage.state import Advance, Declare, DragRageState, LetsRoll, Pass, TurnInNitro
from games.engine import DiceRolled, IllegalAction
from tests.games.dragrage.helpers import ANN, BOB, act, board, kinds, lane, last_move, new_race


def _eight_then_twelve() -> DragRageState:
    state = act(new_race(), ANN, Advance(counter=8)).state
    return act(state, BOB, Advance(counter=12)).state


def test_text_example_eight_against_twelve() -> None:
    """Rules text: "You select the '8' counter ... Your opponent selects the '12' ... You say
    Let's Roll. Your opponent decides to use his nitro die, and rolls a total of 14 on three
    dice. Your challenge has failed. You decide to pass ... Your opponent must now advance his
    car again, and may not challenge your last move of 8 spaces." """
    state = _eight_then_twelve()
    assert (state.lanes[0].position, state.lanes[1].position) == (9, 13)
    state = act(state, ANN, LetsRoll()).state
    step = act(state, BOB, Declare(dice=3), dice=[6, 5, 3])
    assert kinds(step.events) == ["declared", "dice_rolled", "challenge_failed"]
    state = step.state
    assert legal_actions(state, ANN) == (TurnInNitro(), Pass())
    state = act(state, ANN, Pass()).state
    assert legal_actions(state, BOB) == tuple(
        Advance(counter=c) for c in (2, 3, 4, 5, 6, 7, 9, 10, 11)
    )
    with pytest.raises(IllegalAction, match="no move of Ann's you may challenge"):
        act(state, BOB, LetsRoll())
    assert 8 not in state.free and 12 not in state.free
    assert state.lanes[0].nitro and not state.lanes[1].nitro
    assert state.lanes[1].position == 13


def test_spin_out_returns_car_and_challenger_advances() -> None:
    """Acceptance 2: "B plays 11 (13 → 24). A challenges; B rolls 2 dice = 7 < 11 → B returns
    to 13, the 11 counter is used and counts for B, and A then advances." """
    state = _eight_then_twelve()
    state = act(state, ANN, Advance(counter=2)).state
    state = act(state, BOB, Advance(counter=11)).state
    assert state.lanes[1].position == 24
    state = act(state, ANN, LetsRoll()).state
    step = act(state, BOB, Declare(dice=2), dice=[3, 4])
    assert kinds(step.events) == ["declared", "dice_rolled", "spun_out"]
    state = step.state
    bob = state.lanes[1]
    assert bob.position == 13 and bob.status == "racing"
    assert [(c.value, c.spun_out) for c in bob.counters] == [(12, False), (11, True)]
    assert 11 not in state.free
    assert legal_actions(state, ANN) == tuple(Advance(counter=c) for c in state.free)


def test_roll_is_reported_as_a_dice_event() -> None:
    """The challenged driver's roll is a DiceRolled event with the faces."""
    state = act(_eight_then_twelve(), ANN, LetsRoll()).state
    step = act(state, BOB, Declare(dice=2), dice=[6, 6])
    rolls = [e for e in step.events if isinstance(e, DiceRolled)]
    assert [(r.who, r.dice) for r in rolls] == [(BOB, (6, 6))]


def test_total_equal_to_counter_keeps_the_move() -> None:
    """Rule 6b: a total equal to the counter is enough (>=)."""
    state = act(_eight_then_twelve(), ANN, LetsRoll()).state
    step = act(state, BOB, Declare(dice=2), dice=[6, 6])
    assert step.state.lanes[1].position == 13
    assert step.state.phase == "after_failed_challenge"


def test_declaring_three_dice_spends_nitro_even_on_a_spin_out() -> None:
    """Ruling 5.3.6: 3 dice means the free pair plus nitro, which is then spent for the heat."""
    state = act(_eight_then_twelve(), ANN, LetsRoll()).state
    step = act(state, BOB, Declare(dice=3), dice=[1, 2, 3])
    assert not step.state.lanes[1].nitro
    assert step.state.lanes[1].position == 1


def test_three_dice_need_nitro() -> None:
    """A driver whose nitro is spent may only declare 2 dice."""
    before = board(lane(8, 3), lane(12, 4), to_move=ANN)
    state = board(
        lane(8, 3),
        lane(12, 4),
        to_move=ANN,
        challengeable=last_move(before, BOB),
        nitro=(True, False),
    )
    state = act(state, ANN, LetsRoll()).state
    assert legal_actions(state, BOB) == (Declare(dice=2),)
    with pytest.raises(IllegalAction, match="nitro die is already spent"):
        act(state, BOB, Declare(dice=3))


def test_challenged_driver_must_declare_first() -> None:
    """While dice are to be declared, advancing is refused."""
    state = act(_eight_then_twelve(), ANN, LetsRoll()).state
    with pytest.raises(IllegalAction, match="must declare your dice first"):
        act(state, BOB, Advance(counter=2))


def test_turning_in_nitro_lets_the_failed_challenger_advance() -> None:
    """Rule 8i: after a failed challenge, turn in nitro (lost for the heat) and advance."""
    state = act(_eight_then_twelve(), ANN, LetsRoll()).state
    state = act(state, BOB, Declare(dice=2), dice=[6, 6]).state
    state = act(state, ANN, TurnInNitro()).state
    assert not state.lanes[0].nitro
    assert legal_actions(state, ANN) == tuple(Advance(counter=c) for c in state.free)
    state = act(state, ANN, Advance(counter=5)).state
    assert state.lanes[0].position == 14
    assert LetsRoll() in legal_actions(state, BOB)


def test_failed_challenger_without_nitro_can_only_pass() -> None:
    """Ruling 5.3.5: a failed challenger with no nitro left can only pass."""
    before = board(lane(8, 3), lane(12, 4), to_move=ANN)
    state = board(
        lane(8, 3),
        lane(12, 4),
        to_move=ANN,
        challengeable=last_move(before, BOB),
        nitro=(False, True),
    )
    state = act(state, ANN, LetsRoll()).state
    state = act(state, BOB, Declare(dice=2), dice=[2, 2]).state
    assert legal_actions(state, ANN) == (Pass(),)
    with pytest.raises(IllegalAction, match="nitro die is already spent"):
        act(state, ANN, TurnInNitro())


def test_spun_out_driver_uses_a_new_counter() -> None:
    """Ruling 5.3.7: the spun-out counter stays used; the next move takes a new one."""
    state = act(_eight_then_twelve(), ANN, LetsRoll()).state
    state = act(state, BOB, Declare(dice=2), dice=[1, 1]).state
    state = act(state, ANN, Advance(counter=5)).state
    assert Advance(counter=12) not in legal_actions(state, BOB)
    assert len(state.lanes[1].counters) == 1


def test_a_move_that_survived_cannot_be_challenged_again() -> None:
    """After a failed challenge and nitro, the next turn may challenge only the new move."""
    state = act(_eight_then_twelve(), ANN, LetsRoll()).state
    state = act(state, BOB, Declare(dice=2), dice=[6, 6]).state
    state = act(state, ANN, TurnInNitro()).state
    state = act(state, ANN, Advance(counter=2)).state
    assert state.challengeable is not None and state.challengeable.counter == 2
