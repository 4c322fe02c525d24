"""CHASE (digest 1.2): no cop tokens, BRIDGE OUT, escalation, the 3× condition."""

from __future__ import annotations

import pytest

from games.engine import GameError, IllegalAction, LoadedDice, Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.legal import legal_for_side
from games.roadwolf.missions import judge
from games.roadwolf.model import (
    MissionState,
    MoveAction,
    PlaceAction,
    RwState,
    SimpleAction,
    TokenAction,
    Turn,
)
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
    after, letters = _two_down()
    new = [after.vehicle(letter) for letter in letters]
    assert sorted(v.kind for v in new) == ["coupe", "muscle_car"]
    tokens = sorted(t.kind for v in new for t in (*v.crew, *v.gear) if not t.free)
    assert tokens == ["shotgun", "shotgun"]  # two cops lost: both enter at rank 2
    assert all(v.placed and (v.x == 0 or v.x + v.w == 24 or v.y + v.h == 48) for v in new)
    assert after.mission.count("cops_lost") == 2
    assert after.mission.count("points_lost") == 5


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


def _two_down() -> tuple[RwState, list[str]]:
    cars = [
        Car("A", "coupe", 11, 10),
        Car("N", "muscle_car", 11, 30, side=1, changes={"wreck": True}),
        Car("O", "coupe", 0, 30, side=1, changes={"immobilized": True}),
    ]
    state = position(cars, mission="CHASE")
    step = apply(state, P1, SimpleAction(kind="done", vehicle="A"), LoadedDice([]))
    new = sorted(v.letter for v in step.state.vehicles if v.letter not in ("A", "N", "O"))
    return step.state, new


def test_the_cops_choose_the_replacement_token_of_rank_up_to_cops_lost() -> None:
    """ "may take ONE crew or equipment token from the list below. They may take any rank equal
    to or less than the number of cop vehicles that player has lost. RANK 1: Nitro, Gunner
    RANK 2: Shotgun, Spikes RANK 3: Veteran, Ambush"."""
    state, (first, second) = _two_down()
    offered = {(a.vehicle, a.token) for a in legal_for_side(state, 1) if isinstance(a, TokenAction)}
    rank_two = {"nitro", "gunner", "shotgun", "spikes"}  # two cops lost so far
    assert {t for v, t in offered if v == first} == rank_two
    assert {t for v, t in offered if v == second} == rank_two
    with pytest.raises(IllegalAction, match="may take one of: nitro, gunner, shotgun, spikes"):
        apply(state, P2, TokenAction(vehicle=first, token="veteran"), LoadedDice([]))
    step = apply(state, P2, TokenAction(vehicle=second, token="spikes"), LoadedDice([]))
    car = step.state.vehicle(second)
    kinds = sorted(t.kind for t in (*car.crew, *car.gear) if not t.free)
    assert kinds == ["spikes"]  # the one token, instead of the default Shotgun
    assert [t.kind for t in car.crew] == ["driver"]
    assert "spikes" not in " ".join(str(e) for e in step.events)  # hidden from the Runners
    # Only one token: choosing again replaces it
    again = apply(step.state, P2, TokenAction(vehicle=second, token="gunner"), LoadedDice([]))
    car = again.state.vehicle(second)
    assert sorted(t.kind for t in (*car.crew, *car.gear) if not t.free) == ["gunner"]


def test_the_cops_choose_the_replacement_edge_before_it_acts() -> None:
    """ "a replacement vehicle of equal value may enter the board from any board edge"."""
    state, (first, _) = _two_down()
    with pytest.raises(IllegalAction, match="cannot enter at 10,20"):
        apply(state, P2, PlaceAction(vehicle=first, x=10, y=20), LoadedDice([]))
    step = apply(state, P2, PlaceAction(vehicle=first, x=0, y=2), LoadedDice([]))
    car = step.state.vehicle(first)
    assert (car.x, car.y) == (0, 2)
    done = apply(step.state, P2, SimpleAction(kind="done", vehicle=first), LoadedDice([]))
    if done.state.turn is not None and done.state.turn.side == 1:
        with pytest.raises(IllegalAction, match="has acted"):
            apply(done.state, P2, PlaceAction(vehicle=first, x=0, y=10), LoadedDice([]))


def test_the_runners_cannot_choose_for_a_replacement() -> None:
    state, (first, _) = _two_down()
    with pytest.raises(GameError):
        apply(state, P1, TokenAction(vehicle=first, token="nitro"), LoadedDice([]))


def test_once_every_cop_letter_is_used_no_more_cops_enter() -> None:
    """ "a replacement vehicle of equal value MAY enter" [R]: never more cops than letters to
    name them (108: N–Y, then N2…Y9). The loss still counts toward the Runners' 3x; the game
    goes on (it once stopped with an error, "no letters left")."""
    from games.roadwolf.build import side_letters

    taken = list(side_letters(1, 2))
    cars = [
        Car("A", "coupe", 11, 10),
        Car("N", "coupe", 0, 30, side=1, changes={"immobilized": True}),
        *(
            Car(letter, "street_bike", 0, 0, side=1, changes={"exited": "destroyed"})
            for letter in taken[1:]
        ),
    ]
    state = position(cars, mission="CHASE")
    step = apply(state, P1, SimpleAction(kind="done", vehicle="A"), LoadedDice([]))
    assert {v.letter for v in step.state.vehicles} == {"A", *taken}
    assert step.state.mission.count("cops_lost") == len(taken)  # N and every gone cop
    said = " ".join(getattr(e, "text", "") for e in step.events)
    assert "Cop N is down; no more cops can enter" in said
