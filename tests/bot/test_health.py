"""The Docker health check judges the heartbeat file: age, clock steps, storage, the gateway,
old formats."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from runtime.health import FUTURE_SLACK, STALE_AFTER, judge, write_heartbeat

NOW = 1_800_000_000.0


@pytest.fixture
def beat(tmp_path: Path) -> Path:
    return tmp_path / "heartbeat"


def test_a_fresh_heartbeat_with_storage_ok_is_healthy(beat: Path) -> None:
    """Written 20 s ago, storage and gateway ok: healthy; the file holds at, storage, gateway
    and pid."""
    write_heartbeat(beat, now=NOW - 20, storage_problem=None, gateway_problem=None)
    assert json.loads(beat.read_text()) == {
        "at": NOW - 20,
        "storage": "ok",
        "gateway": "ok",
        "pid": os.getpid(),
    }
    healthy, message = judge(beat, now=NOW)
    assert healthy, message
    assert message.startswith("healthy: heartbeat 20 s ago")


def test_no_file_is_unhealthy(beat: Path) -> None:
    """Before the bot ever connected there is no heartbeat."""
    assert judge(beat, now=NOW) == (
        False,
        f"unhealthy: no heartbeat at {beat} (the bot has not connected yet)",
    )


@pytest.mark.parametrize("text", ["{", "[1, 2]", '{"storage": "ok"}', '{"at": "soon"}', "\x00x"])
def test_unreadable_json_is_unhealthy(beat: Path, text: str) -> None:
    """Garbage, a non-object, a missing or non-numeric 'at': unhealthy, saying so."""
    beat.write_text(text)
    healthy, message = judge(beat, now=NOW)
    assert not healthy
    assert "not readable" in message


def test_a_stale_heartbeat_is_unhealthy(beat: Path) -> None:
    """Older than STALE_AFTER: the bot stopped beating (hung loop, lost connection)."""
    write_heartbeat(beat, now=NOW - STALE_AFTER - 1, storage_problem=None)
    healthy, message = judge(beat, now=NOW)
    assert not healthy
    assert "last heartbeat 91 s ago" in message
    assert judge(beat, now=NOW - 2)[0]  # just inside the limit it was fine


def test_a_heartbeat_from_the_future_is_unhealthy(beat: Path) -> None:
    """More than FUTURE_SLACK ahead means the clock stepped back: the file proves nothing."""
    write_heartbeat(beat, now=NOW + FUTURE_SLACK + 5, storage_problem=None)
    healthy, message = judge(beat, now=NOW)
    assert not healthy
    assert "65 s in the future" in message
    write_heartbeat(beat, now=NOW + 30, storage_problem=None)  # small skew is tolerated
    assert judge(beat, now=NOW)[0]


def test_a_storage_problem_is_unhealthy_and_printed(beat: Path) -> None:
    """A fresh heartbeat that reports a storage problem fails with the problem's words."""
    problem = "the database file /data/redline.sqlite3 was deleted while Redline was running"
    write_heartbeat(beat, now=NOW - 1, storage_problem=problem)
    assert judge(beat, now=NOW) == (False, f"unhealthy: storage problem: {problem}")


def test_a_shard_not_connected_is_unhealthy_and_printed(beat: Path) -> None:
    """A fresh heartbeat that says a shard is not connected fails with those words."""
    problem = "not connected to Discord (shard 0 for 25 s; it reconnects by itself)"
    write_heartbeat(beat, now=NOW - 1, storage_problem=None, gateway_problem=problem)
    assert judge(beat, now=NOW) == (False, f"unhealthy: {problem}")


def test_a_heartbeat_without_a_gateway_field_is_from_a_connected_older_bot(beat: Path) -> None:
    """The previous bot wrote only while connected and had no "gateway": upgrading does not flap."""
    beat.write_text(json.dumps({"at": NOW - 5, "storage": "ok", "pid": 7}))
    assert judge(beat, now=NOW) == (True, "healthy: heartbeat 5 s ago from pid 7")


def test_an_old_style_empty_heartbeat_is_judged_by_mtime(beat: Path) -> None:
    """The previous bot only touched the file: recent mtime healthy, old mtime stale."""
    beat.touch()
    os.utime(beat, (NOW - 30, NOW - 30))
    healthy, message = judge(beat, now=NOW)
    assert healthy, message
    os.utime(beat, (NOW - 200, NOW - 200))
    assert not judge(beat, now=NOW)[0]


def test_write_is_atomic_and_leaves_no_temp_file(beat: Path) -> None:
    """Rewriting replaces the file whole; no temp files pile up in the data folder."""
    for n in range(5):
        write_heartbeat(beat, now=NOW + n, storage_problem=None if n % 2 else "read-only")
    assert json.loads(beat.read_text())["at"] == NOW + 4
    assert sorted(p.name for p in beat.parent.iterdir()) == ["heartbeat"]
