"""Players for the throughput run: they see only the fake Discord and press what the bot offers.

Works for any registered game without knowing it: who must act is read from the newest public
board (the mentions after ➡️), the choices are the enabled buttons and menu options of that
board and of the private messages the bot last sent that player, and one is picked at random
(playing choices weigh more than looking, back or cancel). Like real players they also press
out of date: now and then a button of a superseded board (their client had not refreshed yet:
the bot answers with the current board, privately) or a button while it is not their turn.

`Tracker` follows every message the bot creates in the benchmark's channels (a hook on the
fake's store), so a table knows its newest board however the bot sent it.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from fakediscord.interaction import InteractionResult
from fakediscord.records import walk_components

ACTORS = re.compile(r"➡️ <@(\d+)>")
OUTCOME = "🏁"
REFUSED = ("🚫",)
STALE_ANSWER = ("⏩",)
FAILED = "⚠️"
BUTTON, SELECT = 2, 3
DEFERRED = (5, 6)
LOOK = re.compile(
    r"show my sheet|show board|back|cancel|whole course|rules|help|log|undo|✖|❌|↩|⬅|👁",
    re.IGNORECASE,
)
LOOK_WEIGHT = 0.08
PRIVATE_KEPT = 4


@dataclass(frozen=True)
class Choice:
    message: FakeMessage
    custom_id: str
    label: str
    values: tuple[str, ...] | None = None


def choices(messages: Sequence[FakeMessage]) -> list[Choice]:
    """Every enabled button, and every option of every select menu, on `messages`."""
    found: list[Choice] = []
    for message in messages:
        for comp in walk_components(message.components):
            cid = comp.get("custom_id")
            if not cid or comp.get("disabled"):
                continue
            if comp.get("type") == BUTTON:
                label = str(comp.get("label") or comp.get("emoji", {}).get("name") or "")
                found.append(Choice(message, cid, label))
            elif comp.get("type") == SELECT:
                options = comp.get("options") or []
                low = max(1, int(comp.get("min_values", 1)))
                for i, option in enumerate(options):
                    picked = (options[i:] + options[:i])[:low]
                    values = tuple(str(o["value"]) for o in picked)
                    found.append(Choice(message, cid, f"menu: {option.get('label')}", values))
    return found


def weight(
    choice: Choice, among: Sequence[Choice], hints: Mapping[str, float] | None = None
) -> float:
    """How likely a player presses `choice`; `hints`: a weight by label pattern, for presses a
    player makes only now and then (the step-by-step path builder)."""
    if LOOK.search(choice.label):
        return LOOK_WEIGHT
    w = next((h for pattern, h in (hints or {}).items() if re.search(pattern, choice.label)), 1.0)
    if choice.values is not None:  # a menu with many options counts as one choice
        w /= max(1, sum(1 for c in among if c.custom_id == choice.custom_id))
    if choice.message.ephemeral:  # in the middle of a private flow: mostly go on with it
        w *= 3.0
    return w


@dataclass
class Table:
    """One channel's game as the players see it."""

    game: str
    channel: FakeChannel
    seats: list[FakeUser]
    board: FakeMessage | None = None
    superseded: list[Choice] = field(default_factory=list)  # the previous board's buttons
    private: dict[int, list[FakeMessage]] = field(default_factory=dict)
    boards: int = 0
    board_at: float = 0.0  # perf_counter when the newest board was created
    awaiting: tuple[Outcome, float] | None = None
    """The last press that may still bring a new board (an answer in the interaction's
    callback is often followed by it), and when it was sent."""

    def actors(self) -> list[FakeUser]:
        if self.board is None:
            return []
        seated = {u.id: u for u in self.seats}
        ids = dict.fromkeys(int(m) for m in ACTORS.findall(self.board.content))
        return [seated[i] for i in ids if i in seated]

    @property
    def over(self) -> bool:
        return self.board is None or OUTCOME in self.board.content or not self.actors()


@dataclass
class Tracker:
    """Keeps each table's newest board and its players' private messages up to date."""

    tables: dict[int, Table]

    def install(self, fake: FakeDiscord) -> None:
        store = fake.store
        create: Callable[..., FakeMessage] = store.create_message

        def tracked(*args: Any, **kwargs: Any) -> FakeMessage:
            message = create(*args, **kwargs)
            self.seen(message)
            return message

        store.create_message = tracked  # type: ignore[method-assign]

    def seen(self, message: FakeMessage) -> None:
        table = self.tables.get(message.channel_id)
        if table is None:
            return
        if message.ephemeral:
            if message.ephemeral_to is not None:
                kept = table.private.setdefault(message.ephemeral_to, [])
                kept.append(message)
                del kept[:-PRIVATE_KEPT]
        elif ACTORS.search(message.content) or OUTCOME in message.content:
            self.new_board(table, message)

    def new_board(self, table: Table, message: FakeMessage) -> None:
        if table.board is not None and message.id <= table.board.id:
            return
        if table.board is not None:
            table.superseded = [c for c in choices([table.board]) if not LOOK.search(c.label)]
            for attachment in table.board.attachments:  # Discord keeps posted images, not the bot
                attachment.data = b""
        table.board = message
        table.private.clear()
        table.boards += 1
        table.board_at = time.perf_counter()
        if table.awaiting is not None:  # the new board the last press made, however late
            outcome, began = table.awaiting
            outcome.to_board = table.board_at - began
            table.awaiting = None


