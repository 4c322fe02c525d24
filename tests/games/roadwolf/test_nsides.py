"""More than two sides: GAUNTLET ("All players are Couriers", line 213) and DERAILED ("Any
number of teams must compete", line 216) seat 2..6 sides; every other mission keeps two."""

from __future__ import annotations

import itertools

import pydantic
import pytest

from games.engine import Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.build import side_count, side_letters
from games.roadwolf.data import vehicle_class
from games.roadwolf.missions import judge
from games.roadwolf.missions.base import default_order
from games.roadwolf.model import (
    ACTION_ADAPTER,
    BuyAction,
    MeleeAction,
    MoveAction,
    RwOptions,
    RwState,
    SideState,
    Turn,
)
from games.roadwolf.rules import outcome, standings
from games.roadwolf.table import Ctx
from games.roadwolf.text import RULES_TEXT
from games.roadwolf.text_board import ascii_map
from games.roadwolf.view import view
from tests.games.roadwolf.helpers import Car, position

MISSION_LETTERS = {"M", "EN", "G1", "G2", *(f"Z{i}" for i in range(10))}


def _seats(n: int) -> tuple[Player, ...]:
    return tuple(Player(id=100 + i, name=f"P{i}") for i in range(n))


def _setup(n: int, **options: object) -> RwState:
    return SPEC.setup(_seats(n), SPEC.parse_options(options), Rng.for_step(1, 0))


def test_gauntlet_gives_every_player_a_side() -> None:
    """Line 213: "All players are Couriers": three players, three sides of 4 points."""
    state = _setup(3, mission="GAUNTLET")
    assert [s.name for s in state.sides] == ["Couriers 1", "Couriers 2", "Couriers 3"]
    assert [s.players for s in state.sides] == [(100,), (101,), (102,)]
    assert [s.points for s in state.sides] == [4, 4, 4]


def test_derailed_four_teams_seat_alternately() -> None:
    """Line 216: "Any number of teams": four players, teams 0, four sides of the points option."""
    state = _setup(4, mission="DERAILED", points=7)
    assert [s.name for s in state.sides] == ["Team 1", "Team 2", "Team 3", "Team 4"]
    assert [s.players for s in state.sides] == [(100,), (101,), (102,), (103,)]
    assert {s.points for s in state.sides} == {7}
    assert {s.token_limit for s in state.sides} == {None}


def test_teams_option_forms_teams_seat_i_to_side_i_mod_n() -> None:
    """Six players, teams 3: seats 0 and 3, 1 and 4, 2 and 5 play together."""
    state = _setup(6, mission="GAUNTLET", teams=3)
    assert [s.players for s in state.sides] == [(100, 103), (101, 104), (102, 105)]


def test_teams_is_clamped_to_the_players() -> None:
    """Teams 5 with two players: two sides (never more sides than players)."""
    assert side_count(RwOptions(mission="DERAILED", teams=5), 2) == 2
    assert side_count(RwOptions(mission="DERAILED", teams=2), 5) == 2
    assert side_count(RwOptions(mission="GAUNTLET", teams=0), 6) == 6


def test_other_missions_keep_two_sides() -> None:
    """`teams` is ignored outside GAUNTLET and DERAILED: four players, two sides, A–L / N–Y."""
    state = _setup(4, mission="INTERCEPTOR", teams=3)
    assert [s.players for s in state.sides] == [(100, 102), (101, 103)]
    assert [s.name for s in state.sides] == ["Runners", "Interceptors"]


def test_teams_1_is_refused_with_a_reason() -> None:
    with pytest.raises(pydantic.ValidationError, match="teams 1 leaves nobody to play against"):
        SPEC.parse_options({"teams": 1})
    with pytest.raises(pydantic.ValidationError, match="2 to 6"):
        SPEC.parse_options({"teams": 7})


def test_the_rules_text_names_the_teams_option() -> None:
    text = " ".join(RULES_TEXT.split())
    assert "Option `teams` 0 (the default) gives every player a side of their own" in text


def test_two_sides_keep_their_letters() -> None:
    assert list(side_letters(0, 2))[:12] == list("ABCDEFGHIJKL")
    assert list(side_letters(1, 2))[:12] == list("NOPQRSTUVWXY")


def test_more_sides_letter_by_side_never_a_mission_letter() -> None:
    """A1, A2… B1… F12: no clash with M (truck), EN/G1/G2 (train) or Z0–Z9 (enemies)."""
    seen: set[str] = set()
    for side in range(6):
        letters = list(side_letters(side, 6))[:12]
        assert letters[0] == f"{'ABCDEF'[side]}1" and letters[11] == f"{'ABCDEF'[side]}12"
        assert not set(letters) & MISSION_LETTERS and not set(letters) & seen
        seen |= set(letters)


