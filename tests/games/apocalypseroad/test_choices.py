"""Few-taps helpers: distinct move results, the step-by-step preview, plans before committing."""

from __future__ import annotations

from games.apocalypseroad import SPEC
from games.apocalypseroad.choices import move_results, planned, preview_move, sample_moves
from games.apocalypseroad.model import Move
from games.engine import Rng
from tests.games.apocalypseroad.helpers import base, moving, play, race_card, ready, with_cars


def test_every_distinct_result_is_a_move_the_engine_accepts() -> None:
    """Issue 12: "choose among the distinct results ... (where every affected car ends)"."""
    state = with_cars(
        base(),
        {1: {"sector": 3, "lane": 1}, 11: {"sector": 5, "lane": 1}, 13: {"sector": 4, "lane": 2}},
    )
    state = moving(state, 0, 1, 4, then=())
    results = move_results(state)
    assert len({(r.moved, r.stop) for r in results}) == len(results) > 3
    for result in results:
        after, _ = play(state, 0, Move(path=result.path))
        ends = {c.id: (c.sector, c.lane) for c in after.cars}
        assert all(ends[c] == p for c, p in result.moved)


def test_preview_builds_a_move_step_by_step() -> None:
    """Issue 12: "build the move step by step (forward, left, right, overtake, undo)"."""
    state = moving(with_cars(base(), {1: {"sector": 3, "lane": 1}}), 0, 1, 3, then=())
    first = preview_move(state, "F")
    assert first.ok and first.mp_left == 2 and not first.complete
    assert set(first.next_steps) == {"F", "L", "R"}
    bad = preview_move(state, "F F F F")
    assert not bad.ok and "MP" in bad.error
    whole = preview_move(state, "F L F")
    assert whole.complete and whole.result is not None and whole.result.end == (5, 0)


def test_planned_state_previews_a_card_without_drawing() -> None:
    state = with_cars(base(), {1: {"sector": 3, "lane": 1}})
    card = race_card("solo", 4)
    state = ready(state, 0, card)
    plan = planned(state, state.teams[0].player, card, 1)
    assert plan.activation is not None and plan.activation.mp == 12
    assert plan.event_deck == state.event_deck and plan.combat_deck == state.combat_deck
    assert all(r.path for r in move_results(plan))


def test_samples_are_legal_in_random_positions() -> None:
    state = base(6)
    for _ in range(30):
        player = sorted(SPEC.active_players(state))[0]
        for sample in sample_moves(state):
            SPEC.apply(state, player, Move(path=sample.path), Rng(1))
        action = SPEC.policy(state, player, Rng(1))  # type: ignore[misc]
        state = SPEC.apply(state, player, action, Rng(2)).state
