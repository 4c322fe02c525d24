"""The real `python -m bot` process: start-up line, clean stops, clear failures, exit codes."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

from bench.driver import active_user_id, live_buttons
from games.registry import GAMES
from tests.ops.conftest import HANG_S, ROOT, Site, clean_env

READY = "ready as"


def events(db: Path) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])


async def test_startup_line_then_sigterm_when_idle_exits_0(site: Site) -> None:
    """The start-up line names the database, schema, games and shards; SIGTERM when idle stops
    cleanly with exit 0 (how long that takes is measured in `bench/ready.py`, not here)."""
    bot = await site.bot()
    line = await bot.wait_for_line("starting: database")
    await bot.wait_for_line(READY)
    assert "Redline " in line
    assert str(site.data_dir.resolve() / "redline.sqlite3") in line
    assert "(schema " in line
    for key, spec in GAMES.items():
        assert f"{key} (rules {spec.rules_version})" in line
    assert "shards: auto" in line
    bot.signal(signal.SIGTERM)
    assert await bot.wait() == 0
    assert "stopped cleanly (SIGTERM)" in bot.text
    assert "Traceback" not in bot.text
    assert "voice will NOT be supported" not in bot.text
    # the database was closed cleanly: the WAL was checkpointed and removed
    assert not (site.data_dir / "redline.sqlite3-wal").exists()


async def test_sigint_stops_cleanly_too(site: Site) -> None:
    bot = await site.bot()
    await bot.wait_for_line(READY)
    bot.signal(signal.SIGINT)
    assert await bot.wait() == 0
    assert "KeyboardInterrupt" not in bot.text


async def test_sigterm_right_after_a_move_lets_it_finish_and_save(site: Site) -> None:
    bot = await site.bot()
    await bot.wait_for_line(READY)
    fake, ch = site.fake, site.channel
    await fake.slash(site.alice, ch, "game new", game="dragrage", where="here")
    await fake.slash(site.bob, ch, "game join")
    started = await fake.slash(site.alice, ch, "game start")
    await started.wait_followups(1)
    board = started.messages[-1]
    player = {site.alice.id: site.alice, site.bob.id: site.bob}[active_user_id(board)]
    db = site.data_dir / "redline.sqlite3"
    before = events(db)
    _, custom_id = live_buttons(board)[0]
    press = await fake.click(player, board, custom_id, wait=False)
    # its first response: a deferral while the move is worked on, or the answer itself in the
    # callback (the rest of it may still be on its way when the stop begins)
    await press.wait_response(timeout=10)
    bot.signal(signal.SIGTERM)
    assert await bot.wait() == 0
    assert events(db) == before + 1, bot.text
    assert "Traceback" not in bot.text
    assert press.responded


async def test_second_process_on_the_same_folder_exits_3(site: Site) -> None:
    first = await site.bot()
    await first.wait_for_line(READY)
    second = await site.bot()
    assert await second.wait() == 3
    assert "another Redline" in second.text
    assert "Traceback" not in second.text
    first.signal()
    assert await first.wait() == 0


async def test_wrong_token_is_one_paragraph_and_exit_4(site: Site) -> None:
    bot = await site.bot(REDLINE_TOKEN="not-the-token")
    assert await bot.wait() == 4
    assert "Discord rejected the bot token" in bot.text
    assert "REDLINE_TOKEN" in bot.text
    assert "Traceback" not in bot.text
    assert "Improper token" not in bot.text


async def test_bad_log_level_names_the_variable_and_the_allowed_values(site: Site) -> None:
    bot = await site.bot(REDLINE_LOG_LEVEL="verbose", REDLINE_RENDER_THREADS="99")
    assert await bot.wait() == 2
    assert "REDLINE_LOG_LEVEL='verbose'" in bot.text
    assert "DEBUG, INFO, WARNING, ERROR, CRITICAL" in bot.text
    assert "REDLINE_RENDER_THREADS='99'" in bot.text
    assert "render_threads" not in bot.text
    assert "Traceback" not in bot.text


async def test_unusable_data_folder_exits_5_with_the_fix(site: Site) -> None:
    blocker = site.tmp / "not-a-folder"
    blocker.write_text("x")
    bot = await site.bot(REDLINE_DATA_DIR=str(blocker / "data"))
    assert await bot.wait() == 5
    assert "cannot use the data folder" in bot.text
    assert "chown" in bot.text
    assert "Traceback" not in bot.text


async def test_json_logs_are_one_object_per_line(site: Site) -> None:
    import json

    bot = await site.bot(REDLINE_LOG_FORMAT="json")
    await bot.wait_for_line(READY)
    bot.signal()
    assert await bot.wait() == 0
    records = [json.loads(line) for line in bot.lines]
    assert any("starting: database" in r["message"] for r in records)
    assert {"time", "level", "logger", "message"} <= set(records[0])


def test_help_lists_the_commands_and_exit_codes(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bot", "--help"],
        cwd=tmp_path,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0
    for word in ("backup", "restore", "exit codes", "4 token rejected"):
        assert word in out.stdout


async def test_fakediscord_cli_runs_a_bot_and_passes_sigterm_on(tmp_path: Path) -> None:
    ready = tmp_path / "fake.json"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "fakediscord",
        "--ready-file",
        str(ready),
        "--",
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=clean_env(REDLINE_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=str(ROOT)),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    assert proc.stdout is not None
    seen: list[str] = []
    try:
        while not any(READY in line for line in seen):
            line = await asyncio.wait_for(proc.stdout.readline(), HANG_S)
            assert line, "\n".join(seen)
            seen.append(line.decode())
        assert ready.is_file()
        assert any(line.startswith("REDLINE_FAKE_DISCORD=http://127.0.0.1:") for line in seen)
        assert any(line.startswith("REDLINE_TOKEN=") for line in seen)
        proc.send_signal(signal.SIGTERM)
        rest, _ = await asyncio.wait_for(proc.communicate(), HANG_S)
        assert proc.returncode == 0, rest.decode()
        assert "stopped cleanly (SIGTERM)" in rest.decode()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def test_fakediscord_help(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "fakediscord", "--help"],
        cwd=tmp_path,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0
    assert "REDLINE_FAKE_DISCORD" in out.stdout
