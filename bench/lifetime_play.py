"""The person at each table of the whole-game benchmark (`bench/lifetime.py`): opens a game
with bot seats in every other seat, then plays their own turns by pressing what the bot offers
(`bench/players.py`), waiting for the bot's answer to show before pressing again, as a person
reading their screen does."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.players import (
    ACTORS,
    LOOK,
    OUTCOME,
    Choice,
    Outcome,
    Table,
    answered,
    press,
)  # fmt: skip
from bench.story import OPTIONS
from fakediscord import FakeDiscord, FakeMessage
from tests.table.conformance_plan import HINTS as CONFORMANCE_HINTS

MAX_PRESSES = 3000
"""The host's presses on one table before it is given up (counted in the notes)."""
STALLED_S = 120.0
"""Seconds a table's board may stay unchanged while the bot seats play before it is given up."""
CHANGE_S = 3.0
STALE = 0.08
"""Presses on a superseded board's button, as in the throughput run."""
HINTS = {**CONFORMANCE_HINTS, "rushncrush": {r"step by step": 0.06}}
"""Presses a player makes only now and then (the conformance test's, and Rush 'n' Crush's
step-by-step builder: most drivers take a suggested path); every other choice weighs 1."""


async def open_with_bots(fake: FakeDiscord, table: Table, seats: int) -> None:
    """/game new, the mission where the host has a side of their own, /game bot add for every
    other seat, /game start: each answered before the next is sent."""
    host = table.seats[0]
    commands: list[tuple[str, dict[str, Any]]] = [
        ("game new", {"game": table.game, "where": "here"})
    ]
    commands += [
        ("game option", {"setting": k, "value": v}) for k, v in OPTIONS.get(table.game, {}).items()
    ]
    commands += [("game bot add", {})] * (seats - 1)
    for command, options in commands:
        await answered(await fake.slash(host, table.channel, command, wait=False, **options), 30.0)
    table.board = None
    r = await answered(await fake.slash(host, table.channel, "game start", wait=False), 30.0)
    for message in r.messages:  # the board may be the deferred answer itself
        if not message.ephemeral and ACTORS.search(message.content):
            table.board = message


async def hosts_turn(table: Table, stalled: float = STALLED_S) -> bool:
    """Wait until the newest board asks the host to act (True) or the game is over (False);
    the bot seats play in between. A table whose board stays unchanged for `stalled` s is
    given up (raises TimeoutError): replaced or edited in place (the bots' moves edit the turn
    message) counts as a change."""
    board, since = (table.board and table.board.id, looks(table.board)), time.monotonic()
    while True:
        if table.board is not None and OUTCOME in table.board.content:
            return False
        if table.actors():
            return True
        now = (table.board and table.board.id, looks(table.board))
        if now != board:
            board, since = now, time.monotonic()
        elif time.monotonic() - since > stalled:
            raise TimeoutError
        await asyncio.sleep(0.02)


def looks(message: FakeMessage | None) -> tuple[str, str]:
    return ("", "") if message is None else (message.content, str(message.components))


def seen(table: Table) -> dict[int, tuple[str, str]]:
    """The board and the private messages as the players see them now (edits change them in
    place), by message id; the board also under 0, to see it replaced."""
    shown = [table.board, *(m for ms in table.private.values() for m in ms)]
    return {0: (str(table.board and table.board.id), "")} | {
        m.id: looks(m) for m in shown if m is not None
    }


def plays(outcome: Outcome) -> bool:
    """A play that was taken: what it was pressed on, or the board, changes soon after."""
    pressed = outcome.pressed
    return pressed is not None and outcome.answer == "ok" and not LOOK.search(pressed.label)


async def answer_shown(table: Table, before: dict[int, tuple[str, str]], pressed: Choice) -> None:
    """Wait (at most `CHANGE_S`) until the pressed message or the board is edited or the board
    replaced: the bot may edit them after answering the press, and a player who pressed again
    at once would press an out-of-date message (a stale answer, one more image drawn)."""
    deadline = time.monotonic() + CHANGE_S
    watched = (0, pressed.message.id, table.board.id if table.board else -1)
    while time.monotonic() < deadline:
        now = seen(table)
        if any(now.get(i) != before.get(i) for i in watched):
            return
        await asyncio.sleep(0.02)


@dataclass
class Played:
    """What a phase's tables came to."""

    finished: int = 0
    given_up: int = 0
    presses: Counter[str] = field(default_factory=Counter)


async def play_phase(
    fake: FakeDiscord, tables: list[Table], seats: int, rnd: random.Random
) -> Played:
    """Open every table, then play the host's turns of each until its game is over."""
    await asyncio.gather(*(open_with_bots(fake, t, seats) for t in tables))
    totals = Played()

    async def to_the_end(table: Table) -> None:
        try:
            for _ in range(MAX_PRESSES):
                if not await hosts_turn(table):
                    totals.finished += 1
                    return
                before = seen(table)
                outcome = await press(fake, table, rnd, stale=STALE, wrong_player=0.0,
                                      hints=HINTS.get(table.game, {}))  # fmt: skip
                totals.presses[f"{outcome.kind} {outcome.answer}".strip()] += 1
                if plays(outcome) and outcome.pressed is not None:
                    await answer_shown(table, before, outcome.pressed)
        except TimeoutError:
            pass
        totals.given_up += 1

    await asyncio.gather(*(to_the_end(t) for t in tables))
    return totals
