"""A lone choice is no tap (issue 26): when a person has exactly one move (Drag Rage's Pass
after a failed challenge, "Roll 2 dice" without nitro), the table plays it for them at once
and tells it in the story, instead of offering one button that must be pressed to go on."""

from __future__ import annotations

import random

from fakediscord import FakeMessage
from table.ids import ButtonId
from tests.bot.conftest import World, active_user_id

MAX_PRESSES = 300
SEED = 3
TOLD = "the table played it for them"


def moves(board: FakeMessage) -> list[tuple[str, str]]:
    """(label, custom_id) of the board's enabled move buttons."""
    found = []
    for label, cid, disabled in board.buttons:
        bid = ButtonId.decode(cid or "")
        if bid is not None and bid.verb == "a" and not disabled:
            found.append((str(label), str(cid)))
    return found


async def test_a_lone_move_is_played_by_the_table_and_told(world: World) -> None:
    """A Drag Rage race by seeded random presses: no board offers a single move; the story
    tells the moves the table played for a driver."""
    await world.new_race()
    rnd = random.Random(SEED)
    lone: list[str] = []
    for _ in range(MAX_PRESSES):
        board = world.latest_board()
        if "won the game" in board.content:
            break
        offered = moves(board)
        assert offered, board.content
        if len(offered) == 1:
            lone.append(offered[0][0])
        _, cid = rnd.choice(offered)
        await world.fake.click(world.user(active_user_id(board)), board, cid)
    else:
        raise AssertionError(f"no winner after {MAX_PRESSES} presses")
    assert not lone, f"single moves offered: {lone}"
    told = [v for m in world.public() for v in m.shown if TOLD in str(v.get("content"))]
    assert told, "the turn message tells the moves the table played"
