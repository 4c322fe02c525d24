"""Drag Rage told in words: the exact line of every kind of event, named by the table's names."""

from __future__ import annotations

from games.dragrage import SPEC
from games.dragrage.state import Advance, Declare, DragRageState, LetsRoll, Pass, TurnInNitro
from games.engine import Event, Step, raw_event
from tests.games.dragrage.helpers import ANN, BOB, act, board, lane, last_move, new_race

NAMES = {ANN: "Annie", BOB: "Bobby"}
"""The table's names, unlike the state's ("Ann", "Bob"): the lines must use these."""


def told(events: tuple[Event, ...]) -> list[str]:
    return [SPEC.narrate(raw_event(e), NAMES) for e in events]


def _challenged_twelve() -> Step[DragRageState]:
    """Ann played 8, Bob 12, Ann calls Let's Roll on the 12: Bob must declare."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    state = act(state, BOB, Advance(counter=12)).state
    return act(state, ANN, LetsRoll())


def test_every_event_is_public() -> None:
    """Drag Rage has no hidden information: every event is told to everyone."""
    step = _challenged_twelve()
    assert all(SPEC.audience(raw_event(e)) is None for e in step.events)


def test_an_advance_names_the_counter_and_the_spaces() -> None:
    """Source: "move your car forward the number of spaces shown on the counter"."""
    assert told(act(new_race(), ANN, Advance(counter=8)).events) == [
        "Annie plays the 8: space 1 → 9"
    ]


def test_a_challenge_names_both_drivers_and_the_counter() -> None:
    """Source: "you may challenge your opponent's previous move by telling him Let's Roll"."""
    assert told(_challenged_twelve().events) == ["Annie calls Let's Roll on Bobby's 12"]


def test_a_surviving_roll_tells_dice_total_and_that_the_move_stands() -> None:
    """Source: "rolls a total of 14 on three dice. Your challenge has failed"."""
    step = act(_challenged_twelve().state, BOB, Declare(dice=3), dice=[6, 5, 3])
    assert told(step.events) == [
        "Bobby declares 3 dice, spending their nitro",
        "Bobby rolls 6 5 3 = 14, needing 12 to keep the move",
        "14 makes 12: Bobby's 12 stands and Annie's challenge fails",
    ]


def test_a_short_roll_spins_the_car_out() -> None:
    """Source: "the opponent has 'spun out', and must move his car back"; spun-out counters
    count ("all played counters, including the ones you spin out on, are counted")."""
    step = act(_challenged_twelve().state, BOB, Declare(dice=2), dice=[3, 4])
    assert told(step.events) == [
        "Bobby declares 2 dice",
        "Bobby rolls 3 4 = 7, needing 12 to keep the move",
        "7 is short of 12: Bobby spins out back to space 1 (the 12 still counts)",
    ]


def test_nitro_and_passes_after_a_failed_challenge() -> None:
    """Source: "you may turn in your nitro die and advance your car, or you may pass"."""
    failed = act(_challenged_twelve().state, BOB, Declare(dice=2), dice=[6, 6]).state
    assert told(act(failed, ANN, TurnInNitro()).events) == [
        "Annie turns in their nitro die to advance"
    ]
    assert told(act(failed, ANN, Pass()).events) == [
        "Annie passes: Bobby must advance and may not challenge"
    ]


def test_a_pass_on_a_challengeable_move_lets_it_stand() -> None:
    """A driver who may call Let's Roll and passes accepts the move (ruling 3)."""
    before = board(lane(2, 8), lane(3, 10, 4), to_move=ANN)
    state = board(lane(2, 8), lane(3, 10, 4), to_move=ANN, challengeable=last_move(before, BOB))
    state = act(state, ANN, Advance(counter=12)).state
    lines = told(act(state, BOB, Pass(), dice=[2]).events)
    assert lines == [
        "Bobby passes and lets Annie's move stand",
        "Annie wins heat 1: Ann crossed with 3 counters and Bob could not catch up (3 counters, "
        "still on space 18)",
        "The coin flip for heat 2 shows 2 (1 = Ann starts, 2 = Bob starts)",
        "Heat 2: Bobby goes first",
    ]


