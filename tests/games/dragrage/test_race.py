"""Best of three heats: resets between heats, who starts, the outcome and the end."""

from __future__ import annotations

import pytest

from games.dragrage import SPEC
from games.dragrage.rules import active_players, legal_actions, outcome
from games.dragrage.state import Advance, DragRageState, Pass
from games.engine import GameOver, Outcome
from tests.games.dragrage.helpers import ANN, BOB, act, board, kinds, lane, last_move


def _ann_about_to_win(heat_wins: tuple[int, int]) -> DragRageState:
    """Ann on 11 plays 12 to cross with 3 counters; Bob has 3 and can only challenge or pass."""
    before = board(lane(2, 8), lane(3, 10, 4), to_move=ANN)
    return board(
        lane(2, 8),
        lane(3, 10, 4),
        to_move=ANN,
        challengeable=last_move(before, BOB),
        heat_wins=heat_wins,
        heat=sum(heat_wins) + 1,
    )


def _finish_heat(state: DragRageState) -> DragRageState:
    state = act(state, ANN, Advance(counter=12)).state
    return act(state, BOB, Pass()).state


def test_after_a_heat_everything_resets_and_the_loser_starts() -> None:
    """Rule 13: counters, nitro and positions reset; ruling: the heat's loser starts the next."""
    state = _finish_heat(_ann_about_to_win((0, 0)))
    assert state.heat == 2 and state.heat_wins == (1, 0)
    assert state.free == tuple(range(2, 13))
    assert all(ln.position == 1 and ln.nitro and not ln.counters for ln in state.lanes)
    assert active_players(state) == frozenset({BOB})
    assert state.challengeable is None


def test_no_outcome_until_two_heats_are_won() -> None:
    """One heat won is not the race."""
    assert outcome(_finish_heat(_ann_about_to_win((0, 0)))) is None


def test_two_heats_to_one_wins_the_race() -> None:
    """Rule 13: the first driver to win two heats wins the race."""
    state = act(_ann_about_to_win((1, 1)), ANN, Advance(counter=12)).state
    step = act(state, BOB, Pass())
    assert kinds(step.events) == ["passed", "heat_won", "race_won"]
    assert outcome(step.state) == Outcome(
        winners=(ANN,), ranking=(ANN, BOB), reason="won 2 heats to 1"
    )
    assert SPEC.view(step.state, None).outcome == outcome(step.state)


def test_two_heats_to_none_wins_the_race() -> None:
    """A 2-0 race ends after the second heat."""
    result = outcome(_finish_heat(_ann_about_to_win((1, 0))))
    assert result is not None and result.reason == "won 2 heats to 0"


def test_nobody_acts_after_the_race() -> None:
    """A finished race has no active players and no legal actions."""
    state = _finish_heat(_ann_about_to_win((1, 1)))
    assert active_players(state) == frozenset()
    assert legal_actions(state, ANN) == () == legal_actions(state, BOB)


def test_any_action_after_the_race_is_game_over() -> None:
    """Actions after the end raise GameOver naming the winner."""
    state = _finish_heat(_ann_about_to_win((1, 1)))
    with pytest.raises(GameOver, match="Ann won 2 heats to 1"):
        act(state, BOB, Advance(counter=5))


def test_dead_heat_rerun_is_started_by_the_second_driver() -> None:
    """Ruling: the driver who went second in a dead heat starts its re-run."""
    before = board(lane(2, 9), lane(5, 8, 10), to_move=ANN)
    state = board(lane(2, 9), lane(5, 8, 10), to_move=ANN, challengeable=last_move(before, BOB))
    state = act(state, ANN, Advance(counter=12)).state
    state = act(state, BOB, Pass()).state
    assert state.heat_starter == 1 and active_players(state) == frozenset({BOB})
