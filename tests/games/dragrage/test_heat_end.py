"""Ending a heat: tie-breaks, catch-up, crossing challenges, broken chutes and blown engines."""

from __future__ import annotations

from games.dragrage.rules import legal_actions
from games.dragrage.state import (
    Advance,
    Declare,
    DragRageState,
    Lane,
    LaneStatus,
    LetsRoll,
    Pass,
)
from games.dragrage.track import decide, is_blown, lane_status
from games.engine import DiceRolled
from tests.games.dragrage.helpers import ANN, BOB, PLAYERS, act, board, kinds, lane, last_move


def _catch_up_board() -> DragRageState:
    """Ann (2, 8) on 11 and Bob (3, 10) on 14; Ann to move."""
    before = board(lane(2, 8), lane(3, 10), to_move=ANN)
    return board(lane(2, 8), lane(3, 10), to_move=ANN, challengeable=last_move(before, BOB))


def _ann_crosses_in_catch_up() -> DragRageState:
    state = act(_catch_up_board(), ANN, Advance(counter=12)).state
    assert state.lanes[0].status == "crossed" and state.heat == 1
    return state


def test_tiebreak_closest_to_23_wins() -> None:
    """Acceptance 5: both finish with 3 counters, A on 23 and B on 25 → A wins."""
    before = board(lane(2, 8), lane(3, 10, 11), to_move=ANN)
    state = board(lane(2, 8), lane(3, 10, 11), to_move=ANN, challengeable=last_move(before, BOB))
    state = act(state, ANN, Advance(counter=12)).state
    assert state.lanes[0].position == 23 and state.lanes[1].position == 25
    assert legal_actions(state, BOB) == (LetsRoll(), Pass())
    step = act(state, BOB, Pass(), dice=[1])
    assert kinds(step.events) == ["passed", "heat_won", "dice_rolled", "heat_started"]
    assert step.state.results[0].winner == 0
    assert "closer to space 23" in step.state.results[0].reason


def test_tiebreak_same_space_is_a_dead_heat_and_rerun() -> None:
    """Acceptance 5: both on 24 with 3 counters → dead heat; the heat is re-run, not scored."""
    before = board(lane(2, 9), lane(5, 8, 10), to_move=ANN)
    state = board(lane(2, 9), lane(5, 8, 10), to_move=ANN, challengeable=last_move(before, BOB))
    state = act(state, ANN, Advance(counter=12)).state
    step = act(state, BOB, Pass(), dice=[1])
    assert kinds(step.events) == ["passed", "dead_heat", "dice_rolled", "heat_started"]
    new = step.state
    assert new.heat == 2 and new.heat_wins == (0, 0)
    assert new.results[0].winner is None
    assert new.free == tuple(range(2, 13)) and [ln.position for ln in new.lanes] == [1, 1]


def test_spun_out_counters_count_for_fewest_counters() -> None:
    """Rule 9 and designer: spun-out counters count, so 4 counters (one spun out) lose to 3."""
    ann = lane(6, 2, 8, 12, spun=(6,))
    before = board(ann, lane(3, 9), to_move=BOB)
    state = board(ann, lane(3, 9), to_move=BOB, challengeable=last_move(before, ANN))
    assert state.lanes[0].status == "crossed" and state.lanes[0].position == 23
    state = act(state, BOB, Advance(counter=10)).state
    assert state.lanes[1].position == 23
    step = act(state, ANN, Pass(), dice=[1])
    assert step.state.results[0].winner == 1
    assert step.state.results[0].reason == "Bob crossed with 3 counters against 4"


def test_catch_up_lets_the_other_car_play_one_more() -> None:
    """Acceptance 6: A crosses with 3 counters while B has used 2 → B plays one more counter."""
    state = _ann_crosses_in_catch_up()
    legal = legal_actions(state, BOB)
    assert Advance(counter=9) in legal and LetsRoll() in legal


def test_catch_up_crossing_compares_landing_spaces() -> None:
    """Acceptance 6: if B crosses with 3, compare landing spaces (B on 25 loses to A on 23)."""
    step = act(_ann_crosses_in_catch_up(), BOB, Advance(counter=11), dice=[1])
    assert step.state.results[0].winner == 0
    assert kinds(step.events)[-3:] == ["heat_won", "dice_rolled", "heat_started"]


