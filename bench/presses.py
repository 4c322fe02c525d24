"""What one press costs in Discord requests and in the bot's CPU, acknowledged first or answered
in its one callback (issue 31): `python -m bench.presses [--tables T] [--presses N]
[--rounds R] [--json]` (not part of `python -m bench`).

`python -m bot` runs in its own process with the lifetime part's probe (`bench/lifetime_probe.py`:
its CPU by part, discord.py and aiohttp with the bot's carrying as one), drawing on its render
threads, once with `REDLINE_ACK_BUDGET=0` (every press acknowledged first, then answered by a
followup and edits, as before issue 31) and once with the default budget; the runs alternate
`R` times so a change in the machine's load falls on both. In each, two people play Drag Rage
at `T` tables: the player the board asks presses its first button, and waits for the next
step (a new board, or the pressed one redrawn) before pressing again. Most presses hand the
turn over (the pressed board tells its whole turn, a new board pings the other player), the
pattern of a move in every game; some go on in the same message (a declaration of dice).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.botproc import BotProcess, bot_env
from bench.driver import TURN, active_user_id
from bench.figures import Section
from bench.lifetime import Probe, cpu_parts
from fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from runtime.settings import DEFAULT_ACK_BUDGET

WAIT_S = 30.0
END = "🏁"
REPLAY = ("replay", "loop:replay")
"""A race won within the run has its replay built: its CPU is left out (it is not a press's)."""


@dataclass
class Totals:
    presses: int = 0
    requests: int = 0
    press_requests: int = 0
    cpu: float = 0.0
    carrier: float = 0.0


def newest_board(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage | None:
    """The newest message that asks someone to act, or tells the race's end."""
    boards = [
        m for m in fake.channel_messages(channel) if TURN.search(m.content) or END in m.content
    ]
    return boards[-1] if boards else None


async def race(fake: FakeDiscord, channel: FakeChannel, players: list[FakeUser]) -> None:
    await fake.slash(players[0], channel, "game new", game="dragrage", where="here")
    await fake.slash(players[1], channel, "game join")
    await fake.slash(players[0], channel, "game start", timeout=WAIT_S)


async def presses(fake: FakeDiscord, channel: FakeChannel, players: list[FakeUser], n: int) -> int:
    """The asked player presses the first counter until `n` presses or the race is over."""
    users = {u.id: u for u in players}
    done = 0
    while done < n:
        board = newest_board(fake, channel)
        counters = [c for label, c, off in (board.buttons if board else []) if c and not off]
        if board is None or not counters:
            return done
        r = await fake.click(users[active_user_id(board)], board, counters[0], wait=False)
        moved_on = functools.partial(next_step, fake, channel, board, len(board.shown))
        await r.record.wait_until(moved_on, WAIT_S, "the next step on a board")
        done += 1
    return done


def next_step(fake: FakeDiscord, channel: FakeChannel, board: FakeMessage, shown: int) -> bool:
    """The press is answered: a board newer than `board` is up (the turn passed on; `board`
    itself may be edited first, into its turn's story), or `board` was redrawn asking for
    the next step (the same player goes on)."""
    newest = newest_board(fake, channel)
    goes_on = len(board.shown) > shown and TURN.search(board.content) is not None
    return goes_on or (newest is not None and newest.id > board.id)


async def one_run(budget: float, tables: int, n: int, totals: Totals) -> None:
    async with FakeDiscord(ack_deadline=3.0) as fake:
        guild = fake.add_guild("Presses")
        seats = [
            (
                fake.add_channel(guild, f"race-{t}"),
                [fake.add_member(guild, f"p{t}-{i}") for i in "ab"],
            )
            for t in range(tables)
        ]
        with tempfile.TemporaryDirectory() as tmp:
            probe = Probe(Path(tmp, "probe.json"))
            env = bot_env(
                f"http://127.0.0.1:{fake.port}",
                fake.token,
                Path(tmp, "data"),
                REDLINE_RENDER_PROCESSES="0",
                REDLINE_ACK_BUDGET=str(budget),
                LIFETIME_REPORT=str(probe.path),
            )
            bot = await BotProcess.start(env, Path(tmp), module="bench.lifetime_probe")
            try:
                await bot.wait_ready()
                await asyncio.gather(*(race(fake, c, p) for c, p in seats))
                before, calls0 = await probe.fresh(), len(fake.requests)
                done = await asyncio.gather(*(presses(fake, c, p, n) for c, p in seats))
                after = await probe.fresh()
            finally:
                await bot.stop()
        start, end = cpu_parts(before), cpu_parts(after)
        calls = fake.requests[calls0:]
        totals.presses += sum(done)
        totals.requests += len(calls)
        totals.press_requests += sum(c.interaction_id is not None for c in calls)
        spent = {k: end[k] - start.get(k, 0.0) for k in end}
        totals.cpu += spent["total"] - sum(spent.get(k, 0.0) for k in REPLAY)
        totals.carrier += spent.get("loop:carrier", 0.0)


async def run(tables: int, n: int, rounds: int) -> list[Section]:
    budgets = {"acknowledged first (budget 0)": 0.0, "one callback": DEFAULT_ACK_BUDGET}
    totals = {name: Totals() for name in budgets}
    for _ in range(rounds):
        for name, budget in budgets.items():
            await one_run(budget, tables, n, totals[name])
    sections = []
    for name, t in totals.items():
        pressed = max(t.presses, 1)
        section = Section(f"presses: Drag Rage, {name}")
        section.add("Discord requests per press", t.press_requests / pressed, "",
                    note=f"with the press's token; {t.requests / pressed:.2f} in all, "
                    f"{t.presses:,} presses")  # fmt: skip
        section.add("bot CPU per press", t.cpu / pressed * 1000, "ms",
                    note="a won race's replay left out")  # fmt: skip
        section.add("  discord.py, aiohttp, bot/", t.carrier / pressed * 1000, "ms",
                    note=f"{t.carrier / max(t.cpu, 1e-9) * 100:.0f}% (sampled)")  # fmt: skip
        sections.append(section)
    return sections


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--presses", type=int, default=20,
                        help="presses per table and run (a race is about 30 moves)")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for section in asyncio.run(run(args.tables, args.presses, args.rounds)):
        print(section.to_json() if args.json else section.render(), flush=True)


if __name__ == "__main__":
    main()
