"""Message rules: empty messages, autocomplete limits, custom_ids, deferrals, mentions, 429s."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest

from tests.fakediscord.conftest import World
from tests.fakediscord.toybot import BOARD_BYTES, Toy

Json = dict[str, Any]


async def call(world: World, method: str, path: str, body: Json | None = None) -> tuple[int, Any]:
    """Raw REST as the bot, answering (status, JSON or None)."""
    headers = {"Authorization": f"Bot {world.fake.token}"}
    url = f"{world.fake.api_base}{path}"
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, url, json=body, headers=headers) as answer,
    ):
        data = await answer.json() if answer.status != 204 else None
        return answer.status, data


# -- empty messages -----------------------------------------------------------------------------


async def test_empty_reply_is_refused_50006(world: World, bot: Toy) -> None:
    """A type-4 answer with nothing in it gets 400 / 50006 and a violation."""
    r = await world.fake.slash(world.alice, world.channel, "blank", wait=False)
    await r.record.wait_until(lambda: bool(r.error_codes), 2, "the refusal")
    assert r.error_codes == [50006]
    assert bot.errors[0].code == 50006  # type: ignore[attr-defined]
    assert any("Cannot send an empty message (50006)" in v for v in world.fake.violations)


async def test_channel_message_create_and_edit_judge_the_result(world: World, bot: Toy) -> None:
    """An empty POST is refused; an edit that only drops components keeps the content and is
    fine; an edit that blanks the last thing left is refused."""
    base = f"/channels/{world.channel.id}/messages"
    assert (await call(world, "POST", base, {"content": "   "}))[1]["code"] == 50006
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "x"}]}
    status, sent = await call(world, "POST", base, {"content": "hi", "components": [row]})
    assert status == 200
    assert (await call(world, "PATCH", f"{base}/{sent['id']}", {"components": []}))[0] == 200
    status, body = await call(world, "PATCH", f"{base}/{sent['id']}", {"content": ""})
    assert (status, body["code"]) == (400, 50006)
    status, body = await call(world, "POST", base, {"embeds": [{"title": "only an embed"}]})
    assert status == 200
    assert sum("50006" in v for v in world.fake.violations) == 2


async def test_bot_sent_custom_id_over_100_chars_is_refused(world: World, bot: Toy) -> None:
    """Components the bot sends keep Discord's 100-char custom_id limit: 400 / 50035."""
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101}]}
    status, body = await call(
        world,
        "POST",
        f"/channels/{world.channel.id}/messages",
        {"content": "x", "components": [row]},
    )
    assert (status, body["code"]) == (400, 50035)
    assert any("101 chars > 100" in v for v in world.fake.violations)


# -- autocomplete ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("many", "25 or fewer"),
        ("longname", "between 1 and 100"),
        ("longvalue", "100 or fewer"),
    ],
)
async def test_bad_autocomplete_answer_is_refused(
    world: World, bot: Toy, typed: str, why: str
) -> None:
    """Over 25 choices, a name over 100 or a string value over 100 chars: 400 / 50035."""
    with pytest.raises(AssertionError, match="50035"):
        await world.fake.autocomplete(
            world.alice, world.channel, "find", focused="query", value=typed
        )
    assert any("50035" in v and why in v for v in world.fake.violations)


async def test_good_autocomplete_answer_passes(world: World, bot: Toy) -> None:
    choices = await world.fake.autocomplete(
        world.alice, world.channel, "find", focused="query", value="x"
    )
    assert choices == [{"name": "fine", "value": "fine"}]
    world.fake.assert_clean()


# -- custom_ids injected by tests ---------------------------------------------------------------


async def test_any_custom_id_can_be_injected(world: World, bot: Toy) -> None:
    """force=True sends a custom_id the message does not carry; the bot's DynamicItem answers."""
    r = await world.fake.slash(world.alice, world.channel, "counter")
    click = await world.fake.click(world.alice, r.message, "counter:41", force=True)
    assert click.content == "count 42"


