"""DERAILED (digest 1.2, 1.3 [R] board; text lines 215–216), rule by rule."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine import DiceRolled, IllegalAction, Rng
from games.engine.rng import LoadedDice
from games.roadwolf import SPEC
from games.roadwolf import geometry as geo
from games.roadwolf.actions import MoveAction, TrainAction
from games.roadwolf.data import TOKEN_KINDS, TokenKind
from games.roadwolf.fight import is_target
from games.roadwolf.missions.derailed_crew import board_targets, search
from games.roadwolf.missions.derailed_train import (
    ENGINE,
    FRONT,
    REAR,
    drive_train,
    judge,
    new_cards,
    on_start,
    structure,
)
from games.roadwolf.model import Card, RwState, Turn
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx
from games.roadwolf.view import score_text
from tests.games.roadwolf.helpers import P1, Car, position, texts


class Bin(LoadedDice):
    def __init__(self, draws: Sequence[TokenKind], faces: Sequence[int] = ()) -> None:
        super().__init__(faces)
        self._draws = [TOKEN_KINDS.index(k) for k in draws]

    def randrange(self, n: int) -> int:
        return self._draws.pop(0)


def derailed(cars: Sequence[Car], **moves: tuple[float, float]) -> RwState:
    """A DERAILED position: these vehicles where given (not re-placed), the train set up by
    `on_start` and, for `moves`, a train car put at (x, y)."""
    state = position(cars, mission="DERAILED")
    ctx = Ctx(state, Rng(0))
    where = {v.letter: (v.x, v.y) for v in ctx.vehicles.values()}
    on_start(ctx)
    for letter, (x, y) in where.items():
        ctx.update(letter, x=x, y=y)
    for letter, (x, y) in moves.items():
        ctx.update(letter, x=x, y=y)
    return ctx.freeze()


def test_the_board_two_roads_and_the_track() -> None:
    """1.3 [R]: "the board is 24" wide: 5" verge, road, train strip, road, 5" verge"."""
    (l0, l1), (t0, t1), (r0, r1) = geo.LEFT_ROAD, geo.TRACK, geo.RIGHT_ROAD
    assert (l0, l1 - l0 + 1, t1 - t0 + 1, r1 - r0 + 1, geo.BOARD_WIDTH - 1 - r1) == (5, 6, 2, 6, 5)
    assert l1 + 1 == t0 and t1 + 1 == r0
    roads = (geo.LEFT_ROAD, geo.RIGHT_ROAD)
    assert geo.is_off_roads(geo.Rect(11, 10, 2, 3), roads)  # on the track: off-road
    assert not geo.is_off_roads(geo.Rect(9, 10, 2, 3), roads)
    assert [c + 2 for c in geo.DERAILED_CARD_COLUMNS] == [8, 16]  # centred on each road


def test_the_train_and_the_teams_at_the_start() -> None:
    """Line 215: "Place a train consisting of two Gondola cars and an Engine in front. The back
    of the train should be 1 stick ahead of the start of the road"; 1.3 [R] each car 2"×6";
    line 216: the Engine "starts with 2 neutral crew members"."""
    state = position([Car("A", "coupe", 0, 0), Car("N", "coupe", 0, 0, side=1)], mission="DERAILED")
    ctx = Ctx(state, Rng(0))
    on_start(ctx)
    cars = [ctx.v(x) for x in (REAR, FRONT, ENGINE)]
    assert [(c.x, c.y, c.w, c.h) for c in cars] == [(11, 4, 2, 6), (11, 10, 2, 6), (11, 16, 2, 6)]
    assert all(c.neutral and "train" in c.traits for c in cars)
    assert len(ctx.v(ENGINE).crew) == 2 and not ctx.v(FRONT).crew
    a, n = ctx.v("A"), ctx.v("N")
    assert geo.LEFT_ROAD[0] <= a.x and a.x + a.w <= geo.LEFT_ROAD[1] + 1 and a.y < 8
    assert geo.RIGHT_ROAD[0] <= n.x and n.x + n.w <= geo.RIGHT_ROAD[1] + 1 and n.y < 8


