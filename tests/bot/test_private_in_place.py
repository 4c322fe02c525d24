"""A player's sheet, hand or panel is one private message, redrawn in place through their turn.

Each game with private views is started through the fake Discord; the first player the board
asks to act opens their private message once (the board's sheet button: the player asking)
and then only presses what that message offers (never "Show board" or a whole-road look,
which answer with a message of their own), until their turn is over. Every press on the
message redraws it: no new private message, and its last version says there is nothing to do.
"""

from __future__ import annotations

import random
import re

import pytest

from fakediscord import FakeMessage, FakeUser
from table import ids
from table.ids import ButtonId
from tests.bot.conformance_driver import Choice, Player
from tests.bot.conftest import World

ASKING_AGAIN = re.compile(r"whole|show board|show my", re.IGNORECASE)
"""Presses that answer with a new private message of their own: the player asked for it."""
MAX_PRESSES = 300


async def _start(world: World, key: str) -> list[FakeUser]:
    seated = [world.alice, world.bob]
    await world.slash(world.alice, "game new", game=key)
    await world.slash(world.bob, "game join")
    started = await world.slash(world.alice, "game start")
    await started.wait_followups(1)
    return seated


def _sheet_button(board: FakeMessage) -> str:
    for custom_id in board.custom_ids:
        decoded = ButtonId.decode(custom_id)
        if decoded is not None and decoded.verb == ids.SHEET:
            return custom_id
    raise AssertionError(f"the board offers no private view: {board.buttons}")


def _new_private(world: World, user: FakeUser, since: int) -> list[FakeMessage]:
    """The private messages sent to `user` after the message numbered `since`."""
    return [m for m in world.fake.all_messages() if m.ephemeral_to == user.id and m.id > since]


async def _one_turn(world: World, key: str) -> tuple[FakeMessage, list[FakeMessage]]:
    """The first asked player's turn, played from their private message: (the message they
    opened, every private message they were sent from then on)."""
    seated = await _start(world, key)
    player = Player(world, seated, random.Random(1))
    sheet, sent, _ = await _turn_from_private(world, player, player.actors(player.board())[0])
    return sheet, sent


async def _turn_from_private(
    world: World, player: Player, user: FakeUser
) -> tuple[FakeMessage, list[FakeMessage], list[str]]:
    """`user`'s turn, played from the private message the board's sheet button opens: (that
    message, every private message they were sent from then on, the labels they pressed)."""
    board = player.board()
    opened = await world.fake.click(user, board, _sheet_button(board))
    sheet = opened.messages[-1]
    assert sheet.ephemeral_to == user.id, sheet.content
    current, pressed = sheet, []
    for _ in range(MAX_PRESSES):
        if user not in player.actors(player.board()) or "Nothing to do" in current.content:
            break
        offered = [c for c in player.choices([current]) if not ASKING_AGAIN.search(c.label)]
        assert offered, f"{user.name} must act but the message offers nothing: {current.content}"
        choice: Choice = player.pick(offered)
        pressed.append(choice.label)
        result = await player.press(user, choice)
        player.check_answer(0, user, choice, result)
        assert not player.problems, player.report()
        # follow a new private message if the press sent one (the turn goes on there)
        newer = [m for m in result.messages if m.ephemeral_to == user.id and m.components]
        current = newer[-1] if newer else current
    else:
        raise AssertionError(f"{user.name}'s turn did not end in {MAX_PRESSES} presses")
    sent = [m for m in _new_private(world, user, sheet.id - 1) if m.id != sheet.id] + [sheet]
    return sheet, sent, pressed


@pytest.mark.parametrize("key", ["apocalypseroad", "roadwolf", "spacetruckin"])
async def test_one_turn_is_one_private_message_redrawn(world: World, key: str) -> None:
    """A whole turn played from the private message sends no other private message."""
    sheet, sent = await _one_turn(world, key)
    assert [m.id for m in sent] == [sheet.id], [m.content[:80] for m in sent]
    assert len(sheet.shown) > 2, "every press redrew the message"


