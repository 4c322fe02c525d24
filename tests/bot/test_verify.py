"""Dice anyone can verify: commitment at the start, seed at the end, `/game verify`."""

from __future__ import annotations

import hashlib
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import Player
from games.registry import GAMES
from storage import Repository
from table.service import GameService
from table.verify import verify
from tests.bot.conftest import World, active_user_id

COMMIT = re.compile(r"Dice commitment[^`]*`([0-9a-f]{64})`")
SEED = re.compile(r"Seed: `(\d+)`")


async def _race_to_the_end(world: World) -> None:
    await world.new_race()
    for _ in range(300):
        board = world.latest_board()
        if "won the game" in board.content or "Game over" in board.content:
            return
        _, cid, _ = next(b for b in board.buttons if b[1] and not b[2])
        click = await world.fake.click(world.user(active_user_id(board)), board, str(cid))
        await click.wait_followups(1)
    raise AssertionError("the race did not end")


async def test_the_commitment_matches_the_revealed_seed_and_verify_confirms(world: World) -> None:
    """The first board publishes SHA-256 of the seed; the final board reveals the seed; it
    hashes to the commitment, and `/game verify` re-derives every die."""
    await _race_to_the_end(world)
    boards = [m for m in world.public() if m.files]
    committed = COMMIT.search(boards[0].content)
    revealed = SEED.search(boards[-1].content)
    assert committed and revealed, (boards[0].content, boards[-1].content)
    seed = int(revealed.group(1))
    assert hashlib.sha256(f"redline-seed:{seed}".encode()).hexdigest() == committed.group(1)
    assert all(SEED.search(b.content) is None for b in boards[:-1]), "secret until the end"
    r = await world.slash(world.carol, "game verify")
    assert r.ephemeral and "✅" in r.content and "dice" in r.content, r.content


async def test_verify_detects_a_tampered_log_row(world: World) -> None:
    """Someone rewrites the dice of one logged move: `/game verify` names that move."""
    await _race_to_the_end(world)
    assert world.bot is not None
    session_id = (await world.bot.service.latest(world.channel.id)).session_id
    db = sqlite3.connect(world.data_dir / "redline.sqlite3", isolation_level=None)
    try:
        row = db.execute(
            "SELECT seq, events_json FROM events WHERE session_id = ? AND events_json LIKE"
            " '%dice_rolled%' ORDER BY seq LIMIT 1",
            (session_id,),
        ).fetchone()
        assert row is not None, "the race rolled dice"
        seq, events = row
        forged = re.sub(
            r'"dice":\[(\d)', lambda m: f'"dice":[{7 - int(m.group(1))}', events, count=1
        )
        db.execute("DROP TRIGGER events_append_only")  # the tamperer bypasses the guard
        db.execute(
            "UPDATE events SET events_json = ? WHERE session_id = ? AND seq = ?",
            (forged, session_id, seq),
        )
    finally:
        db.close()
    r = await world.slash(world.carol, "game verify")
    assert "❌" in r.content and f"move #{seq}" in r.content, r.content


async def test_a_running_game_keeps_its_seed_secret(world: World) -> None:
    """Before the end, `/game verify` explains why it cannot check yet."""
    await world.new_race()
    r = await world.slash(world.carol, "game verify")
    assert r.ephemeral and "revealed when the game ends" in r.content


async def test_the_command_line_check_agrees(world: World) -> None:
    """`python -m bot verify N` on the database gives the same verdict, without Discord."""
    await _race_to_the_end(world)
    assert world.bot is not None
    session_id = (await world.bot.service.latest(world.channel.id)).session_id
    await world.stop_bot()
    done = subprocess.run(
        [sys.executable, "-m", "bot", "verify", str(session_id)],
        env={"REDLINE_DATA_DIR": str(world.data_dir), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "✅" in done.stdout and f"game #{session_id}" in done.stdout
    await world.start_bot()


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_every_game_verifies_after_a_bot_played_game(tmp_path: Path, key: str) -> None:
    """For every registered game: a game played to its end by the bot policy (stand-ins, as
    absent players get) re-derives exactly from its seed and log."""
    repo = await Repository.open(tmp_path / "db.sqlite3")
    try:
        service = GameService(repo, GAMES, seed_source=lambda: 424242)
        spec = GAMES[key]
        host = Player(id=1_000_001, name="Host")
        await service.new_session(guild_id=1, channel_id=5, game_key=key, host=host)
        await service.add_bot(5, host.id)
        snap = await service.start(5, host.id)
        for _ in range(3000):
            if not snap.record.is_live:
                break
            player = sorted(snap.active_players)[0]
            stood = await service.stand_in(snap.session_id, player, snap.clock.of(player).turn)
            snap = stood.snapshot if stood else await service.by_id(snap.session_id)
        assert not snap.record.is_live, f"{spec.title} did not end"
        result = verify(spec, snap.record, await repo.log(snap.session_id))
        assert result.ok and result.moves > 0, result.problems
    finally:
        await repo.close()


async def test_history_lists_the_finished_games(world: World) -> None:
    """`/game history` names the finished race, its winner and its length."""
    await _race_to_the_end(world)
    r = await world.slash(world.carol, "game history")
    assert r.ephemeral and "Drag Rage" in r.content and "won by" in r.content, r.content
    assert "moves over" in r.content


async def test_bytes_per_finished_game_stay_small(tmp_path: Path) -> None:
    """A finished game of each title costs a few kilobytes in the database (printed)."""
    for key in sorted(GAMES):
        repo = await Repository.open(tmp_path / f"{key}.sqlite3")
        try:
            service = GameService(repo, GAMES, seed_source=lambda: 99)
            host = Player(id=1_000_001, name="Host")
            await service.new_session(guild_id=1, channel_id=5, game_key=key, host=host)
            await service.add_bot(5, host.id)
            snap = await service.start(5, host.id)
            while snap.record.is_live:
                player = sorted(snap.active_players)[0]
                turn = snap.clock.of(player).turn
                stood = await service.stand_in(snap.session_id, player, turn)
                snap = stood.snapshot if stood else await service.by_id(snap.session_id)
            size = await repo._call(
                lambda db: db.execute(
                    "SELECT (SELECT SUM(LENGTH(state_json) + LENGTH(options_json)"
                    " + LENGTH(clock_json)) FROM sessions)"
                    " + (SELECT SUM(LENGTH(action_json) + LENGTH(events_json)) FROM events)"
                ).fetchone()[0]
            )
        finally:
            await repo.close()
        print(f"{key}: {size} bytes for a finished game of {snap.record.last_seq} moves")
        assert size < 400_000