def test_cards_are_drawn_for_both_roads() -> None:
    """Line 216: "Draw road cards for BOTH roads"."""
    state = derailed([Car("A", "coupe", 5, 0)])
    ctx = Ctx(state, Rng(0))
    ctx.deck = ["slick", "debris"]
    new_cards(ctx)
    assert sorted(c.x for c in ctx.cards) == [6, 14]


def test_a_bridge_on_one_road_blocks_the_other() -> None:
    """Line 216: "if either one is a TUNNEL or BRIDGE result, the OTHER road is blocked off at
    that point as if it were offroad!" (Dirt vehicles make no off-road checks, rule 14)."""
    state = derailed(
        [
            Car("A", "coupe", 6, 20),
            Car("N", "coupe", 14, 20, side=1),
            Car("O", "rally_car", 16, 10, side=1),
        ]
    )
    bridge = Card(id=1, kind="bridge", x=6, y=20)
    ctx = Ctx(state, LoadedDice([6, 6, 1, 1]))
    assert structure(ctx, "N", bridge, "around", 0)
    assert "blocks the other road" in texts(ctx.events) and "Wipeout check for N" in texts(
        ctx.events
    )
    ctx = Ctx(state, LoadedDice([]))
    assert structure(ctx, "O", bridge, "around", 0) and not ctx.events  # Dirt: no check
    assert not structure(ctx, "A", bridge, "over", 0)  # its own road: the usual over/around


def test_crossing_the_tracks_is_a_wipeout_check() -> None:
    """Line 215: "Any vehicle that crosses the tracks at any time for any reason must make a
    WIPEOUT check"."""
    state = derailed([Car("A", "coupe", 9, 30), Car("N", "coupe", 14, 2, side=1)])
    step = apply(state, P1, MoveAction(vehicle="A", dx=4, dy=0), LoadedDice([6, 6, 1, 1]))
    assert "crosses the tracks" in texts(step.events)
    assert "Wipeout check for A" in texts(step.events)


def test_colliding_with_the_side_of_the_train_is_a_3_dice_ram_by_it() -> None:
    """Line 216: "Any vehicle colliding with the side of the train should be treated as BEING
    RAMMED by the train, with 3 dice" and "The train and its cars are indestructible"."""
    state = derailed([Car("A", "coupe", 8, 11), Car("N", "coupe", 14, 2, side=1)])
    step = apply(state, P1, MoveAction(vehicle="A", dx=2, dy=0), LoadedDice([6, 6, 6, 1, 1]))
    rolls = [e for e in step.events if isinstance(e, DiceRolled)]
    assert len(rolls[0].dice) == 3 and "the train" in rolls[0].why
    assert step.state.vehicle("A").damage == 2 and step.state.vehicle(FRONT).damage == 0


def test_the_front_of_the_train_rams_with_6_dice_and_throws_the_vehicle() -> None:
    """Line 216: "Any vehicle hit by the front of the train is rammed by 6 dice. The vehicle (or
    wreck) will then be moved 1 stick in a random direction" (a d6 clock hour, 1.5-3)."""
    state = derailed([Car("A", "humvee", 11, 24), Car("N", "coupe", 14, 2, side=1)])
    faces = [2, 2, 2, 1, 1, 1, 6, 6, 6, 1]  # ram: A wins, no overkill; thrown to 2 o'clock
    ctx = Ctx(state, LoadedDice([*faces, 6, 6, 6, 6, 1, 1]))  # the throw crosses the tracks
    drive_train(ctx)
    rolls = [e for e in ctx.events if isinstance(e, DiceRolled)]
    assert len(rolls[0].dice) == 6 and "thrown 2 o'clock" in texts(ctx.events)
    # line 215 "at any time for any reason": a throw over the track strip is a crossing too
    assert "A crosses the tracks" in texts(ctx.events) and "Wipeout check for A" in texts(
        ctx.events
    )
    a = ctx.v("A")
    assert (a.x, a.y) == (14, 26)


