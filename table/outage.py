"""Storage outages: games pause while the database cannot be used, and resume by themselves.

A failed read or write (`StorageGone`) or a failed health probe starts an outage: every write
is refused with `Maintenance` ("paused for maintenance, try again in a minute"), and a
background task probes again with backoff (`Repository.reconnect`, so every pooled connection
is opened anew, then `Repository.check`, a real test write). The first probe that succeeds
ends the outage: the channels whose players were told "paused" get one "▶️ back" each (through
`on_back`, which the client points at the scheduler) and the heartbeat says ok again.

A lasting fault (the SQLite file deleted, replaced, read-only or failing; see
`storage.guard`) is not probed for: only a restart on a working database helps, and the
players are told "try again later" instead. The time source and `sleep` are injectable, so
tests step the backoff instead of waiting for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator

from storage import Repository, StorageGone
from table.snapshot import Maintenance

log = logging.getLogger(__name__)

PAUSED = (
    "⏸️ This game is paused for maintenance: the bot cannot reach its database right now. "
    "Nothing was changed; try again in a minute."
)
STOPPED = (
    "⏸️ This game is paused for maintenance: the bot cannot save moves right now (the server "
    "admin has been told). Nothing was changed; please try again later."
)
UNCONFIRMED_MOVE = (
    "⚠️ We could not confirm whether your move was saved: the connection to the database was "
    "lost while saving it. The board will show it when the database is back."
)
UNCONFIRMED_CHANGE = (
    "⚠️ We could not confirm whether that was saved: the connection to the database was lost "
    "while saving it. Check with `/game status` once the database is back, in a minute."
)
BACK = "▶️ Back: the game goes on."

FIRST_DELAY = 0.5
MAX_DELAY = 5.0
"""Backoff between probes while the database is away, in seconds: once it is back, games
resume within MAX_DELAY (plus one connection) however long the outage was."""

OnBack = Callable[[dict[int, int | None]], Awaitable[None]]
"""Told, once storage is back, each paused channel -> the session whose write could not be
confirmed there (None where the table was only told "paused")."""


class Unconfirmed(Maintenance):
    """The connection was lost while a write was being committed, and reading it back failed
    too: it may or may not have landed. The session's board will show which."""

    def __init__(self, message: str, *, session_id: int | None = None) -> None:
        super().__init__(message)
        self.session_id = session_id
        """The session whose board to show once storage is back (a move), if any."""


@contextlib.contextmanager
def pausing(outage: Outage | None) -> Iterator[None]:
    """Storage unavailable met inside (a read the table does not wrap itself) becomes
    `Maintenance` and starts the outage: what reaches the caller is a pause it can word,
    never a storage error."""
    try:
        yield
    except StorageGone as gone:
        if outage is None:
            raise Maintenance(PAUSED) from gone
        outage.gone(gone)
        raise Maintenance(outage.refusal) from gone


class Outage:
    """Whether storage is usable now, who was told it is not, and the task bringing it back."""

    def __init__(self, repo: Repository, *, clock: Callable[[], float]) -> None:
        self.repo = repo
        self.clock = clock
        self.sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
        """How the probe loop waits (tests replace it to step the backoff)."""
        self.on_back: OnBack | None = None
        self.problem: str | None = None
        """What is wrong with storage, while it is (None: games run)."""
        self.lasting = False
        self.paused: dict[int, int | None] = {}
        """Channels told "paused" during this outage (see `OnBack`)."""
        self._since = 0.0
        self._probing: asyncio.Task[None] | None = None

    @property
    def refusal(self) -> str:
        """What a player who presses now is told."""
        return STOPPED if self.lasting else PAUSED

    def went(self, problem: str, *, lasting: bool = False) -> None:
        """Storage failed (a write, a read or the heartbeat's probe): pause, and unless only a
        restart helps, probe again in the background until a test write succeeds."""
        if self.problem is None:
            self._since = self.clock()
            log.error(
                "STORAGE UNAVAILABLE: %s. Games are paused; %s (see docs/deploy.md, 'Faults').",
                problem,
                "restart Redline on a working database"
                if lasting
                else "they resume by themselves once a test write succeeds",
            )
        self.problem = problem
        self.lasting = self.lasting or lasting
        if not self.lasting and (self._probing is None or self._probing.done()):
            self._probing = asyncio.create_task(self._probe_until_back(), name="redline-reprobe")

    def gone(self, gone: StorageGone) -> None:
        self.went(gone.problem, lasting=gone.lasting)

    def refused(self, channel_id: int | None, refusal: Maintenance | StorageGone) -> str:
        """A player in `channel_id` met the outage: note the channel for "▶️ back", and say
        what they are told (a storage error met in a read starts the outage here)."""
        if isinstance(refusal, StorageGone):
            self.gone(refusal)
        if channel_id is not None and self.problem is not None:
            unconfirmed = refusal.session_id if isinstance(refusal, Unconfirmed) else None
            if self.paused.get(channel_id) is None:
                self.paused[channel_id] = unconfirmed
        return refusal.message if isinstance(refusal, Maintenance) else self.refusal

    async def probe(self) -> bool:
        """One real test write (the heartbeat's, and the loop's): ends or starts an outage."""
        health = await self.repo.check()
        if not health.ok:
            self.went(health.problem, lasting=health.lasting)
            return False
        await self._back()
        return True

    @property
    def probing(self) -> asyncio.Task[None] | None:
        """The task probing for storage (None before the first outage; done once back)."""
        return self._probing

    def close(self) -> None:
        if self._probing is not None:
            self._probing.cancel()

    async def _probe_until_back(self) -> None:
        delay = FIRST_DELAY
        while self.problem is not None and not self.lasting:
            await self.sleep(delay)
            self.repo.reconnect()
            try:
                if await self.probe():
                    return
            except Exception:  # a bug in the probe must not end the recovery
                log.exception("the storage probe failed unexpectedly; trying again")
            delay = min(delay * 2, MAX_DELAY)
            log.info("storage still unavailable; next probe in %.1f s", delay)

    async def _back(self) -> None:
        if self.problem is None:
            return
        paused, self.paused = self.paused, {}
        self.problem = None
        log.warning(
            "STORAGE BACK after %.1f s: games go on (%d paused channels told)",
            self.clock() - self._since,
            len(paused),
        )
        if self.on_back is not None and paused:
            try:
                await self.on_back(paused)
            except Exception:
                log.exception("could not tell the paused channels that the game goes on")
