"""A seated player who only presses what the table offers, one layer below Discord: the driver
of the table's conformance test (`tests/table/test_conformance.py`).

It keeps what each person would see as plain `Message`s (`tests/table/screens.py`): the
public messages in order, and each player's private messages from their own presses, changed
by every `Answer` as the bot changes Discord's. Each step it reads who must act from the
newest public board (the mentions after ➡️), gathers every enabled button and menu option on
that board and on the private messages the table last answered that player with, picks one
with a seeded `random.Random` by the taste the bot's driver shares
(`tests/table/conformance_plan.py`) and presses it through `Host.press` alone. Every answer is
checked against Discord's limits, the codecs and the pictures' shape on the way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from games.engine import GameError, Player
from table.answers import Answer, Message, Placeholder, Press, SelectSpec
from table.host import Host
from table.ids import MAX_LEN, ButtonId
from table.schedule import Scheduler
from table.service import ServiceError
from tests.table.conformance_plan import (
    ACTORS,
    FAILED,
    LOOK,
    MAX_PRESSES,
    OUTCOME,
    REFUSAL_MARKS,
    WAITING,
    Step,
    pick,
    report,
)
from tests.table.screens import (
    MAX_COMPONENTS,
    MAX_CONTENT,
    MAX_OPTIONS,
    Screens,
    Shown,
    check_picture,
    custom_ids,
    draw,
    layout,
    sent,
    told,
)


@dataclass(frozen=True)
class Choice:
    """One thing a player can press now: a button, or one option of a select menu."""

    shown: Shown
    custom_id: str
    label: str
    values: tuple[str, ...] | None = None

    @property
    def private(self) -> bool:
        return self.shown.to is not None

    def describe(self) -> str:
        picked = f" = {list(self.values)}" if self.values is not None else ""
        where = "private" if self.private else "board"
        return f"{where} {self.label!r}{picked} ({self.custom_id})"


@dataclass
class ScreensOutbox:
    """The scheduler's outbox onto the screens: what the table says while nobody presses
    (a lone move it plays for a person, issue 26) is shown as the bot would post it."""

    screens: Screens

    async def post(self, channel_id: int, message: Message) -> int | None:
        self.screens.show(message)
        return None  # no id kept: the turn's board is posted anew, as after a lost edit

    async def edit(self, channel_id: int, message_id: int, message: Message) -> bool:
        return False

    async def direct(self, user_id: int, text: str) -> bool:
        return False


@dataclass
class Table:
    """Where the players sit: the host, the channel, the guild, the screens."""

    host: Host
    channel_id: int
    guild_id: int
    screens: Screens = field(default_factory=Screens)


@dataclass
class TablePlayer:
    """Plays a game to its outcome by pressing what the table offers (see module doc)."""

    table: Table
    seats: Sequence[Player]
    rnd: random.Random
    max_steps: int = MAX_PRESSES
    hints: Mapping[str, float] = field(default_factory=dict)
    draw_every: int = 50
    """Every this many presses, the answer's pictures are drawn (proof they are drawable)."""
    presses: int = 0
    looks: int = 0
    waits: int = 0
    drawn: int = 0
    replays: int = 0
    session_id: int = 0
    history: list[Step] = field(default_factory=list)
    private: dict[int, list[int]] = field(default_factory=dict)  # user -> private message ids
    waiting: set[int] = field(default_factory=set)  # asked by the board, told to wait
    problems: list[str] = field(default_factory=list)

    @property
    def screens(self) -> Screens:
        return self.table.screens

    # -- what a player sees ---------------------------------------------------------------------

    def board(self) -> Shown:
        """The newest public board: the newest public message that says who acts or who won."""
        for shown in reversed(self.screens.public):
            if ACTORS.search(shown.message.content) or OUTCOME in shown.message.content:
                return shown
        raise AssertionError("no public board says who must act")

    def actors(self, board: Shown) -> list[Player]:
        ids = [int(m) for m in ACTORS.findall(board.message.content)]
        seated = {p.id: p for p in self.seats}
        strangers = [i for i in ids if i not in seated]
        assert not strangers, f"the board asks non-players {strangers} to act"
        return [seated[i] for i in dict.fromkeys(ids)]

    def messages_for(self, player: Player, board: Shown) -> list[Shown]:
        """The newest board and `player`'s private messages from their presses since then."""
        mine = [self.screens.shown[i] for i in self.private.get(player.id, [])]
        return [board, *(m for m in mine if m.to == player.id)]

    @staticmethod
    def choices(messages: Sequence[Shown]) -> list[Choice]:
        found: list[Choice] = []
        for shown in messages:
            for item in layout(shown.message):
                if isinstance(item, SelectSpec):
                    for label, value, _ in item.options:
                        text = f"{item.placeholder[:150]}: {label[:100]}"
                        found.append(Choice(shown, item.custom_id, text, (value,)))
                elif not item.disabled:
                    found.append(Choice(shown, item.custom_id, item.label[:80]))
        return found

    # -- checks -----------------------------------------------------------------------------------

    def check_message(self, message: Message, to: int | None) -> None:
        """Discord's limits, the codecs of every id, the pictures' shape."""
        assert len(message.content) <= MAX_CONTENT, f"{len(message.content)} characters"
        assert len(message.buttons) + len(message.selects) <= MAX_COMPONENTS, message.content
        layout(message)
        for custom_id in custom_ids(message):
            assert len(custom_id) <= MAX_LEN, f"custom_id over {MAX_LEN}: {custom_id}"
            namespace = custom_id.split(":", 1)[0]
            verbs = self.table.host.verbs.get(namespace)
            codec = ButtonId if namespace == ButtonId.PREFIX else verbs and verbs.codec
            assert codec and codec.decode(custom_id), f"{custom_id} does not decode"
        for menu in message.selects:
            assert 0 < len(menu.options) <= MAX_OPTIONS, f"{menu.custom_id}: options"
            assert all(len(value) <= MAX_LEN for _, value, _ in menu.options), menu.custom_id
        if message.picture is not None:
            check_picture(message.picture, self.session_id, to)
            if message.picture.what == "board" and to is None:
                assert message.fallback is not None, "a public board without its text fallback"

    def check_answer(self, answer: Answer, user: int, pressed: Shown) -> None:
        for message, to in sent(answer, user, pressed.to):
            self.check_message(message, to)
        refused = [m.content for m in answer.private if any(x in m.content for x in REFUSAL_MARKS)]
        public = [*((answer.public,) if answer.public else ()), *answer.more]
        refused += [m.content for m in public if FAILED in m.content]
        if refused:
            self.problems.append(f"the table answered {refused[-1][:300]!r}")
        if answer.replay is not None:
            self.replays += 1

    def draw_pictures(self, messages: Iterable[Message]) -> None:
        for message in messages:
            if message.picture is not None:
                draw(message.picture)
                self.drawn += 1

    # -- commands and presses ------------------------------------------------------------------

    def command(self, answer: Answer, player: Player) -> Answer:
        """Show what a command answered `player` (the lobby's `/game new`, `join`, `start`)."""
        if answer.saved is not None:
            self.session_id = answer.saved.session_id
        for message, to in sent(answer, player.id, None):
            self.check_message(message, to)
        self.screens.apply(answer, player.id, None, Placeholder.PUBLIC)
        return answer

    async def press(self, player: Player, choice: Choice) -> list[Shown]:
        """Press `choice` through the host alone, show its answer, check it."""
        host = self.table.host
        press = Press(
            user_id=player.id,
            user_name=player.name,
            channel_id=self.table.channel_id,
            guild_id=self.table.guild_id,
            custom_id=choice.custom_id,
            values=choice.values or (),
        )
        self.presses += 1
        if LOOK.search(choice.label):
            self.looks += 1
        try:
            answer = await told(host, await host.press(press))
        except (ServiceError, GameError) as refused:
            self.problems.append(f"refused: {type(refused).__name__}: {refused}")
            return []
        self.check_answer(answer, player.id, choice.shown)
        if self.presses % self.draw_every == 0:
            self.draw_pictures(m for m, _ in sent(answer, player.id, choice.shown.to))
        placeholder = host.placeholder(press.custom_id)
        return self.screens.apply(answer, player.id, choice.shown, placeholder)

    def remember(self, player: Player, answered: Sequence[Shown], board: Shown) -> None:
        """Which private messages each player may press next (as the bot's driver does)."""
        new_board = self.board()
        if new_board.id != board.id:
            # a new board: private messages drawn before it may be out of date, except the
            # ones this very press drew
            self.private = {}
            self.waiting = set()
        if any(m.to == player.id and WAITING in m.message.content for m in answered):
            self.waiting.add(player.id)
            self.waits += 1
        mine = [m.id for m in answered if m.to == player.id and m.live]
        if mine:
            self.private[player.id] = mine[-1:]
        elif new_board.id == board.id:
            kept = [i for i in self.private.get(player.id, []) if self.screens.shown[i].live]
            self.private[player.id] = kept

    # -- the game -------------------------------------------------------------------------------

    async def play(self) -> Shown:
        """Press until the board shows an outcome; fails on a refusal or after max_steps."""
        current: Player | None = None
        scheduler = Scheduler(self.table.host, ScreensOutbox(self.screens))
        for step in range(1, self.max_steps + 1):
            # the table plays a lone move at once, as the bot's pass does: a new turn
            if self.session_id and await scheduler.run_session(self.session_id):
                self.private, self.waiting = {}, set()
            board = self.board()
            if OUTCOME in board.message.content:
                return board
            asked = self.actors(board)
            assert asked, f"step {step}: the board asks nobody to act: {board.message.content!r}"
            actors = [p for p in asked if p.id not in self.waiting]
            assert actors, f"step {step}: everyone asked to act was told to wait\n{self.report()}"
            if current not in actors:
                current = self.rnd.choice(actors)
            assert current is not None
            choices = self.choices(self.messages_for(current, board))
            assert choices, f"step {step}: {current.name} must act but is offered nothing"
            choice = pick(self.rnd, choices, self.hints)
            answered = await self.press(current, choice)
            texts = [f"{'🔒' if m.to else '📢'} {m.message.content[:160]!r}" for m in answered]
            self.history.append(Step(step, current.name, choice.describe(), texts))
            assert not self.problems, f"step {step}: {self.report()}"
            self.remember(current, answered, board)
        raise AssertionError(f"no outcome after {self.max_steps} presses\n{self.report()}")

    def report(self) -> str:
        return report(self.problems, self.history)
