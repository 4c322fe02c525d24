"""One public message per turn through the fake Discord: a turn of several steps is one message
edited in place, a handover one new message pinging exactly the next player, a restart goes on
in the same message, and "since your last move" sums up the others."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from table.ids import ACTION, ButtonId
from table.rushncrush.ids import SHIFT, RncId
from tests.bot.conftest import World, active_user_id


def first_move(message: FakeMessage) -> str | None:
    """The custom_id of the first enabled move button on a board, an action or a Rush 'n'
    Crush gear choice (None: a path to drive)."""
    for _, cid, disabled in message.buttons:
        bid = ButtonId.decode(cid or "")
        rid = RncId.decode(cid or "")
        moves = (bid is not None and bid.verb == ACTION) or (rid is not None and rid.verb == SHIFT)
        if moves and not disabled:
            return str(cid)
    return None


def labelled(message: FakeMessage, start: str) -> str:
    for label, cid, disabled in message.buttons:
        if str(label).startswith(start) and cid and not disabled:
            return str(cid)
    raise AssertionError(f"no {start!r} button on: {message.content!r}")


async def rush(w: World) -> FakeMessage:
    """A three-player Rush 'n' Crush race, started: its first turn message."""
    await w.slash(w.alice, "game new", game="rushncrush")
    await w.slash(w.bob, "game join")
    await w.slash(w.carol, "game join")
    await w.slash(w.alice, "game start")
    return w.latest_board()


async def step(w: World, board: FakeMessage) -> FakeUser:
    """The player the board asks to act presses its first move; returns them."""
    player = w.user(active_user_id(board))
    move = first_move(board)
    if move is None:  # the path phase: preview a suggested path privately, then drive it
        preview = await w.fake.click(player, board, labelled(board, "👁"))
        await preview.wait_followups(1)
        await w.fake.click(player, preview.messages[-1], labelled(preview.messages[-1], "✅"))
    else:
        await w.fake.click(player, board, move)
    await w.answered()
    return player


def pings(w: World) -> int:
    return sum(len(m.notified_ids) for m in w.public())


async def test_a_turn_of_two_steps_is_one_message_edited_that_pings_nobody(world: World) -> None:
    """The mover's second step edits the turn message in place: no new message, no ping."""
    w = world
    board = await rush(w)
    posts, pinged = len(w.public()), pings(w)
    mover = await step(w, board)
    assert active_user_id(board) == mover.id, "the mover acts again in the same turn"
    assert len(w.public()) == posts and w.latest_board().id == board.id
    assert board.edited and pings(w) == pinged
    assert "move 1" in board.content


async def test_a_handover_posts_one_new_message_pinging_exactly_the_next_player(
    world: World,
) -> None:
    """When play passes to someone else, one new message notifies them and nobody else."""
    w = world
    board = await rush(w)
    first = active_user_id(board)
    for _ in range(30):
        posts = len(w.public())
        await step(w, board)
        if len(w.public()) > posts:
            break
    else:
        raise AssertionError("play never passed on in 30 steps")
    (new,) = w.public()[posts:]
    assert new.notified_ids == [active_user_id(new)] and active_user_id(new) != first


async def test_a_restart_in_the_middle_of_a_turn_edits_the_same_message(world: World) -> None:
    """After a restart the turn goes on in the message it opened in."""
    w = world
    board = await rush(w)
    await w.stop_bot()
    await w.start_bot()
    posts = len(w.public())
    await step(w, board)
    assert len(w.public()) == posts and board.edited and "move 1" in board.content


async def test_since_your_last_move_sums_up_the_others_per_player(world: World) -> None:
    """The message that hands a player the turn tells the others' steps since their last move,
    one line per player."""
    w = world
    board = await rush(w)
    first = active_user_id(board)
    movers: list[int] = []
    for _ in range(120):
        posts = len(w.public())
        movers.append((await step(w, board)).id)
        if len(w.public()) > posts:
            board = w.public()[-1]
            if active_user_id(board) == first and len(set(movers)) == 3:
                break
    else:
        raise AssertionError("the turn never came back to the first player")
    lines = board.content.splitlines()
    head = lines.index(f"📜 Since your last move, <@{first}>:")
    assert lines[head + 1 : head + 3] == [
        "• bob (4 steps): shifts from neutral to gear 1, speed 4; may change lanes freely this "
        "turn; arms the Machine Gun; arms the Flamer; drives 4 spaces to row 6, lane 4",
        "• carol (4 steps): shifts from neutral to gear 1, speed 4; may change lanes freely this "
        "turn; arms the Flamer; arms the Lateral Circular Saw; drives 4 spaces to row 5, lane 1",
    ]
    assert board.notified_ids == [first]
