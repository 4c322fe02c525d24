"""Advancing: shared counters 2..12, the 26 cap, crossing at 23, and the errors."""

from __future__ import annotations

import pytest

from games.dragrage import SPEC
from games.dragrage.rules import legal_actions
from games.dragrage.state import Advance, LetsRoll, Pass
from games.dragrage.track import lane_status
from games.engine import IllegalAction, InvalidAction, NotYourTurn
from tests.games.dragrage.helpers import ANN, BOB, act, board, lane, last_move, new_race


def test_advance_moves_the_car_by_the_counter() -> None:
    """Rule 6a: take a free counter and move that many spaces."""
    step = act(new_race(), ANN, Advance(counter=5))
    assert step.state.lanes[0].position == 6
    assert step.state.free == (2, 3, 4, 6, 7, 8, 9, 10, 11, 12)
    assert [e.kind for e in step.events] == ["advanced"]


def test_counters_are_one_shared_set() -> None:
    """Designer: one set of counters; a counter the opponent used is gone for you too."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    with pytest.raises(IllegalAction, match="counter 8 is already used"):
        act(state, BOB, Advance(counter=8))
    assert Advance(counter=8) not in legal_actions(state, BOB)


def test_26_cap_car_on_20_must_take_3() -> None:
    """Acceptance 4: a car on 20 with {12, 3} left must take 3 (the 12 would reach 32)."""
    state = board(
        lane(8, 11),
        lane(5, 2, 6, 7, 4, 9, 10, spun=(5, 6, 7, 9, 10)),
        to_move=ANN,
    )
    assert state.lanes[0].position == 20 and state.free == (3, 12)
    assert [a for a in legal_actions(state, ANN) if isinstance(a, Advance)] == [Advance(counter=3)]
    with pytest.raises(IllegalAction, match=r"counter 12 would take you from space 20 to 32.*: 3"):
        act(state, ANN, Advance(counter=12))
    assert act(state, ANN, Advance(counter=3)).state.lanes[0].position == 23


def test_landing_exactly_on_26_is_legal() -> None:
    """Ruling 5.3.2: only beyond 26 is forbidden; landing on 26 is fine."""
    state = board(lane(12, 3), lane(2), to_move=ANN)
    assert Advance(counter=10) in legal_actions(state, ANN)
    assert act(state, ANN, Advance(counter=10)).state.lanes[0].position == 26


def test_crossing_means_space_23_or_more() -> None:
    """Rule 2: the finish line is after space 22, so 22 has not crossed and 23 has."""
    free = (2, 3)
    assert lane_status(lane(9, 12), free) == "racing"  # space 22
    assert lane_status(lane(10, 12), free) == "crossed"  # space 23


def test_counter_outside_2_to_12_is_invalid() -> None:
    """A counter 13 does not exist: InvalidAction naming the range."""
    with pytest.raises(InvalidAction, match="no counter 13; counters run from 2 to 12"):
        act(new_race(), ANN, Advance(counter=13))


def test_wrong_player_gets_not_your_turn() -> None:
    """Bob moving on Ann's turn is told whose turn it is and what she must do."""
    with pytest.raises(NotYourTurn, match="it is Ann's turn to choose a counter"):
        act(new_race(), BOB, Advance(counter=8))


def test_outsider_gets_not_your_turn() -> None:
    """Someone not in the race cannot act."""
    with pytest.raises(NotYourTurn, match="not driving in this race"):
        act(new_race(), 99, Advance(counter=8))


def test_waiting_player_has_no_legal_actions() -> None:
    """legal_actions is empty for the driver who is not to act."""
    assert legal_actions(new_race(), BOB) == ()


def test_first_move_cannot_challenge() -> None:
    """Ruling 5.3.10: on move 1 there is nothing to challenge."""
    state = new_race()
    assert legal_actions(state, ANN) == tuple(Advance(counter=c) for c in range(2, 13))
    with pytest.raises(IllegalAction, match="has not moved yet"):
        act(state, ANN, LetsRoll())


def test_cannot_pass_instead_of_moving() -> None:
    """A racing driver with an undecided heat must advance or challenge, not pass."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    with pytest.raises(IllegalAction, match="cannot pass now"):
        act(state, BOB, Pass())


def test_refused_action_leaves_state_unchanged() -> None:
    """A refused action raises and the state is the same as before."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    before = state.model_dump_json()
    with pytest.raises(IllegalAction):
        act(state, BOB, Advance(counter=8))
    assert state.model_dump_json() == before


def test_lets_roll_is_not_another_legal_move_for_the_26_cap() -> None:
    """Ruling: Let's Roll does not count as "any other legal move" (source line 20), so a car
    whose counters all overshoot may overshoot or challenge, as it chooses."""
    ann = lane(12, 10, 2, 11, spun=(12, 2))
    bob = lane(3, 4, 6, 7, 5, 8, spun=(3, 4, 6, 7))
    before = board(ann, bob, to_move=ANN)
    state = board(ann, bob, to_move=ANN, challengeable=last_move(before, BOB))
    assert legal_actions(state, ANN) == (Advance(counter=9), LetsRoll())
    assert SPEC.extra["prompt"](state, ANN) == (
        "choose a counter (9: each overshoots space 26, a broken chute) or call Let's Roll on "
        "Bob's 8"
    )
