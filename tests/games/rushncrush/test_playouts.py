"""Random legal playouts: every race ends, states round-trip, seeds replay, views hold up."""

from __future__ import annotations

import pytest

from games.engine import GameError, Player, Rng
from games.rushncrush import SPEC, MoveAction, RncState
from tests.games.rushncrush.helpers import new_game

SEEDS = range(105)


def _play(n: int, seed: int, check: bool) -> RncState:
    state = new_game(n, seed, course=("short", "normal", "loop")[seed % 3])
    chooser = Rng(seed * 7919 + n)
    for count in range(3000):
        if check:
            assert RncState.model_validate_json(state.model_dump_json()) == state
            SPEC.view(state, None)
        if SPEC.outcome(state) is not None:
            return state
        (player,) = SPEC.active_players(state)
        action = chooser.choice(SPEC.legal_actions(state, player))
        state = SPEC.apply(state, player, action, Rng(seed * 1000 + count)).state
    raise AssertionError(f"seed {seed}: no finish within 3000 actions")


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_reaches_an_end(seed: int) -> None:
    """2-6 players race to a finish or a last car standing."""
    state = _play(2 + seed % 5, seed, check=seed < 15)
    outcome = SPEC.outcome(state)
    assert outcome is not None and len(outcome.ranking) == len(state.cars)


def test_same_seed_same_race() -> None:
    """The same seed and choices give the same game."""
    assert _play(4, 3, check=False) == _play(4, 3, check=False)


def test_illegal_path_leaves_state_unchanged() -> None:
    """An illegal action raises a typed error and changes nothing."""
    state = new_game(3, 5)
    player = state.order[0]
    state = SPEC.apply(state, player, SPEC.legal_actions(state, player)[0], Rng(1)).state
    before = state.model_dump_json()
    with pytest.raises(GameError):
        SPEC.apply(state, player, MoveAction(path="F"), Rng(2))
    assert state.model_dump_json() == before


def test_setup_refuses_seven_players() -> None:
    """Rush 'n' Crush seats 2 to 6."""
    with pytest.raises(GameError):
        SPEC.setup([Player(id=i, name=str(i)) for i in range(7)], SPEC.parse_options(None), Rng(1))


def test_view_has_board_data() -> None:
    """The view carries course rows, cars with number and colour, and dashboards."""
    state = new_game(4, 2)
    view = SPEC.view(state, None)
    assert view.rows[0].row == 0 and len(view.rows[0].cells) == 4
    assert {c.number for c in view.cars} <= set(range(1, 7))
    assert all(c.structure == c.structure_max for c in view.cars)
    assert view.active_player == state.order[0]
