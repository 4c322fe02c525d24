"""DERAILED with any number of teams (text line 216: "Any number of teams must compete to take
control of a powerful freight train!"): where 3 to 6 teams start, boarding with several rival
teams, the judge and the score with one entry per team, the bot."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, Player, Rng
from games.roadwolf import SPEC
from games.roadwolf import geometry as geo
from games.roadwolf.actions import TrainAction
from games.roadwolf.data import vehicle_class
from games.roadwolf.missions.derailed_crew import board_targets
from games.roadwolf.missions.derailed_train import ENGINE, FRONT, REAR, TRAIN, judge, on_start
from games.roadwolf.model import BuyAction, PlaceAction, RwState, Turn
from games.roadwolf.policy import bot_move
from games.roadwolf.table import Ctx, rect_of
from games.roadwolf.view import score_text


def seats(n: int) -> tuple[Player, ...]:
    return tuple(Player(id=100 + i, name=f"P{i}") for i in range(n))


def built(n: int, points: int = 6, seed: int = 1) -> RwState:
    """A DERAILED game of `n` teams, built by the bots and started (the train set up)."""
    state = SPEC.setup(
        seats(n), SPEC.parse_options({"mission": "DERAILED", "points": points}), Rng(seed)
    )
    for step in range(400):
        if state.phase == "play":
            return state
        player = min(SPEC.active_players(state))
        action = SPEC.policy(state, player, Rng.for_step(seed, step))
        state = SPEC.apply(state, player, action, Rng.for_step(seed + 1, step)).state
    raise AssertionError("the bots did not finish building")


def on_its_road(state: RwState, side: int) -> bool:
    """[R] Teams alternate roads: even-numbered (1st, 3rd, 5th) left, the others right."""
    cars = [v for v in state.vehicles if v.origin == side and "train" not in v.traits]
    if side % 2 == 0:
        return all(v.x + v.w <= geo.TRACK[0] for v in cars)
    return all(v.x >= geo.TRACK[1] + 1 for v in cars)


def no_overlaps(state: RwState) -> None:
    boxes = [(v.letter, rect_of(v)) for v in state.vehicles if v.on_board]
    for i, (a, box) in enumerate(boxes):
        assert not geo.is_off_board(box), a
        for b, other in boxes[i + 1 :]:
            assert not geo.overlaps(box, other), (a, b)


def test_three_teams_start_at_the_start_on_alternate_roads() -> None:
    """Line 216: "Any number of teams"; line 215: "TWO roads, one on either side of the track":
    team 1 on the left road, team 2 on the right, team 3 on the left again, all in the START
    zone (1.6: rows 0–7), never on the track."""
    state = built(3)
    assert [s.name for s in state.sides] == ["Team 1", "Team 2", "Team 3"]
    assert state.order == ("side:0", "side:1", "side:2", "road")
    for side in range(3):
        assert on_its_road(state, side), side
    cars = [v for v in state.vehicles if "train" not in v.traits]
    assert len({v.origin for v in cars}) == 3
    assert all(v.y + v.h <= geo.START_ROWS for v in cars)
    no_overlaps(state)
    # the teams sharing the left road take turns for the spots nearest the front
    left = sorted((v for v in cars if v.origin in (0, 2)), key=lambda v: (v.y, -v.x))
    assert {left[0].origin, left[1].origin} == {0, 2}


@pytest.mark.parametrize(("kind", "count"), [("coupe", 6), ("dirt_bike", 12)])
def test_six_teams_of_12_points_fit_beside_the_roads(kind: str, count: int) -> None:
    """Six teams of 12 points each (36 cars of size 2, or 72 bikes) cannot all fit in two
    START zones of 6×8 cells: the START zone fills first (a cell apart, then touching), then
    the ranks go on up each team's road; nobody overlaps, nobody is put on the track."""
    state = SPEC.setup(seats(6), SPEC.parse_options({"mission": "DERAILED", "points": 12}), Rng(0))
    ctx = Ctx(state, Rng(0))
    number = 0
    for side in range(6):
        for _ in range(count):
            number += 1
            ctx.add_vehicle(vehicle_class(kind), side, f"V{number}")
    on_start(ctx)
    done = ctx.freeze()
    no_overlaps(done)
    track = geo.track_rect()
    cars = [v for v in done.vehicles if v.letter not in TRAIN]
    assert len(cars) == 6 * count and all(v.placed for v in cars)
    assert not any(geo.overlaps(rect_of(v), track) for v in cars)
    for side in range(6):
        assert on_its_road(done, side), side
    assert max(v.y + v.h for v in cars) <= geo.BOARD_LENGTH // 2  # the back half of the road
    # every team has a vehicle in the START zone
    assert {v.origin for v in cars if v.y < geo.START_ROWS} == set(range(6))


def _held(state: RwState, letter: str, side: int, kinds: tuple[str, ...] = ("driver",)) -> RwState:
    ctx = Ctx(state, Rng(0))
    crew = tuple(ctx.new_token(k) for k in kinds)
    ctx.update(letter, crew=crew, side=side, neutral=False, driver=crew[0].id)
    return ctx.freeze()


