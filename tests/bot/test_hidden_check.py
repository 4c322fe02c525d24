"""The hidden-information check itself (`tests/bot/hidden.py`): it judges ephemeral messages
(text, menus, images) by their audience, and every version of an edited message."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from fakediscord import FakeMessage, FakeUser
from fakediscord.records import FakeAttachment
from tests.bot.conftest import World
from tests.bot.hidden import Secrets

SELECT_ROW = 1


async def _started(world: World) -> None:
    """Apocalypse Road, started by Alice and Bob (their hands are private), with the standard
    cars so the race (and the dealt hands) begins at once."""
    r = await world.slash(world.alice, "game new", game="apocalypseroad")
    assert "lobby" in r.content, r.content
    await world.slash(world.alice, "game option", setting="pick_cars", value="false")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)


async def _alices_secret(world: World) -> str:
    """A string only Alice's own view holds, once the game has started."""
    await _started(world)
    log = world.renders
    private = Secrets(log).private
    bobs = log.seat_text.get(world.bob.id, set())
    return sorted(s for s in log.seat_text[world.alice.id] if s in private and s not in bobs)[0]


async def _alices_hand(world: World) -> tuple[str, bytes]:
    """Alice's hand image (file name, bytes), once the game has started."""
    await _started(world)
    board = world.latest_board()
    hand = next(cid for label, cid, _ in board.buttons if "My hand" in str(label))
    r = await world.fake.click(world.alice, board, str(hand))
    await r.wait_followups(1)
    return next(m for m in r.messages if m.ephemeral_to == world.alice.id).files[0]


@contextmanager
def _planted(world: World, message: FakeMessage) -> Iterator[FakeMessage]:
    """The message in the fake for the block; gone after it (the teardown check runs too)."""
    try:
        yield message
    finally:
        del world.fake.store.messages[message.id]


@contextmanager
def _menu_shown_to(world: World, user: FakeUser, option: str) -> Iterator[None]:
    """A select menu offering `option`, ephemeral to `user`, in the fake for the block."""
    select = {"type": 3, "custom_id": "t:menu", "options": [{"label": option, "value": "x"}]}
    rows = [{"type": SELECT_ROW, "components": [select]}]
    with _planted(world, world.fake.add_message(world.channel, "pick", components=rows)) as m:
        m.ephemeral_to = user.id
        yield


async def test_a_menu_option_shown_to_an_opponent_fails(world: World) -> None:
    """A select menu offering Alice's secret, ephemeral to Bob, is a leak."""
    secret = await _alices_secret(world)
    with _menu_shown_to(world, world.bob, secret), pytest.raises(AssertionError, match="ephemeral"):
        world.renders.check(world.fake)


async def test_a_menu_option_shown_to_its_owner_passes(world: World) -> None:
    """The same menu, ephemeral to Alice, shows her nothing she may not see."""
    secret = await _alices_secret(world)
    with _menu_shown_to(world, world.alice, secret):
        assert world.renders.check(world.fake).menus["t:menu"] == 1


async def test_an_edit_does_not_hide_what_a_public_message_showed(world: World) -> None:
    """A public message that named Alice's secret and was then edited away still fails."""
    secret = await _alices_secret(world)
    with _planted(world, world.fake.add_message(world.channel, f"psst: {secret}")) as m:
        world.fake.store.edit_message(m, {"content": "nothing to see"}, [])
        with pytest.raises(AssertionError, match="public message"):
            world.renders.check(world.fake)


async def test_a_private_image_shown_to_an_opponent_fails(world: World) -> None:
    """Alice's hand image, in an ephemeral message to Bob, is a leak."""
    name, data = await _alices_hand(world)
    with _planted(world, world.fake.add_message(world.channel, "look")) as m:
        m.ephemeral_to = world.bob.id
        m.attachments.append(FakeAttachment(id=0, filename=name, data=data, url=""))
        with pytest.raises(AssertionError, match="drawn from the private view"):
            world.renders.check(world.fake)


async def test_an_edit_does_not_hide_a_private_image_an_opponent_was_shown(world: World) -> None:
    """Alice's hand image, in an ephemeral message to Bob that was then redrawn, still fails."""
    name, data = await _alices_hand(world)
    with _planted(world, world.fake.add_message(world.channel, "look")) as m:
        m.ephemeral_to = world.bob.id
        m.shown[-1]["files"] = [(name, data)]  # the version Bob saw first carried it
        world.fake.store.edit_message(m, {"content": "redrawn", "attachments": []}, [])
        with pytest.raises(AssertionError, match="drawn from the private view"):
            world.renders.check(world.fake)