def test_catch_up_without_crossing_loses() -> None:
    """Acceptance 6: otherwise A wins (B on 18 after 3 counters)."""
    step = act(_ann_crosses_in_catch_up(), BOB, Advance(counter=4), dice=[1])
    assert step.state.results[0].winner == 0
    assert "could not catch up" in step.state.results[0].reason


def test_crossing_ends_the_heat_when_the_other_car_has_as_many_counters() -> None:
    """Rule 10: no catch-up when the other car has played as many counters; it may only
    challenge the crossing or pass."""
    before = board(lane(2, 8), lane(3, 10, 4), to_move=ANN)
    state = board(lane(2, 8), lane(3, 10, 4), to_move=ANN, challengeable=last_move(before, BOB))
    state = act(state, ANN, Advance(counter=12)).state
    assert legal_actions(state, BOB) == (LetsRoll(), Pass())
    assert act(state, BOB, Pass(), dice=[1]).state.results[0].winner == 0


def test_crossing_can_be_challenged_and_the_heat_goes_on() -> None:
    """Ruling 5.3.4: the opponent's next turn may challenge a crossing; a spin-out puts the
    car back and the heat goes on."""
    state = act(_ann_crosses_in_catch_up(), BOB, LetsRoll()).state
    step = act(state, ANN, Declare(dice=2), dice=[1, 2])
    new = step.state
    assert new.heat == 1 and new.lanes[0].position == 11 and new.lanes[0].status == "racing"
    assert legal_actions(new, BOB) == tuple(Advance(counter=c) for c in (4, 5, 6, 7, 9, 11))


def test_crossing_that_survives_a_challenge_stands() -> None:
    """Ruling 5.3.4: if the challenge fails, the crossing stands and the heat ends."""
    before = board(lane(2, 8), lane(3, 10, 4), to_move=ANN)
    state = board(lane(2, 8), lane(3, 10, 4), to_move=ANN, challengeable=last_move(before, BOB))
    state = act(state, ANN, Advance(counter=12)).state
    state = act(state, BOB, LetsRoll()).state
    step = act(state, ANN, Declare(dice=3), dice=[6, 5, 1, 1])
    assert step.state.results[0].winner == 0 and step.state.heat == 2


def test_pass_to_a_finished_car_hands_the_turn_back() -> None:
    """Ruling 7: in catch-up, a failed challenger's pass goes straight back to them."""
    state = act(_ann_crosses_in_catch_up(), BOB, LetsRoll()).state
    state = act(state, ANN, Declare(dice=2), dice=[6, 6]).state
    state = act(state, BOB, Pass()).state
    assert state.phase == "move" and state.active == 1
    assert LetsRoll() not in legal_actions(state, BOB)
    assert legal_actions(state, ANN) == ()


def test_failed_challenge_against_a_finished_car_offers_only_pass() -> None:
    """Ruling 7: turning in nitro would buy nothing when the pass comes straight back."""
    state = act(_ann_crosses_in_catch_up(), BOB, LetsRoll()).state
    state = act(state, ANN, Declare(dice=2), dice=[6, 6]).state
    assert legal_actions(state, BOB) == (Pass(),)
    step = act(state, BOB, Pass())
    assert "turn comes back" in step.events[-1].text  # type: ignore[attr-defined]


def test_blown_engine_designer_example() -> None:
    """Acceptance 3, designer: "If he's 12 spaces away, but only the 7 and 4 are left, that
    driver can't finish." """
    assert lane_status(Lane(position=11), (4, 7)) == "blown_engine"


def test_blown_engine_is_the_designers_sum_test() -> None:
    """Ruling 5.3.9, source line 34: "The only way that a driver can't finish is if he has more
    spaces to cover on his track than there are counters remaining." """
    assert is_blown(11, (4, 7))  # 12 to go, 11 left
    assert not is_blown(12, (4, 7))  # 11 to go, 11 left
    assert not is_blown(20, (2, 8))  # no sum lands on 23..26, but 8 gets across (to 28)


def test_car_that_can_only_overshoot_is_not_blown() -> None:
    """Ruling 5.3.9: a car on 12 with {5, 10} left (11 to go, 15 left) is racing, not blown:
    5 + 10 only crosses by overshooting, which is a broken chute, not a blown engine."""
    assert lane_status(Lane(position=12), (5, 10)) == "racing"


