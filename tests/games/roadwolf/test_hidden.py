"""No hidden token reaches the public or the other side before it is used (rule 17)."""

from __future__ import annotations

import random

from games.engine import Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.data import MISSION_NAMES
from games.roadwolf.model import RwState


def _states(mission: str, seed: int) -> list[RwState]:
    rnd = random.Random(seed)
    seated = tuple(Player(id=40 + i, name=f"P{i}") for i in range(2))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": mission}), Rng.for_step(seed, 0))
    states = [state]
    for step in range(1, 400):
        if SPEC.outcome(state) is not None:
            break
        actor = rnd.choice(sorted(SPEC.active_players(state)))
        assert SPEC.policy is not None
        action = SPEC.policy(state, actor, Rng(step))
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
        states.append(state)
    return states


def test_unused_tokens_are_hidden_from_the_public_and_the_other_side() -> None:
    """Every token a view names is revealed, or the free Driver, or the viewer's own side's."""
    for mission in MISSION_NAMES:
        for seed in range(3):
            for state in _states(mission, seed):
                hidden = {
                    t.id
                    for v in state.vehicles
                    for t in (*v.crew, *v.gear)
                    if not t.revealed and not (t.free and t.kind == "driver")
                }
                for viewer in (None, 40, 41):
                    view = SPEC.view(state, viewer)
                    side = state.side_of(viewer) if viewer is not None else None
                    for vehicle in view.vehicles:
                        if side is not None and vehicle.side == side:
                            continue
                        named = {t.id for t in vehicle.tokens if t.kind is not None}
                        assert not named & hidden, (mission, seed, viewer, vehicle.letter)
                    text = SPEC.text_board(view) if SPEC.text_board else ""
                    assert (
                        "veteran" not in text
                        or any(
                            t.kind == "veteran" and t.revealed
                            for v in state.vehicles
                            for t in v.crew
                        )
                        or side is not None
                    )


def test_counts_are_public() -> None:
    """Rule 17 / the brief: "hidden from the other side until used: private, counts public"."""
    state = _states("INTERCEPTOR", 1)[-1]
    public = SPEC.view(state, None)
    for vehicle, shown in zip(state.vehicles, public.vehicles, strict=True):
        assert shown.crew_count == len(vehicle.crew)
        assert shown.gear_count == len(vehicle.gear)
