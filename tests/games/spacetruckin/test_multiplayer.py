"""Multiplayer endings: 20 VP settled at the location's sync point, most VP after G."""

from __future__ import annotations

import pytest

from games.engine import Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import Accept, Pip, Sheet, SpaceTruckinState
from games.spacetruckin.sheet import system_of_cell
from tests.games.spacetruckin.helpers import built_sheet, delivery_state, mid_location

P1, P2 = 100, 101
G = 6
EVENT_CHART = ("Event",) * 7  # first reward: 1 VP


def trucker(player: int, vp: int, **where: object) -> Sheet:
    sheet = built_sheet(player, "Mauler", "Grizzled").model_copy(update={"vp": vp})
    return mid_location(sheet, **where)  # type: ignore[arg-type]


def jump(state: SpaceTruckinState, player: int) -> SpaceTruckinState:
    action = SPEC.legal_actions(state, player)[0]
    assert action.kind == "jump"
    return SPEC.apply(state, player, action, Rng(1)).state


def loaded(sheet: Sheet, loads: int) -> Sheet:
    """Dot `loads` of the sheet's open cargo pips."""
    cargo = [p.cell for p in sheet.pips if system_of_cell(sheet, p.cell) == "Cargo"]
    assert len(cargo) >= loads
    pips = tuple(
        Pip(cell=p.cell, state="cargo") if p.cell in cargo[:loads] else p for p in sheet.pips
    )
    return sheet.model_copy(update={"pips": pips})


@pytest.mark.parametrize("order", [(P1, P2), (P2, P1)])
def test_truckers_reaching_20_at_one_location_share_the_win(order: tuple[int, int]) -> None:
    """Docs: several truckers reaching 20 VP at the same sync point share the win, whoever
    taps first (rulebook: "all players ... advance at the same time from location to location")."""
    state = delivery_state(
        tuple(trucker(p, 18, stage="jump", tasks=("jump",)) for p in (P1, P2)), location=2
    )
    first, second = order
    state = jump(state, first)
    assert SPEC.outcome(state) is None, "the first tap does not end the game"
    assert SPEC.active_players(state) == frozenset({second})
    state = jump(state, second)
    outcome = SPEC.outcome(state)
    assert outcome is not None and set(outcome.winners) == {P1, P2}
    assert "20 VP" in outcome.reason


def test_only_truckers_at_20_at_the_sync_point_win() -> None:
    """A trucker short of 20 when the location ends does not share the win, nor move on."""
    state = delivery_state(
        (
            trucker(P1, 18, stage="jump", tasks=("jump",)),
            trucker(P2, 17, stage="jump", tasks=("jump",)),
        ),
        location=2,
    )
    state = jump(jump(state, P1), P2)
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == (P1,)
    assert state.location == 2 and state.sheets[1].vp == 19


def test_a_trucker_at_20_beats_one_eliminated_at_the_same_location() -> None:
    """Reaching 20 is settled at the sync point even if the other truck is lost meanwhile."""
    crashing = trucker(
        P2, 5, stage="tweak", tasks=("tweak", "jump"), boxes=(1, 1, 1, 1, 1, 1, 1, 1)
    )
    state = delivery_state(
        (
            trucker(P1, 18, stage="jump", tasks=("jump",)),
            crashing.model_copy(update={"bridge_damage": 1}),
        ),
        location=2,
    )
    state = jump(state, P1)
    state = SPEC.apply(state, P2, Accept(), Rng(0)).state  # result 0: the second Bridge hit
    outcome = SPEC.outcome(state)
    assert state.sheets[1].status == "lost"
    assert outcome is not None and outcome.winners == (P1,) and "20 VP" in outcome.reason


def test_most_vp_after_g_wins() -> None:
    """Rulebook: "The player with the most VP after location G wins" (nobody reached 20)."""
    at_g = {"stage": "tweak", "tasks": ("tweak",), "boxes": (1, 1, 6, 1, 1, 1, 5, 4)}  # 7
    state = delivery_state(
        (
            loaded(trucker(P1, 10, **at_g), 2),  # +1 (Event) +4 (2 cargo) = 15
            loaded(trucker(P2, 8, **at_g), 3),  # +1 (Event) +8 (3 cargo) = 17
        ),
        location=G,
        chart=EVENT_CHART,
    )
    state = SPEC.apply(state, P1, Accept(), Rng(0)).state
    assert SPEC.outcome(state) is None
    state = SPEC.apply(state, P2, Accept(), Rng(0)).state
    assert [s.vp for s in state.sheets] == [15, 17]
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == (P2,)
    assert outcome.ranking == (P2, P1) and outcome.reason == "most VP after G (17)"