def test_car_on_12_with_5_and_10_plays_on_and_wins_on_a_broken_chute() -> None:
    """Rules 11-12 (source lines 20-21): the car on 12 with {5, 10} is not handed a blown
    engine; it plays 10, then must overshoot with the 5, and its broken chute beats the other
    car's blown engine ("can only win ... if the other player fails to make it across")."""
    ann = lane(11, 2, 3, spun=(2, 3))
    bob = lane(4, 6, 7, 8, 9, 12, spun=(6, 7, 8, 9, 12))
    state = board(ann, bob, to_move=ANN)
    assert state.free == (5, 10) and state.lanes[0].position == 12
    assert [ln.status for ln in state.lanes] == ["racing", "blown_engine"]
    assert decide(state) is None
    assert legal_actions(state, ANN) == (Advance(counter=5), Advance(counter=10))
    state = act(state, ANN, Advance(counter=10)).state
    state = act(state, BOB, Pass()).state
    assert legal_actions(state, ANN) == (Advance(counter=5),)
    step = act(state, ANN, Advance(counter=5))
    assert kinds(step.events) == ["advanced", "broken_chute"]
    assert step.state.lanes[0].position == 27
    step = act(step.state, BOB, Pass(), dice=[1])
    assert step.state.results[0].winner == 0
    assert "broken chute" in step.state.results[0].reason


def test_no_counters_left_is_a_blown_engine() -> None:
    """Ruling 5.3.8: with no counters remaining at all, the engine is blown."""
    assert lane_status(Lane(position=15), ()) == "blown_engine"


def test_blown_engine_in_play_and_the_other_car_wins() -> None:
    """Bob takes the 2, leaving Ann on 11 needing 12 with only 4 and 7: her engine blows and
    Bob wins by crossing."""
    ann = lane(12, 10, spun=(12,))
    bob = lane(3, 5, 6, 8, 9, 11, spun=(3, 6, 9, 11))
    state = board(ann, bob, to_move=BOB)
    assert state.free == (2, 4, 7) and state.lanes[0].status == "racing"
    step = act(state, BOB, Advance(counter=2))
    assert kinds(step.events) == ["advanced", "blown_engine"]
    state = step.state
    assert legal_actions(state, ANN) == (LetsRoll(), Pass())
    state = act(state, ANN, Pass()).state
    state = act(state, BOB, Advance(counter=7)).state
    assert act(state, ANN, Pass(), dice=[1]).state.results[0].winner == 1


def _ann_22_bob_14_only_9_left() -> DragRageState:
    """Ann on 22 and Bob on 14 with only the 9 free; Ann to move (Bob's 8 challengeable)."""
    ann = lane(12, 10, 2, 11, spun=(12, 2))
    bob = lane(3, 4, 6, 7, 5, 8, spun=(3, 4, 6, 7))
    before = board(ann, bob, to_move=ANN)
    return board(ann, bob, to_move=ANN, challengeable=last_move(before, BOB))


def test_broken_chute_is_a_forced_overshoot() -> None:
    """Source line 20: "No player may select a counter that will move his car beyond the 26th
    space if any other legal move exists." Ann on 22 with only the 9 left must take it (or call
    Let's Roll): it is not held back for Bob."""
    state = _ann_22_bob_14_only_9_left()
    assert [ln.position for ln in state.lanes] == [22, 14] and state.free == (9,)
    assert [ln.status for ln in state.lanes] == ["racing", "racing"]
    assert legal_actions(state, ANN) == (Advance(counter=9), LetsRoll())


def test_forced_overshoot_burns_the_counter_and_the_other_car_cannot_finish() -> None:
    """Source lines 20-21: Ann burns the 9 to space 31 (used and counted): broken chute. Bob on
    14 has no counters left: blown engine. A broken chute wins when the other car "fails to
    make it across the finish line"."""
    step = act(_ann_22_bob_14_only_9_left(), ANN, Advance(counter=9))
    assert kinds(step.events) == ["advanced", "broken_chute", "blown_engine"]
    state = step.state
    assert state.free == () and state.lanes[0].position == 31
    assert [c.value for c in state.lanes[0].counters][-1] == 9
    assert [ln.status for ln in state.lanes] == ["broken_chute", "blown_engine"]
    assert legal_actions(state, BOB) == (LetsRoll(), Pass())
    step = act(state, BOB, Pass(), dice=[2])
    assert kinds(step.events) == ["passed", "heat_won", "dice_rolled", "heat_started"]
    assert step.state.results[0].winner == 0
    assert step.state.results[0].reason == "Ann has a broken chute but Bob blew their engine"


