"""States saved under rules version 1 load and play on under the current rules."""

from __future__ import annotations

import random
from pathlib import Path

from games.engine import Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import SpaceTruckinState
from tests.games.spacetruckin.helpers import delivery_state
from tests.games.spacetruckin.test_multiplayer import P1, P2, jump, trucker
from tests.games.spacetruckin.test_playouts import _prudent

# Written by rules version 1 (commit 3f296b7): two truckers at location B, both about to fill
# their challenge boxes; P1 (Grizzled) has lost a Weapons system and has 7 VP.
V1_STATE = (Path(__file__).parent / "v1_state_location_b.json").read_text()


def test_rules_version_2_names_its_changes() -> None:
    """Tables started under version 1 are told what changed."""
    assert SPEC.rules_version == 2
    assert "20 VP" in SPEC.changelog[2] and "Cartographer" in SPEC.changelog[2]


def test_a_version_1_state_loads_unchanged() -> None:
    """The saved JSON loads with `load_state` and dumps back to the same data."""
    state = SPEC.load_state(V1_STATE)
    assert state.phase == "delivery" and state.location == 1
    assert SPEC.active_players(state) == frozenset({P1, P2})
    assert SPEC.load_state(SPEC.dump_state(state)) == state


def test_a_version_1_state_plays_on_to_an_outcome() -> None:
    """Careful play from the saved position reaches an outcome under the new rules."""
    for seed in range(5):
        state: SpaceTruckinState = SPEC.load_state(V1_STATE)
        rnd = random.Random(seed)
        for step in range(400):
            if SPEC.outcome(state) is not None:
                break
            actor = rnd.choice(sorted(SPEC.active_players(state)))
            pool = _prudent(state, actor, list(SPEC.legal_actions(state, actor)))
            state = SPEC.apply(state, actor, rnd.choice(pool), Rng.for_step(seed, step)).state
        assert SPEC.outcome(state) is not None, f"seed {seed}: no outcome"


def test_a_version_1_win_waiting_for_the_sync_point_ends_at_the_next_move() -> None:
    """Version 1 held a trucker at 20 until the location ended; the next move ends the game,
    shared with a trucker that move brings to 20, as version 1 promised."""
    waiting = trucker(P1, 20, stage="ready", tasks=()).model_copy(update={"status": "won"})
    state = delivery_state((waiting, trucker(P2, 18, stage="jump", tasks=("jump",))))
    state = SPEC.load_state(SPEC.dump_state(state))
    assert SPEC.outcome(state) is None and SPEC.active_players(state) == frozenset({P2})
    state = jump(state, P2)
    outcome = SPEC.outcome(state)
    assert outcome is not None and set(outcome.winners) == {P1, P2}
