"""The due index (`sessions.next_due_at`, migration 0006) on both backends: written by the
scheduler under the version, cleared by every write that can change what is due."""

from __future__ import annotations

from storage import Repository
from storage.queries.due import NEVER
from tests.storage.conftest import GUEST, HOST, move, new_game, new_lobby


async def _due(repo: Repository, now: float = 1e12) -> list[int]:
    return [row.id for row in await repo.due_sessions(now)]


async def test_a_started_game_is_due_until_the_scheduler_has_looked(repo: Repository) -> None:
    """Active only (a lobby is never due); unknown (NULL) after the start, so it is read once."""
    lobby = await new_lobby(repo, channel_id=1)
    game = await new_game(repo, channel_id=2)
    assert await _due(repo) == [game.id] and lobby.id not in await _due(repo)
    assert [r.id for r in await repo.active_sessions()] == [game.id]
    assert set(await repo.live_guilds()) == {lobby.id, game.id}
    assert await repo.set_next_due(game.id, game.version, 500.0)
    assert await _due(repo, 499.0) == []
    assert await _due(repo, 500.0) == [game.id]


async def test_a_move_clears_the_due_time_and_a_stale_write_is_refused(repo: Repository) -> None:
    game = await new_game(repo)
    assert await repo.set_next_due(game.id, game.version, NEVER)
    assert await _due(repo) == []
    moved = await move(repo, game, 1)
    assert await _due(repo) == [game.id], "the move made it unknown again"
    assert not await repo.set_next_due(game.id, game.version, NEVER), "older version"
    assert await _due(repo) == [game.id]
    assert await repo.set_next_due(game.id, moved.version, NEVER)
    assert await _due(repo) == []


async def test_prefs_vacations_seats_and_clocks_clear_the_due_time(repo: Repository) -> None:
    """Writes that change what is due without a move: a member's preferences, a vacation
    starting or ending, a seat changing hands, the clock replaced."""
    game = await new_game(repo)
    version = game.version

    async def indexed() -> None:
        assert await repo.set_next_due(game.id, version, NEVER)
        assert await _due(repo) == []

    await indexed()
    await repo.set_prefs(GUEST, "{}")
    assert await _due(repo) == [game.id]
    await indexed()
    await repo.set_prefs(999, "{}")  # not seated here
    assert await _due(repo) == []
    assert await repo.start_vacation(1, HOST, 1e12)
    assert await _due(repo) == [game.id]
    await indexed()
    assert await repo.end_vacation(1, HOST) is not None
    assert await _due(repo) == [game.id]
    await indexed()
    await repo.set_seat_kind(game.id, GUEST, kind="bot", name="Bot", expected_version=version)
    assert await _due(repo) == [game.id]
    await indexed()
    await repo.set_clock(game.id, "{}", expected_version=version, bump_version=False)
    assert await _due(repo) == [game.id]
