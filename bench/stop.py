"""`python -m bench.stop`: seconds from SIGTERM to the exit of `python -m bot`, in each state.

Docker sends SIGKILL 10 s after `docker stop`'s SIGTERM (exit 137), so every state must end
well inside that with exit code 0. Each try spawns a real `python -m bot` against a fake
Discord served by this process, puts it in the state, sends SIGTERM and times the exit:

- idle: connected, nothing in flight;
- move: a button press acknowledged and still being worked on (the drain waits for it);
- refused: the gateway went down and refuses reconnects (HTTP 503), right after the first;
- backoff: the same, once discord.py announced a reconnect wait of 10 s or more (the state of
  issue 28: a long outage); this one takes a while to reach;
- stalled: the gateway went down and holds reconnects without an answer;
- resume: connected, but the gateway never answers the RESUME (nor the close);
- connecting: started during an outage, never connected;
- importing: SIGTERM while the process is still loading its modules (before `discord`).

With `--image redline` the bot runs as a container of that image instead (`docker run
--init --network host`, as compose.yaml runs it: Docker's init forwards the signal) and each
stop is a real `docker stop`; the exit code is the container's (137: Docker killed it).

Not part of `python -m bench` (the backoff state alone takes 10-60 s per try).

    python -m bench.stop [--tries 3] [--states idle refused ...] [--image redline [--docker D]]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import re
import signal
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from bench.botproc import BotProcess, bot_env
from bench.driver import active_user_id, live_buttons
from fakediscord import FakeChannel, FakeDiscord, FakeUser

STATES = ("idle", "move", "refused", "backoff", "stalled", "resume", "connecting", "importing")
DOCKER_KILLS_AFTER = 10.0
"""`docker stop` sends SIGKILL this long after SIGTERM (its default)."""
RECONNECT_WAIT = re.compile(r"Attempting a reconnect for shard ID \d+ in (\d+\.\d+)s")
"""What discord.py logs before waiting out its backoff (doubling after each failed attempt)."""
HOLD_IMPORT = """\
# Holds the first `import discord` until the file named by HOLD_RELEASE exists, so the process
# can be signalled while it is still loading.
import importlib.abc, os, sys, time
class _Hold(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "discord":
            sys.meta_path.remove(self)
            print("holding the import of discord", file=sys.stderr, flush=True)
            while not os.path.exists(os.environ["HOLD_RELEASE"]):
                time.sleep(0.01)
        return None
if os.environ.get("HOLD_RELEASE"):
    sys.meta_path.insert(0, _Hold())
"""


async def _line(bot: BotProcess, pattern: str, timeout: float = 120.0) -> re.Match[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for text in bot.lines:
            if found := re.search(pattern, text):
                return found
        if bot.proc.returncode is not None:
            break
        await asyncio.sleep(0.02)
    raise RuntimeError(f"no line matching {pattern!r}:\n" + "\n".join(bot.lines[-20:]))


async def _press_in_flight(
    fake: FakeDiscord, channel: FakeChannel, alice: FakeUser, bob: FakeUser
) -> None:
    """A race started, and a press acknowledged whose move is still being worked on."""
    await fake.slash(alice, channel, "game new", game="dragrage", where="here")
    await fake.slash(bob, channel, "game join")
    started = await fake.slash(alice, channel, "game start")
    await started.wait_followups(1)
    board = started.messages[-1]
    player = alice if active_user_id(board) == alice.id else bob
    press = await fake.click(player, board, live_buttons(board)[0][1], wait=False)
    await press.wait_response(timeout=10)


def hold_imports(env: dict[str, str], folder: Path) -> Path:
    """Make the bot started with `env` hold its first `import discord` (printing "holding the
    import of discord") until the returned file exists."""
    (folder / "shim").mkdir(exist_ok=True)
    (folder / "shim" / "sitecustomize.py").write_text(HOLD_IMPORT)
    release = folder / "release"
    env.update(HOLD_RELEASE=str(release), PYTHONPATH=f"{folder / 'shim'}:{env['PYTHONPATH']}")
    return release


def announced_a_wait_of(lines: list[str], seconds: float) -> bool:
    """Whether discord.py announced a reconnect wait of `seconds` or more."""
    found = (RECONNECT_WAIT.search(line) for line in lines)
    return any(float(m.group(1)) >= seconds for m in found if m)


async def _long_backoff(bot: BotProcess) -> None:
    """Wait until discord.py announces a reconnect wait of DOCKER_KILLS_AFTER or more."""
    while not announced_a_wait_of(bot.lines, DOCKER_KILLS_AFTER):
        if bot.proc.returncode is not None:
            raise RuntimeError("the bot ended:\n" + "\n".join(bot.lines[-20:]))
        await asyncio.sleep(0.05)


@dataclass
class Runner:
    """How a bot is started and stopped: `python -m bot` and SIGTERM, or a container of
    `image` and `docker stop`."""

    image: str | None = None
    docker: str = "docker"
    names = itertools.count()

    async def start(self, env: dict[str, str], root: Path) -> tuple[BotProcess, str]:
        if self.image is None:
            return await BotProcess.start(env, root), ""
        name = f"redline-stop-{os.getpid()}-{next(self.names)}"
        root.chmod(0o777)  # the image's user (uid 10001) writes its data folder there
        shim = [p for p in env["PYTHONPATH"].split(":") if p.startswith(str(root))]
        passed = {k: v for k, v in env.items() if k.startswith(("REDLINE_", "HOLD_"))}
        args = [self.docker, "run", "--name", name, "--init", "--network", "host"]
        args += ["-v", f"{root}:{root}", *(f"-e{k}={v}" for k, v in passed.items())]
        args += [f"-ePYTHONPATH={':'.join(shim)}"] if shim else []
        proc = await asyncio.create_subprocess_exec(
            *args,
            self.image,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        return BotProcess(proc, time.perf_counter()), name

    async def stop(self, bot: BotProcess, name: str) -> int:
        if not name:
            return await bot.stop(timeout=60)
        stopping = await asyncio.create_subprocess_exec(
            self.docker, "stop", name, stdout=asyncio.subprocess.DEVNULL
        )
        await stopping.wait()
        code = await asyncio.wait_for(bot.proc.wait(), 60)  # the container's exit code
        removed = await asyncio.create_subprocess_exec(
            self.docker, "rm", "-f", name, stdout=asyncio.subprocess.DEVNULL
        )
        await removed.wait()
        return code


async def one_try(state: str, root: Path, runner: Runner) -> tuple[float, int]:
    """(seconds from SIGTERM to exit, exit code) of one bot put in `state`."""
    fake = FakeDiscord()
    await fake.start()
    try:
        guild = fake.add_guild("Bench")
        channel = fake.add_channel(guild, "stop")
        alice, bob = fake.add_member(guild, "alice"), fake.add_member(guild, "bob")
        env = bot_env(f"http://127.0.0.1:{fake.port}", fake.token, root / "data")
        if state == "connecting":
            await fake.gateway_outage()
        release = hold_imports(env, root) if state == "importing" else None
        bot, name = await runner.start(env, root)
        then: Callable[[], None] = lambda: None  # noqa: E731
        if release is not None:
            await _line(bot, "holding the import of discord")
            then = release.touch
        elif state == "connecting":
            await fake.wait_for_turned_away()
        else:
            await bot.wait_ready()
            setups: dict[str, Callable[[], Awaitable[None]]] = {
                "idle": lambda: asyncio.sleep(0),
                "move": lambda: _press_in_flight(fake, channel, alice, bob),
                "refused": fake.gateway_outage,
                "backoff": fake.gateway_outage,
                "stalled": lambda: fake.gateway_outage(stall=True),
                "resume": lambda: fake.gateway_outage(shard=0),
            }
            await setups[state]()
            if state in ("refused", "stalled", "resume", "backoff"):
                await fake.wait_for_turned_away()
            if state == "backoff":
                await _long_backoff(bot)
        t0 = time.perf_counter()
        if not name:
            bot.proc.send_signal(signal.SIGTERM)
        stopping = asyncio.create_task(runner.stop(bot, name))
        await asyncio.sleep(0.2 if name else 0)  # `docker stop` has sent its SIGTERM by then
        then()
        code = await stopping
        return time.perf_counter() - t0, code
    finally:
        await fake.stop()


async def run(states: list[str], tries: int, runner: Runner) -> None:
    print(f"{'state':<12} {'median s':>9} {'max s':>7}  exit codes")
    for state in states:
        times: list[float] = []
        codes: list[int] = []
        for _ in range(tries):
            with tempfile.TemporaryDirectory(prefix="redline-stop-") as tmp:
                took, code = await one_try(state, Path(tmp), runner)
            times.append(took)
            codes.append(code)
        verdict = "ok" if all(c == 0 for c in codes) and max(times) < DOCKER_KILLS_AFTER else "MISS"
        print(
            f"{state:<12} {statistics.median(times):9.2f} {max(times):7.2f}  "
            f"{' '.join(map(str, codes))}  {verdict}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--states", nargs="+", choices=STATES, default=list(STATES))
    parser.add_argument("--image", help="run the bot as a container of this image")
    parser.add_argument("--docker", default="docker", help="the docker command (with --image)")
    args = parser.parse_args()
    asyncio.run(run(args.states, args.tries, Runner(args.image, args.docker)))


if __name__ == "__main__":
    main()
