"""Best of three heats: resets between heats, who starts, the outcome and the end."""

from __future__ import annotations

import pytest

from games.dragrage import SPEC
from games.dragrage.rules import active_players, apply, legal_actions, outcome
from games.dragrage.state import Advance, DragRageState, Pass
from games.engine import DiceRolled, GameOver, Outcome, Rng
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


def _finish_heat(state: DragRageState, coin: int = 1) -> DragRageState:
    state = act(state, ANN, Advance(counter=12)).state
    # Ann's second heat win ends the race: no next heat, so no coin flip.
    dice = [] if state.heat_wins[0] == 1 else [coin]
    return act(state, BOB, Pass(), dice=dice).state


def test_after_a_heat_everything_resets() -> None:
    """Rule 13: counters, nitro and positions reset for the next heat."""
    state = _finish_heat(_ann_about_to_win((0, 0)))
    assert state.heat == 2 and state.heat_wins == (1, 0)
    assert state.free == tuple(range(2, 13))
    assert all(ln.position == 1 and ln.nitro and not ln.counters for ln in state.lanes)
    assert state.challengeable is None


def test_the_winner_may_start_the_next_heat_by_coin_flip() -> None:
    """Source line 23: "set up the board again just like the beginning of the game", so a
    coin flip (line 10) picks the next heat's first driver; it can be the heat's winner."""
    step = act(_ann_about_to_win((0, 0)), ANN, Advance(counter=12))
    step = act(step.state, BOB, Pass(), dice=[1])
    assert kinds(step.events) == ["passed", "heat_won", "dice_rolled", "heat_started"]
    flip = step.events[2]
    assert isinstance(flip, DiceRolled) and flip.sides == 2 and flip.who is None
    assert "coin flip for heat 2" in flip.why
    assert step.state.coin_flip == flip and step.state.heat_starter == 0
    assert active_players(step.state) == frozenset({ANN})
    assert step.events[3].text == "Heat 2: Ann goes first"  # type: ignore[attr-defined]


def test_a_coin_flip_of_two_gives_the_next_heat_to_the_second_driver() -> None:
    """Source lines 10 and 23: a flip of 2 makes the second seat start the next heat."""
    state = _finish_heat(_ann_about_to_win((0, 0)), coin=2)
    assert state.heat_starter == 1 and active_players(state) == frozenset({BOB})
    assert "coin flip for heat 2" in SPEC.view(state, None).coin_flip


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


def test_dead_heat_rerun_gets_its_own_coin_flip() -> None:
    """Source line 19 and 23: a dead heat "needs to be rerun", set up "just like the beginning
    of the game": a new coin flip picks who starts the re-run."""
    before = board(lane(2, 9), lane(5, 8, 10), to_move=ANN)
    state = board(lane(2, 9), lane(5, 8, 10), to_move=ANN, challengeable=last_move(before, BOB))
    state = act(state, ANN, Advance(counter=12)).state
    step = act(state, BOB, Pass(), dice=[1])
    assert kinds(step.events) == ["passed", "dead_heat", "dice_rolled", "heat_started"]
    assert step.state.heat == 2 and step.state.heat_starter == 0
    assert active_players(step.state) == frozenset({ANN})


def test_heat_starters_are_fair_over_seeds() -> None:
    """The bot's flip is seeded and fair: across seeds both drivers start heat 2."""
    starters = set()
    for seed in range(30):
        state = act(_ann_about_to_win((0, 0)), ANN, Advance(counter=12)).state
        state = apply(state, BOB, Pass(), Rng(seed)).state
        starters.add(state.heat_starter)
    assert starters == {0, 1}
