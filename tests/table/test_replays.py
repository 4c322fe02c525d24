"""The animated replay of a finished game, rebuilt from its seed and log, drawn off the event
loop."""

from __future__ import annotations

import io
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from PIL import Image

from games.engine import Player
from games.registry import GAMES
from render.registry import RENDERERS
from render.replay import MAX_FRAMES, pick_evenly
from runtime import memory
from runtime.rendering import Renderer
from storage import Repository
from table import replays
from table.service import GameService
from table.snapshot import Snapshot

HOST = Player(id=1_000_001, name="Host")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    repo = await Repository.open(tmp_path / "db.sqlite3")
    try:
        yield GameService(repo, GAMES, seed_source=lambda: 424242)
    finally:
        await repo.close()


@pytest.fixture
def renderer() -> Iterator[Renderer]:
    """The process's renderer: it draws the replay's pictures (the table's `Drawer`)."""
    renderer = Renderer(RENDERERS)
    try:
        yield renderer
    finally:
        renderer.close()


async def played_to_the_end(service: GameService, key: str, bots: int) -> Snapshot:
    await service.new_session(guild_id=1, channel_id=5, game_key=key, host=HOST)
    for _ in range(bots):
        await service.add_bot(5, HOST.id)
    snap = await service.start(5, HOST.id)
    for _ in range(5000):
        if not snap.record.is_live:
            return snap
        player = sorted(snap.active_players)[0]
        stood = await service.stand_in(snap.session_id, player, snap.clock.of(player).turn)
        snap = stood.snapshot if stood else await service.by_id(snap.session_id)
    raise AssertionError(f"{key} did not end")


def _frames(data: bytes) -> tuple[int, int]:
    """(frames, total milliseconds) of an animated image."""
    with Image.open(io.BytesIO(data)) as img:
        total = 0
        for i in range(img.n_frames):
            img.seek(i)
            img.load()
            total += img.info["duration"]
        return img.n_frames, total


async def test_a_six_car_race_replays_its_boards_evenly_within_budget(
    service: GameService, renderer: Renderer
) -> None:
    """A 6-car Rush 'n' Crush race (the longest game): the start, the end and boards evenly
    between them (`MAX_FRAMES`, each for 350 ms, the last held), under 8 MB, at most 400 px."""
    snap = await played_to_the_end(service, "rushncrush", bots=5)
    started = time.perf_counter()
    board = await replays.replay_for(service, renderer, snap)
    took = time.perf_counter() - started
    assert board.image is not None and board.filename == f"replay-{snap.session_id}.gif"
    _, total_ms = _frames(board.image)
    moves = snap.record.last_seq
    print(f"\n6-car race: {moves} moves, {len(board.image)} bytes, built in {took:.2f} s")
    shown = min(moves + 1, MAX_FRAMES)
    assert total_ms == (shown - 1) * 350 + 4000, "every board kept shown, the final one held"
    assert len(board.image) < 8_000_000
    with Image.open(io.BytesIO(board.image)) as img:
        assert img.format == "GIF" and img.width <= 400


async def test_a_replay_hands_the_memory_it_freed_back(
    service: GameService, renderer: Renderer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built on the bot's drawing threads, a replay ends by giving what it freed back to the
    system (`malloc_trim`), so the bot's memory does not stay at its high-water mark."""
    released: list[bool] = []
    monkeypatch.setattr(memory, "release_freed_memory", lambda: released.append(True))
    snap = await played_to_the_end(service, "dragrage", bots=1)
    await replays.replay_for(service, renderer, snap)
    assert released == [True]


@pytest.mark.parametrize("key", sorted(RENDERERS))
async def test_every_game_replays_after_a_bot_played_game(
    service: GameService, renderer: Renderer, key: str
) -> None:
    """Each game played to its end by bots gives an animated replay of its public boards."""
    snap = await played_to_the_end(service, key, bots=1)
    board = await replays.replay_for(service, renderer, snap)
    assert board.image is not None
    frames, _ = _frames(board.image)
    assert 2 <= frames <= snap.record.last_seq + 1
    assert f"Seed: `{snap.record.seed}`" in board.content


async def test_a_move_that_no_longer_replays_ends_the_replay_at_the_last_board_that_does(
    service: GameService,
) -> None:
    """A log row tampered with (move 10 no longer parses): the replay shows the boards kept
    before it and ends on the board of move 9, held."""
    snap = await played_to_the_end(service, "dragrage", bots=1)
    entries = await service.repo.log(snap.session_id)
    tampered = [e.model_copy(update={"action_json": "{}"}) if e.seq == 10 else e for e in entries]
    data = replays.replay_animation("dragrage", snap.record, tampered)
    kept = [i for i in pick_evenly(snap.record.last_seq + 1, MAX_FRAMES) if i < 10]
    shown = kept if kept[-1] == 9 else [*kept, 9]
    _, total_ms = _frames(data)
    assert total_ms == (len(shown) - 1) * 350 + 4000
