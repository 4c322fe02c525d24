"""A seated player who only presses what the table offers, one layer below Discord: the driver
of the table's conformance test (`tests/table/test_conformance.py`).

It keeps what each person would see as plain `Message`s (`Screens`): the public messages in
order, and each player's private messages from their own presses, changed by every `Answer` as
the bot changes Discord's (`bot.replies.deliver`). Each step it reads who must act from the
newest public board (the mentions after ➡️), gathers every enabled button and menu option on
that board and on the private messages the table last answered that player with, picks one
with a seeded `random.Random` and presses it through `Host.press` alone. Every answer is
checked against Discord's limits, the codecs and the pictures' shape on the way.

The plan (seats, seeds, hints, the step limit) and the player's taste (what counts as only
looking, how much less it weighs) are shared with the bot's conformance driver
(`tests/bot/conformance_driver.py`), which imports them from here: both layers play the same
games the same way.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from games.engine import GameError, Player
from games.registry import GAMES
from table.answers import (
    SPENT,
    Answer,
    ButtonSpec,
    Message,
    Picture,
    Placeholder,
    Press,
    Reworded,
    SelectSpec,
    Spent,
)
from table.host import Host
from table.ids import MAX_LEN, ButtonId
from table.service import ServiceError

# ----- the plan: which games are played how (the bot's conformance test plays the same) -------

SEATS = {"dragrage": 2, "rushncrush": 3, "spacetruckin": 3}
SEEDS = {"dragrage": 1, "rushncrush": 1, "spacetruckin": 1}
DEFAULT_SEED = 1
HINTS: dict[str, dict[str, float]] = {
    "spacetruckin": {r"^Stop building": 0.02},
    # Apocalypse Road: looking at the whole track and detours into the step-by-step builder
    # are pressed now and then (they must work) but rarely, so the race moves on.
    "apocalypseroad": {r"Whole track": 0.03, r"step by step": 0.06},
}
MAX_PRESSES = 2500

# ----- what a player reads, and their taste ----------------------------------------------------

ACTORS = re.compile(r"➡️ <@(\d+)>")
OUTCOME = "🏁"
# what the bot says (privately) when it refuses a press, when the pressed message was out of
# date, and (anywhere) when it failed: none of them may answer a current, offered button
FAILED = "⚠️"
REFUSAL_MARKS = ("🚫", "⏩", FAILED)
# Buttons that look or go back rather than play: still pressed now and then (they must work
# too), but rarely, so a game moves on.
LOOK = re.compile(
    r"show my sheet|show board|back|cancel|whole course|rules|help|log|undo|✖|❌|↩|⬅|👁",
    re.IGNORECASE,
)
LOOK_WEIGHT = 0.08
BOARD_WHILE_PRIVATE = 0.25
# A private sheet's word that its owner has nothing to do yet (the public board is not
# re-posted after every sheet edit, so in a step where players act at once it still asks
# those who already did).
WAITING = "Nothing to do right now"


class Pressable(Protocol):
    """One thing a player can press, in either layer: a button, or one option of a menu."""

    @property
    def custom_id(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def values(self) -> tuple[str, ...] | None: ...

    @property
    def private(self) -> bool: ...


C = TypeVar("C", bound=Pressable)


def weight(choice: Pressable, choices: Sequence[Pressable], hints: Mapping[str, float]) -> float:
    """How likely `choice` is pressed: a game's hint by label, else looking weighs little and
    a menu with many options counts as one choice among the buttons."""
    for pattern, hinted in hints.items():
        if re.search(pattern, choice.label):
            return hinted
    if not LOOK.search(choice.label):
        if choice.values is not None:
            same = sum(1 for c in choices if c.custom_id == choice.custom_id)
            return 1.0 / max(1, same)
        return 1.0
    return LOOK_WEIGHT


def pick(rnd: random.Random, choices: Sequence[C], hints: Mapping[str, float]) -> C:
    """One of `choices`, at random by `weight`."""
    weights = [weight(c, choices, hints) for c in choices]
    if any(c.private and not LOOK.search(c.label) for c in choices):
        # in the middle of a private flow (a builder, a preview, a sheet): mostly go on
        weights = [
            w if c.private else w * BOARD_WHILE_PRIVATE
            for c, w in zip(choices, weights, strict=True)
        ]
    return rnd.choices(list(choices), weights=weights, k=1)[0]


# ----- Discord's limits, and the shape of what the table answers --------------------------------

MAX_CONTENT = 2000
MAX_COMPONENTS = 25
MAX_ROWS = 5
ROW_WIDTH = 5
MAX_OPTIONS = 25
PNG = b"\x89PNG\r\n\x1a\n"


def layout(message: Message) -> list[ButtonSpec | SelectSpec]:
    """The message's menus and buttons in the order Discord shows them: placed in rows as
    discord.py places a view's items when the bot adds them (menus first; a menu fills a row),
    then row by row. Fails where Discord would refuse the layout."""
    weights = [0] * MAX_ROWS
    placed: list[tuple[int, ButtonSpec | SelectSpec]] = []
    items: list[ButtonSpec | SelectSpec] = [*message.selects, *message.buttons]
    for item in items:
        width = ROW_WIDTH if isinstance(item, SelectSpec) else 1
        row = item.row
        if row is None:
            row = next((i for i, w in enumerate(weights) if w + width <= ROW_WIDTH), None)
            assert row is not None, f"no room for another component: {message.content[:80]!r}"
        assert 0 <= row < MAX_ROWS and weights[row] + width <= ROW_WIDTH, (
            f"row {row} is full: {message.content[:80]!r}"
        )
        weights[row] += width
        placed.append((row, item))
    return [item for _, item in sorted(placed, key=lambda p: p[0])]


def custom_ids(message: Message) -> Iterator[str]:
    yield from (b.custom_id for b in message.buttons)
    yield from (s.custom_id for s in message.selects)


def check_picture(picture: Picture, session_id: int, viewer: int | None) -> None:
    """A picture names its game, its session and a function to draw it, and whose view it is
    drawn from may see it."""
    assert picture.game in GAMES, f"a picture names no game: {picture}"
    assert picture.session_id == session_id, f"a picture of another session: {picture}"
    assert callable(picture.draw), f"a picture without a drawing: {picture}"
    assert picture.viewer in (None, viewer), (
        f"a {picture.what} drawn from {picture.viewer}'s view shown to "
        f"{'everyone' if viewer is None else viewer}"
    )


def draw(picture: Picture) -> bytes:
    """The picture drawn as the bot's renderer draws it (its pure `render/` function)."""
    data = picture.draw(*picture.args, **picture.kwargs)
    assert isinstance(data, bytes) and data.startswith(PNG), f"the {picture.what} is no PNG"
    return data


