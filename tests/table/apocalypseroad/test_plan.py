"""The pending move's plans (`table/apocalypseroad/plan.py`): what the hand offers is what the
rules accept."""

from __future__ import annotations

import random

from games.apocalypseroad import SPEC
from games.apocalypseroad.model import Move
from games.engine import Player as Seat
from games.engine import Rng
from table.apocalypseroad.plan import draft, results


def test_every_offered_result_and_built_move_is_accepted() -> None:
    """The move message offers the rules' distinct results: each is a Move the engine accepts
    and ends every moved car where the button says; a draft built from the offered next steps
    is accepted once it says it is complete."""
    rnd = random.Random(12)
    seats = [Seat(id=100 + i, name=f"P{i}") for i in range(4)]
    state = SPEC.setup(seats, SPEC.parse_options(None), Rng(12))
    checked = 0
    for step in range(400):
        if SPEC.outcome(state) is not None or checked >= 12:
            break
        actor = sorted(SPEC.active_players(state))[0]
        act = state.activation
        # a move is pending (not while everyone answers Dangerous Debris in its middle)
        if state.phase == "action" and act is not None and act.stage == "move":
            found, _ = results(state)
            quiet = "event" not in state.activation.then  # no event card after the move
            for result in found:
                after = SPEC.apply(state, actor, Move(path=result.path), Rng(step)).state
                if quiet and result.stop is None and not result.crossings:
                    where = {c.id: c.pos for c in after.cars}
                    assert all(where[car] == pos for car, pos in result.moved), result
            plan = draft(state, "")
            while not plan.ready:
                plan = draft(state, " ".join((*plan.tokens, rnd.choice(plan.options))))
            SPEC.apply(state, actor, Move(path=" ".join(plan.tokens)), Rng(step))
            checked += 1
        action = SPEC.policy(state, actor, Rng(step + 1000))  # type: ignore[misc]
        state = SPEC.apply(state, actor, action, Rng(step)).state
    assert checked >= 5