def test_a_third_side_buys_under_its_own_letter() -> None:
    """The third Courier's first vehicle is C1; its buy is legal while it builds."""
    state = _setup(3, mission="GAUNTLET")
    buy = BuyAction(vehicle_class="coupe")
    assert buy in SPEC.legal_actions(state, 102)
    state = SPEC.apply(state, 102, buy, Rng(5)).state
    assert [v.letter for v in state.vehicles if v.origin == 2] == ["C1"]
    assert state.vehicle("C1").side == 2


def test_default_turn_order_names_every_side_then_the_road() -> None:
    """Rule 7: every side in turn, then the ROAD TURN."""
    state = _setup(4, mission="DERAILED")
    assert default_order(state) == ("side:0", "side:1", "side:2", "side:3", "road")


def _four_sides(turn: int, scores: tuple[int, ...] = (0, 0, 0, 0)) -> RwState:
    """An INTERCEPTOR position widened to four sides by hand (the engine's loops, not a mission)."""
    state = position(
        [Car("A", "coupe", 10, 2), Car("N", "coupe", 13, 2, side=1)],
        turn=Turn(side=turn),
    )
    sides = tuple(
        SideState(name=f"S{k}", players=(100 + k,), points=6, spent=6, tokens_bought=6, score=s)
        for k, s in enumerate(scores)
    )
    ctx = Ctx(state.model_copy(update={"sides": sides, "players": _seats(4)}), Rng(0))
    ctx.add_vehicle(vehicle_class("coupe"), 2, "C1")
    ctx.update("C1", x=16, y=2, gear=())
    ctx.add_vehicle(vehicle_class("coupe"), 3, "D1")
    ctx.update("D1", x=7, y=2, gear=())
    order = ("side:0", "side:1", "side:2", "side:3", "road")
    return ctx.freeze(order=order, slot=turn)


def test_the_turn_passes_to_side_3_after_side_2() -> None:
    """Slot "side:2" done: "side:3" plays next (not side 0 or 1)."""
    state = _four_sides(2)
    assert SPEC.active_players(state) == frozenset({102})
    done = next(a for a in SPEC.legal_actions(state, 102) if a.kind == "done")
    state = SPEC.apply(state, 102, done, Rng(1)).state
    assert state.turn is not None and state.turn.side == 3
    assert SPEC.active_players(state) == frozenset({103})


def test_outcome_and_standings_rank_three_sides_by_score() -> None:
    """Winner's players first, then the other sides by score (ties in side order)."""
    state = _four_sides(0, (1, 3, 2, 1)).model_copy(
        update={"finished": True, "phase": "over", "winner": 1, "end_reason": "test", "turn": None}
    )
    assert list(standings(state)) == [101, 102, 100, 103]
    result = outcome(state)
    assert result is not None
    assert result.winners == (101,) and list(result.ranking) == [101, 102, 100, 103]


def test_view_and_text_board_show_every_side() -> None:
    state = _four_sides(0, (0, 1, 2, 3))
    seen = view(state, 102)
    assert len(seen.sides) == 4 and seen.score == (0, 1, 2, 3)
    assert seen.private is not None and seen.private.side == 2
    rows = "\n".join(ascii_map(seen))
    assert "C" in rows and "D" in rows  # the side's letter, its number on the front row


@pytest.mark.parametrize("mission", ["GAUNTLET", "DERAILED"])
def test_a_free_for_all_judge_scores_every_side(mission: str) -> None:
    """Four seats, bots to the end: every verdict holds four scores (`rules.side_score` would
    otherwise read the missing ones as 0) and the result ranks all four sides' players."""
    state = _setup(4, mission=mission)
    assert SPEC.policy is not None
    for step in range(1, 3000):
        if SPEC.outcome(state) is not None:
            break
        actor = sorted(SPEC.active_players(state))[0]
        action = SPEC.policy(state, actor, Rng(step))
        state = SPEC.apply(state, actor, action, Rng.for_step(2, step)).state
        assert len(judge(state).score) == 4
    result = SPEC.outcome(state)
    assert result is not None
    assert sorted(standings(state)) == [100, 101, 102, 103]
    if result.winners:
        assert sorted(result.ranking) == [100, 101, 102, 103]


def test_every_letter_a_side_can_buy_names_a_vehicle_in_an_action() -> None:
    """Twelve points of bikes with six sides letter up to F12: every action's vehicle and
    target fields take it (they once stopped at two characters, so A10–A12 could never act)."""
    letters = [
        letter for side in range(6) for letter in itertools.islice(side_letters(side, 6), 12)
    ]
    assert "F12" in letters
    for letter in letters:
        move = ACTION_ADAPTER.validate_python({"kind": "move", "vehicle": letter, "dx": 0, "dy": 1})
        shot = ACTION_ADAPTER.validate_python(
            {"kind": "melee", "vehicle": letter, "target": letter}
        )
        assert isinstance(move, MoveAction) and move.vehicle == letter
        assert isinstance(shot, MeleeAction) and shot.target == letter