def test_a_vehicle_the_train_rams_that_wins_with_overkill_slows_it() -> None:
    """Line 216: "If a vehicle rammed by the train ever wins with overkill, the train is SLOWED
    DOWN 1 stick"."""
    state = derailed([Car("A", "coupe", 9, 11), Car("N", "coupe", 14, 2, side=1)])
    ctx = Ctx(state, LoadedDice([1, 1, 1, 6, 6]))
    from games.roadwolf.missions.derailed_train import train_ram

    train_ram(ctx, "A", 3, front=False)
    assert ctx.v(REAR).y == 0 and ctx.v(ENGINE).y == 12
    assert "SLOWED DOWN" in texts(ctx.events)


def test_boarding_a_gondola_and_the_engine() -> None:
    """Line 216: "To board a Gondola from a vehicle or another Gondola, there cannot be any
    opposing crew in the Gondola" and "To take control of the engine, a crew in the front
    Gondola must kill all rival crew in the engine, then spend an action to board it"."""
    cars = [
        Car("A", "convertible", 9, 12, tokens=("brawler", "gunner")),
        Car("N", "coupe", 14, 2, side=1),
    ]
    state = derailed(cars)
    assert board_targets(state, state.vehicle("A")) == [FRONT]
    step = apply(state, P1, TrainAction(kind="board", vehicle="A", target=FRONT), Rng(0))
    front = step.state.vehicle(FRONT)
    assert not front.neutral and front.side == 0 and len(front.crew) == 2
    assert len(step.state.vehicle("A").crew) == 1  # the driver stays at the wheel
    assert ENGINE not in board_targets(step.state, front)  # the Engine still has its crew
    assert is_target(front, step.state.vehicle(ENGINE))
    assert not is_target(step.state.vehicle("A"), step.state.vehicle(ENGINE))
    # N's crew cannot board a Gondola that holds A's crew
    n = step.state.vehicle("N").model_copy(update={"x": 13.0, "y": 10.0})
    assert FRONT not in board_targets(step.state, n)


def test_searching_a_gondola_keeps_only_the_four_weapons() -> None:
    """Line 216: "Draw a random token from your bin- if it is a Shotgun, Ambush, Molotov, or
    Spikes, you may keep it!"."""
    state = derailed([Car("A", "coupe", 5, 0)])
    ctx = Ctx(state, Bin(["gunner", "molotov"]))
    search(ctx, FRONT)
    assert not ctx.v(FRONT).gear
    search(ctx, FRONT)
    assert [t.kind for t in ctx.v(FRONT).gear] == ["molotov"]


def test_the_engine_moves_the_train_once_a_turn_and_off_the_end_wins() -> None:
    """Line 216: "a crew may spend an action to move the train forward one stick. They may not
    move more than 1 stick forward per turn. The engine may not use Nitro." and "Whichever team
    can drive the train off the end of the board wins!"."""
    state = derailed(
        [Car("A", "coupe", 5, 0), Car("N", "coupe", 14, 2, side=1)],
        EN=(11, 38),
        G1=(11, 32),
        G2=(11, 26),
    )
    ctx = Ctx(state, Rng(0))
    token = ctx.new_token("driver")
    ctx.update(ENGINE, crew=(token,), driver=token.id, neutral=False, side=0)
    state = ctx.freeze()
    with pytest.raises(IllegalAction):
        apply(state, P1, MoveAction(vehicle=ENGINE, dx=0, dy=4), Rng(0))
    step = apply(state, P1, TrainAction(kind="drive_train", vehicle=ENGINE), Rng(0))
    assert step.state.vehicle(ENGINE).y == 42 and not judge(step.state).over
    with pytest.raises(IllegalAction):
        apply(step.state, P1, TrainAction(kind="drive_train", vehicle=ENGINE), Rng(0))
    ctx = Ctx(step.state, Rng(0))
    assert "its front at row 48 of 48" in score_text(step.state)
    drive_train(ctx)
    gone = ctx.freeze()
    verdict = judge(gone)
    assert verdict.over and verdict.winner == 0
    assert score_text(gone) == "the train has left by the END, driven by Runners"