def test_spun_out_overshoot_comes_back_onto_the_track() -> None:
    """Source line 17: a spun-out car moves back "to where it had been"; Ann's spun-out 9 puts
    her back on 22, and with no counters left both engines are blown: a dead heat, re-run."""
    state = act(_ann_22_bob_14_only_9_left(), ANN, Advance(counter=9)).state
    state = act(state, BOB, LetsRoll()).state
    step = act(state, ANN, Declare(dice=2), dice=[1, 2, 1])
    assert "spun_out" in kinds(step.events) and "dead_heat" in kinds(step.events)
    assert step.state.results[0].reason == "both cars blew their engines"


def _ann_20_bob_19_with_7_and_9_left() -> DragRageState:
    """Ann on 20 and Bob on 19 with only 7 and 9 free; Ann to move (Bob's 3 challengeable)."""
    ann = lane(12, 8, 11, spun=(12,))
    bob = lane(2, 10, 4, 5, 6, 3, spun=(2, 10))
    before = board(ann, bob, to_move=ANN)
    return board(ann, bob, to_move=ANN, challengeable=last_move(before, BOB))


def test_broken_chute_loses_to_a_car_that_crosses() -> None:
    """Source line 20: Ann on 20 with only 7 and 9 left must overshoot; Bob then crosses with
    the other and wins ("A player can only win the race with a broken 'chute if the other
    player fails to make it across the finish line")."""
    state = _ann_20_bob_19_with_7_and_9_left()
    assert state.free == (7, 9) and state.lanes[0].status == "racing"
    assert legal_actions(state, ANN) == (Advance(counter=7), Advance(counter=9), LetsRoll())
    state = act(state, ANN, Advance(counter=9)).state
    assert state.lanes[0].status == "broken_chute" and state.lanes[0].position == 29
    state = act(state, BOB, Advance(counter=7)).state
    assert state.lanes[1].position == 26 and state.lanes[1].status == "crossed"
    step = act(state, ANN, Pass(), dice=[1])
    assert step.state.results[0].winner == 1
    assert step.state.results[0].reason == "Bob crossed; Ann has a broken chute"


def test_two_forced_overshoots_are_a_dead_heat() -> None:
    """Source line 20: "If both players break their chutes, the race is declared a 'dead heat'
    and needs to be rerun." Ann takes the 7 to 27; Bob must take the 9 to 28."""
    state = act(_ann_20_bob_19_with_7_and_9_left(), ANN, Advance(counter=7)).state
    assert state.lanes[0].position == 27
    assert legal_actions(state, BOB) == (Advance(counter=9), LetsRoll())
    state = act(state, BOB, Advance(counter=9)).state
    assert [ln.status for ln in state.lanes] == ["broken_chute", "broken_chute"]
    step = act(state, ANN, Pass(), dice=[1])
    assert step.state.results[0].winner is None and step.state.heat == 2
    assert step.state.results[0].reason == "both cars broke their chutes"


def _done(ann: LaneStatus, bob: LaneStatus) -> DragRageState:
    def car(status: LaneStatus) -> Lane:
        position = {"crossed": 24, "broken_chute": 30}.get(status, 20)
        return Lane(position=position, status=status)

    flip = DiceRolled(who=None, why="coin flip", dice=(1,), sides=2)
    return DragRageState(
        players=PLAYERS, coin_flip=flip, heat_starter=0, active=0, lanes=(car(ann), car(bob))
    )


def test_broken_chute_beats_blown_engine() -> None:
    """Rules 11-12: a broken chute wins when the other car fails to make it across."""
    result = decide(_done("broken_chute", "blown_engine"))
    assert result is not None and result.winner == 0


def test_crossed_beats_broken_chute() -> None:
    """Rule 11: a broken chute loses to a car that crossed."""
    result = decide(_done("broken_chute", "crossed"))
    assert result is not None and result.winner == 1


def test_both_broken_chutes_is_a_dead_heat() -> None:
    """Rule 11: both broken → dead heat."""
    result = decide(_done("broken_chute", "broken_chute"))
    assert result is not None and result.winner is None


def test_both_blown_engines_is_a_dead_heat() -> None:
    """Rule 12: both blown → dead heat."""
    result = decide(_done("blown_engine", "blown_engine"))
    assert result is not None and result.winner is None


def test_a_heat_with_a_racing_car_and_a_failed_car_goes_on() -> None:
    """A blown engine does not end the heat while the other car can still finish or fail."""
    assert decide(_done("blown_engine", "racing")) is None
