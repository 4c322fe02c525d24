"""record_move(rules_version=...) moves a session onto upgraded rules in the move's transaction."""

from __future__ import annotations

import pytest

from storage import Repository, StaleVersion
from tests.storage.conftest import HOST, move, new_game, new_lobby


async def test_a_move_can_carry_the_session_to_new_rules(repo: Repository) -> None:
    """Given, the stored rules_version changes with the move; omitted, it stays."""
    session = await new_game(repo)
    assert session.rules_version == 3
    plain = await move(repo, session, 1)
    assert plain.rules_version == 3
    upgraded = await repo.record_move(
        session.id,
        expected_version=plain.version,
        actor=HOST,
        action_json='{"kind":"advance","n":2}',
        events_json="[]",
        state_json='{"turn":2}',
        rules_version=4,
    )
    assert (upgraded.rules_version, upgraded.last_seq) == (4, 2)
    assert (await repo.get_session(session.id)).rules_version == 4


async def test_a_lost_race_does_not_upgrade_the_rules(repo: Repository) -> None:
    """Same transaction: a move refused by compare-and-swap leaves rules_version as it was."""
    session = await new_game(repo)
    await move(repo, session, 1)
    with pytest.raises(StaleVersion):
        await repo.record_move(
            session.id,
            expected_version=session.version,
            actor=HOST,
            action_json="{}",
            events_json="[]",
            state_json="{}",
            rules_version=9,
        )
    assert (await repo.get_session(session.id)).rules_version == 3


async def test_start_can_stamp_the_rules_that_set_the_game_up(repo: Repository) -> None:
    """A lobby opened under rules 3 but started by a build with rules 4 records 4."""
    lobby = await new_lobby(repo)
    started = await repo.start(
        lobby.id,
        expected_version=lobby.version,
        state_json="{}",
        events_json="[]",
        rules_version=4,
    )
    assert (lobby.rules_version, started.rules_version) == (3, 4)
