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

    bot = RedlineBot(settings)
    bot.run(settings.token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
