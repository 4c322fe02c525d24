"""`/game log` never tells one player what is on another's private sheet."""

from __future__ import annotations

from pathlib import Path

from bot.service import GameService
from games.engine import Player
from games.registry import GAMES
from storage import Repository

ANN, BOB, CAROL = Player(id=1, name="Ann"), Player(id=2, name="Bob"), Player(id=3, name="Carol")


async def test_log_shows_details_only_of_your_own_moves(tmp_path: Path) -> None:
    """In a game with private sheets, others' entries read 'made a move'; yours in full."""
    repo = await Repository.open(tmp_path / "db.sqlite3")
    try:
        service = GameService(repo, GAMES, seed_source=lambda: 11)
        await service.new_session(guild_id=1, channel_id=9, game_key="spacetruckin", host=ANN)
        await service.join(9, BOB)
        snap = await service.start(9, ANN.id)
        actor = sorted(snap.active_players)[0]
        snap = await service.act(snap.session_id, actor, snap.legal_actions(actor)[0])
        mine = await service.log_lines(snap.session_id, viewer=actor)
        theirs = await service.log_lines(snap.session_id, viewer=CAROL.id)
        assert mine[-1] != theirs[-1]
        assert theirs[-1].endswith("made a move")
        assert not mine[-1].endswith("made a move")
    finally:
        await repo.close()


async def test_log_of_a_public_game_shows_every_move(tmp_path: Path) -> None:
    """Drag Rage has no secrets: anyone reads the whole log, with names not doubled."""
    repo = await Repository.open(tmp_path / "db.sqlite3")
    try:
        service = GameService(repo, GAMES, seed_source=lambda: 11)
        await service.new_session(guild_id=1, channel_id=9, game_key="dragrage", host=ANN)
        await service.join(9, BOB)
        snap = await service.start(9, ANN.id)
        actor = sorted(snap.active_players)[0]
        snap = await service.act(snap.session_id, actor, snap.legal_actions(actor)[0])
        line = (await service.log_lines(snap.session_id, viewer=CAROL.id))[-1]
        name = snap.name_of(actor)
        assert "played the" in line and f"{name}: {name}:" not in line
    finally:
        await repo.close()


async def test_log_names_other_players_by_name(tmp_path: Path) -> None:
    """Rush 'n' Crush log lines about another car use the seated name, never a raw id."""
    repo = await Repository.open(tmp_path / "db.sqlite3")
    try:
        service = GameService(repo, GAMES, seed_source=lambda: 5)
        await service.new_session(guild_id=1, channel_id=9, game_key="rushncrush", host=ANN)
        await service.join(9, BOB)
        snap = await service.start(9, ANN.id)
        for _ in range(12):
            actor = sorted(snap.active_players)[0]
            snap = await service.act(snap.session_id, actor, snap.legal_actions(actor)[0])
        lines = await service.log_lines(snap.session_id, viewer=CAROL.id, limit=50)
        assert len(lines) > 5
        assert not any("player 1" in line or "player 2" in line for line in lines), lines
    finally:
        await repo.close()
