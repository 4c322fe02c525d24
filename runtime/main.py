"""Redline's command line, run as `python -m bot` (`bot/__main__.py`), with settings from the
environment (REDLINE_*).

    python -m bot                 run the bot (needs REDLINE_TOKEN)
    python -m bot backup          copy the database into DATA_DIR/backups now (safe while running)
    python -m bot restore FILE    put a backup in place of the database (the bot must be stopped)
    python -m bot verify N        re-derive every die of finished game #N from its seed
    python -m bot forget USER_ID  forget a member who left (see README, Your data)

Exit codes (documented in docs/deploy.md, "Exit codes"): 0 stopped cleanly (also on SIGTERM
or Ctrl-C), 1 unexpected error or Discord unreachable, 2 bad configuration, 3 another Redline
holds the data folder, 4 Discord rejected the token, 5 the data folder or database is unusable.
Every failure but 1 is one paragraph on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from runtime.settings import Settings
    from storage import InstanceLock

log = logging.getLogger("bot")

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_CONFIG = 2
ALREADY_RUNNING = 3
EXIT_TOKEN = 4
EXIT_STORAGE = 5

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
AFTER_CLOSE = 0.5
"""Seconds the connection task gets to end after `close()` before it is cancelled: it ends at
once unless discord.py is inside a reconnect (its backoff waits grow to minutes while Discord
is down, and a start-up retries forever); the same again for the cancellation to land."""

stopped_early: list[str] = []
"""Stop signals that came before the event loop's handlers took over (`catch_early_stops`)."""


def catch_early_stops() -> None:
    """Note SIGTERM or Ctrl-C while the modules load and the bot starts (seconds on a busy
    host) instead of dying of it (exit 143 under Docker's init); `serve` then stops cleanly
    before connecting."""

    def note(signum: int, frame: object) -> None:
        stopped_early.append(signal.Signals(signum).name)

    for sig in STOP_SIGNALS:
        signal.signal(sig, note)


def release_early_stops() -> None:
    """One-shot commands (backup, restore...) keep the usual signals: Ctrl-C interrupts them."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)


NO_TOKEN = """\
Redline needs a bot token and none was found.

  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Start Redline again with the token in REDLINE_TOKEN. From the Redline folder:

       REDLINE_TOKEN=your-token-here ./redline bot

     or put the line REDLINE_TOKEN=your-token-here in a file named .env in that folder.
     With Docker: docker run -e REDLINE_TOKEN=your-token-here ... (or --env-file .env);
     with Docker Compose: that line in the .env file next to compose.yaml.