async def test_planted_old_message_with_odd_custom_id(world: World, bot: Toy) -> None:
    """add_message plants a message (as an older bot version left it); its button is clickable
    without force and the DynamicItem answers; Discord's limits still hold for it."""
    row = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "+", "custom_id": "counter:7"}],
    }
    old = world.fake.add_message(world.channel, "count 7", components=[row])
    click = await world.fake.click(world.alice, old, "counter:7")
    assert (click.response_type, old.content) == (7, "count 8")
    too_long = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "+", "custom_id": "c" * 101}],
    }
    with pytest.raises(AssertionError, match="would refuse"):
        world.fake.add_message(world.channel, "x", components=[too_long])


async def test_unmatched_custom_id_gets_no_answer(world: World, bot: Toy) -> None:
    """A custom_id no item matches is dropped by discord.py: nothing answers."""
    r = await world.fake.slash(world.alice, world.channel, "counter")
    click = await world.fake.click(world.alice, r.message, "rl:a:5:-1:{}", force=True, wait=False)
    await asyncio.sleep(0.2)
    assert not click.responded


async def test_custom_id_over_100_chars_cannot_be_injected(world: World, bot: Toy) -> None:
    """Discord cannot carry a custom_id over 100 chars, so not even force=True sends one."""
    r = await world.fake.slash(world.alice, world.channel, "counter")
    with pytest.raises(AssertionError, match="1-100"):
        await world.fake.click(world.alice, r.message, "counter:" + "9" * 100, force=True)


# -- deferred responses ---------------------------------------------------------------------------


@pytest.mark.provokes_deprecated_completions
async def test_first_followup_after_public_defer_ignores_ephemeral(world: World, bot: Toy) -> None:
    """The first followup after a public "thinking" defer edits that message: it stays public
    although the bot asked for ephemeral; the message and a violation record the leak."""
    r = await world.fake.slash(world.alice, world.channel, "leak")
    await r.wait_followups(1)
    assert [m.content for m in r.messages] == ["only you should see this"]
    assert not r.message.ephemeral and r.message.ephemeral_ignored
    assert [m.content for m in world.fake.channel_messages(world.channel)] == [r.message.content]
    assert world.fake.ephemeral_leaks() == [r.message]
    assert any("asked for ephemeral" in v for v in world.fake.violations)
    [completion] = world.fake.deprecated_completions
    assert completion.leaked and completion.message_id == r.message.id


async def test_patch_original_after_defer_then_followup_is_private(world: World, bot: Toy) -> None:
    """PATCH @original fills the deferred message (content, file, embed, view); the followup
    after it is a new message and keeps its ephemeral flag."""
    r = await world.fake.slash(world.alice, world.channel, "refill")
    await r.wait_followups(2)
    original, extra = r.messages
    assert original.content == f"board for {world.alice.mention}"
    assert original.files == [("board.png", BOARD_BYTES)]
    assert original.embeds[0]["title"] == "Board" and original.custom_ids == ["refill:go"]
    assert not original.ephemeral and not original.edited
    assert (extra.content, extra.ephemeral_to) == ("just for you", world.alice.id)
    assert world.fake.ephemeral_leaks() == []
    assert world.fake.notifications(world.alice) == []  # edits never ping
    world.fake.assert_clean()


async def test_delete_original_then_followup_is_new_and_private(world: World, bot: Toy) -> None:
    """DELETE @original removes the thinking message; the next followup is a new message."""
    r = await world.fake.slash(world.alice, world.channel, "vanish")
    await r.wait_followups(1)
    assert [(m.content, m.ephemeral) for m in r.messages] == [("gone, but told you", True)]
    assert world.fake.channel_messages(world.channel) == []
    world.fake.assert_clean()


