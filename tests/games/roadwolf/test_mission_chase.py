"""CHASE (digest 1.2): no cop tokens, BRIDGE OUT, escalation, the 3× condition."""

from __future__ import annotations

from games.engine import LoadedDice, Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.legal import legal_for_side
from games.roadwolf.missions import judge
from games.roadwolf.model import MissionState, MoveAction, SimpleAction, Turn
from games.roadwolf.rules import apply
from tests.games.roadwolf.helpers import P1, P2, Car, position


def test_cops_have_no_tokens() -> None:
    """ "Cops start with NO crew or equipment tokens except those that come with the vehicle
    (IE, driver, Nitro)"."""
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "CHASE"}), Rng(1))
    state = apply(
        state,
        2,
        SPEC.action_adapter.validate_python({"kind": "buy", "vehicle_class": "muscle_car"}),
        Rng(0),
    ).state
    assert state.sides[1].tokens_allowed == 0
    assert not [a for a in legal_for_side(state, 1) if a.kind == "token"]
    cop = next(v for v in state.vehicles if v.origin == 1)
    assert [t.kind for t in (*cop.crew, *cop.gear)] == ["driver", "nitro"]


def test_runners_jump_the_bridge_out() -> None:
    """ "Any BRIDGE road cards are BRIDGE OUT- runners automatically jump the bridge": no
    wipeout check for going around it (no dice are rolled)."""
    cars = [Car("A", "coupe", 9, 14)]  # columns 9–10: around the card (10–13)
    state = position(cars, mission="CHASE", cards=[("bridge", 20)])
    step = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), LoadedDice([]))
    assert "jumps the BRIDGE OUT" in " ".join(getattr(e, "text", "") for e in step.events)
    assert step.state.vehicle("A").on_board and not step.state.vehicle("A").wreck


def test_a_cop_over_the_bridge_out_is_destroyed() -> None:
    """ "Cops are automatically destroyed if they go over the bridge"."""
    cars = [Car("A", "coupe", 11, 40), Car("N", "coupe", 11, 14, side=1)]
    state = position(cars, mission="CHASE", cards=[("bridge", 20)], turn=Turn(side=1))
    step = apply(state, P2, MoveAction(vehicle="N", dx=0, dy=4), LoadedDice([]))
    assert step.state.vehicle("N").wreck


def test_a_lost_cop_is_replaced_on_the_next_cop_turn_with_a_rank_token() -> None:
    """ "Each time a cop vehicle gets destroyed or immobilized, on the next cop turn, a
    replacement vehicle of equal value may enter the board from any board edge, and may take
    ONE crew or equipment token ... any rank equal to or less than the number of cop vehicles
    that player has lost. RANK 1: Nitro, Gunner RANK 2: Shotgun, Spikes"."""
    cars = [
        Car("A", "coupe", 11, 10),
        Car("N", "muscle_car", 11, 30, side=1, changes={"wreck": True}),
        Car("O", "coupe", 0, 30, side=1, changes={"immobilized": True}),
    ]
    state = position(cars, mission="CHASE")
    step = apply(state, P1, SimpleAction(kind="done", vehicle="A"), LoadedDice([]))
    new = [v for v in step.state.vehicles if v.letter not in ("A", "N", "O")]
    assert sorted(v.kind for v in new) == ["coupe", "muscle_car"]
    tokens = sorted(t.kind for v in new for t in (*v.crew, *v.gear) if not t.free)
    assert tokens == ["gunner", "shotgun"]  # the first loss rank 1, the second rank 2
    assert all(v.placed and (v.x == 0 or v.x + v.w == 24 or v.y + v.h == 48) for v in new)
    assert step.state.mission.count("cops_lost") == 2
    assert step.state.mission.count("points_lost") == 5


def test_the_runners_need_three_times_the_cop_points_down() -> None:
    """ "The Cops win if they can stop all the Runners from exiting off the BACK end of the
    road. If any Runners escape, they win if 3 or more times the starting points worth of cop
    vehicles are immobilized or destroyed. Any other result is a draw"."""
    escaped = [
        Car("A", "coupe", 11, 44, changes={"exited": "end"}),
        Car("N", "coupe", 0, 9, side=1),
    ]
    state = position(escaped, mission="CHASE")  # the Cops have 6 points
    verdict = judge(state)
    assert verdict.over and verdict.winner is None
    state = state.model_copy(update={"mission": MissionState().with_count("points_lost", 18)})
    verdict = judge(state)
    assert verdict.over and verdict.winner == 0
    stopped = [Car("A", "coupe", 11, 4, changes={"wreck": True}), Car("N", "coupe", 0, 9, side=1)]
    verdict = judge(position(stopped, mission="CHASE"))
    assert verdict.over and verdict.winner == 1