See README.md ("Hosting Redline") for inviting the bot to your server.
"""

BAD_TOKEN = """\
Redline: Discord rejected the bot token ({why}). The token in REDLINE_TOKEN is mistyped, was \
reset in the Developer Portal, or belongs to a deleted application. Get a fresh one at \
https://discord.com/developers/applications (your application -> Bot -> Reset Token), put it \
in REDLINE_TOKEN and start again; restarting with the same token will not help (exit code 4).\
"""


def _print(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def load_settings() -> Settings | int:
    """The settings, or EXIT_CONFIG after saying which variable is wrong and what it accepts."""
    from pydantic import ValidationError

    from runtime.settings import Settings, describe_errors

    try:
        return Settings()
    except ValidationError as exc:
        lines = "\n".join(f"  {line}" for line in describe_errors(exc))
        _print(
            f"Redline: bad configuration (environment or .env):\n{lines}\n"
            "Fix it and start again (exit code 2); every setting is listed in README.md, "
            "Configuration."
        )
        return EXIT_CONFIG


def storage_problem(data_dir: Path, exc: BaseException) -> str:
    uid = os.getuid() if hasattr(os, "getuid") else "?"
    return (
        f"Redline: cannot use the data folder {data_dir.resolve()} ({exc}). The bot runs as "
        f"uid {uid} and needs to create and write files there. With Docker and a bind mount, "
        f"give the host folder to that user (e.g. `sudo chown -R {uid}:{uid} /srv/redline`); "
        "otherwise check the path, the disk space and the permissions (exit code 5)."
    )


def point_at_fake(url: str) -> None:
    """Send all REST and the gateway to a `python -m fakediscord` (development only)."""
    import discord.gateway
    import discord.http
    import yarl

    base = url.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    gateway = base.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"{gateway}/gateway")
    log.warning("REDLINE_FAKE_DISCORD is set: talking to the fake Discord at %s", base)


def run(settings: Settings) -> int:
    if settings.token is None or not settings.token.get_secret_value().strip():
        _print(NO_TOKEN)
        return EXIT_CONFIG
    if settings.fake_discord:
        point_at_fake(settings.fake_discord)
    from storage import AlreadyRunning, InstanceLock

    try:
        lock = InstanceLock.acquire(settings.data_dir)
    except AlreadyRunning as running:
        _print(f"Redline: {running}")
        return ALREADY_RUNNING
    except OSError as exc:
        _print(storage_problem(settings.data_dir, exc))
        return EXIT_STORAGE
    with lock:
        return asyncio.run(serve(settings, lock))


async def serve(settings: Settings, lock: InstanceLock) -> int:
    """Run the bot until it fails or a SIGTERM/SIGINT asks it to stop (then drain and close)."""
    from runtime.app import App
    from runtime.backup import maintenance
    from runtime.metrics import serve_metrics

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    hurry = asyncio.Event()
    received: list[str] = []

    def on_signal(sig: signal.Signals) -> None:
        received.append(sig.name)
        if stop.is_set():
            log.warning("%s again: stopping now, without waiting for moves in flight", sig.name)
            hurry.set()
        stop.set()

    for sig in STOP_SIGNALS:  # from here on the loop takes them (`catch_early_stops` before)
        loop.add_signal_handler(sig, on_signal, sig)
    if stopped_early:
        log.info("stopped cleanly (%s, before connecting)", stopped_early[0])
        return EXIT_OK

    assert settings.token is not None
    app = App(settings, instance_lock=lock)
    drain = app.drain
    background: list[asyncio.Task[None]] = [
        asyncio.create_task(maintenance(settings), name="redline-maintenance")
    ]
    if settings.metrics_port is not None:
        background.append(
            asyncio.create_task(
                serve_metrics(settings, lambda: app.bot, drain), name="redline-metrics"
            )
        )
    try:
        runner = asyncio.create_task(app.run(settings.token.get_secret_value()))
        stopper = asyncio.create_task(stop.wait())
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if not stop.is_set():
            stopper.cancel()
            return failure(runner, settings)
        name = received[0] if received else "stop"
        drain.close_gate()
        log.info(
            "%s: taking no new interactions; waiting up to %.0f s for %d in flight",
            name,
            settings.shutdown_grace,
            drain.in_flight,
        )
        waiting = asyncio.create_task(drain.wait(settings.shutdown_grace))
        hurrying = asyncio.create_task(hurry.wait())
        await asyncio.wait({waiting, hurrying}, return_when=asyncio.FIRST_COMPLETED)
        hurrying.cancel()
        if hurry.is_set():
            drain.hurry()
        left = (await waiting) if waiting.done() else drain.in_flight
        waiting.cancel()
        if left:
            log.warning("stopping with %d interaction(s) unfinished after the grace time", left)
        await app.close()
        await connection_ended(runner)
        log.info("stopped cleanly (%s)", name)
        return EXIT_OK
    finally:
        await app.close()
        for task in background:
            task.cancel()
        await asyncio.gather(*background, return_exceptions=True)


async def connection_ended(runner: asyncio.Task[None]) -> None:
    """Let the connection task end after `close()`, cancelling it if it does not at once (a
    reconnect waiting out its backoff); never waits more than twice AFTER_CLOSE."""
    await asyncio.wait({runner}, timeout=AFTER_CLOSE)
    if not runner.done():
        log.info("the connection to Discord was still retrying: cancelled")
        runner.cancel()
        await asyncio.wait({runner}, timeout=AFTER_CLOSE)
    if not runner.done():
        log.warning("the connection task did not end %.1f s after its cancellation", AFTER_CLOSE)
    elif not runner.cancelled() and runner.exception() is not None:
        # already stopping: how the connection ended is moot
        log.debug("the connection ended with %r while stopping", runner.exception())


def failure(runner: asyncio.Task[None], settings: Settings) -> int:
    """Turn the way the bot stopped by itself into an exit code and, if known, one paragraph."""
    import aiohttp
    import discord

    from storage import DatabaseUnreachable, StorageError

    exc = runner.exception()
    if exc is None:
        log.info("the connection to Discord ended")
        return EXIT_OK
    if isinstance(exc, discord.LoginFailure):
        _print(BAD_TOKEN.format(why="HTTP 401 at login"))
        return EXIT_TOKEN
    if isinstance(exc, discord.ConnectionClosed) and exc.code == 4004:
        _print(BAD_TOKEN.format(why="gateway close code 4004, authentication failed"))
        return EXIT_TOKEN
    if isinstance(exc, discord.ConnectionClosed) and exc.code in (4010, 4011):
        why = "a shard id outside REDLINE_SHARD_COUNT" if exc.code == 4010 else "too many guilds"
        _print(
            f"Redline: Discord refused the gateway connection of shard {exc.shard_id} "
            f"(close code {exc.code}: {why}). Discord allows at most 2,500 guilds on one "
            "shard: unset REDLINE_SHARD_COUNT (Discord then says how many) or raise it, and "
            "give every shard from 0 to the count minus 1 to exactly one process "
            "(REDLINE_SHARD_IDS); see docs/deploy.md, Shards (exit code 2)."
        )
        return EXIT_CONFIG
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        _print(
            "Redline: Discord refused an intent Redline did not ask for (close code 4014). "
            "Redline needs no privileged intent; please report this (exit code 2)."
        )
        return EXIT_CONFIG
    if isinstance(exc, aiohttp.ClientError | asyncio.TimeoutError | discord.GatewayNotFound):
        _print(
            f"Redline: cannot reach Discord ({type(exc).__name__}: {exc}). Check this machine's "
            "internet connection, DNS and any proxy or firewall; it needs outbound HTTPS to "
            "discord.com and gateway.discord.gg (exit code 1; a restart tries again)."
        )
        return EXIT_ERROR
    if isinstance(exc, DatabaseUnreachable):
        _print(f"Redline: {exc} (exit code 5).")
        return EXIT_STORAGE
    if isinstance(exc, StorageError | sqlite3.Error | OSError):
        _print(storage_problem(settings.data_dir, exc))
        return EXIT_STORAGE
    log.error("Redline stopped on an unexpected error", exc_info=exc)
    return EXIT_ERROR


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Redline, a Discord game master. Settings come from REDLINE_* variables "
        "(or .env); see README.md, Configuration.",
        epilog="exit codes: 0 stopped cleanly, 1 unexpected error or Discord unreachable, "
        "2 bad configuration, 3 another Redline uses the data folder, 4 token rejected, "
        "5 data folder or database unusable",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="run the bot (the default)")
    sub.add_parser("backup", help="back up the database into DATA_DIR/backups now")
    restore = sub.add_parser(
        "restore", help="replace the database with a backup (the bot must be stopped)"
    )
    restore.add_argument("file", type=Path, help="a backup file made by `backup`")
    sub.add_parser("prune", help="export and remove finished games older than RETENTION_DAYS")
    check = sub.add_parser(
        "verify", help="re-derive every die of a finished game from its seed and its log"
    )
    check.add_argument("session", type=int, help="the game's number (game #N on its boards)")
    forget = sub.add_parser(
        "forget", help="forget a member who left: their data, and their name in past games"
    )
    forget.add_argument("user", type=int, help="the member's Discord user id")
    return parser.parse_args(argv)


def verify_command(settings: Settings, session_id: int) -> int:
    """`python -m bot verify N`: the same check as `/game verify`, on the database file."""
    from games.registry import GAMES
    from storage import Repository
    from table.verify import commitment, verify

    async def check() -> int:
        repo = await Repository.open(settings.database_target)
        try:
            record = await repo.get_session(session_id)
            if record.is_live:
                _print(f"game #{session_id} is still running: its seed is secret until it ends")
                return EXIT_ERROR
            result = verify(GAMES[record.game_key], record, await repo.log(session_id))
        finally:
            await repo.close()
        print(f"game #{session_id}: seed {record.seed}, commitment {commitment(record.seed)}")
        print(result.summary())
        return EXIT_OK if result.ok else EXIT_ERROR

    return asyncio.run(check())


def forget_command(settings: Settings, user_id: int) -> int:
    """`python -m bot forget USER_ID`: what `/me forget` does, for a member who left."""
    from games.registry import GAMES
    from storage import Repository
    from table.members import forget
    from table.service import GameService, ServiceError

    async def run_it() -> int:
        repo = await Repository.open(settings.database_target)
        try:
            print(await forget(GameService(repo, GAMES), user_id))
        except ServiceError as refused:
            _print(f"member {user_id} was not forgotten: {refused}")
            return EXIT_ERROR
        finally:
            await repo.close()
        return EXIT_OK

    return asyncio.run(run_it())


def main(argv: list[str] | None = None) -> int:
    catch_early_stops()  # first: what follows imports pydantic, discord, Pillow, every game
    args = parse_args(argv)
    if args.command not in (None, "run"):
        release_early_stops()
        if stopped_early:
            return EXIT_OK
    settings = load_settings()
    if isinstance(settings, int):
        return settings
    from runtime import logs

    logs.configure(settings.log_level, settings.log_format)
    if args.command == "backup":
        from runtime.backup import backup_command

        return backup_command(settings)
    if args.command == "restore":
        from runtime.backup import restore_command

        return restore_command(settings, args.file)
    if args.command == "verify":
        return verify_command(settings, args.session)
    if args.command == "forget":
        return forget_command(settings, args.user)
    if args.command == "prune":
        from runtime.backup import prune_command

        return prune_command(settings)
    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
