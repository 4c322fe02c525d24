"""Multiplayer endings (rules text lines 562-566): the first to 20 VP wins at once;
eliminations are settled at the sync points; otherwise the most VP after G wins."""

from __future__ import annotations

import pytest

from games.engine import Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import Accept, Pip, Sheet, SpaceTruckinState, Stop
from games.spacetruckin.sheet import system_of_cell
from tests.games.spacetruckin.helpers import (
    built_sheet,
    delivery_state,
    mid_location,
    shipyard_state,
)

P1, P2 = 100, 101
G = 6
EVENT_CHART = ("Event",) * 7  # first reward: 1 VP
CRASH = {"stage": "tweak", "tasks": ("tweak", "jump"), "boxes": (1,) * 8}  # result 0


def trucker(player: int, vp: int, **where: object) -> Sheet:
    sheet = built_sheet(player, "Mauler", "Grizzled").model_copy(update={"vp": vp})
    return mid_location(sheet, **where)  # type: ignore[arg-type]


def crashing(player: int) -> Sheet:
    """A trucker one Bridge hit from the end, whose accepted result (0) is that hit."""
    return trucker(player, 5, **CRASH).model_copy(update={"bridge_damage": 1})


def jump(state: SpaceTruckinState, player: int) -> SpaceTruckinState:
    action = SPEC.legal_actions(state, player)[0]
    assert action.kind == "jump"
    return SPEC.apply(state, player, action, Rng(1)).state


def crash(state: SpaceTruckinState, player: int) -> SpaceTruckinState:
    state = SPEC.apply(state, player, Accept(), Rng(0)).state
    assert next(s for s in state.sheets if s.player == player).status == "lost"
    return state


def loaded(sheet: Sheet, loads: int) -> Sheet:
    """Dot `loads` of the sheet's open cargo pips."""
    cargo = [p.cell for p in sheet.pips if system_of_cell(sheet, p.cell) == "Cargo"]
    assert len(cargo) >= loads
    pips = tuple(
        Pip(cell=p.cell, state="cargo") if p.cell in cargo[:loads] else p for p in sheet.pips
    )
    return sheet.model_copy(update={"pips": pips})


# "THE FIRST PLAYER TO 20 VP WINS" -------------------------------------------------------------


def test_first_to_20_wins_at_once_while_others_are_mid_location() -> None:
    """Line 562 "THE FIRST PLAYER TO 20 VP WINS" (550: "YOU IMMEDIATELY WIN"): the game ends
    at the move that reaches 20, though the other trucker still owes this location."""
    state = delivery_state(
        (trucker(P1, 18, stage="jump", tasks=("jump",)), trucker(P2, 3, **CRASH)), location=2
    )
    state = jump(state, P1)
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == (P1,)
    assert outcome.reason == "first to 20 VP" and outcome.ranking == (P1, P2)
    assert SPEC.active_players(state) == frozenset() and state.phase == "over"


@pytest.mark.parametrize("order", [(P1, P2), (P2, P1)])
def test_of_two_truckers_able_to_reach_20_the_first_wins_alone(order: tuple[int, int]) -> None:
    """Line 562 "THE FIRST PLAYER TO 20 VP WINS": moves are applied one at a time, so the
    first jump to 20 wins and the second trucker never gets to make theirs."""
    state = delivery_state(
        tuple(trucker(p, 18, stage="jump", tasks=("jump",)) for p in (P1, P2)), location=2
    )
    first, second = order
    state = jump(state, first)
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == (first,)
    assert next(s for s in state.sheets if s.player == second).vp == 18


def test_reaching_20_wins_though_the_other_truck_was_lost_earlier_at_this_location() -> None:
    """Line 566's "last player still in" waits for the sync point; meanwhile line 562's
    first to 20 still wins at once."""
    state = delivery_state(
        (trucker(P1, 18, stage="jump", tasks=("jump",)), crashing(P2)), location=2
    )
    state = crash(state, P2)
    assert SPEC.outcome(state) is None, "P1 has not finished the location yet"
    state = jump(state, P1)
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == (P1,) and "20 VP" in outcome.reason


# "THE LAST PLAYER STILL IN THE GAME AFTER EVERYBODY ELSE HAS BEEN ELIMINATED" ---------------


def test_an_early_unserviceable_stop_does_not_hand_the_win_to_a_builder() -> None:
    """Line 566 "THE LAST PLAYER STILL IN THE GAME AFTER EVERYBODY ELSE HAS BEEN ELIMINATED
    WINS" is judged at the end of the shipyard: the other trucker must finish building."""
    empty = Sheet(player=P1, specialty_dice=(4, 4), specialty="Grizzled", truck="Mauler")
    state = shipyard_state((empty, built_sheet(P2, "Countess", "Grizzled")))
    state = SPEC.apply(state, P1, Stop(), Rng(0)).state
    assert state.sheets[0].status == "lost"
    assert SPEC.outcome(state) is None and SPEC.active_players(state) == frozenset({P2})
    state = SPEC.apply(state, P2, Stop(), Rng(0)).state  # a complete truck: 1 VP
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == (P2,)
    assert outcome.reason == "last trucker still in the game"


def test_truckers_all_out_at_one_sync_point_leave_no_winner() -> None:
    """Line 566: nobody is "the last player still in the game" when the last two are
    eliminated at the same sync point (here both unserviceable, P1 first)."""
    empty = Sheet(player=P1, specialty_dice=(4, 4), specialty="Grizzled", truck="Mauler")
    state = shipyard_state((empty, empty.model_copy(update={"player": P2})))
    state = SPEC.apply(state, P1, Stop(), Rng(0)).state
    assert SPEC.outcome(state) is None
    state = SPEC.apply(state, P2, Stop(), Rng(0)).state
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == ()
    assert outcome.reason == "every truck is lost"


def test_both_lost_at_one_location_leave_no_winner() -> None:
    """Line 566 at a location: the first crash does not make the other the winner; the
    second crash at the same location leaves nobody in."""
    state = delivery_state((crashing(P1), crashing(P2)), location=3)
    state = crash(state, P1)
    assert SPEC.outcome(state) is None
    state = crash(state, P2)
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == ()


def test_the_last_trucker_in_wins_once_the_location_is_done() -> None:
    """Line 566: once the survivor has finished the location where the other was lost, they
    are the last player still in the game and win before the next location."""
    state = delivery_state(
        (crashing(P1), trucker(P2, 4, stage="jump", tasks=("jump",))), location=3
    )
    state = crash(state, P1)
    assert SPEC.outcome(state) is None
    state = jump(state, P2)
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == (P2,)
    assert outcome.reason == "last trucker still in the game" and state.location == 3


# "THE PLAYER WITH THE MOST VP AFTER LOCATION G WINS" ---------------------------------------


def test_most_vp_after_g_wins() -> None:
    """Line 564 "THE PLAYER WITH THE MOST VP AFTER LOCATION G WINS" (nobody reached 20)."""
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