def test_a_crossing_names_the_space_and_the_counters() -> None:
    """Source: "The player who crosses the finish line using the fewest number of counters"."""
    before = board(lane(2, 8), lane(3, 10, 4), to_move=ANN)
    state = board(lane(2, 8), lane(3, 10, 4), to_move=ANN, challengeable=last_move(before, BOB))
    assert told(act(state, ANN, Advance(counter=12)).events) == [
        "Annie plays the 12: space 11 → 23",
        "Annie crosses the line on space 23 with 3 counters",
    ]


def test_a_broken_chute_and_a_blown_engine() -> None:
    """Source: "a 'broken 'chute' ... can only win ... if the other player fails to make it
    across"; the designer: a blown engine has "more spaces to cover ... than there are
    counters remaining"."""
    state = board(
        lane(11, 2, 3, spun=(2, 3)), lane(4, 6, 7, 8, 9, 12, spun=(6, 7, 8, 9, 12)), to_move=ANN
    )
    state = act(state, ANN, Advance(counter=10)).state
    state = act(state, BOB, Pass()).state
    assert told(act(state, ANN, Advance(counter=5)).events)[1] == (
        "Annie overshoots to space 27, off the end of the track: broken chute "
        "(wins only if the other car fails to finish)"
    )
    blown = board(
        lane(12, 10, spun=(12,)), lane(3, 5, 6, 8, 9, 11, spun=(3, 6, 9, 11)), to_move=BOB
    )
    assert told(act(blown, BOB, Advance(counter=2)).events)[1] == (
        "Annie has a blown engine: 12 spaces to go but the free counters add up to 11"
    )


def test_the_race_won_line_gives_the_score() -> None:
    """Source: "The first player to win two heats wins the race!" """
    before = board(lane(2, 8), lane(3, 10, 4), to_move=ANN, heat_wins=(1, 0))
    state = board(
        lane(2, 8),
        lane(3, 10, 4),
        to_move=ANN,
        challengeable=last_move(before, BOB),
        heat_wins=(1, 0),
    )
    state = act(state, ANN, Advance(counter=12)).state
    assert told(act(state, BOB, Pass()).events)[-1] == "🏁 Annie wins the race, 2 heats to 0"


def test_the_first_coin_flip_and_heat_start() -> None:
    """Source: "Flip a coin ... to determine which driver ... gets to go first"."""
    state = new_race(first=BOB)
    lines = [SPEC.narrate(raw_event(state.coin_flip), NAMES)]
    assert lines == ["The coin flip for heat 1 shows 2 (1 = Ann starts, 2 = Bob starts)"]


def test_a_log_of_todays_shape_is_still_told() -> None:
    """Events stored before this change (no pass reason, chute space or engine sums) say their
    stored text; the rest are told from their facts under the table's names."""
    passed = {"kind": "passed", "player": BOB, "text": "Bob passes and lets Ann's move stand"}
    chute = {"kind": "broken_chute", "player": ANN, "text": "Ann overshoots to space 27"}
    advanced = {
        "kind": "advanced",
        "player": ANN,
        "counter": 8,
        "from_space": 1,
        "to_space": 9,
        "text": "Ann played the 8: space 1 → 9",
    }
    roll = {
        "kind": "dice_rolled",
        "who": BOB,
        "why": "Bob needs 8+ to keep the move",
        "dice": [4, 4],
        "sides": 6,
    }
    assert [SPEC.narrate(e, NAMES) for e in (passed, chute, advanced, roll)] == [
        "Bob passes and lets Ann's move stand",
        "Ann overshoots to space 27",
        "Annie plays the 8: space 1 → 9",
        "Bobby rolls 4 4 = 8, needing 8 to keep the move",
    ]


def test_a_seat_the_table_cannot_name_falls_back_to_the_stored_words() -> None:
    """A driver missing from `names` is never shown as a number: the stored text tells it."""
    step = act(new_race(), ANN, Advance(counter=8))
    assert [SPEC.narrate(raw_event(e), {}) for e in step.events] == [
        "Ann played the 8: space 1 → 9"
    ]