@dataclass
class Outcome:
    """What one press was, from the players' side."""

    kind: str  # "play", "stale", "wrong player", "reopen", "nothing to press"
    ack: float | None = None
    answer: str = ""  # "ok", "stale", "refused", "failed", "timeout"
    to_board: float | None = None  # press to the new public board, when the press made one
    # (filled in when that board comes, after the press returned too)
    pressed: Choice | None = None  # what was pressed


async def answered(r: InteractionResult, timeout: float) -> InteractionResult:
    """`r` once the bot has answered it: in the interaction's callback, or, after a deferral,
    by its first answer (more may follow: a new board is tracked when it comes)."""
    await r.wait_response(timeout)
    if r.response_type in DEFERRED:
        await r.wait_followups(1, timeout)
    return r


async def open_table(fake: FakeDiscord, table: Table, timeout: float = 30.0) -> None:
    """/game new (in this channel), /game join for every other seat, /game start, each
    answered before the next is sent."""
    host, *guests = table.seats
    await answered(await fake.slash(host, table.channel, "game new", game=table.game,
                                    where="here", wait=False), timeout)  # fmt: skip
    for guest in guests:
        await answered(await fake.slash(guest, table.channel, "game join", wait=False), timeout)
    r = await answered(await fake.slash(host, table.channel, "game start", wait=False), timeout)
    for message in r.messages:  # the board may be the deferred answer itself
        newer = table.board is None or message.id > table.board.id
        if newer and not message.ephemeral and ACTORS.search(message.content):
            table.board = message
            table.private.clear()


async def press(
    fake: FakeDiscord,
    table: Table,
    rnd: random.Random,
    *,
    stale: float,
    wrong_player: float,
    timeout: float = 30.0,
    hints: Mapping[str, float] | None = None,
) -> Outcome:
    """One press on this table, waited for until the bot has answered it."""
    if table.over:
        await open_table(fake, table, timeout)
        return Outcome("reopen")
    actors = table.actors()
    roll = rnd.random()
    force = False
    if roll < stale and table.superseded:
        kind, user, choice, force = (
            "stale",
            rnd.choice(table.seats),
            rnd.choice(table.superseded),
            True,
        )
    elif roll < stale + wrong_player and len(actors) < len(table.seats):
        idle = [u for u in table.seats if u not in actors]
        board_choices = choices([table.board]) if table.board is not None else []
        if not board_choices:
            return Outcome("nothing to press")
        kind, user, choice = "wrong player", rnd.choice(idle), rnd.choice(board_choices)
    else:
        user = rnd.choice(actors)
        assert table.board is not None
        offered = choices([table.board, *table.private.get(user.id, [])])
        if not offered:
            return Outcome("nothing to press")
        weights = [weight(c, offered, hints) for c in offered]
        kind, choice = "play", rnd.choices(offered, weights=weights, k=1)[0]
    table.awaiting = None
    began = time.perf_counter()
    try:
        if choice.values is None:
            r = await fake.click(user, choice.message, choice.custom_id, wait=False, force=force,
                                 timeout=timeout)  # fmt: skip
        else:
            r = await fake.select(user, choice.message, choice.custom_id, list(choice.values),
                                  wait=False, force=force, timeout=timeout)  # fmt: skip
        await answered(r, timeout)
    except AssertionError:  # the fake timed out waiting: counted, never hidden
        return Outcome(kind, answer="timeout")
    texts = " ".join(m.content for m in r.messages)
    answer = "ok"
    if FAILED in texts:
        answer = "failed"
    elif any(mark in texts for mark in STALE_ANSWER):
        answer = "stale"
    elif any(mark in texts for mark in REFUSED):
        answer = "refused"
    for message in r.messages:
        if message.ephemeral and message.ephemeral_to == user.id:
            kept = table.private.setdefault(user.id, [])
            if message not in kept:
                kept.append(message)
    outcome = Outcome(kind, r.ack_latency, answer, None, choice)
    if kind == "play":  # its new board may be here already, or follow the callback's answer
        table.awaiting = (outcome, began)
        if table.board_at > began:
            outcome.to_board, table.awaiting = table.board_at - began, None
    return outcome
