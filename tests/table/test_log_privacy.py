"""`/game log` tells each reader the events the game lets them read, and no others."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.engine import Player
from games.registry import GAMES
from storage import Repository
from table.service import GameService, Snapshot

ANN, BOB, CAROL = Player(id=1, name="Ann"), Player(id=2, name="Bob"), Player(id=3, name="Carol")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    repo = await Repository.open(tmp_path / "db.sqlite3")
    try:
        yield GameService(repo, GAMES, seed_source=lambda: 11)
    finally:
        await repo.close()


async def _started(service: GameService, game: str) -> Snapshot:
    """A two-player game of `game` in channel 9, started by Ann."""
    await service.new_session(guild_id=1, channel_id=9, game_key=game, host=ANN)
    await service.join(9, BOB)
    return await service.start(9, ANN.id)


async def _move(service: GameService, snap: Snapshot, actor: int) -> Snapshot:
    """`actor` plays their first legal action."""
    return await service.act(snap.session_id, actor, snap.legal_actions(actor)[0])


async def test_a_private_event_is_logged_only_for_its_audience(tmp_path: Path) -> None:
    """An event the game tells only its actor (`GameSpec.audience`) is in their log; the
    others read that the move was played, hidden."""
    secret = dataclasses.replace(GAMES["dragrage"], audience=lambda event: frozenset({BOB.id}))
    repo = await Repository.open(tmp_path / "private.sqlite3")
    try:
        service = GameService(repo, {**GAMES, "dragrage": secret}, seed_source=lambda: 11)
        snap = await _started(service, "dragrage")
        snap = await _move(service, snap, BOB.id)  # Bob goes first in this seed's heat
        mine = await service.log_lines(snap.session_id, viewer=BOB.id)
        theirs = await service.log_lines(snap.session_id, viewer=ANN.id)
        spectator = await service.log_lines(snap.session_id, viewer=None)
    finally:
        await repo.close()
    assert "plays the" in mine[-1]
    assert theirs[-1] == spectator[-1] == f"#{snap.record.last_seq} Bob: played (hidden)"


async def test_log_of_a_public_game_shows_every_move(service: GameService) -> None:
    """Drag Rage has no secrets: anyone reads the whole log, with names not doubled."""
    snap = await _started(service, "dragrage")
    actor = sorted(snap.active_players)[0]
    snap = await _move(service, snap, actor)
    line = (await service.log_lines(snap.session_id, viewer=CAROL.id))[-1]
    name = snap.name_of(actor)
    assert "plays the" in line and f"{name}: {name}:" not in line


async def test_log_names_other_players_by_name(service: GameService) -> None:
    """Rush 'n' Crush log lines about another car use the seated name, never a raw id."""
    snap = await _started(service, "rushncrush")
    for _ in range(12):
        snap = await _move(service, snap, sorted(snap.active_players)[0])
    lines = await service.log_lines(snap.session_id, viewer=CAROL.id, limit=50)
    assert len(lines) > 5
    assert not any("player 1" in line or "player 2" in line for line in lines), lines
