"""Few-taps helpers: distinct move results, the step-by-step preview, plans before committing."""

from __future__ import annotations

from games.apocalypseroad import SPEC
from games.apocalypseroad.choices import move_results, planned, preview_move, sample_moves
from games.apocalypseroad.model import ArState, Move, PlayCard
from games.apocalypseroad.policy import move_choices
from games.engine import Rng
from tests.games.apocalypseroad.helpers import (
    base,
    combat_card,
    moving,
    play,
    race_card,
    ready,
    stack,
    with_cars,
)


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


def _tank_beside_b1() -> tuple[ArState, int]:
    """A7 (a turret Tank, 4 MP) at 3/1 with a Solo +2 in hand; B1 at 8/0, in reach after a
    straight run to 9/1."""
    state = with_cars(base(), {7: {"sector": 3, "lane": 1}, 11: {"sector": 8, "lane": 0}})
    card = race_card("solo", 2)
    return stack(ready(state, 0, card), combat=(combat_card(3),)), card


def test_one_play_card_moves_and_fires_as_chosen() -> None:
    """Issue 26 (one activation in few taps): a card played with its path and an aim moves at
    once and fires at the aim, and the activation is over."""
    state, card = _tank_beside_b1()
    after, events = play(state, 0, PlayCard(card=card, car=7, path="F F F F F F", aim=11))
    words = [getattr(e, "text", "") for e in events]
    assert after.activation is None and after.seat == 1
    assert "A7 fires its Missile at B1: combat card 3 against defense 2: hit" in words


def test_holding_fire_with_the_move_asks_nothing_after() -> None:
    """`hold_fire` chosen with the move ends the activation though B1 is in reach."""
    state, card = _tank_beside_b1()
    after, _ = play(state, 0, PlayCard(card=card, car=7, path="F F F F F F", hold_fire=True))
    assert after.activation is None and after.combat_deck == state.combat_deck


def test_an_aim_out_of_reach_after_the_move_asks_the_player() -> None:
    """An aim the move left out of reach: the player is asked to fire or hold, as before."""
    state, card = _tank_beside_b1()
    after, _ = play(state, 0, PlayCard(card=card, car=7, path="F F F F F R", aim=11))
    assert after.activation is None or after.activation.stage != "fire"
    reach = PlayCard(card=card, car=7, path="F F F F L F", aim=12)  # no car 12 races
    asked, _ = play(state, 0, reach)
    assert asked.activation is not None and asked.activation.stage == "fire"


def test_choices_rank_the_move_and_say_what_is_in_reach_after_it() -> None:
    """The results of the planned card, best first by the bot's own measure, each with the
    cars in reach after it (B1 after the straight run)."""
    state, card = _tank_beside_b1()
    choices = move_choices(planned(state, state.teams[0].player, card, 7), 500)
    assert choices[0].result.path == "F F F F F F" and choices[0].targets == (11,)
    assert all(c.targets == () for c in choices if c.result.end == (8, 2))
