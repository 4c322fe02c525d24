"""The text board: the whole position in a few plain lines when the image cannot be drawn."""

from __future__ import annotations

from games.engine import Player, Rng
from games.rushncrush import SPEC, RncOptions
from games.rushncrush.model import Slot, Turn
from games.rushncrush.text_board import MAX_CHARS, text_board
from tests.games.rushncrush.helpers import duel, new_game, place, playout, with_cars


def test_spec_wires_the_text_board() -> None:
    """The GameSpec offers the text board to the bot."""
    assert SPEC.text_board is text_board


def test_fresh_race_lists_every_car_by_place_and_whose_turn() -> None:
    """Header, one line per car (place, position, gear, Structure, Heat), then the turn."""
    text = text_board(SPEC.view(new_game(3, 2), None))
    lines = text.splitlines()
    assert lines[0] == (
        "**Rush 'n' Crush** · Grand Prix (9 tiles, open) · round 1 · finish line at row 104"
    )
    assert lines[1] == "1. ▶ **P1** (car 3): row 2, lane 2 · neutral · Structure 12/12 · Heat 0/10"
    assert [line[:2] for line in lines[1:4]] == ["1.", "2.", "3."]
    assert lines[-1] == "▶ P1 to choose a gear and speed"


def test_moving_car_shows_gear_zone_and_movement_left() -> None:
    """In the move phase the car's gear, speed and zone and what is left to drive are shown."""
    view = SPEC.view(duel((10, 1), (12, 2), speed=8, lane_changes=2), None)
    text = text_board(view)
    assert "**P1** (car " in text and "row 10, lane 2 · gear 3 speed 8 (" in text
    assert text.splitlines()[-1] == "▶ P1 to drive 8 more (lane changes: 2)"


def test_wrecked_car_and_armed_equipment_are_shown() -> None:
    """A wreck says so; armed equipment is listed (it fires next turn)."""
    state = new_game(2, 1)
    a, b = state.cars
    armed = tuple(Slot(item=s.item, armed=True) for s in a.slots[:1]) + a.slots[1:]
    state = with_cars(
        state,
        place(a, 5, 0, slots=armed),
        place(b, 3, 2, destroyed=True, structure=0),
        turn=Turn(player=a.player),
    )
    text = text_board(SPEC.view(state, None))
    assert "💥 wrecked at row 3, lane 3" in text
    assert "armed: Gun" in text or "armed: Flamer" in text


def test_loop_course_shows_laps() -> None:
    """On a loop each car's line gives its lap."""
    text = text_board(SPEC.view(new_game(2, 1, course="loop"), None))
    assert ", lap 1/2 · " in text


def test_finished_race_names_the_winner() -> None:
    """After the race the last line names the winner and why."""
    state, _ = playout(2, 5)
    assert text_board(SPEC.view(state, None)).splitlines()[-1].startswith("🏁 ")


def test_six_long_names_stay_short_escaped_and_without_mentions() -> None:
    """Six 32-character names with markdown and @ stay under the limit and keep the turn line."""
    names = [f"@everyone_{i}*" + "w" * 20 for i in range(6)]
    players = [Player(id=100 + i, name=n) for i, n in enumerate(names)]
    state = SPEC.setup(players, RncOptions(), Rng(3))
    state = with_cars(
        state,
        *(
            place(
                c,
                c.row,
                c.lane,
                gear=5,
                speed=18,
                heat=9,
                slots=[Slot(item=s.item, armed=True) for s in c.slots],
            )
            for c in state.cars
        ),
        turn=Turn(player=state.cars[0].player),
    )
    text = text_board(SPEC.view(state, None))
    assert len(text) <= MAX_CHARS
    assert "@everyone" not in text and "@\u200beveryone" in text
    assert "everyone\\_0\\*w" in text
    assert text.splitlines()[-1].endswith("to choose a gear and speed")
    assert text.count("\n") == 7
