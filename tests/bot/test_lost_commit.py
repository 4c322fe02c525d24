"""The truth after a lost COMMIT, and games that resume once PostgreSQL is back: GameService
over a real (throwaway, restartable) PostgreSQL server, no Discord."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from functools import partial

import pytest

from games.registry import GAMES
from storage import Repository
from storage.pg.bridge import LostCommit
from table.loading import NotSaved
from table.outage import MAX_DELAY, PAUSED, Unconfirmed
from table.service import GameService, Maintenance, Snapshot
from tests.bot.conftest import FakeClock
from tests.bot.outage_steps import Steps, instantly
from tests.bot.test_service_rules import a_move, started
from tests.postgres import PgServer, serving

CHANNEL = 7


server = pytest.fixture(scope="module", name="server")(serving)
"""A server of this module's own: these tests stop and start it."""


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(server: PgServer, clock: FakeClock) -> AsyncIterator[GameService]:
    url = server.new_database()
    repo = await Repository.open(url)
    seeds = itertools.count(17)
    game = GameService(repo, GAMES, seed_source=lambda: next(seeds), clock=clock)
    game.sleep = partial(instantly, clock=clock)
    game.outage.sleep = Steps(clock)
    yield game
    game.outage.close()
    await repo.close()
    server.drop_database(url)


def _lose_next_commit(service: GameService, fault: LostCommit) -> None:
    service.repo._backend.lose_next_commit(fault)  # type: ignore[attr-defined]


async def _press(service: GameService, snap: Snapshot) -> Snapshot:
    actor, action = a_move(snap)
    return await service.act(snap.session_id, actor, action, expected_version=snap.version)


async def test_a_move_whose_commit_answer_was_lost_but_landed_is_saved(
    service: GameService,
) -> None:
    """The server committed and the answer was lost: the move is answered as saved, with its
    position, and no game is paused."""
    snap = await started(service, "dragrage", CHANNEL)
    _lose_next_commit(service, LostCommit(landed=True))
    after = await _press(service, snap)
    assert after.version == snap.version + 1 and after.record.last_seq == snap.record.last_seq + 1
    assert after.state is not None and after.state != snap.state
    assert service.storage_problem is None


async def test_a_move_whose_commit_never_reached_the_server_is_not_saved(
    service: GameService,
) -> None:
    """The connection dropped before the server got the COMMIT: "not saved", truthfully, and
    the same press then lands."""
    snap = await started(service, "dragrage", CHANNEL)
    _lose_next_commit(service, LostCommit(landed=False))
    with pytest.raises(NotSaved, match="was not saved"):
        await _press(service, snap)
    assert (await service.by_id(snap.session_id)).version == snap.version
    assert service.storage_problem is None
    assert (await _press(service, snap)).version == snap.version + 1


async def test_a_lost_commit_that_cannot_be_read_back_is_unconfirmed(
    service: GameService, server: PgServer
) -> None:
    """The server went away with the answer: "could not confirm", never "nothing was
    changed"; the game pauses, and once the server is back the move is there."""
    snap = await started(service, "dragrage", CHANNEL)
    _lose_next_commit(service, LostCommit(landed=True, meanwhile=server.pause))
    try:
        with pytest.raises(Unconfirmed, match="could not confirm") as caught:
            await _press(service, snap)
        assert "Nothing was changed" not in caught.value.message
        assert caught.value.session_id == snap.session_id
        assert service.storage_problem is not None
    finally:
        server.resume()
    await service.outage.sleep.until_back(service.outage)  # type: ignore[attr-defined]
    assert service.storage_problem is None
    assert (await service.by_id(snap.session_id)).version == snap.version + 1


async def test_a_restarted_server_pauses_then_resumes_within_the_backoff(
    service: GameService, server: PgServer, clock: FakeClock
) -> None:
    """PostgreSQL restarted under the service: presses are paused ("try again in a minute"),
    and however long it was down, games resume within MAX_DELAY of it coming back."""
    snap = await started(service, "dragrage", CHANNEL)
    steps: Steps = service.outage.sleep  # type: ignore[assignment]
    server.pause()
    try:
        with pytest.raises(Maintenance) as caught:
            await _press(service, snap)
        assert caught.value.message == PAUSED
        await steps.probes(8)  # down long enough for the backoff to reach its longest wait
        with pytest.raises(Maintenance):
            await _press(service, snap)
    finally:
        server.resume()
    back_at = clock()
    await steps.until_back(service.outage)
    assert service.storage_problem is None
    assert clock() - back_at <= MAX_DELAY
    assert (await _press(service, snap)).version == snap.version + 1
