"""Illegal moves, wrong turns, strangers and stale boards get a private answer, never a move."""

from __future__ import annotations

import re

import aiohttp
import discord
import pytest

from bot.registry import COGS
from bot.replies import APOLOGY
from fakediscord import FakeMessage, FakeUser
from games.dragrage.state import Advance
from games.engine import InvalidAction, Player
from games.registry import GAMES
from table.service import ServiceError
from tests.bot.conftest import World, active_user_id, button


async def _first_mover(world: World) -> tuple[FakeMessage, FakeUser, FakeUser]:
    board = world.latest_board()
    first = world.user(active_user_id(board))
    second = world.bob if first is world.alice else world.alice
    return board, first, second


async def test_used_counter_is_refused_privately(world: World) -> None:
    """Playing a counter that is already used answers ephemerally and changes nothing."""
    await world.new_race()
    _, first, second = await _first_mover(world)
    r = await world.slash(first, "dragrage advance", counter=8)
    await r.wait_followups(1)
    before = len(world.public())
    r = await world.slash(second, "dragrage advance", counter=8)
    assert r.ephemeral
    assert "8" in r.content and "free counters" in r.content
    assert len(world.public()) == before


async def test_wrong_turn_press_is_explained_privately(world: World) -> None:
    """Pressing a counter when it is the other driver's turn gets a short private note."""
    await world.new_race()
    board, _, second = await _first_mover(world)
    r = await world.fake.click(second, board, button(board, "5"))
    assert r.ephemeral
    assert "turn" in r.content.lower()
    assert world.fake.store.messages[board.id].components, "the board keeps its buttons"


async def test_bystander_cannot_play(world: World) -> None:
    """Someone who is not seated is told so, privately."""
    await world.new_race()
    board = world.latest_board()
    r = await world.fake.click(world.carol, board, button(board, "5"))
    assert r.ephemeral
    assert "not playing" in r.content


async def test_stale_button_shows_the_current_board(world: World) -> None:
    """A press on an old board never moves: it privately shows the board as it now stands.
    (The old board loses its buttons when its turn is over; a client that has not redrawn it
    yet still sends the press: `force`.)"""
    await world.new_race()
    old, first, _ = await _first_mover(world)
    nine = button(old, "9")
    r = await world.slash(first, "dragrage advance", counter=3)
    await r.wait_followups(1)
    moves_before = len(world.public())
    stale = await world.fake.click(first, old, nine, force=True)
    await stale.wait_followups(1)
    reply = stale.messages[-1]
    assert reply.ephemeral
    assert "moved on" in reply.content
    assert reply.files, "the current board comes along"
    assert len(world.public()) == moves_before


async def test_illegal_slash_option_is_refused_by_discord_range(world: World) -> None:
    """The counter option is declared 2-12, so the schema carries the range to Discord."""
    commands = world.fake.synced_commands()
    dragrage = next(c for c in commands if c["name"] == "dragrage")
    advance = next(o for o in dragrage["options"] if o["name"] == "advance")
    counter = advance["options"][0]
    assert (counter["min_value"], counter["max_value"]) == (2, 12)


async def test_out_of_range_and_unknown_inputs_get_clear_messages(world: World) -> None:
    """Discord stops unknown games and out-of-range counters (the schema says so); if one got
    through anyway, the service and the rules still answer with a clear message."""
    game = next(c for c in world.fake.synced_commands() if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    assert {c["value"] for c in new["options"][0]["choices"]} == set(GAMES) == set(COGS)
    assert world.bot is not None
    service = world.bot.service
    known = re.escape(", ".join(sorted(GAMES)))
    with pytest.raises(ServiceError, match=f"unknown game `chess`; known games: {known}$"):
        await service.new_session(
            guild_id=1, channel_id=5, game_key="chess", host=Player(id=1, name="a")
        )
    await world.new_race()
    snap = await service.current(world.channel.id)
    first = sorted(snap.active_players)[0]
    with pytest.raises(InvalidAction, match="99"):
        await service.act(snap.session_id, first, Advance(counter=99))
    r = await world.slash(world.alice, "roll", expression="9" * 196 + "d6")
    assert r.ephemeral and "🚫" in r.content


async def test_a_refusal_interrupted_by_a_dropped_connection_stays_private(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refusal after a public acknowledgement (no ack budget: acknowledged first) whose
    placeholder removal is cut off (a dropped connection) is answered by the error handler
    privately: the placeholder is removed and the apology is ephemeral, never a first followup
    that would show it to the whole channel."""
    world.answer_within(0)
    await world.slash(world.alice, "game new", game="rushncrush")
    public_before = len(world.public())
    delete = discord.Interaction.delete_original_response
    attempts: list[int] = []

    async def dropped_once(interaction: discord.Interaction) -> None:
        attempts.append(interaction.id)
        if len(attempts) == 1:
            raise aiohttp.ServerDisconnectedError()
        await delete(interaction)

    monkeypatch.setattr(discord.Interaction, "delete_original_response", dropped_once)
    r = await world.slash(world.alice, "game option", setting="clock", value="soon")
    assert len(attempts) == 2, "the error handler removes the placeholder it still holds"
    assert [(m.ephemeral, m.content) for m in r.messages] == [(True, APOLOGY)]
    assert len(world.public()) == public_before
    assert not world.fake.deprecated_completions


async def test_an_answer_discord_refuses_is_followed_by_a_private_apology(world: World) -> None:
    """When Discord refuses the edit that answers a public command (here the dice image is
    over the upload limit), the apology is private: the placeholder is removed first, so
    the "ephemeral" apology never completes it in front of everyone."""
    world.fake.store.attachment_size_limit = 16
    r = await world.slash(world.alice, "roll", expression="2d6")
    assert [(m.ephemeral, m.content) for m in r.messages] == [(True, APOLOGY)]
    assert world.public() == []
    assert not world.fake.deprecated_completions
    assert [v for v in world.fake.violations if "(40005)" not in v] == []
    world.fake.violations.clear()  # the refused upload was the point
