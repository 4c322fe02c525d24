"""What falls due while nobody is pressing anything: reminders, deadlines, bot seats.

Due times are not kept in memory: they are derived from each live session's clock, which is
stored in its row and rewritten with every move (see `table/clocks.py`), so they survive
restarts. Each is processed at most once:
- a reminder is claimed in the database before it is sent (`Repository.claim_reminder`), so a
  restart or a second process never sends it twice;
- a deadline or a bot seat's turn is a move with the version compare-and-swap
  (`GameService.stand_in`): two ticks, a restart or a SIGKILL mid-processing can never apply
  a timeout twice, and a player who moved in time is never played for;
- a take-back's lapse and a vacation's end are compare-and-swaps on their rows
  (`takebacks.expire`'s `decided_here`, `vacations.end_if_running`).
Only the call that won announces: in a deploy overlap (the new process started before the old
one stopped, both holding the same shards) both schedulers find the same items due, and the
table still reads each once. A lost race is normal (logged at debug); an item that fails is
logged and the pass goes on with the others.

With shards over several processes, each process handles only the due items of guilds its
shards hold (`holds`, see `bot/shards.py`); the guarantees above hold regardless.

What is said is composed here as `Message`s (a board as a `Picture` to draw) and handed to the
`Outbox` (`table.answers`), which the bot implements: it draws and sends. The bot also runs
`tick()` every `REDLINE_TICK_SECONDS` and, for bot seats, right after every move (`poke`,
whose passes run through the bot's `background`, so the bot knows what it is still doing).
The time comes from the service's injectable clock, so tests move time instead of sleeping.

The due index: a tick does not load every live game. Each session row keeps `next_due_at`,
the time of its earliest item from the same `clocks.due(...)` (written here after a session
has been looked at, guarded by its version), and every write that can change what is due
sets it back to NULL: each move, start, take-back and clock change (`bump`, `set_clock`), a
bot or substitute taking a seat, a member's reminder preferences, a vacation starting or
ending (see `storage/queries/due.py`). A tick reads only the active sessions whose value is
NULL (recomputed once) or past. As a safety net every `SWEEP_SECONDS` (10 minutes) a tick
looks at every active session, so a refresh missed by some future write path delays an item
by at most that long.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from storage import StorageGone
from storage.queries.due import NEVER
from table import clocks, takebacks, vacations
from table import messages as presenters
from table.answers import Message, Outbox
from table.clocks import Due, DueKind, Prefs
from table.host import Host
from table.outage import BACK
from table.service import DamagedGame, Maintenance, ServiceError, StoodIn
from table.snapshot import Snapshot
from table.turns import OutboxCarrier, turn_link

log = logging.getLogger(__name__)

MAX_CHAIN = 60
"""Bot moves in a row for one session in one pass (a table of bots plays on next tick)."""
SWEEP_SECONDS = 600.0
"""How often a tick looks at every active session, not just those the due index names."""

Background = Callable[[Coroutine[Any, Any, None]], asyncio.Task[None] | None]
"""Runs a pass in the background and returns its task (None: not started, the bot is
stopping); the bot tracks it as work in flight."""


def _in_a_task(work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    return asyncio.create_task(work, name="redline-stand-in")


def stands_in(snap: Snapshot) -> bool:
    """Whether someone the scheduler plays for is to act: a bot seat, an away player, or a
    player with only one move (`forced_move`)."""
    return bool(snap.bots or _played_for(snap))


def _played_for(snap: Snapshot) -> frozenset[int]:
    """Active people the scheduler plays for: away, or with only one move."""
    return frozenset(
        p for p in snap.active_players if snap.clock.of(p).away or snap.forced_move(p) is not None
    )


class Scheduler:
    """Processes due reminders, deadlines and bot turns for every live session.

    `outbox`: where what it says goes (the bot sends it). `holds`: whether this process holds
    the guild's shard (None: outside guilds, shard 0). `background`: how a pass a move set off
    runs (the bot's tracked tasks). `finished`: told of a game a stand-in's move ended, once
    its last board is posted (the bot posts the replay).
    """

    def __init__(
        self,
        host: Host,
        outbox: Outbox,
        *,
        holds: Callable[[int | None], bool] = lambda guild_id: True,
        background: Background = _in_a_task,
        finished: Callable[[Snapshot], object] = lambda snap: None,
    ) -> None:
        self.host = host
        self.service = host.service
        self.outbox = outbox
        self.holds = holds
        self.background = background
        self.finished = finished
        self._running: dict[int, asyncio.Task[None]] = {}
        self._swept_at = self.service.now()

    async def tick(self) -> int:
        """Process everything due now; returns how many items this pass handled. An item
        that fails is logged and the pass goes on; one another process handled first (a
        deploy overlap runs two schedulers) is skipped without a word. Storage unavailable
        stops the pass as `Maintenance` (and starts the outage: it is probed for)."""
        try:
            return await self._tick()
        except StorageGone as gone:
            self.service.outage.gone(gone)
            raise Maintenance(str(gone)) from gone

    async def _tick(self) -> int:
        handled = 0
        for guild_id, user_id in await self.service.repo.vacations_over():
            if self.holds(guild_id):
                what = f"the end of user {user_id}'s vacation in guild {guild_id}"
                handled += await _on_its_own(what, self._end_vacation(guild_id, user_id))
        now = self.service.now()
        if pending := await takebacks.pending(self.service):
            every = await self.service.repo.live_guilds()
            mine = {sid for sid, guild_id in every.items() if self.holds(guild_id)}
        for row in pending:
            # a game that is over has no guild at hand: shard 0's process closes its request
            if row.session_id not in mine and (row.session_id in every or not self.holds(None)):
                continue
            if row.expires_at <= now:
                what = f"take-back request {row.id} of session {row.session_id}"
                handled += await _on_its_own(what, self._lapse(row.session_id, row.id))
        if now - self._swept_at >= SWEEP_SECONDS:
            self._swept_at = now
            rows = await self.service.repo.active_sessions()
        else:
            rows = await self.service.repo.due_sessions(now)
        for due in rows:
            if self.holds(due.guild_id):
                what = f"the due items of session {due.id}"
                handled += await _on_its_own(what, self.run_session(due.id, version=due.version))
        return handled

    async def _end_vacation(self, guild_id: int, user_id: int) -> int:
        back = await vacations.end_if_running(self.service, guild_id, user_id)
        if back is None:
            log.debug("user %s's vacation in guild %s was already ended", user_id, guild_id)
            return 0
        for snap in back.games:
            text = (
                f"👋 {snap.name_of(user_id)}'s vacation is over; their clock runs again "
                f"(game #{snap.session_id})"
            )
            await self.outbox.post(snap.record.channel_id, Message(content=text))
        return 1

    async def _lapse(self, session_id: int, request_id: int) -> int:
        """Close a take-back request nobody answered in time, and tell the table once."""
        lapsed = await takebacks.expire(self.service, session_id, request_id)
        if not lapsed.decided_here:
            log.debug("take-back request %s was already decided (%s)", request_id, lapsed.status)
            return 0
        await self.outbox.post(lapsed.snapshot.record.channel_id, Message(content=lapsed.text()))
        return 1

    def poke(self, snap: Snapshot) -> None:
        """After a move: a bot seat (or an away player) to act plays at once, in the
        background, one pass per session at a time."""
        if not stands_in(snap):
            return
        if snap.session_id in self._running and not self._running[snap.session_id].done():
            return
        task = self.background(self._quietly(snap.session_id))
        if task is not None:
            self._running[snap.session_id] = task
            task.add_done_callback(functools.partial(self._forget, snap.session_id))

    def _forget(self, session_id: int, task: asyncio.Task[None]) -> None:
        """A finished pass is let go: every session that ever had a bot seat or an away
        player would otherwise keep its last task (and the task its coroutine) for good."""
        if self._running.get(session_id) is task:
            del self._running[session_id]

    async def settle(self) -> None:
        """Wait for background passes (tests; a stop bounds its wait in `Workload.finish`)."""
        while pending := [t for t in self._running.values() if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def _quietly(self, session_id: int) -> None:
        try:
            await self.run_session(session_id)
        except (Maintenance, StorageGone) as paused:  # an outage: the next tick plays it
            log.info("session %s waits for storage: %s", session_id, paused)
        except Exception:
            log.exception("could not process due items of session %s", session_id)

    async def run_session(self, session_id: int, *, version: int | None = None) -> int:
        """Play what is due in one session, then note in its row when the next item falls due.
        `version`: the row's version as the due index read it (a damaged game is then set
        aside until the next sweep instead of being retried every tick)."""
        handled = 0
        for _ in range(MAX_CHAIN):
            try:
                snap = await self.service.by_id(session_id)
            except DamagedGame:
                if version is not None:
                    await self.service.repo.set_next_due(session_id, version, NEVER)
                return handled
            if snap.state is None or not snap.record.is_live or snap.outcome is not None:
                return handled
            items = await self._due_items(snap)
            now = self.service.now()
            item = next((d for d in items if d.at <= now), None)
            if item is None:
                at = items[0].at if items else NEVER
                await self.service.repo.set_next_due(session_id, snap.record.version, at)
                return handled
            handled += 1
            if item.kind is DueKind.REMIND:
                await self._remind(snap, item)
                continue
            stood_in = await self.service.stand_in(session_id, item.player, item.turn)
            if stood_in is None:
                log.debug(
                    "session %s: turn %s of %s was no longer waiting (played elsewhere)",
                    session_id,
                    item.turn,
                    item.player,
                )
                continue
            await self._announce(stood_in)
        return handled

    async def resumed(self, paused: dict[int, int | None]) -> None:
        """Storage is back: one "▶️ back" in each channel told "paused"; where a move could not
        be confirmed, with the board as it stands (which shows whether it landed)."""
        for channel_id, session_id in paused.items():
            board = Message(content=BACK)
            if session_id is not None:
                try:
                    snap = await self.service.by_id(session_id)
                    if snap.state is not None:
                        board = self.host.board(snap).headed(BACK)
                except (ServiceError, StorageGone):
                    log.warning("session %s: no board for its table after the outage", session_id)
            try:
                await self.outbox.post(channel_id, board)
            except Exception as exc:  # a channel gone or closed to the bot: tell the others
                log.warning("could not tell channel %s that the game goes on: %s", channel_id, exc)

    async def _due_items(self, snap: Snapshot) -> list[Due]:
        """Everything ahead for the session, earliest first (`clocks.due`)."""
        by_user = await self.prefs(tuple(snap.user_of(p) for p in snap.humans))
        prefs = {p: by_user[snap.user_of(p)] for p in snap.humans if snap.user_of(p) in by_user}
        sent = await self.service.repo.reminders_sent(snap.session_id)
        return clocks.due(
            snap.clock,
            active=snap.active_players,
            prefs=prefs,
            sent=sent,
            bots=snap.bots | _played_for(snap),
        )

    async def prefs(self, user_ids: tuple[int, ...]) -> dict[int, Prefs]:
        stored = await self.service.repo.get_prefs(user_ids)
        return {uid: Prefs.model_validate_json(raw) for uid, raw in stored.items()}

    async def _announce(self, stood_in: StoodIn) -> None:
        snap, player = stood_in.snapshot, stood_in.player
        if stood_in.action is None:
            text = f"⏰ **{snap.name_of(player)}**'s time ran out. 🏁 {snap.record.end_reason}."
            await self.outbox.post(snap.record.channel_id, Message(content=text[:1990]))
            self.finished(snap)  # what follows an ended game (a season race's standings)
            return
        # The move is told in the turn message, in the game's words behind its audience gate
        # (a bot's turn of several steps is one message, edited); a timeout is said once.
        note = ""
        if stood_in.timed_out:
            note = (
                f"⏰ **{snap.name_of(player)}**'s time ran out: 🤖 the bot played for them "
                "(they take their seat back with `/game return`, or just by acting)."
            )
        elif stood_in.forced and stood_in.action is not None:
            move = snap.spec.describe(stood_in.action)
            note = (
                f"↪️ **{snap.name_of(player)}** had one move only ({move}): the table played "
                "it for them."
            )
        carrier = OutboxCarrier(self.outbox, snap.record.channel_id)
        await self.host.turns.tell(snap, carrier, note=note)
        if snap.outcome is not None:
            self.finished(snap)

    async def _remind(self, snap: Snapshot, item: Due) -> None:
        if not await self.service.repo.claim_reminder(
            snap.session_id, item.player, item.turn, item.stage
        ):
            log.debug("session %s: reminder %s was already sent", snap.session_id, item)
            return
        deadline = snap.clock.of(item.player).deadline
        when = f" Time runs out {clocks.timestamp(deadline)}." if deadline else ""
        link = await turn_link(self.service.repo, snap)
        since = f" What happened since your last move: {link}" if link else ""
        text = (
            f"⏰ it's your turn in **{snap.spec.title}** (game #{snap.session_id}, "
            f"<#{snap.record.channel_id}>).{when}{since}"
        )
        user = snap.user_of(item.player)
        prefs = (await self.prefs((user,))).get(user, Prefs())
        if prefs.dm and await self.outbox.direct(user, f"Hi! {text}"):
            return
        board = Message(content=f"{presenters.mention(user)}, {text}", mentions=(user,))
        await self.outbox.post(snap.record.channel_id, board)


async def _on_its_own(what: str, work: Awaitable[int]) -> int:
    """One due item of a pass, so that a failure (a bug, a channel gone) is logged and the
    pass goes on with the others. Storage gone stops the pass: nothing could be saved."""
    try:
        return await work
    except Maintenance:
        raise
    except Exception:
        log.exception("could not process %s; the pass goes on", what)
        return 0
