"""The Cops' bot chooses each CHASE replacement's edge and token (digest 1.2: "an equal-value
replacement enters from any edge on the next cop turn with one token of rank ≤ cops lost. Rank 1
= Nitro or Gunner; rank 2 = Shotgun or Spikes; rank 3 = Veteran or Ambush")."""

from __future__ import annotations

from games.engine import LoadedDice, Rng
from games.roadwolf import SPEC
from games.roadwolf.missions.chase_bot import entry_token
from games.roadwolf.model import MissionState, RwState, SimpleAction, Vehicle
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


def test_a_street_replacement_enters_on_the_road_at_the_end_ahead_of_the_runner() -> None:
    """ "a replacement vehicle of equal value may enter the board from any board edge": a
    Street cop comes in on the road at the END edge, ahead of the Runner (not across the
    verge from a side edge, nor behind it), with the rank 1 default Gunner."""
    cop = _bot_enters(_replaced(10, "muscle_car"))
    assert cop.y + cop.h == 48 and cop.x >= 9 and cop.x + cop.w <= 15
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