@pytest.mark.parametrize("key", ["apocalypseroad", "roadwolf", "spacetruckin"])
async def test_the_redrawn_message_says_the_turn_is_over(world: World, key: str) -> None:
    """After the turn its message shows the new picture, says so and keeps Show board."""
    sheet, _ = await _one_turn(world, key)
    first_picture = sheet.shown[0]["attachments"]
    assert "Nothing to do until" in sheet.content, sheet.content
    assert [label for label, _, _ in sheet.buttons if label and "Show board" in label]
    assert sheet.files and [name for name, _ in sheet.files] != first_picture


def _button(message: FakeMessage, label: str) -> str:
    for text, custom_id, _ in message.buttons:
        if text and label in text and custom_id:
            return custom_id
    raise AssertionError(f"no {label!r} button on {message.content[:80]!r}: {message.buttons}")


async def _open_hand(world: World) -> tuple[FakeUser, FakeMessage]:
    """An Apocalypse Road race started; the first asked player's hand, opened from the board."""
    await _start(world, "apocalypseroad")
    player = Player(world, [world.alice, world.bob], random.Random(1))
    board = player.board()
    user = player.actors(board)[0]
    hand = (await world.fake.click(user, board, _sheet_button(board))).messages[-1]
    assert hand.ephemeral_to == user.id and "Your hand" in hand.content, hand.content
    return user, hand


async def test_show_board_on_the_hand_redraws_the_hand_as_the_board(world: World) -> None:
    """Show board pressed on the private hand turns that message into the board."""
    user, hand = await _open_hand(world)
    await world.fake.click(user, hand, _button(hand, "Show board"))
    assert [m.id for m in _new_private(world, user, hand.id)] == [], "a new private message"
    assert "Your hand" not in hand.content and "My hand" in str(hand.buttons), hand.content


async def test_my_hand_on_a_private_board_redraws_that_board(world: World) -> None:
    """My hand pressed on the board shown privately turns that message back into the hand."""
    user, hand = await _open_hand(world)
    await world.fake.click(user, hand, _button(hand, "Show board"))
    await world.fake.click(user, hand, _button(hand, "My hand"))
    assert [m.id for m in _new_private(world, user, hand.id)] == [], "a new private message"
    assert "Your hand" in hand.content, hand.content


async def test_whole_track_on_the_hand_redraws_the_hand_as_the_track(world: World) -> None:
    """Whole track pressed on the private hand turns that message into the track, with a way
    back to the hand."""
    user, hand = await _open_hand(world)
    await world.fake.click(user, hand, _button(hand, "Whole track"))
    assert [m.id for m in _new_private(world, user, hand.id)] == [], "a new private message"
    assert "The whole track" in hand.content, hand.content
    await world.fake.click(user, hand, _button(hand, "My hand"))
    assert "Your hand" in hand.content, hand.content


MOVE_AND_SHOOT = {r"Play this move|fire at|Fire at": 50.0, r"hold fire|step by step": 0.01}
"""An Apocalypse Road player who moves and shoots whenever they may."""


async def test_activations_with_a_move_and_a_shot_are_one_private_message_each(
    world: World,
) -> None:
    """Apocalypse Road turns up to a move and a shot each send only the turn's private message."""
    seated = await _start(world, "apocalypseroad")
    player = Player(world, seated, random.Random(3), hints=MOVE_AND_SHOOT)
    played: list[str] = []
    for _ in range(30):
        user = player.actors(player.board())[0]
        sheet, sent, pressed = await _turn_from_private(world, player, user)
        assert [m.id for m in sent] == [sheet.id], [m.content[:80] for m in sent]
        played += pressed
        if any("Play this move" in p for p in played) and any("ire at" in p for p in played):
            return
    raise AssertionError(f"no move and shot in 30 turns: {played}")
