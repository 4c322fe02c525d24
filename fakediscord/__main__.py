"""`python -m fakediscord`: serve the fake Discord on a local port for a real bot process.

    python -m fakediscord                      serve; print the address and a token
    python -m fakediscord --console            ... and take commands on stdin (see `help`)
    python -m fakediscord -- python -m bot     ... and run the bot pointed at it

It prints `REDLINE_FAKE_DISCORD=http://127.0.0.1:PORT` and `REDLINE_TOKEN=...`: a bot process
started with those two variables talks to this fake instead of Discord. The fake builds one
server (guild) with one channel and a few members; in the console a line such as
`alice /game new game:dragrage` sends a slash command as Alice, `bob click Roll` presses the
button labelled Roll on the newest message that has it, `show` prints the channel.
With `-- COMMAND...` the command runs with both variables set; SIGTERM and Ctrl-C are passed
on to it, and the fake exits with its exit code once it ends.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

from fakediscord.records import FakeChannel, FakeMessage, FakeUser
from fakediscord.server import FakeDiscord

HELP = """\
commands (one per line):
  NAME /COMMAND [SUB] [option:value ...]   a slash command as member NAME
                                           e.g. alice /game new game:dragrage
  NAME click LABEL                         press the button LABEL on the newest board that has it
  show [N]                                 the last N messages in the channel (default 5)
  help                                     this text
  quit                                     stop (the bot is asked to stop too)
"""


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_line(line: str) -> tuple[str, str, dict[str, Any]] | None:
    """`alice /game new game:dragrage` -> ("alice", "game new", {"game": "dragrage"})."""
    words = shlex.split(line)
    if len(words) < 2 or not words[1].startswith("/"):
        return None
    path: list[str] = [words[1][1:]]
    options: dict[str, Any] = {}
    for word in words[2:]:
        if ":" in word:
            name, _, value = word.partition(":")
            options[name] = _value(value)
        elif not options:
            path.append(word)
        else:
            return None
    return words[0].lower(), " ".join(path), options


def describe(message: FakeMessage, names: dict[int, str]) -> str:
    content = message.content
    for ident, name in names.items():
        content = content.replace(f"<@{ident}>", f"@{name}")
    who = " (only they see this)" if message.ephemeral else ""
    out = [f"[{message.id}] Redline{who}:"] + [f"  {line}" for line in content.splitlines()]
    out += [f"  [image {name}, {len(data)} bytes]" for name, data in message.files]
    buttons = [str(label) for label, cid, disabled in message.buttons if cid and not disabled]
    if buttons:
        out.append(f"  buttons: {' | '.join(buttons)}")
    return "\n".join(out)


class Console:
    def __init__(self, fake: FakeDiscord, channel: FakeChannel, members: dict[str, FakeUser]):
        self.fake = fake
        self.channel = channel
        self.members = members
        self.names = {u.id: u.name for u in members.values()}

    async def handle(self, line: str) -> str:
        line = line.strip()
        if not line or line == "help":
            return HELP
        words = line.split()
        if words[0] == "show":
            n = int(words[1]) if len(words) > 1 and words[1].isdigit() else 5
            shown = self.fake.channel_messages(self.channel)[-n:]
            return "\n".join(describe(m, self.names) for m in shown) or "(no messages)"
        user = self.members.get(words[0].lower())
        if user is None:
            return f"unknown member {words[0]!r}; members: {', '.join(self.members)}"
        try:
            if len(words) >= 3 and words[1] == "click":
                return await self._click(user, " ".join(words[2:]))
            parsed = parse_line(line)
            if parsed is None:
                return "not understood; type help"
            _, command, options = parsed
            result = await self.fake.slash(user, self.channel, command, options=options)
            await result.settle(0.3)
            return "\n".join(describe(m, self.names) for m in result.messages)
        except (AssertionError, TimeoutError) as exc:
            return f"refused: {exc}"

    async def _click(self, user: FakeUser, label: str) -> str:
        for message in reversed(self.fake.channel_messages(self.channel)):
            for text, custom_id, disabled in message.buttons:
                if str(text).lower() == label.lower() and custom_id and not disabled:
                    result = await self.fake.click(user, message, custom_id)
                    await result.settle(0.3)
                    return "\n".join(describe(m, self.names) for m in result.messages)
        return f"no button {label!r} on the recent messages"


async def serve(args: argparse.Namespace) -> int:
    fake = FakeDiscord()
    await fake.start()
    guild = fake.add_guild(args.guild)
    channel = fake.add_channel(guild, args.channel)
    members = {name.lower(): fake.add_member(guild, name) for name in args.members.split(",")}
    url = f"http://127.0.0.1:{fake.port}"
    info = {
        "url": url,
        "token": fake.token,
        "guild_id": guild.id,
        "channel_id": channel.id,
        "members": {name: user.id for name, user in members.items()},
    }
    print(f"fake Discord serving on {url} (guild {args.guild!r}, channel #{args.channel})")
    print(f"REDLINE_FAKE_DISCORD={url}")
    print(f"REDLINE_TOKEN={fake.token}", flush=True)
    if args.ready_file:
        temp = args.ready_file.with_name(args.ready_file.name + ".tmp")
        temp.write_text(json.dumps(info), encoding="utf-8")
        os.replace(temp, args.ready_file)

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    child: asyncio.subprocess.Process | None = None

    def on_signal(sig: signal.Signals) -> None:
        if child is not None and child.returncode is None:
            child.send_signal(sig)  # the child stops; we stop when it has
        else:
            stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal, sig)

    waiters: list[asyncio.Task[Any]] = [asyncio.create_task(stop.wait())]
    if args.command:
        env = {**os.environ, "REDLINE_FAKE_DISCORD": url, "REDLINE_TOKEN": fake.token}
        # its own session: a Ctrl-C in the terminal reaches it once, passed on by us
        child = await asyncio.create_subprocess_exec(*args.command, env=env, start_new_session=True)
        waiters.append(asyncio.create_task(child.wait()))
    if args.console:
        console = Console(fake, channel, members)
        waiters.append(asyncio.create_task(_console_loop(console)))
        print("type help for commands", flush=True)
    try:
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if child is not None and child.returncode is None:
            child.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(child.wait(), 15)
            except TimeoutError:
                child.kill()
                await child.wait()
        for task in waiters:
            task.cancel()
        await fake.stop()
    return child.returncode if child is not None and child.returncode is not None else 0


async def _console_loop(console: Console) -> None:
    while True:
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line or line.strip() in ("quit", "exit"):
            return
        print(await console.handle(line), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fakediscord",
        description="Serve a fake Discord on 127.0.0.1 (a free port) for a real bot process. "
        "It prints REDLINE_FAKE_DISCORD=... and REDLINE_TOKEN=...; start `python -m bot` with "
        "both set, or pass the command after `--`.",
        epilog="example: python -m fakediscord --console -- python -m bot",
    )
    parser.add_argument("--guild", default="Redline Dev", help="the server's name")
    parser.add_argument("--channel", default="general", help="the channel's name")
    parser.add_argument("--members", default="Alice,Bob,Carol", help="comma-separated member names")
    parser.add_argument(
        "--ready-file",
        type=Path,
        help="write the address, token and ids as JSON to this file once serving",
    )
    parser.add_argument("--console", action="store_true", help="read commands from stdin")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND to run against it")
    args = parser.parse_args(argv)
    if args.command and args.command[0] == "--":
        args.command = args.command[1:]
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
