"""The Cops' bot chooses each CHASE replacement's edge and token (digest 1.2: "an equal-value
replacement enters from any edge on the next cop turn with one token of rank ≤ cops lost. Rank 1
= Nitro or Gunner; rank 2 = Shotgun or Spikes; rank 3 = Veteran or Ambush")."""

from __future__ import annotations

from games.engine import LoadedDice, Rng
from games.roadwolf import SPEC
from games.roadwolf.missions.chase_bot import entry_token
from games.roadwolf.model import MissionState, MoveAction, RwState, SimpleAction, Turn, Vehicle
from games.roadwolf.preview import preview
from games.roadwolf.rules import apply
from tests.games.roadwolf.helpers import P1, P2, Car, position


def _replaced(runner_y: float, lost: str, *, before: int = 0, runner_x: float = 11) -> RwState:
    """The Runners' turn ends with one cop `lost` down (the `before`+1-th cop loss): the Cops'
    turn starts and a replacement enters."""
    cars = [
        Car("A", "coupe", runner_x, runner_y),
        Car("N", lost, 0, 2, side=1, changes={"wreck": True}),
    ]
    state = position(cars, mission="CHASE")
    state = state.model_copy(update={"mission": MissionState().with_count("cops_lost", before)})
    return apply(state, P1, SimpleAction(kind="done", vehicle="A"), LoadedDice([])).state


def _bot_enters(state: RwState) -> Vehicle:
    """Play the Cops' bot while it chooses (place / token); return the replacement."""
    for step in range(6):
        assert SPEC.policy is not None
        action = SPEC.policy(state, P2, Rng(step))
        if action.kind not in ("place", "token"):
            break
        state = apply(state, P2, action, LoadedDice([])).state
    (letter,) = state.mission.letters("fresh")
    return state.vehicle(letter)


def _token(vehicle: Vehicle) -> list[str]:
    return [t.kind for t in (*vehicle.crew, *vehicle.gear) if not t.free]


def test_a_street_replacement_enters_by_the_road_at_the_end_ahead_of_the_runner() -> None:
    """ "a replacement vehicle of equal value may enter the board from any board edge": a
    Street cop comes in at the END edge by the road, ahead of the Runner (not across the
    verge from a side edge, nor behind it), beside the card columns where the ROAD TURN's new
    card sweeps, with the rank 1 default Gunner."""
    cop = _bot_enters(_replaced(10, "muscle_car"))
    assert cop.y + cop.h == 48
    assert cop.x + cop.w > 9 and cop.x <= 14  # on the road (columns 9-14), at least in part
    assert cop.x + cop.w <= 10 or cop.x >= 14  # not in the card columns 10-13
    assert _token(cop) == ["gunner"]


def test_a_dirt_replacement_enters_from_the_side_just_ahead_of_the_runner() -> None:
    """A Dirt cop crosses the verge freely: it enters on the side edge nearer the Runner, a
    little ahead of it ("from any board edge")."""
    cop = _bot_enters(_replaced(10, "buggy", runner_x=13))
    assert cop.x + cop.w == 24  # the right edge, the Runner's side of the road
    assert 13 <= cop.y <= 24  # the Runner's front is row 13: ahead, within 3 sticks


def test_the_second_loss_takes_spikes_when_entering_ahead() -> None:
    """ "RANK 2: Shotgun, Spikes" and Spikes "Attack an enemy up to 1 stick behind you": a
    replacement entering ahead of the Runner takes Spikes."""
    cop = _bot_enters(_replaced(20, "coupe", before=1))
    assert cop.y > 23 and _token(cop) == ["spikes"]


def test_the_third_loss_takes_an_ambush_at_the_end_edge_near_the_runner() -> None:
    """ "RANK 3: Veteran, Ambush"; Ambush is "made from the end of the board" with range 2
    sticks: a replacement entering at the END edge with the Runner in range takes it."""
    cop = _bot_enters(_replaced(36, "coupe", before=2))
    assert cop.y + cop.h == 48 and _token(cop) == ["ambush"]


def test_the_third_loss_takes_a_veteran_when_the_runner_is_far() -> None:
    """ "RANK 3: Veteran, Ambush": out of Ambush range the Veteran's rerolls serve better."""
    cop = _bot_enters(_replaced(8, "coupe", before=2))
    assert _token(cop) == ["veteran"]
    assert [t.kind for t in cop.crew] == ["veteran"]  # rule 19: it replaces the Driver


def test_a_dirt_cop_behind_the_runner_takes_nitro() -> None:
    """ "RANK 1: Nitro, Gunner": a Dirt cop (no Street Nitro of its own) entering behind the
    leading Runner takes the Nitro to catch up; a Street cop keeps the Gunner."""
    state = _replaced(30, "buggy")
    (letter,) = state.mission.letters("fresh")
    buggy = state.vehicle(letter)
    assert entry_token(state, buggy, (0, 10), 1) == "nitro"
    assert entry_token(state, buggy, (0, 40), 1) == "gunner"


def test_the_bot_stops_choosing_once_set() -> None:
    """The choice is stable: once placed and equipped the bot drives (no endless re-choosing)."""
    state = _replaced(10, "muscle_car", before=1)
    kinds = []
    for step in range(6):
        assert SPEC.policy is not None
        action = SPEC.policy(state, P2, Rng(step))
        kinds.append(action.kind)
        if action.kind not in ("place", "token"):
            break
        state = apply(state, P2, action, LoadedDice([])).state
    assert kinds[-1] not in ("place", "token") and len(kinds) <= 3


def test_a_cop_never_drives_over_the_bridge_out() -> None:
    """ "Cops are automatically destroyed if they go over the bridge": the Runner is beyond a
    BRIDGE card, and the cop's bot goes no way that crosses it."""
    cars = [Car("A", "coupe", 11, 24), Car("N", "muscle_car", 11, 8, side=1)]
    state = position(cars, mission="CHASE", cards=[("bridge", 12)], turn=Turn(side=1))
    assert SPEC.policy is not None
    action = SPEC.policy(state, P2, Rng(0))
    if isinstance(action, MoveAction):
        look = preview(state, "N", action.kind, action.dx, action.dy)
        assert "bridge" not in look.cards


def test_a_cop_keeps_out_of_the_new_cards_sweep() -> None:
    """1.4-B: each ROAD TURN's new card enters at the END edge and moves 2 sticks toward the
    START: a cop entering at the END keeps out of the card columns there."""
    cop = _bot_enters(_replaced(30, "muscle_car"))
    assert cop.x + cop.w <= 10 or cop.x >= 14
