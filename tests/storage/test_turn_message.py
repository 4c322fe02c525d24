"""The turn message record (`sessions.turn_json`, migration 0010) on both backends: stored with
the version it shows, never replaced by an older one, and not a move."""

from __future__ import annotations

from storage import Repository
from tests.storage.conftest import move, new_game


async def test_a_new_game_has_no_turn_message(repo: Repository) -> None:
    """Nothing stored until the table records one."""
    game = await new_game(repo)
    row = await repo.turn_message(game.id)
    assert row.turn_json is None and row.version is None


async def test_an_older_version_never_replaces_a_newer_record(repo: Repository) -> None:
    """Two moves' answers delivered out of order: the newer record stays."""
    game = await new_game(repo)
    assert await repo.set_turn_message(game.id, 7, '{"message": 2}')
    assert not await repo.set_turn_message(game.id, 6, '{"message": 1}')
    assert not await repo.set_turn_message(game.id, 7, '{"message": 3}')
    row = await repo.turn_message(game.id)
    assert row == ('{"message": 2}', 7)


async def test_recording_the_turn_message_is_not_a_move(repo: Repository) -> None:
    """The session's version is unchanged: buttons drawn before it stay current."""
    game = await new_game(repo)
    moved = await move(repo, game, 1)
    assert await repo.set_turn_message(game.id, moved.version, '{"message": 9}')
    after = await repo.get_session(game.id)
    assert after.version == moved.version


async def test_a_claimed_record_is_filled_only_at_its_own_version(repo: Repository) -> None:
    """The step's teller claims version 7, then says which message tells it; a fill for a
    version no longer stored (a newer step claimed since) changes nothing."""
    game = await new_game(repo)
    assert await repo.set_turn_message(game.id, 7, '{"message": null}')
    assert await repo.fill_turn_message(game.id, 7, '{"message": 5}')
    assert await repo.set_turn_message(game.id, 8, '{"message": null}')
    assert not await repo.fill_turn_message(game.id, 7, '{"message": 6}')
    assert await repo.turn_message(game.id) == ('{"message": null}', 8)
