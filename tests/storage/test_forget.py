"""Forgetting a member on both backends: their own rows go, their name leaves their games,
and the log's one exception (rewriting told events while a session is being forgotten) never
lets who moved, what or when change."""

from __future__ import annotations

import pytest

from storage import GameRewrite, Repository
from tests.storage.conftest import GUEST, HOST, REFUSED, move, new_game, raw_sql


async def test_forgetting_rewrites_names_and_told_events(repo: Repository) -> None:
    """Seat name, position, end reason and a move's events as given; the member's rows gone."""
    session = await move(repo, await new_game(repo), 1)
    await repo.set_prefs(GUEST, '{"zone":"Europe/Paris"}')
    await repo.end_session(session.id, expected_version=session.version, reason="Guest left")
    removed = await repo.forget_member(
        GUEST,
        "a former player",
        [
            GameRewrite(
                session.id,
                "a former player",
                state_json='{"turn":1}',
                end_reason="a former player left",
                events=((1, '[{"kind":"told"}]'),),
            )
        ],
    )
    record = await repo.get_session(session.id)
    assert removed == 1 and await repo.get_prefs([GUEST]) == {}
    assert record.seat_of(GUEST).name == "a former player"  # type: ignore[union-attr]
    assert record.seat_of(HOST).name == "Host"  # type: ignore[union-attr]
    assert (record.state_json, record.end_reason) == ('{"turn":1}', "a former player left")
    [entry] = await repo.moves(session.id)
    assert entry.events_json == '[{"kind":"told"}]' and entry.actor is not None


@pytest.mark.parametrize("column", ["actor", "action_json", "at"])
async def test_even_while_forgetting_the_log_keeps_who_what_and_when(
    repo: Repository, column: str
) -> None:
    """Listed in `forgetting`, a session's log still refuses any change but its told events."""
    session = await move(repo, await new_game(repo), 1)
    await raw_sql(repo, "INSERT INTO forgetting (session_id) VALUES (?)", (session.id,))
    value = {"actor": 1, "action_json": "'{}'", "at": 0}[column]
    with pytest.raises(REFUSED, match="append-only"):
        await raw_sql(
            repo, f"UPDATE events SET {column} = {value} WHERE session_id = ?", (session.id,)
        )
