"""`/vacation`: what a player and their tables are told, straight from the table."""

from __future__ import annotations

import pytest

from games.engine import Player
from table import vacations
from table.clocks import DAY
from table.service import GameService, ServiceError
from tests.table.conftest import Now

ANN, BOB = Player(id=1001, name="Ann"), Player(id=1002, name="Bob")
GUILD = 1


async def _two_games(service: GameService) -> None:
    """Ann and Bob play Drag Rage in channels 10 and 20."""
    for channel in (10, 20):
        await service.new_session(guild_id=GUILD, channel_id=channel, game_key="dragrage", host=ANN)
        await service.join(channel, BOB)
        await service.start(channel, ANN.id)


async def test_a_vacation_tells_every_table_and_the_player(service: GameService) -> None:
    """Each game of the player's gets a post; the player, privately, the days taken and about
    those left (the day begun counts already)."""
    await _two_games(service)
    answer = await vacations.take(service, GUILD, BOB.id, "Bob", 5)
    assert sorted(channel for channel, _ in answer.posts) == [10, 20]
    assert all("Bob is on vacation until" in m.content for _, m in answer.posts)
    [told] = answer.private
    assert answer.public is None
    assert "5 days; about 20 left this year" in told.content and "2 game(s)" in told.content


async def test_coming_back_charges_every_started_day(service: GameService, now: Now) -> None:
    """Back after 2 days and an hour: 3 days charged; the tables are told."""
    await _two_games(service)
    await vacations.take(service, GUILD, BOB.id, "Bob", 5)
    now.t += 2 * DAY + 3600
    answer = await vacations.come_back(service, GUILD, BOB.id, "Bob")
    assert len(answer.posts) == 2 and all("is back" in m.content for _, m in answer.posts)
    assert "3 day(s) were charged" in answer.private[0].content
    assert await vacations.days_used(service, GUILD, BOB.id) == 3


async def test_coming_back_without_a_vacation_is_refused(service: GameService) -> None:
    """`/vacation end` when none runs says so."""
    with pytest.raises(ServiceError, match="not on vacation"):
        await vacations.come_back(service, GUILD, BOB.id, "Bob")


async def test_only_a_manager_sets_the_allowance(service: GameService) -> None:
    """Manage Server sets the yearly days; anyone else is refused and nothing changes."""
    with pytest.raises(ServiceError, match="Manage Server"):
        await vacations.set_allowance(service, GUILD, 3, can_manage=False)
    assert await vacations.allowance(service, GUILD) == vacations.DEFAULT_DAYS
    answer = await vacations.set_allowance(service, GUILD, 3, can_manage=True)
    assert "3 vacation days a year" in answer.private[0].content
    assert await vacations.allowance(service, GUILD) == 3
