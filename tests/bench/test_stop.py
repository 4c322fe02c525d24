"""bench.stop: a real `python -m bot` put in a state and stopped with SIGTERM, timed."""

from __future__ import annotations

from pathlib import Path

from bench import stop


async def test_one_try_times_a_stop_during_an_outage_and_reads_its_exit_code(
    tmp_path: Path,
) -> None:
    """The refused state is reached (the bot met the outage) and the stop is timed to exit."""
    took, code = await stop.one_try("refused", tmp_path, stop.Runner())
    assert code == 0
    assert took > 0


def test_a_reconnect_wait_is_read_from_discord_py_s_log_line() -> None:
    """The long-backoff state is recognised from the line discord.py logs before its wait."""
    line = "ERROR discord.shard: Attempting a reconnect for shard ID 0 in 12.34s"
    assert stop.announced_a_wait_of([line], 10)
    assert not stop.announced_a_wait_of([line], 13)
