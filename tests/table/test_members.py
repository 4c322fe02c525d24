"""A member's data in their hands, from the table: `/me export` and `/me forget` (the rows
they leave, the games that still verify, the refusal while a game of theirs runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import Player
from games.registry import GAMES
from table.members import FORMER_PLAYER, export, forget
from table.service import GameService, ServiceError, Snapshot
from table.verify import verify
from tests.dbscan import columns_holding
from tests.table.playing import play_out

NAME = "Zelda Quux"
ZELDA, BOB = Player(id=1_000_001, name=NAME), Player(id=1_000_002, name="Bob")
GUILD, CHANNEL = 1, 10


async def _played(service: GameService, key: str, *, end: bool = True) -> Snapshot:
    """A game of `key`: Zelda hosts, a bot fills the other seat, the policy plays it out."""
    await service.new_session(guild_id=GUILD, channel_id=CHANNEL, game_key=key, host=ZELDA)
    await service.add_bot(CHANNEL, ZELDA.id)
    snap = await service.start(CHANNEL, ZELDA.id)
    return await play_out(service, snap, seed=3) if end else snap


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_forget_leaves_no_name_and_the_game_still_verifies(
    service: GameService, tmp_path: Path, key: str
) -> None:
    """After `/me forget` no row holds the name, and the game re-derives from its seed."""
    snap = await _played(service, key)
    assert columns_holding(tmp_path / "table.sqlite3", NAME), "the game stored the name"
    await forget(service, ZELDA.id)
    assert columns_holding(tmp_path / "table.sqlite3", NAME) == []
    record = await service.repo.get_session(snap.session_id)
    assert record.seat_of(ZELDA.id).name == FORMER_PLAYER  # type: ignore[union-attr]
    assert verify(snap.spec, record, await service.repo.log(snap.session_id)).ok


async def test_forget_waits_for_a_running_game(service: GameService) -> None:
    """While the member sits in a game that is not over, nothing is forgotten."""
    await _played(service, "dragrage", end=False)
    with pytest.raises(ServiceError, match="still sit in a game that is not over"):
        await forget(service, ZELDA.id)


async def test_forget_keeps_the_other_players_records(service: GameService) -> None:
    """The other player's rating and results stay; the member's own are gone."""
    await service.new_session(guild_id=GUILD, channel_id=CHANNEL, game_key="dragrage", host=ZELDA)
    await service.join(CHANNEL, BOB)
    await play_out(service, await service.start(CHANNEL, ZELDA.id), seed=3)
    await forget(service, ZELDA.id)
    assert await service.repo.ratings_of(guild_id=GUILD, user_id=ZELDA.id) == []
    assert len(await service.repo.results_of(guild_id=GUILD, user_id=BOB.id)) == 1


async def test_export_is_private_json_of_everything_stored(service: GameService) -> None:
    """`/me export`: one private JSON file with settings, ratings, results and games."""
    snap = await _played(service, "dragrage")
    [sent] = (await export(service, ZELDA.id)).private
    assert sent.filename.endswith(".json") and isinstance(sent.image, bytes)
    data = json.loads(sent.image)
    assert data["user_id"] == ZELDA.id and data["games"][0]["game"] == snap.session_id
    assert data["games"][0]["your_name_there"] == NAME and len(data["results"]) == 1


async def test_forget_takes_the_name_from_a_seat_a_bot_took_over(
    service: GameService, tmp_path: Path
) -> None:
    """Bob left and a bot finished his seat ("Bob (bot)"): forgetting Bob leaves no "Bob"."""
    await service.new_session(guild_id=GUILD, channel_id=CHANNEL, game_key="dragrage", host=ZELDA)
    await service.join(CHANNEL, BOB)
    snap = await service.start(CHANNEL, ZELDA.id)
    await service.substitute(CHANNEL, ZELDA.id, BOB.id, can_manage=False)
    await play_out(service, await service.by_id(snap.session_id), seed=3)
    await forget(service, BOB.id)
    assert columns_holding(tmp_path / "table.sqlite3", "Bob") == []
