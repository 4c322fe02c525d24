"""The BREAKOUT and TWO-WHEEL TERROR bot hints (`missions/breakout_bot.py`,
`missions/twowheel_bot.py`): each side plays for its own goal (digest 1.2)."""

from __future__ import annotations

from games.engine import Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.model import MoveAction, RwState, ShootAction, Turn
from games.roadwolf.preview import preview
from tests.games.roadwolf.helpers import P1, P2, Car, position

CIVILIAN = {"neutral": True, "traits": ("civilian",)}


def _bot(state: RwState, player: int) -> object:
    assert SPEC.policy is not None
    return SPEC.policy(state, player, Rng(0))


def _built(mission: str) -> RwState:
    seated = (Player(id=1, name="A"), Player(id=2, name="B"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": mission}), Rng(2))
    while state.phase == "build":
        actor = min(SPEC.active_players(state))
        assert SPEC.policy is not None
        state = SPEC.apply(state, actor, SPEC.policy(state, actor, Rng(0)), Rng(0)).state
    return state


def test_the_convoy_takes_bikes_beside_the_rig_and_no_nitro_on_it() -> None:
    """ "The Convoy must take a Big Rig (size 5, closed, heavy) in addition to any other
    vehicles, up to a total of 10 points"; a Heavy "may not use Nitro" (rule 16): the bot
    spends the other 5 on Street Bikes with Gunners and wastes no token on a Nitro for the Rig."""
    state = _built("BREAKOUT")
    convoy = [v for v in state.vehicles if v.origin == 0]
    assert sorted(v.kind for v in convoy) == ["big_rig"] + ["street_bike"] * 5
    rig = state.vehicle("A")
    assert not [t for t in rig.gear if t.kind == "nitro"]
    assert len(rig.crew) == 5  # full: a capture needs every crew member killed
    assert all(any(t.kind == "gunner" for t in v.crew) for v in convoy if v.letter != "A")


def test_the_rig_drives_a_full_stick_up_an_open_road() -> None:
    """ "The Convoy wins if they can get the Big Rig off the end of the road": on an open road
    the Rig's bot drives straight on, 1 stick."""
    state = position(
        [Car("A", "big_rig", 11, 4), Car("N", "convertible", 2, 40, side=1)], mission="BREAKOUT"
    )
    action = _bot(state, P1)
    assert isinstance(action, MoveAction) and (action.dx, action.dy) == (0, 4)


def test_the_rig_fires_its_free_gunner_shot_on_the_way() -> None:
    """GUNNER: "One free SHOOT action per turn": the Rig fires it at an attacker in range
    before it drives."""
    cars = [
        Car("A", "big_rig", 11, 4, tokens=("gunner",)),
        Car("N", "convertible", 14, 8, side=1),
    ]
    action = _bot(position(cars, mission="BREAKOUT"), P1)
    assert isinstance(action, ShootAction) and action.gunner and action.target == "N"


def test_the_rig_rams_a_small_attacker_blocking_its_lane() -> None:
    """Rule 36: the rammer rolls its size in dice: a Big Rig's 5 against a Coupe's 2 is worth
    a ram when the lanes either side are blocked too."""
    cars = [
        Car("A", "big_rig", 11, 4),
        Car("N", "coupe", 11, 11, side=1),
        Car("O", "convertible", 8, 8, side=1),
        Car("P", "convertible", 14, 8, side=1),
    ]
    state = position(cars, mission="BREAKOUT")
    action = _bot(state, P1)
    assert isinstance(action, MoveAction) and action.dy > 0
    assert preview(state, "A", action.kind, action.dx, action.dy).ram == "N"


def test_an_escort_moves_up_beside_the_rig() -> None:
    """The escorts screen the Rig: an escort left behind drives up to a stick ahead of it."""
    cars = [
        Car("A", "big_rig", 11, 12),
        Car("B", "street_bike", 14, 2),
        Car("N", "convertible", 2, 44, side=1),
    ]
    state = position(cars, mission="BREAKOUT", turn=Turn(side=0, vehicle="B", actions_left=2))
    action = _bot(state, P1)
    assert isinstance(action, MoveAction) and action.vehicle == "B" and action.dy > 0


def test_an_enforcer_shoots_the_biker_not_the_civilian() -> None:
    """ "The Enforcers win if they can take out all the bikers": the bot fires at the biker in
    range, never at the civilian beside it (which would do the Bikers' work)."""
    cars = [
        Car("A", "dirt_bike", 12, 20),
        Car("M1", "coupe", 9, 20, changes=CIVILIAN),
        Car("N", "humvee", 10, 15, side=1, tokens=("gunner", "shotgun")),
    ]
    state = position(cars, mission="TWO-WHEEL TERROR", turn=Turn(side=1))
    action = _bot(state, P2)
    assert isinstance(action, ShootAction) and action.target == "A"


def test_an_enforcer_never_shoots_a_lone_civilian() -> None:
    """With only a civilian in range the Enforcer does not fire (it hunts the bikers)."""
    cars = [
        Car("A", "dirt_bike", 12, 40),
        Car("M1", "coupe", 9, 20, changes=CIVILIAN),
        Car("N", "humvee", 10, 15, side=1, tokens=("gunner", "shotgun")),
    ]
    state = position(cars, mission="TWO-WHEEL TERROR", turn=Turn(side=1))
    action = _bot(state, P2)
    assert not isinstance(action, ShootAction)
    assert isinstance(action, MoveAction) and action.dy > 0


def test_an_enforcer_rams_a_biker_in_reach() -> None:
    """A bike has 1 hit (rule 15) and rolls 1 die against a Humvee's 3 (rule 36): the Enforcer
    rams it."""
    cars = [
        Car("A", "dirt_bike", 11, 20),
        Car("N", "humvee", 11, 15, side=1),
    ]
    state = position(cars, mission="TWO-WHEEL TERROR", turn=Turn(side=1))
    action = _bot(state, P2)
    assert isinstance(action, MoveAction)
    assert preview(state, "N", action.kind, action.dx, action.dy).ram == "A"


def test_the_enforcers_buy_dirt_cars() -> None:
    """ "Enforcers start on any board edge": the bot lines the side edges, on the verge, so it
    buys Dirt cars (Humvees), which cross it without wipeout checks."""
    state = _built("TWO-WHEEL TERROR")
    assert {v.kind for v in state.vehicles if v.origin == 1} == {"humvee"}
