"""`python -m bot`: run Redline with settings from the environment (REDLINE_*)."""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

NO_TOKEN = """\
Redline needs a bot token and none was found.

  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Run again with the token in the environment (or in a .env file next to you):

       REDLINE_TOKEN=your-token-here python -m bot

See README.md ("Hosting Redline") for inviting the bot to your server.
"""


ALREADY_RUNNING = 3


def main() -> int:
    from bot.settings import Settings

    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"Redline: bad configuration:\n{exc}", file=sys.stderr)
        return 2
    if settings.token is None or not settings.token.get_secret_value().strip():
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    from bot.client import RedlineBot
    from storage import AlreadyRunning, InstanceLock

    try:
        lock = InstanceLock.acquire(settings.data_dir)
    except AlreadyRunning as running:
        print(f"Redline: {running}", file=sys.stderr)
        return ALREADY_RUNNING
    with lock:
        bot = RedlineBot(settings, instance_lock=lock)
        bot.run(settings.token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
