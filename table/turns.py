"""The table's turn message: one public message per turn, edited in place, and one ping when
play passes to someone else.

After every committed step the table decides (`decide`) whether the turn message it keeps for
the session is edited (the same player, or bot, acts again; someone finished a simultaneous
step while others still act) or a new message opens (someone who was not acting must act now;
the game ended; there is no message yet, or it was deleted). Only a new message pings, and only
the people who must act now and were not acting before: never the mover, never a bot, an away
player or one on vacation (`Snapshot.pinged`).

The message's words are not kept in memory: they are told again from the log each time
(`table.gamelog.step_text`, the public reader), from the step after the one that opened the
turn. A new message that pings someone first sums up what happened since their own last move,
one line per player; once it is posted, the turn that just ended is edited once more to tell
its whole story, the handing-over step included (`closing`: its image stays, its buttons go).
Which message it is (and the step it opened at, who was acting) is stored with the session
(`Repository.turn_message`), so after a restart the turn goes on in the same message. A step's
teller claims the session version it shows before posting (`set_turn_message`: the same or a
newer version stored means another answer, or another process in a deploy overlap, tells it),
then fills in the message id (`fill_turn_message`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pydantic import BaseModel, ConfigDict, ValidationError

from games.engine import PlayerId
from storage import LogEntry, Repository
from storage.queries.turns import TurnRow
from table.answers import Message, Outbox, TurnCarrier
from table.gamelog import step_text
from table.messages import commitment_line, mention, message_link
from table.service import GameService
from table.snapshot import Snapshot
from table.story import joined

log = logging.getLogger(__name__)

STORY_BUDGET = 1300
"""Characters of story a turn message tells (the board's header and whose turn it is come on
top, within Discord's 2,000); older steps collapse into "… N earlier steps"."""
CLOSED_BUDGET = 1950
"""Characters a finished turn's message keeps of its story (no board prompt any more)."""
FILL_WAIT, FILL_POLL = 30.0, 0.05
"""How long a step waits for another process to say which message tells the step before it,
and how often it looks. That process may be editing the message right now: going on before
it is done lets its older edit land over this step's (the step is then told nowhere). So the
wait runs out only for a process that died holding the claim; a slow edit (a loaded machine,
Discord's rate limits: seconds) is waited for."""
_pause = asyncio.sleep
"""How `claimed` waits between looks (a test counts the looks instead of sleeping)."""
LOOK_BACK = 300
"""How many steps back "since your last move" looks for the reader's own last move."""
PLAYER_LINE = 400
"""Characters of one player's line in the "since your last move" summary, at most..."""
SUMMARY_BUDGET = 900
MIN_PLAYER_LINE = 70
"""...and the whole summary's, shared by the players in it (each line at least this long)."""


class TurnRecord(BaseModel):
    """What the table keeps about a session's turn message (stored as JSON with it)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    message_id: int | None
    opened_seq: int
    """The step whose answer opened the message."""
    acting: tuple[PlayerId, ...]
    """Who had to act when it last showed (and was asked: not one whose only move the table
    makes for them)."""
    readers: tuple[int, ...] = ()
    """Whom it pinged when it opened (user ids): its summary is for them."""
    since: int | None = None
    """Its summary tells the steps after this one up to `opened_seq` (None: no summary)."""
    pending: bool = False
    """Claimed by a teller that has not yet said which message tells the step."""


@dataclass(frozen=True)
class TurnPlan:
    """The decision for one step: a new message (pinging `pinged`) or an edit."""

    new: bool
    pinged: tuple[int, ...] = ()


def decide(previous: TurnRecord | None, snap: Snapshot, mover: PlayerId | None) -> TurnPlan:
    """New message or edit, and whom the new one pings (see the module doc)."""
    ended = snap.outcome is not None or not snap.record.is_live
    acting_before = frozenset(previous.acting) if previous is not None else frozenset()
    newly = frozenset(asked(snap)) - acting_before
    if previous is not None and previous.message_id is not None and not newly and not ended:
        return TurnPlan(new=False)
    notified = set(snap.pinged)
    # The mover acting again is their own turn going on (no ping), unless the table made the
    # move for them (their only move): then they were never asked, and now they are.
    goes_on = mover if previous is None or mover in acting_before else None
    pinged = tuple(
        snap.user_of(p)
        for p in sorted(newly)
        if p != goes_on and snap.user_of(p) in notified and snap.user_of(p) != goes_on
    )
    return TurnPlan(new=True, pinged=pinged)


def asked(snap: Snapshot) -> tuple[PlayerId, ...]:
    """Who must act and is asked to: not a person whose only move the table makes for them
    (`Snapshot.forced_move`: they are asked, and pinged, once a real choice is theirs)."""
    return tuple(p for p in sorted(snap.active_players) if snap.forced_move(p) is None)


def last_moves(entries: Sequence[LogEntry], readers: Sequence[PlayerId]) -> int | None:
    """The seq of the earliest among the readers' own last moves in `entries` (None: none of
    them moved there)."""
    found = [max((e.seq for e in entries if e.actor == reader), default=None) for reader in readers]
    known = [seq for seq in found if seq is not None]
    return min(known) if len(known) == len(found) and known else None


def summary(snap: Snapshot, entries: Sequence[LogEntry], readers: Sequence[int]) -> list[str]:
    """ "Since your last move": the steps in `entries`, collapsed per player in the order they
    first acted (public lines only)."""
    by_player: dict[PlayerId, list[str]] = {}
    for entry in entries:
        if entry.actor is not None:
            by_player.setdefault(entry.actor, []).append(step_text(snap, entry, viewer=None))
    if not by_player:
        return []
    whom = ", ".join(mention(u) for u in readers)
    head = f"📜 Since your last move, {whom}:"
    lines = [head]
    # every player gets a line, however many there are (a table of ten fits)
    width = min(PLAYER_LINE, max(MIN_PLAYER_LINE, (SUMMARY_BUDGET - len(head)) // len(by_player)))
    for player, told in by_player.items():
        steps = f" ({len(told)} steps)" if len(told) > 1 else ""
        line = f"• {snap.name_of(player)}{steps}: " + joined(told)
        lines.append(line if len(line) <= width else line[: width - 1] + "…")
    return lines


def turn_lines(snap: Snapshot, entries: Sequence[LogEntry]) -> list[str]:
    """The steps of this turn, one line each as the log tells them."""
    lines = []
    for entry in entries:
        if entry.actor is None:
            seated = ", ".join(seat.name for seat in snap.record.seats)
            lines.append(f"• #0 the game was set up for {seated}")
        else:
            who = snap.name_of(entry.actor)
            lines.append(f"• #{entry.seq} {who}: " + step_text(snap, entry, viewer=None))
    return lines


def fitted(head: Sequence[str], lines: Sequence[str], budget: int = STORY_BUDGET) -> list[str]:
    """`head` then as many of the newest `lines` as fit in `budget` characters; the older
    ones collapse into "… N earlier steps"."""
    room = budget - sum(len(line) + 1 for line in head)
    kept: list[str] = []
    for line in reversed(lines):
        if len(line) + 1 > room:
            break
        kept.append(line)
        room -= len(line) + 1
    earlier = len(lines) - len(kept)
    if earlier:
        kept.append(f"… {earlier} earlier step{'s' if earlier > 1 else ''}")
    return [*head, *reversed(kept)]


class Boards(Protocol):
    """What the turn messages need of the host (`table.host.Host`, which owns them): its
    service, and the public board of a snapshot."""

    service: GameService

    def board(self, snap: Snapshot, *, with_buttons: bool = True) -> Message: ...


class Turns:
    """The turn messages of every session the host answers for (one per host)."""

    def __init__(self, host: Boards) -> None:
        self.host = host
        # Weak values: a lock lives while a step is told or waits, so a session told once
        # costs nothing afterwards (a plain dict kept one per session ever told, for good).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @property
    def repo(self) -> Repository:
        return self.host.service.repo

    async def tell(self, snap: Snapshot, carrier: TurnCarrier, *, note: str = "") -> None:
        """Tell the step `snap` was saved at in the session's turn message (see module doc).
        `note`: a line shown above the story in this version only (a turn that timed out)."""
        lock = self._locks.get(snap.session_id)
        if lock is None:
            lock = self._locks[snap.session_id] = asyncio.Lock()
        async with lock:
            row = await self.claimed(snap.session_id)
            if row.version is not None and row.version >= snap.version:
                log.debug("session %s: a newer step is told already", snap.session_id)
                return
            previous = _parsed(row.turn_json)
            last = snap.record.last_seq
            back = max(-1, last - LOOK_BACK - 1)
            if previous is not None:
                since = previous.opened_seq if previous.since is None else previous.since
                back = min(back, since, previous.opened_seq - 1)
            entries = [
                e for e in await self.repo.log(snap.session_id, after_seq=back) if e.seq <= last
            ]
            mover = next((e.actor for e in entries if e.seq == last), None)
            plan = decide(previous, snap, mover)
            record = self._record(previous, plan, snap, entries)
            message = self.compose(snap, record, entries, note=note, pinged=plan.pinged)
            claim = record.model_copy(update={"pending": True})
            if not await self.repo.set_turn_message(
                snap.session_id, snap.version, claim.model_dump_json()
            ):  # claimed first: another process (a deploy overlap) tells this step already
                log.debug("session %s: this step is told elsewhere", snap.session_id)
                return
            try:
                message_id = await self._carry(
                    snap, carrier, plan, previous, record, message, entries
                )
            except Exception:  # told nowhere: say so, so the next step need not wait for it
                await self.repo.fill_turn_message(
                    snap.session_id, snap.version, record.model_dump_json()
                )
                raise
            record = record.model_copy(update={"message_id": message_id})
            await self.repo.fill_turn_message(
                snap.session_id, snap.version, record.model_dump_json()
            )

    async def _carry(
        self,
        snap: Snapshot,
        carrier: TurnCarrier,
        plan: TurnPlan,
        previous: TurnRecord | None,
        record: TurnRecord,
        message: Message,
        entries: Sequence[LogEntry],
    ) -> int | None:
        """Post or edit the turn message as `plan` says; the id of the message that tells it."""
        message_id = record.message_id
        if not plan.new and message_id is not None:
            if not await carrier.edit(message_id, message):
                log.info("session %s: the turn message was deleted; a new one", snap.session_id)
                message_id = await carrier.post(message)
            return message_id
        closing = None
        if previous is not None and previous.message_id is not None:
            # the turn that just ended keeps its whole story, the handover's step too
            story = self.closing(snap, previous, entries)
            closing = (previous.message_id, story)
        return await carrier.hand_over(message, closing)

    async def claimed(self, session_id: int) -> TurnRow:
        """The stored record, once whoever claimed it has said which message it is in: in a
        deploy overlap the other process may be posting the previous step's message right now
        (this process's own steps are told one at a time, under the session's lock). Waits at
        most `FILL_WAIT` seconds (a process that died holding the claim), then goes on."""
        row = await self.repo.turn_message(session_id)
        for _ in range(int(FILL_WAIT / FILL_POLL)):
            record = _parsed(row.turn_json)
            if record is None or not record.pending:
                break
            await _pause(FILL_POLL)
            row = await self.repo.turn_message(session_id)
        return row

    def _record(
        self,
        previous: TurnRecord | None,
        plan: TurnPlan,
        snap: Snapshot,
        entries: Sequence[LogEntry],
    ) -> TurnRecord:
        acting = asked(snap)
        if not plan.new and previous is not None:
            return previous.model_copy(update={"acting": acting})
        readers = tuple(p for p in sorted(snap.active_players) if snap.user_of(p) in plan.pinged)
        return TurnRecord(
            message_id=None,
            opened_seq=snap.record.last_seq,
            acting=acting,
            readers=plan.pinged,
            since=last_moves(entries, readers) if readers else None,
        )

    def compose(
        self,
        snap: Snapshot,
        record: TurnRecord,
        entries: Sequence[LogEntry],
        *,
        note: str = "",
        pinged: tuple[int, ...] = (),
    ) -> Message:
        """The turn message: the board with the turn's story instead of the last step's."""
        told = dataclasses.replace(snap, story=tuple(story_of(snap, record, entries, note)))
        return _pinging(self.host.board(told), pinged)

    def closing(self, snap: Snapshot, record: TurnRecord, entries: Sequence[LogEntry]) -> Message:
        """A turn's message once play has passed on: the steps of that turn in full, up to the
        one that passed it on (the step that opened it closed the turn before), its picture as
        it was, no buttons (the new message has them)."""
        first = record.opened_seq + 1 if record.opened_seq else 0
        last = snap.record.last_seq
        moves = f"move {last}" if first >= last else f"moves {max(first, 1)}-{last}"
        header = (
            f"**{snap.spec.title}** · game #{snap.session_id} · {moves}: this turn is over "
            "(the game goes on in the next message)"
        )
        head = [header]
        if not record.opened_seq:  # the first board published the dice commitment: it stays
            head.append(commitment_line(snap))
        steps = turn_lines(snap, [e for e in entries if first <= e.seq <= last])
        lines = fitted([], steps, budget=CLOSED_BUDGET - sum(len(h) + 1 for h in head))
        return Message(content="\n".join([*head, *lines])[:1990], keeps_image=True)


def story_of(
    snap: Snapshot, record: TurnRecord, entries: Sequence[LogEntry], note: str
) -> list[str]:
    """The lines a turn message tells: the note, "since your last move" (up to the step that
    opened the turn, which the turn before tells in full), then the turn's own steps, the
    oldest collapsed to fit."""
    head = [note] if note else []
    first = record.opened_seq
    if record.since is not None:
        since = record.since
        head += summary(snap, [e for e in entries if since < e.seq <= first], record.readers)
    if first:  # the step that opened the turn closed the one before, told there in full
        first += 1
    steps = [e for e in entries if e.seq >= first]
    return fitted(head, turn_lines(snap, steps))


async def post_then_close(
    carrier: TurnCarrier, message: Message, closing: tuple[int, Message] | None
) -> int | None:
    """A handover in the usual order (`TurnCarrier.hand_over`): the new message first (whoever
    must act is pinged first, and a post reopens an archived thread, where an edit would be
    refused), then the ended turn's message."""
    sent = await carrier.post(message)
    if closing is not None:
        await carrier.edit(*closing)
    return sent