# ----- what each person sees ---------------------------------------------------------------------


@dataclass
class Shown:
    """A message as it stands now: public (`to` None) or private to one user."""

    id: int
    message: Message
    to: int | None = None

    @property
    def live(self) -> bool:
        """Has it anything left to press?"""
        return bool(self.message.buttons or self.message.selects)


@dataclass
class Screens:
    """Every message the table has shown in one channel, as the bot would have left them."""

    public: list[Shown] = field(default_factory=list)
    shown: dict[int, Shown] = field(default_factory=dict)

    def show(self, message: Message, to: int | None = None) -> Shown:
        shown = Shown(len(self.shown) + 1, message, to)
        self.shown[shown.id] = shown
        if to is None:
            self.public.append(shown)
        return shown

    def apply(
        self, answer: Answer, user: int, pressed: Shown | None, placeholder: Placeholder
    ) -> list[Shown]:
        """Show `answer` as `bot.replies.deliver` does; returns the messages the press
        answered with (the pressed one first when it changed), as Discord lists them."""
        assert not answer.posts, "a press posts to another channel"
        touched: list[Shown] = []
        if pressed is not None and answer.pressed is not None:
            # only a silent acknowledgement leaves the pressed message to redraw; after a
            # "thinking" placeholder the original response is that placeholder, and the bot
            # would drop the change
            assert placeholder is Placeholder.NONE, "a change of the pressed message never shown"
            pressed.message = redrawn(pressed.message, answer.pressed)
            touched.append(pressed)
        new = [self.show(m, user) for m in answer.private]
        public = (answer.public,) if answer.public is not None else ()
        new += [self.show(m) for m in (*public, *answer.more)]
        return touched + new


def redrawn(before: Message, change: Message | Reworded | Spent) -> Message:
    """The pressed message after the answer's `pressed` change."""
    if change is SPENT:
        return replace(before, buttons=(), selects=())
    if isinstance(change, Reworded):
        if change.controls is None:
            return replace(before, content=change.content)
        controls = change.controls
        return replace(
            before, content=change.content, buttons=controls.buttons, selects=controls.selects
        )
    assert isinstance(change, Message), f"an unknown change of the pressed message: {change!r}"
    return change


def sent(answer: Answer, user: int, pressed_to: int | None) -> Iterator[tuple[Message, int | None]]:
    """Every message `answer` sends whole (fallbacks included), with who it is shown to:
    `user` for a private one, None for everyone, `pressed_to` for the pressed one redrawn."""
    whole: list[tuple[Message, int | None]] = [(m, user) for m in answer.private]
    public = (answer.public,) if answer.public is not None else ()
    whole += [(m, None) for m in (*public, *answer.more)]
    pressed = answer.pressed
    if isinstance(pressed, Message):
        whole.append((pressed, pressed_to))
    elif isinstance(pressed, Reworded) and pressed.controls is not None:
        whole.append((pressed.controls, pressed_to))
    for message, to in whole:
        yield message, to
        if message.fallback is not None:
            yield message.fallback, to


# ----- the player --------------------------------------------------------------------------------


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
class Step:
    """What one press did, for the report."""

    step: int
    user: str
    choice: str
    answers: list[str]


def report(problems: Sequence[str], history: Sequence[Step], last: int = 12) -> str:
    """What went wrong, and the last presses before it."""
    lines = [*problems, "last presses:"]
    for step in history[-last:]:
        lines.append(f"  {step.step} {step.user}: {step.choice} -> {step.answers}")
    return "\n".join(lines)


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
            answer = await host.press(press)
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
        for step in range(1, self.max_steps + 1):
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