def test_no_team_boards_a_gondola_another_team_holds() -> None:
    """Line 216: "To board a Gondola from a vehicle or another Gondola, there cannot be any
    opposing crew in the Gondola": with three teams, opposing = any other team."""
    state = _held(built(3), FRONT, 1)
    ctx = Ctx(state, Rng(0))
    beside = {0: "A1", 1: "B1", 2: "C1"}
    for side, letter in beside.items():
        x = 9 if side != 1 else 13
        ctx.update(letter, x=float(x), y=11.0)
    state = ctx.freeze()
    c1 = state.vehicle("C1").model_copy(update={"x": 9.0, "y": 5.0})
    assert FRONT not in board_targets(state, state.vehicle("A1"))
    assert FRONT in board_targets(state, state.vehicle("B1"))
    assert REAR in board_targets(state, c1) and FRONT not in board_targets(state, c1)


def test_the_judge_and_the_score_with_three_teams() -> None:
    """Line 216: "Whichever team can drive the train off the end of the board wins!": the team
    holding the Engine leads the score (1 against 0s); off the END, it wins; [R] when no team
    has anything left in play, a draw."""
    state = built(3)
    assert judge(state).score == (0, 0, 0) and not judge(state).over
    held = _held(state, ENGINE, 2)
    assert judge(held).score == (0, 0, 1)
    assert score_text(held).startswith("Engine held by Team 3")
    ctx = Ctx(held, Rng(0))
    ctx.update(ENGINE, exited="end")
    verdict = judge(ctx.freeze())
    assert (
        verdict.over
        and verdict.winner == 2
        and verdict.reason == ("Team 3 drove the train off the END")
    )
    ctx = Ctx(state, Rng(0))
    for v in state.vehicles:
        if "train" not in v.traits:
            ctx.update(v.letter, exited="side")
    verdict = judge(ctx.freeze())
    assert verdict.over and verdict.winner is None
    assert verdict.reason == "every team is out of the race: a draw"


def test_the_third_teams_bot_boards_and_fights_for_the_engine() -> None:
    """The bot of team 3 climbs into a free Gondola and, from the front one, attacks the crew
    of whichever team holds the Engine."""
    state = built(3)
    ctx = Ctx(state, Rng(0))
    ctx.update("C1", x=9.0, y=11.0)
    state = ctx.freeze(turn=Turn(side=2))
    player = state.sides[2].players[0]
    assert bot_move(state, player, Rng(0)) == TrainAction(kind="board", vehicle="C1", target=FRONT)
    state = SPEC.apply(
        state, player, TrainAction(kind="board", vehicle="C1", target=FRONT), Rng(0)
    ).state
    state = _held(state, ENGINE, 1)
    others = tuple(v.letter for v in state.vehicles if v.letter != FRONT)
    state = state.model_copy(update={"turn": Turn(side=2, done=others)})
    action = bot_move(state, player, Rng(0))
    assert action is not None and action.vehicle == FRONT
    assert getattr(action, "target", None) == ENGINE


def test_the_text_board_draws_both_roads_the_track_and_the_train() -> None:
    """1.3 [R]: "verge, road, train strip, road, verge": the text board marks both roads and the
    track; the train reads E…N, G…1, G…2 from the START up."""
    from games.roadwolf.text_board import ascii_map
    from games.roadwolf.view import view

    state = built(3)
    rows = {int(line[:2]): line[3:] for line in ascii_map(view(state, 100))}
    assert rows[30][5:19] == "......::......"
    assert rows[21][11:13] == "NN" and rows[16][11:13] == "EE"
    assert rows[15][11:13] == "11" and rows[9][11:13] == "22" and rows[4][11:13] == "GG"


def test_the_rules_text_says_where_the_teams_start() -> None:
    from games.roadwolf.text import RULES_TEXT

    text = " ".join(RULES_TEXT.split())
    for words in (
        "the teams start at the START on alternate roads (the 1st on the left, the 2nd on the "
        "right, the 3rd on the left…)",
        "Teams sharing a road take its START spots in turn",
        "The team holding the Engine leads the score",
    ):
        assert words in text


def test_nobody_places_by_hand_the_teams_are_set_out_at_the_start() -> None:
    """[R] DERAILED sets every team out itself (line 215: the roads either side of the track),
    so a hand placement while building is refused with the reason, not silently undone."""
    state = SPEC.setup(seats(2), SPEC.parse_options({"mission": "DERAILED"}), Rng(3))
    player = state.sides[0].players[0]
    state = SPEC.apply(state, player, BuyAction(vehicle_class="coupe"), Rng(4)).state
    letter = next(v.letter for v in state.vehicles if v.origin == 0)
    with pytest.raises(IllegalAction, match="set out at the START"):
        SPEC.apply(state, player, PlaceAction(vehicle=letter, x=9, y=0), Rng(5))


def test_a_team_left_only_with_crew_in_a_gondola_is_still_in_the_race() -> None:
    """[R] "nobody left in the race: a draw" counts crew aboard the train: with three teams and
    every road vehicle gone, Team 2's crew in the rear Gondola keep the game going; once they
    are gone too, a draw."""
    state = built(3)
    ctx = Ctx(_held(state, REAR, 1, ("brawler",)), Rng(0))
    for v in state.vehicles:
        if "train" not in v.traits:
            ctx.update(v.letter, exited="side")
    alone = ctx.freeze()
    assert not judge(alone).over and judge(alone).score == (0, 0, 0)
    ctx.update(REAR, crew=(), driver=None, neutral=True)
    verdict = judge(ctx.freeze())
    assert verdict.over and verdict.winner is None
