"""One live session per channel or thread."""

from __future__ import annotations

import pytest

from storage import ChannelBusy, Repository, SessionStatus
from tests.storage.conftest import CHANNEL, REFUSED, new_game, new_lobby, raw_sql


async def test_second_create_in_a_busy_channel_raises_channel_busy(repo: Repository) -> None:
    """A channel with a lobby refuses a second session and names the live one."""
    first = await new_lobby(repo)
    with pytest.raises(ChannelBusy) as caught:
        await new_lobby(repo)
    assert caught.value.session_id == first.id


async def test_a_running_game_also_keeps_the_channel_busy(repo: Repository) -> None:
    """An active session blocks a new one just as a lobby does."""
    await new_game(repo)
    with pytest.raises(ChannelBusy):
        await new_lobby(repo)


async def test_after_end_a_new_session_is_allowed(repo: Repository) -> None:
    """Ending the live session frees the channel; the old one stays readable."""
    first = await new_lobby(repo)
    await repo.end_session(first.id, expected_version=0, status=SessionStatus.FINISHED)
    second = await new_lobby(repo)
    assert second.id != first.id
    assert (await repo.live_session(CHANNEL)) == second
    assert (await repo.get_session(first.id)).status is SessionStatus.FINISHED


async def test_threads_are_just_other_channel_ids(repo: Repository) -> None:
    """A thread under a busy channel hosts its own session."""
    parent = await new_lobby(repo, channel_id=CHANNEL)
    thread = await new_lobby(repo, channel_id=CHANNEL + 1)
    assert parent.id != thread.id
    assert (await repo.live_session(CHANNEL + 1)) == thread


async def test_live_session_is_none_for_a_quiet_channel(repo: Repository) -> None:
    """No session ever, or only ended ones: nothing live."""
    assert await repo.live_session(CHANNEL) is None
    session = await new_lobby(repo)
    await repo.end_session(session.id, expected_version=0)
    assert await repo.live_session(CHANNEL) is None


async def test_the_database_itself_enforces_one_live_session(repo: Repository) -> None:
    """The partial unique index refuses a second live row even from outside the repository."""
    await new_lobby(repo)
    with pytest.raises(REFUSED):
        await raw_sql(
            repo,
            "INSERT INTO sessions (channel_id, game_key, status, host_id, options_json, seed,"
            " rules_version, created_at, updated_at)"
            " VALUES (?, 'g', 'active', 1, '{}', '0', 1, 0, 0)",
            (CHANNEL,),
        )
