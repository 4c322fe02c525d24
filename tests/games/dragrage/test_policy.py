"""The Drag Rage bot: it beats a random driver, and it reads the dice odds."""

from __future__ import annotations

from bench.policies import WIN_RATE, duels
from games.dragrage.policy import bot_move, counters_to_finish, declares_nitro
from games.dragrage.state import COUNTERS, Advance, Declare, DragRageState, LetsRoll, Pass
from games.engine import Rng
from tests.games.dragrage.helpers import ANN, BOB, act, board, lane, new_race

GAMES = 200


def _ann_eight_bob(counter: int) -> DragRageState:
    state = act(new_race(), ANN, Advance(counter=8)).state
    return act(state, BOB, Advance(counter=counter)).state


def test_beats_a_random_driver() -> None:
    """Over 200 seeded races, the bot in each seat half the time, it wins at least 70%."""
    found = duels("dragrage", GAMES)
    assert WIN_RATE.is_met(found.rate), f"won {found.wins}/{found.games}"


def test_calls_lets_roll_on_a_big_counter() -> None:
    """Rules text: Bob's 12 survives 2 dice 3% of the time, 3 dice 38%: challenge it."""
    assert bot_move(_ann_eight_bob(12), ANN, Rng(1)) == LetsRoll()


def test_lets_a_small_counter_stand() -> None:
    """Bob's 3 survives any roll: advancing is better than a challenge that cannot win."""
    assert isinstance(bot_move(_ann_eight_bob(3), ANN, Rng(1)), Advance)


def test_declares_nitro_only_when_it_changes_the_odds() -> None:
    """A 10 survives 2 dice 17% and 3 dice 62% (nitro); a 4 survives 2 dice 92% (no nitro)."""
    assert declares_nitro(10) and not declares_nitro(4)
    for counter, dice in ((10, 3), (4, 2)):
        state = act(_ann_eight_bob(counter), ANN, LetsRoll()).state
        assert bot_move(state, BOB, Rng(1)) == Declare(dice=dice)


def test_passes_after_a_failed_challenge() -> None:
    """Passing keeps the nitro and shields the bot's own last move from a challenge."""
    state = act(_ann_eight_bob(12), ANN, LetsRoll()).state
    state = act(state, BOB, Declare(dice=3), dice=[6, 5, 3]).state
    assert bot_move(state, ANN, Rng(1)) == Pass()


def test_crosses_nearest_the_line() -> None:
    """From space 13 the 10 lands on 23 and the 11 on 24: the 10 wins ties and spins less."""
    state = board(lane(12), lane(2), to_move=ANN)
    assert bot_move(state, ANN, Rng(1)) == Advance(counter=10)


def test_counts_counters_to_finish() -> None:
    """Digest 5.4: from the start only {10, 12} and {11, 12} cross in two counters."""
    every = sum(1 << i for i in range(len(COUNTERS)))
    assert counters_to_finish(1, every) == 2
    without_twelve = every & ~(1 << COUNTERS.index(12))
    assert counters_to_finish(1, without_twelve) == 3
    assert counters_to_finish(20, 1 << COUNTERS.index(12)) is None  # 32 is off the track