async def test_deferred_update_followup_is_new_and_private(world: World, bot: Toy) -> None:
    """After type 6 the followup is a new (ephemeral) message; @original is the clicked one."""
    r = await world.fake.slash(world.alice, world.channel, "later")
    click = await world.fake.click(world.alice, r.message, "later")
    assert click.response_type == 6
    await click.wait_followups(2)
    note = click.followups[0]
    assert (note.content, note.ephemeral_to) == ("noted", world.alice.id)
    assert r.message.content == "press later" and r.message.components == []
    world.fake.assert_clean()


# -- mentions -------------------------------------------------------------------------------------


async def test_mention_pings_on_create_only(world: World, bot: Toy) -> None:
    """A new message mentioning bob pings him once; editing it (mention kept) does not."""
    r = await world.fake.slash(world.alice, world.channel, "turn", who=world.bob)
    await r.settle(0.05)
    assert r.content == f"{world.bob.mention} still your turn"
    assert world.fake.notifications(world.bob) == [r.message]
    assert r.message.notified_ids == [world.bob.id]


async def test_allowed_mentions_none_pings_nobody(world: World, bot: Toy) -> None:
    r = await world.fake.slash(world.alice, world.channel, "turn", who=world.bob, quiet=True)
    await r.settle(0.05)
    assert world.fake.notifications(world.bob) == []


@pytest.mark.provokes_deprecated_completions
async def test_followup_completing_a_defer_does_not_ping(world: World, bot: Toy) -> None:
    """Completing a "thinking" defer is an edit (no ping); the second followup is new (ping)."""
    r = await world.fake.slash(world.alice, world.channel, "slowping", who=world.bob)
    await r.wait_followups(2)
    assert world.fake.notifications(world.bob) == [r.messages[1]]


async def test_member_who_left_is_not_pinged(world: World, bot: Toy) -> None:
    world.fake.remove_member(world.guild, world.bob)
    r = await world.fake.slash(world.alice, world.channel, "turn", who=world.bob)
    await r.settle(0.05)
    assert world.fake.notifications(world.bob) == []


# -- rate limits ----------------------------------------------------------------------------------


async def test_followup_429_is_retried_and_arrives_once(world: World, bot: Toy) -> None:
    """With rate_limit_followups(2) the next two followup POSTs get 429; discord.py retries."""
    world.fake.rate_limit_followups(2)
    r = await world.fake.slash(world.alice, world.channel, "twostep")
    await r.wait_answers(2)  # "one" in the callback, then "two" once its 429s were retried
    assert [m.content for m in world.fake.channel_messages(world.channel)] == ["one", "two"]
    assert len(world.fake.rate_limited) == 2
    assert world.fake.violations == []


@pytest.mark.provokes_deprecated_completions
async def test_deferred_followup_429_is_retried(world: World, bot: Toy) -> None:
    world.fake.rate_limit_followups(1)
    r = await world.fake.slash(world.alice, world.channel, "slow")
    await r.wait_followups(1)
    assert [m.content for m in r.messages] == ["done"]
    assert len(world.fake.rate_limited) == 1


async def test_429_answer_carries_what_discord_py_needs(world: World, bot: Toy) -> None:
    """JSON body with retry_after and global, a Via header, consistent X-RateLimit headers."""
    r = await world.fake.slash(world.alice, world.channel, "ping")
    world.fake.rate_limit_followups(1, retry_after=0.25)
    url = f"{world.fake.api_base}/webhooks/{world.fake.application_id}/{r.record.token}?wait=1"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"content": "x"}) as answer,
    ):
        assert answer.status == 429
        assert answer.headers["Content-Type"] == "application/json"
        assert answer.headers["Via"]
        assert answer.headers["X-RateLimit-Remaining"] == "0"
        assert float(answer.headers["X-RateLimit-Reset-After"]) == 0.25
        assert await answer.json() == {
            "message": "You are being rate limited.",
            "retry_after": 0.25,
            "global": False,
        }
