"""Buttons and selects on messages the bot sent, including after a restart."""

from __future__ import annotations

import pytest

from tests.fakediscord.conftest import World, run_bot, stop_bot
from tests.fakediscord.toybot import Toy


async def test_dynamic_button_click_updates_the_message(world: World, bot: Toy) -> None:
    """A click answered with type 7 edits the clicked message in place."""
    r = await world.fake.slash(world.alice, world.channel, "counter")
    assert r.message.buttons == [("+1 (0)", "counter:0", False)]
    click = await world.fake.click(world.alice, r.message, "counter:0")
    assert click.response_type == 7
    assert click.message.id == r.message.id
    assert (r.message.content, r.message.custom_ids, r.message.edited) == (
        "count 1",
        ["counter:1"],
        True,
    )


async def test_each_request_is_recorded_with_its_interaction(world: World, bot: Toy) -> None:
    """A click answered in its callback made one request; one answered by a deferred update
    and an edit of @original made two; an answer in the callback counts as an answer."""
    r = await world.fake.slash(world.alice, world.channel, "counter")
    click = await world.fake.click(world.alice, r.message, "counter:0")
    callback = ("POST", "/api/v10/interactions/{iid}/{token}/callback", 200)
    assert [(c.method, c.route, c.status) for c in click.requests] == [callback]
    assert click.record.answers == 1
    menu = await world.fake.slash(world.alice, world.channel, "pick")
    picked = await world.fake.select(world.alice, menu.message, "pick", values=["b"])
    await picked.wait_answers(1)
    edit = ("PATCH", "/api/v10/webhooks/{app}/{token}/messages/{mid}", 200)
    assert [(c.method, c.route, c.status) for c in picked.requests] == [callback, edit]
    assert all(c in world.fake.requests for c in (*click.requests, *picked.requests))


async def test_persistent_button_works_after_a_restart(world: World) -> None:
    """A new client connecting later finds the old message and its DynamicItem still answers."""
    first = Toy()
    task = await run_bot(world.fake, first)
    r = await world.fake.slash(world.alice, world.channel, "counter")
    await stop_bot(first, task)
    second = Toy(sync=False)
    task = await run_bot(world.fake, second)
    try:
        click = await world.fake.click(world.alice, r.message, "counter:0")
        assert click.content == "count 1"
        assert world.fake.gateway.identify_count == 2
    finally:
        await stop_bot(second, task)


async def test_select_with_deferred_update_edits_the_message(world: World, bot: Toy) -> None:
    """A select answered with type 6 then PATCH @original edits the clicked message."""
    r = await world.fake.slash(world.alice, world.channel, "pick")
    picked = await world.fake.select(world.alice, r.message, "pick", values=["b"])
    assert picked.response_type == 6
    await picked.wait_followups(n=1)
    assert (r.message.content, r.message.components) == ("picked b", [])


async def test_click_on_an_unknown_custom_id_raises(world: World, bot: Toy) -> None:
    """A custom_id that is not on the message fails the test unless forced."""
    r = await world.fake.slash(world.alice, world.channel, "counter")
    with pytest.raises(AssertionError, match="no component 'counter:7'"):
        await world.fake.click(world.alice, r.message, "counter:7")


async def test_select_value_not_offered_raises(world: World, bot: Toy) -> None:
    """A select value the menu does not offer fails the test."""
    r = await world.fake.slash(world.alice, world.channel, "pick")
    with pytest.raises(AssertionError, match="not among"):
        await world.fake.select(world.alice, r.message, "pick", values=["z"])


async def test_other_users_cannot_click_an_ephemeral_message(world: World, bot: Toy) -> None:
    """Only the user an ephemeral message was shown to can press its buttons."""
    r = await world.fake.slash(world.alice, world.channel, "secret")
    with pytest.raises(AssertionError, match="cannot see"):
        await world.fake.click(world.bob, r.message, "x", force=True)
