"""Hidden tokens with three and four sides (rule 17: "hidden from the other side until used"):
no seat's view, the public view or the text board names another side's unused token, and a
seat's private part lists its own side's vehicles only; and a game through GAUNTLET's Skull
choices replays bit for bit from its seed and actions (what `table/verify.py` relies on)."""

from __future__ import annotations

import random

import pytest

from games.engine import Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.model import Action, DecideAction, RwState


def _game(mission: str, seats: int, seed: int) -> tuple[list[RwState], list[tuple[int, Action]]]:
    rnd = random.Random(seed)
    seated = tuple(Player(id=80 + i, name=f"P{i}") for i in range(seats))
    options = SPEC.parse_options({"mission": mission})
    state = SPEC.setup(seated, options, Rng.for_step(seed, 0))
    states, log = [state], []
    assert SPEC.policy is not None
    for step in range(1, 400):
        if SPEC.outcome(state) is not None:
            break
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        action = SPEC.policy(state, actor, Rng(step))
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
        states.append(state)
        log.append((actor, action))
    return states, log


def _hidden(state: RwState) -> dict[int, int]:
    """Unused tokens (not the free Driver) by id: the side whose vehicle holds them."""
    return {
        t.id: v.side
        for v in state.vehicles
        for t in (*v.crew, *v.gear)
        if not t.revealed and not (t.free and t.kind == "driver")
    }


@pytest.mark.parametrize(
    ("mission", "seats"), [("GAUNTLET", 3), ("GAUNTLET", 4), ("DERAILED", 3), ("DERAILED", 4)]
)
def test_no_side_sees_another_sides_unused_tokens(mission: str, seats: int) -> None:
    """Every token a view names is used, the free Driver, or on a vehicle of the viewer's side
    that the side drives; the private part lists only the viewer's side's vehicles."""
    for state in _game(mission, seats, 5)[0]:
        hidden = _hidden(state)
        mine_by_side = {
            k: {v.letter for v in state.vehicles if v.side == k and v.on_board and not v.neutral}
            for k in range(len(state.sides))
        }
        for viewer in (None, *(80 + i for i in range(seats))):
            view = SPEC.view(state, viewer)
            side = state.side_of(viewer) if viewer is not None else None
            for vehicle in view.vehicles:
                if side is not None and vehicle.side == side and not vehicle.neutral:
                    continue
                named = {t.id for t in vehicle.tokens if t.kind is not None}
                assert not named & set(hidden), (mission, state.round, viewer, vehicle.letter)
            if side is not None:
                assert view.private is not None and view.private.side == side
                assert {letter for letter, _ in view.private.tokens} == mine_by_side[side]


def test_a_three_side_gauntlet_replays_bit_for_bit_through_skull_choices() -> None:
    """Line 213: "you may choose after drawing it": the choice is an action in the log; replaying
    the log from the seed gives the same position at every step (tokens drawn afterwards come
    from the step's own dice)."""
    seed = next(
        s
        for s in range(20)
        if any(isinstance(a, DecideAction) for _, a in _game("GAUNTLET", 3, s)[1])
    )
    states, log = _game("GAUNTLET", 3, seed)
    seated = tuple(Player(id=80 + i, name=f"P{i}") for i in range(3))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "GAUNTLET"}), Rng.for_step(seed, 0))
    for step, (actor, action) in enumerate(log, start=1):
        again = SPEC.action_adapter.validate_json(SPEC.action_adapter.dump_json(action))
        state = RwState.model_validate_json(state.model_dump_json())
        state = SPEC.apply(state, actor, again, Rng.for_step(seed, step)).state
        assert state == states[step], step
