"""What each person sees at a table, as plain `Message`s, changed by every `Answer` as the bot
changes Discord's messages (`bot.delivery.deliver`), and the limits Discord puts on a message
(checked here so that the table never composes what Discord would refuse).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from games.registry import GAMES
from table.answers import (
    SPENT,
    Answer,
    ButtonSpec,
    Message,
    Picture,
    Placeholder,
    Reworded,
    SelectSpec,
    Spent,
)
from table.host import Host
from table.turns import post_then_close

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
        """Show `answer` as `bot.delivery.deliver` does; returns the messages the press
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


class _Captured:
    """A `TurnCarrier` that keeps the turn message the table composed (as a new message)."""

    def __init__(self) -> None:
        self.message: Message | None = None

    async def post(self, message: Message) -> int | None:
        self.message = message
        return None

    async def edit(self, message_id: int, message: Message) -> bool:
        self.message = message
        return True

    async def hand_over(self, message: Message, closing: tuple[int, Message] | None) -> int | None:
        return await post_then_close(self, message, closing)


async def told(host: Host, answer: Answer) -> Answer:
    """`answer` with its step told in the turn message (`table.turns`) as its public message,
    as the bot delivers it."""
    if answer.turn is None:
        return answer
    carrier = _Captured()
    await host.turns.tell(answer.turn, carrier)
    public = answer.public if answer.public is not None else carrier.message
    return dataclasses.replace(answer, public=public, new=True, turn=None)


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
