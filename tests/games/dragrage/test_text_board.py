"""The text board: the whole position in a few plain lines when the image cannot be drawn."""

from __future__ import annotations

from games.dragrage import SPEC
from games.dragrage.rules import setup
from games.dragrage.state import Advance, Declare, LetsRoll, Pass
from games.dragrage.text_board import MAX_CHARS, text_board
from games.engine import LoadedDice, NoOptions, Player
from tests.games.dragrage.helpers import ANN, BOB, act, board, lane, last_move, new_race


def test_spec_wires_the_text_board() -> None:
    """The GameSpec offers the text board to the bot."""
    assert SPEC.text_board is text_board


def test_text_board_names_cars_counters_pool_and_turn() -> None:
    """Each car's space, counters (spun-out struck), nitro, the free pool and whose turn."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    state = act(state, BOB, Advance(counter=12)).state
    state = act(state, ANN, LetsRoll()).state
    state = act(state, BOB, Declare(dice=3), dice=[1, 1, 1]).state
    text = text_board(SPEC.view(state, None))
    lines = text.splitlines()
    assert lines[0] == "**Drag Rage** · heat 1 · Ann 0–0 Bob (first to 2 heats)"
    assert lines[1] == "▶ **Ann**: space 9 · 1 counter (8) · nitro ready"
    assert lines[2] == "**Bob**: space 1 (start) · 1 counter (~~12~~) · nitro spent"
    assert lines[3] == "Free counters: 2 3 4 5 6 7 9 10 11"
    assert lines[5].startswith("▶ Ann: choose a counter (2, 3")
    assert lines[6].startswith("Last: ")


def test_text_board_shows_a_car_off_the_end() -> None:
    """A broken chute is shown past space 26, off the end of the track."""
    ann = lane(12, 10, 2, 11, spun=(12, 2))
    bob = lane(3, 4, 6, 7, 5, 8, spun=(3, 4, 6, 7))
    before = board(ann, bob, to_move=ANN)
    state = board(ann, bob, to_move=ANN, challengeable=last_move(before, BOB))
    state = act(state, ANN, Advance(counter=9)).state
    text = text_board(SPEC.view(state, None))
    assert "**Ann**: space 31, off the end of the track" in text
    assert "broken chute" in text and "blown engine" in text
    assert "Free counters: none" in text


def test_text_board_announces_the_winner() -> None:
    """A finished race names the winner and the score."""
    before = board(lane(2, 8), lane(3, 10, 4), to_move=ANN)
    state = board(
        lane(2, 8),
        lane(3, 10, 4),
        to_move=ANN,
        challengeable=last_move(before, BOB),
        heat_wins=(1, 1),
        heat=3,
    )
    state = act(state, ANN, Advance(counter=12)).state
    state = act(state, BOB, Pass()).state
    assert "🏁 Ann won 2 heats to 1 and wins the race" in text_board(SPEC.view(state, None))


def test_text_board_stays_short_and_defuses_mentions_and_markdown() -> None:
    """Long names with markdown and @ stay under the limit, escaped and without live mentions."""
    players = (Player(id=1, name="@everyone*" + "x" * 22), Player(id=2, name="_B_" * 10 + "@h"))
    state = setup(players, NoOptions(), LoadedDice([1]))
    text = text_board(SPEC.view(state, None))
    assert len(text) <= MAX_CHARS
    assert "@everyone" not in text and "@\u200beveryone" in text
    assert "\\*" in text and "\\_B\\_" in text
