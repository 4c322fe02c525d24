"""A seated player who only presses what the bot offers: the driver of the conformance test.

It sees Discord only (the fake's messages), never the bot's or the game's state. Each step:
find who must act (the mentions after ➡️ on the newest public board), gather every enabled
button and select menu on the messages that player can use now (that board, and the private
messages the bot last answered them with since that board appeared), pick one with a seeded
`random.Random` (action buttons weigh more than looking, Back or Cancel: the same taste as the
table's driver, whose words and weights it imports from `tests/table/conformance_plan.py`), press
it, wait until the bot has answered (its idle signal, see `bench.driver.boot`), and check the
answer is no refusal.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from fakediscord import FakeMessage, FakeUser
from fakediscord.interaction import InteractionResult
from fakediscord.records import walk_components
from tests.bot.conftest import World
from tests.table.conformance_plan import (
    ACTORS,
    FAILED,
    LOOK,
    OUTCOME,
    REFUSAL_MARKS,
    WAITING,
    Step,
    pick,
    report,
)

BUTTON, SELECT = 2, 3


@dataclass(frozen=True)
class Choice:
    """One thing a player can press now: a button, or one option of a select menu."""

    message: FakeMessage
    custom_id: str
    label: str
    values: tuple[str, ...] | None = None  # a select menu's pick

    @property
    def private(self) -> bool:
        return self.message.ephemeral

    @property
    def where(self) -> str:
        return "private" if self.private else "board"

    def describe(self) -> str:
        picked = f" = {list(self.values)}" if self.values is not None else ""
        return f"{self.where} {self.label!r}{picked} ({self.custom_id})"


MAX_TICKS = 50
"""Scheduler ticks a driver gives the bots to play on before it reads the board."""


@dataclass
class Player:
    """Plays a game to its outcome by pressing what the bot offers."""

    world: World
    seats: Sequence[FakeUser]
    rnd: random.Random
    max_steps: int = 1500
    # per-game weights by label pattern (e.g. a game's "Stop" that ends a player's run early)
    hints: dict[str, float] = field(default_factory=dict)
    presses: int = 0
    looks: int = 0
    history: list[Step] = field(default_factory=list)
    private: dict[int, list[int]] = field(default_factory=dict)  # user -> ephemeral message ids
    waiting: set[int] = field(default_factory=set)  # asked by the board, told to wait
    waits: int = 0
    problems: list[str] = field(default_factory=list)
    # called at every step with the step and the players the board asks to act, before the
    # press (the conformance test's autocomplete probe)
    probe: Callable[[int, Sequence[FakeUser]], Awaitable[None]] | None = None
    read: tuple[int, int] = (0, 0)
    """The board last read: its message id and how many versions it had shown."""

    # -- what a player sees ---------------------------------------------------------------------

    def board(self) -> FakeMessage:
        """The newest public board: the newest public message that says who acts or who won."""
        board = self.latest_board()
        if board is None:
            raise AssertionError("no public board says who must act")
        return board

    def latest_board(self) -> FakeMessage | None:
        """The newest public board (and, as read, how many versions it has shown: a turn's
        message is edited in place), or None while none names anyone (the bots' chain of
        moves has paused: `current_board`)."""
        for message in reversed(self.world.public()):
            if ACTORS.search(message.content) or OUTCOME in message.content:
                self.read = (message.id, len(message.shown))
                return message
        return None

    async def current_board(self) -> FakeMessage:
        """The newest public board, once the bots have played on: a table of bots plays at
        most `table.schedule.MAX_CHAIN` moves in one pass and the rest at the scheduler's next
        tick, given here at once (meanwhile no board asks a person to act)."""
        bot = self.world.bot
        for _ in range(MAX_TICKS):
            board = self.latest_board()
            if board is not None or bot is None:
                break
            await bot.scheduler.tick()
            await self.world.answered()
        return self.board()

    def actors(self, board: FakeMessage) -> list[FakeUser]:
        ids = [int(m) for m in ACTORS.findall(board.content)]
        seated = {u.id: u for u in self.seats}
        strangers = [i for i in ids if i not in seated]
        assert not strangers, f"the board asks non-players {strangers} to act: {board.content!r}"
        return [seated[i] for i in dict.fromkeys(ids)]

    def messages_for(self, user: FakeUser, board: FakeMessage) -> list[FakeMessage]:
        """The newest board and `user`'s private messages from their presses since it appeared."""
        store = self.world.fake.store.messages
        mine = [store[i] for i in self.private.get(user.id, []) if i in store]
        mine = [m for m in mine if not m.deleted and m.ephemeral_to == user.id]
        return [board, *mine]

    def choices(self, messages: Sequence[FakeMessage]) -> list[Choice]:
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
                    for option in options:
                        values = (str(option["value"]),)
                        if low > 1:  # a menu that needs several picks: this one and the next ones
                            start = options.index(option)
                            values = tuple(
                                str(o["value"]) for o in (options[start:] + options[:start])[:low]
                            )
                        label = f"{comp.get('placeholder', 'menu')}: {option.get('label')}"
                        found.append(Choice(message, cid, label, values))
        return found

    def pick(self, choices: Sequence[Choice]) -> Choice:
        """One of `choices`, weighed as the table's driver weighs them (one taste for both)."""
        return pick(self.rnd, choices, self.hints)

    # -- pressing -------------------------------------------------------------------------------

    async def press(self, user: FakeUser, choice: Choice) -> InteractionResult:
        """Press `choice`; returns once the bot has answered it (its handler and the bot seats
        it set playing are done: `fake.until_idle`), never after a guessed quiet time. A
        finished game's replay is drawn after the answer and is not waited for."""
        fake = self.world.fake
        if choice.values is None:
            result = await fake.click(user, choice.message, choice.custom_id)
        else:
            result = await fake.select(user, choice.message, choice.custom_id, list(choice.values))
        self.presses += 1
        if LOOK.search(choice.label):
            self.looks += 1
        return result

    def check_answer(
        self, step: int, user: FakeUser, choice: Choice, result: InteractionResult
    ) -> None:
        answers = result.messages
        texts = [f"{'🔒' if m.ephemeral else '📢'} {m.content[:160]!r}" for m in answers]
        self.history.append(Step(step, user.name, choice.describe(), texts))
        refused = [
            m
            for m in answers
            if any(mark in m.content for mark in REFUSAL_MARKS if m.ephemeral or mark == FAILED)
        ]
        if refused:
            self.problems.append(
                f"step {step}: {user.name} pressed {choice.describe()}; the bot answered "
                f"{refused[-1].content[:300]!r}"
            )
        assert result.responded, f"step {step}: {choice.describe()} was never answered"

    def remember(self, user: FakeUser, result: InteractionResult, board: FakeMessage) -> None:
        """Which private messages each player may press next."""
        before = self.read  # the board as read before the press
        new_board = self.latest_board()
        if new_board is None or self.read != before:
            # a new board, or the turn's message told a new step: private messages drawn
            # before it may be out of date, except the ones this very press drew
            self.private = {}
            self.waiting = set()
        if any(m.ephemeral_to == user.id and WAITING in m.content for m in result.messages):
            self.waiting.add(user.id)
            self.waits += 1
        mine = [m.id for m in result.messages if m.ephemeral_to == user.id and m.components]
        if mine:
            self.private[user.id] = mine[-1:]
        else:
            # the press redrew the pressed message (or answered without buttons): keep what
            # still offers something
            store = self.world.fake.store.messages
            kept = [i for i in self.private.get(user.id, []) if store[i].components]
            self.private[user.id] = kept

    # -- the game -------------------------------------------------------------------------------

    async def play(self) -> FakeMessage:
        """Press until the board shows an outcome; fails on a refusal or after max_steps."""
        current: FakeUser | None = None
        for step in range(1, self.max_steps + 1):
            board = await self.current_board()
            if OUTCOME in board.content:
                return board
            asked = self.actors(board)
            assert asked, f"step {step}: the board asks nobody to act: {board.content!r}"
            if self.probe is not None:
                await self.probe(step, asked)
            actors = [u for u in asked if u.id not in self.waiting]
            assert actors, (
                f"step {step}: every player the board asks to act was told to wait: "
                f"{board.content!r}\n{self.report()}"
            )
            # keep playing with the same player while they may act (their private message
            # stays current); otherwise a random one of those asked to act
            if current not in actors:
                current = self.rnd.choice(actors)
            assert current is not None
            choices = self.choices(self.messages_for(current, board))
            assert choices, (
                f"step {step}: {current.name} must act but is offered nothing to press; "
                f"board: {board.content!r}, buttons: {board.buttons}"
            )
            choice = self.pick(choices)
            result = await self.press(current, choice)
            self.check_answer(step, current, choice, result)
            assert not self.problems, self.report()
            self.remember(current, result, board)
        raise AssertionError(f"no outcome after {self.max_steps} presses\n{self.report()}")

    def report(self) -> str:
        return report(self.problems, self.history)
