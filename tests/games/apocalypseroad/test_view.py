"""Hidden information and private freshness: no other hand in any view; a player's private
part (what their private buttons depend on) changes exactly when their hand or what they are
asked changes (issue 12: "stale once that player's hand changes")."""

from __future__ import annotations

import random

from games.apocalypseroad import SPEC
from games.apocalypseroad.model import ArState, Discard
from games.engine import PlayerId, Rng
from tests.games.apocalypseroad.helpers import base, play


def part(state: ArState, viewer: PlayerId) -> object:
    assert SPEC.private_part is not None
    return SPEC.private_part(SPEC.view(state, viewer))


def discard_phase(n: int) -> ArState:
    state = base(n)
    cars = tuple(c.model_copy(update={"side": "dark"}) if c.racing else c for c in state.cars)
    everyone = tuple(t.player for t in state.teams)
    return state.model_copy(update={"cars": cars, "phase": "discard", "waiting": everyone})


def test_another_players_simultaneous_answer_leaves_my_private_part() -> None:
    """Digest 4.1 Turn: "Only the end-of-turn discard (11a) and the Dangerous Debris event are
    answered by all players at once": Bob answering must not stale Alice's open hand (the list
    of who still has to answer is public, not part of Alice's buttons)."""
    state = discard_phase(3)
    alice, bob, carol = (t.player for t in state.teams)
    before = {p: part(state, p) for p in (alice, carol)}
    after, _ = play(state, 1, Discard(cards=state.teams[1].hand[:2]))
    assert SPEC.active_players(after) == {alice, carol}
    assert part(after, alice) == before[alice] and part(after, carol) == before[carol]
    assert part(after, bob) != part(state, bob)  # Bob's own hand and prompt changed
    again, _ = play(after, 0, Discard())
    assert part(again, alice) != part(after, alice)  # Alice answered: no longer asked
    assert part(again, carol) == before[carol]


def test_a_waiting_players_private_part_changes_only_with_their_own_hand_or_prompt() -> None:
    """Rule 10: play is sequential; while others play their activations (card, move, event,
    fire), a waiting player's hand and choices do not change, so their open hand stays
    current; it changes when their own turn comes or the race ends."""
    rnd = random.Random(5)
    state = base(4)
    players = [t.player for t in state.teams]
    checked = 0
    for step in range(1, 400):
        if SPEC.outcome(state) is not None:
            break
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        action = SPEC.policy(state, actor, Rng(step))  # type: ignore[misc]
        after = SPEC.apply(state, actor, action, Rng.for_step(5, step)).state
        for p in players:
            if p == actor:
                continue
            hand_same = SPEC.view(after, p).hand == SPEC.view(state, p).hand
            asked = p in SPEC.active_players(state) or p in SPEC.active_players(after)
            over = SPEC.outcome(after) is not None
            if hand_same and not asked and not over and after.turn == state.turn:
                assert part(after, p) == part(state, p), (step, action)
                checked += 1
        state = after
    assert checked > 100


def test_no_view_holds_another_players_hand() -> None:
    """Issue 12: "no hand ever appears in a public message or image": through a played-out
    race, every player's view holds their own hand only, and the public view none."""
    rnd = random.Random(3)
    state = base(3)
    for step in range(1, 150):
        if SPEC.outcome(state) is not None:
            break
        for t in state.teams:
            dumped = SPEC.view(state, t.player)
            assert dumped.hand is not None
            assert [c.id for c in dumped.hand] == list(t.hand)
            text = dumped.model_dump_json()
            for other in state.teams:
                if other.seat != t.seat:
                    hidden = set(other.hand) - set(t.hand)
                    assert not any(f'"id":{c},"name"' in text for c in hidden)
        assert SPEC.view(state, None).hand is None
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        action = SPEC.policy(state, actor, Rng(step))  # type: ignore[misc]
        state = SPEC.apply(state, actor, action, Rng.for_step(3, step)).state


def test_scores_read_as_vp_scored_of_the_goal() -> None:
    """Issue 26: a team 4 VP into a 12 VP race reads "4 of 12 VP scored (needs 8)", not the
    pool's 8 left (a winner read "VP 0")."""
    state = base(2)
    teams = (state.teams[0].model_copy(update={"pool": 8}), state.teams[1])
    view = SPEC.view(state.model_copy(update={"teams": teams}), None)
    assert (view.teams[0].scored, view.teams[0].goal) == (4, 12)
    assert SPEC.text_board is not None
    assert "P1: 4 of 12 VP scored (needs 8)" in SPEC.text_board(view)
