"""The hidden-information check itself (`tests/bot/hidden.py`): it judges ephemeral messages by
their audience, select menus, and every version of an edited message."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from fakediscord import FakeMessage
from tests.bot.conftest import World
from tests.bot.hidden import Secrets

SELECT_ROW = 1


async def _alices_secret(world: World) -> str:
    """Apocalypse Road started by Alice and Bob: a string only Alice's own view holds."""
    r = await world.slash(world.alice, "game new", game="apocalypseroad")
    assert "lobby" in r.content, r.content
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    log = world.renders
    private = Secrets(log).private
    bobs = log.seat_text.get(world.bob.id, set())
    return sorted(s for s in log.seat_text[world.alice.id] if s in private and s not in bobs)[0]


@contextmanager
def _planted(world: World, message: FakeMessage) -> Iterator[FakeMessage]:
    """The message in the fake for the block; gone after it (the teardown check runs too)."""
    try:
        yield message
    finally:
        del world.fake.store.messages[message.id]


def _menu(option: str) -> list[dict[str, object]]:
    select = {"type": 3, "custom_id": "t:menu", "options": [{"label": option, "value": "x"}]}
    return [{"type": SELECT_ROW, "components": [select]}]


async def test_a_menu_option_shown_to_an_opponent_fails(world: World) -> None:
    """A select menu offering Alice's secret, ephemeral to Bob, is a leak."""
    secret = await _alices_secret(world)
    with _planted(
        world, world.fake.add_message(world.channel, "pick", components=_menu(secret))
    ) as m:
        m.ephemeral_to = world.bob.id
        with pytest.raises(AssertionError, match="ephemeral"):
            world.renders.check(world.fake)


async def test_a_menu_option_shown_to_its_owner_passes(world: World) -> None:
    """The same menu, ephemeral to Alice, shows her nothing she may not see."""
    secret = await _alices_secret(world)
    with _planted(
        world, world.fake.add_message(world.channel, "pick", components=_menu(secret))
    ) as m:
        m.ephemeral_to = world.alice.id
        assert world.renders.check(world.fake).menus["t:menu"] == 1


async def test_an_edit_does_not_hide_what_a_public_message_showed(world: World) -> None:
    """A public message that named Alice's secret and was then edited away still fails."""
    secret = await _alices_secret(world)
    with _planted(world, world.fake.add_message(world.channel, f"psst: {secret}")) as m:
        world.fake.store.edit_message(m, {"content": "nothing to see"}, [])
        with pytest.raises(AssertionError, match="public message"):
            world.renders.check(world.fake)
