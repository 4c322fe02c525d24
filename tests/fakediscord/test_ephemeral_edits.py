"""Editing an ephemeral message, as Discord allows it: by a press on it, or by id through the
interaction's webhook while its token lives (15 minutes)."""

from __future__ import annotations

import aiohttp

from fakediscord import FakeDiscord
from tests.fakediscord.conftest import World
from tests.fakediscord.toybot import Toy


async def _patch(fake: FakeDiscord, token: str, message_id: int, content: str) -> tuple[int, int]:
    """PATCH a message through an interaction's webhook: (status, Discord's code or 0)."""
    url = f"{fake.api_base}/webhooks/{fake.application_id}/{token}/messages/{message_id}"
    async with (
        aiohttp.ClientSession() as session,
        session.patch(url, json={"content": content, "flags": 0}) as answer,
    ):
        body = await answer.json()
        return answer.status, int(body.get("code", 0))


async def test_a_press_on_an_ephemeral_message_edits_it_in_place(world: World, bot: Toy) -> None:
    """An UPDATE_MESSAGE answer edits the pressed ephemeral message; it stays its user's only."""
    r = await world.fake.slash(world.alice, world.channel, "mycounter")
    pressed = await world.fake.click(world.alice, r.message, "counter:0")
    assert pressed.response_type == 7
    message = r.message
    assert (message.content, message.edited) == ("count 1", True)
    assert message.ephemeral_to == world.alice.id
    assert [v["content"] for v in message.shown] == ["count 0", "count 1"]
    assert message not in world.fake.channel_messages(world.channel)
    assert [m.id for m in world.fake.all_messages() if m.ephemeral] == [message.id]


async def test_an_ephemeral_message_is_edited_by_id_while_its_token_lives(
    world: World, bot: Toy
) -> None:
    """A webhook edit by id keeps it ephemeral; past 15 minutes it is 401 / 50027."""
    r = await world.fake.slash(world.alice, world.channel, "secret")
    token, message = r.record.token, r.message
    assert await _patch(world.fake, token, message.id, "fresh") == (200, 0)
    assert (message.content, message.ephemeral_to) == ("fresh", world.alice.id)
    world.fake.age_tokens(15 * 60 + 1)
    assert await _patch(world.fake, token, message.id, "too late") == (401, 50027)
    assert message.content == "fresh"
    assert any("50027" in v for v in world.fake.violations)