def test_the_rules_text_states_the_derailed_rulings() -> None:
    from games.roadwolf.text import RULES_TEXT

    text = " ".join(RULES_TEXT.split())
    for words in (
        "verge 0–4, road 5–10, track 11–12, road 13–18, verge 19–23",
        "Any movement touching the track strip (a move, a skid, a throw by the train) is a "
        "wipeout check",
        "a 3-dice ram by the train",
        "The team that drives it off the END wins",
    ):
        assert words in text


def test_the_bot_boards_fights_for_the_engine_and_drives() -> None:
    """DERAILED's bot (`missions/derailed.py`): crew alongside a free Gondola climb aboard; in
    the front Gondola it attacks the Engine's crew, boards the emptied Engine, and drives."""
    from games.roadwolf.policy import bot_move

    cars = [
        Car("A", "convertible", 9, 12, tokens=("brawler", "gunner")),
        Car("N", "coupe", 14, 2, side=1),
    ]
    state = derailed(cars)
    action = bot_move(state, P1, Rng(0))
    assert action == TrainAction(kind="board", vehicle="A", target=FRONT)
    state = apply(state, P1, action, Rng(0)).state
    ctx = Ctx(state, Rng(0))
    ctx.update(ENGINE, crew=(), driver=None)  # its crew are dead
    ctx.update("A", x=5.0, y=30.0)
    state = ctx.freeze(turn=Turn(side=0, done=("A",)))
    assert bot_move(state, P1, Rng(0)) == TrainAction(kind="board", vehicle=FRONT, target=ENGINE)
    state = apply(state, P1, TrainAction(kind="board", vehicle=FRONT, target=ENGINE), Rng(0)).state
    engine = state.vehicle(ENGINE)
    assert engine.side == 0 and not engine.neutral and engine.crew
    others = tuple(v.letter for v in state.vehicles if v.letter != ENGINE)
    state = state.model_copy(update={"turn": Turn(side=0, done=others)})
    assert bot_move(state, P1, Rng(0)) == TrainAction(kind="drive_train", vehicle=ENGINE)


def test_train_actions_are_named_as_the_panel_names_them() -> None:
    """The "Saved:" line and the move log name DERAILED's actions in full (line 216: "board a
    Gondola", "search for supplies", "move the train forward one stick")."""
    assert SPEC.describe(TrainAction(kind="board", vehicle="A", target="G1")) == "A boards G1"
    assert SPEC.describe(TrainAction(kind="search", vehicle="G1")) == "G1 searches the Gondola"
    drive = TrainAction(kind="drive_train", vehicle="EN")
    assert SPEC.describe(drive) == "EN drives the train 1 stick"


def test_a_skid_across_the_tracks_is_a_wipeout_check() -> None:
    """Line 215: "Any vehicle that crosses the tracks at any time for any reason must make a
    WIPEOUT check"; digest 1.2: "Crossing the tracks = wipeout check": a skid too, not only a
    move."""
    from games.roadwolf.crash import skid

    state = derailed([Car("A", "coupe", 10, 30), Car("N", "coupe", 14, 2, side=1)])
    ctx = Ctx(state, LoadedDice([1, 6, 6, 1, 1]))  # skid toward 2 o'clock: (3, 2)
    skid(ctx, "A")
    assert "A skids toward 2 o'clock" in texts(ctx.events)
    assert "crosses the tracks" in texts(ctx.events) and "Wipeout check for A" in texts(ctx.events)
    a = ctx.v("A")
    assert (a.x, a.y) == (13, 32)  # over the track strip onto the right road


def test_a_skid_that_stays_off_the_tracks_makes_no_check() -> None:
    """Only a movement over the track strip is a crossing (line 215)."""
    from games.roadwolf.crash import skid

    state = derailed([Car("A", "coupe", 5, 30), Car("N", "coupe", 14, 2, side=1)])
    ctx = Ctx(state, LoadedDice([6]))  # 12 o'clock: straight ahead, on its own road
    skid(ctx, "A")
    assert "crosses the tracks" not in texts(ctx.events)
