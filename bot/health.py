"""`python -m bot.health`: exit 0 if the bot wrote its heartbeat recently (Docker health check)."""

from __future__ import annotations

import sys
import time

from bot.settings import Settings

HEARTBEAT_FILE = "heartbeat"
HEARTBEAT_EVERY = 20.0
STALE_AFTER = 90.0


def main() -> int:
    path = Settings().data_dir / HEARTBEAT_FILE
    try:
        age = time.time() - path.stat().st_mtime
    except FileNotFoundError:
        print(f"unhealthy: no heartbeat at {path}")
        return 1
    if age > STALE_AFTER:
        print(f"unhealthy: last heartbeat {age:.0f} s ago")
        return 1
    print(f"healthy: heartbeat {age:.0f} s ago")
    return 0


if __name__ == "__main__":
    sys.exit(main())
