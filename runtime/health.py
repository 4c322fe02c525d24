"""`python -m runtime.health`: exit 0 if the bot's heartbeat is recent and its storage is ok.

Docker's health check runs this. The bot writes `data_dir/heartbeat` every HEARTBEAT_EVERY
seconds, and at once when a shard connects or disconnects (`write_heartbeat`): JSON `{"at":
unix time, "storage": "ok" or the problem, "gateway": "ok" or which shards are not connected
and ready, "pid": pid}`, replaced atomically so this never reads half a file. `judge` decides:
unhealthy when the file is missing or unreadable, older than STALE_AFTER, dated more than
FUTURE_SLACK in the future (the clock stepped back: the file says nothing about now), or when
the bot reported a storage problem or a shard not connected. An empty file is the older format
(the file was only touched): it is judged by its mtime, and a file without "gateway" was
written only while connected, so upgrading a running container does not flap.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path

from pydantic import ValidationError

from runtime.settings import Settings, describe_errors

HEARTBEAT_FILE = "heartbeat"
HEARTBEAT_EVERY = 20.0
STALE_AFTER = 90.0
FUTURE_SLACK = 60.0
STATUS_OK = "ok"


def write_heartbeat(
    path: Path, *, now: float, storage_problem: str | None, gateway_problem: str | None = None
) -> None:
    """Replace `path` with a fresh heartbeat in one step (temp file in the same folder)."""
    body = {
        "at": now,
        "storage": STATUS_OK if storage_problem is None else storage_problem,
        "gateway": STATUS_OK if gateway_problem is None else gateway_problem,
        "pid": os.getpid(),
    }
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temp.write_text(json.dumps(body) + "\n", encoding="utf-8")
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def judge(path: Path, *, now: float) -> tuple[bool, str]:
    """(healthy?, one line saying why) for the heartbeat at `path`, as of `now`."""
    try:
        text = path.read_text(encoding="utf-8")
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return False, f"unhealthy: no heartbeat at {path} (the bot has not connected yet)"
    except (OSError, UnicodeDecodeError) as exc:
        return False, f"unhealthy: cannot read heartbeat {path}: {exc}"

    if not text.strip():  # the older format: an empty file, touched
        at, storage, gateway, pid = mtime, STATUS_OK, STATUS_OK, None
    else:
        try:
            data = json.loads(text)
            at = data["at"]
            storage = data.get("storage", STATUS_OK)
            gateway = data.get("gateway", STATUS_OK)
            pid = data.get("pid")
            if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at):
                raise ValueError(f"'at' is {at!r}, not a time")
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            return False, f"unhealthy: heartbeat {path} is not readable ({exc})"

    age = now - at
    if age > STALE_AFTER:
        return False, f"unhealthy: last heartbeat {age:.0f} s ago (over {STALE_AFTER:.0f} s)"
    if age < -FUTURE_SLACK:
        return False, (
            f"unhealthy: heartbeat dated {-age:.0f} s in the future (the clock stepped back?)"
        )
    if storage != STATUS_OK:
        return False, f"unhealthy: storage problem: {storage}"
    if gateway != STATUS_OK:
        return False, f"unhealthy: {gateway}"
    who = "" if pid is None else f" from pid {pid}"
    return True, f"healthy: heartbeat {max(age, 0):.0f} s ago{who}"


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        print("unhealthy: bad configuration: " + "; ".join(describe_errors(exc)))
        return 1
    healthy, message = judge(settings.data_dir / HEARTBEAT_FILE, now=time.time())
    print(message)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