class OutboxCarrier:
    """A `TurnCarrier` over the outbox, for steps nobody pressed (a bot's, a timeout)."""

    def __init__(self, outbox: Outbox, channel_id: int) -> None:
        self.outbox = outbox
        self.channel_id = channel_id

    async def post(self, message: Message) -> int | None:
        return await self.outbox.post(self.channel_id, message)

    async def edit(self, message_id: int, message: Message) -> bool:
        return await self.outbox.edit(self.channel_id, message_id, message)

    async def hand_over(self, message: Message, closing: tuple[int, Message] | None) -> int | None:
        return await post_then_close(self, message, closing)


def _pinging(message: Message, pinged: tuple[int, ...]) -> Message:
    """`message` (and its fallback) notifying exactly `pinged` when it is new."""
    fallback = _pinging(message.fallback, pinged) if message.fallback is not None else None
    return dataclasses.replace(message, mentions=pinged, fallback=fallback)


async def turn_link(repo: Repository, snap: Snapshot) -> str:
    """Where the session's turn message is ("" when there is none yet): what a reminder and
    `/game mine` point to, since it sums up what happened since the reader's last move."""
    record = _parsed((await repo.turn_message(snap.session_id)).turn_json)
    if record is None or record.message_id is None:
        return ""
    return message_link(snap.record.guild_id, snap.record.channel_id, record.message_id)


def _parsed(raw: str | None) -> TurnRecord | None:
    if raw is None:
        return None
    try:
        return TurnRecord.model_validate_json(raw)
    except ValidationError:
        log.warning("an unreadable turn message record; a new message opens")
        return None
