"""What the table answers, as plain data: messages (words, a picture, buttons, menus, who to
ping) and everything to show after one press or command. The bot draws the pictures and sends
the messages; nothing here knows a chat platform.

A move follows one path: the bot decodes the press into a `Press`, the table (`table.host`)
applies it and returns an `Answer`, the bot (`bot.delivery.deliver`) draws the answer's pictures
off the event loop together and sends its messages in a fixed order: the private answers, the
public ones (a new board pings whoever must act), then the pressed message redrawn.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from table.snapshot import Snapshot


@dataclass(frozen=True)
class Picture:
    """An image to draw off the event loop: `draw(*args, **kwargs)`, a pure function of
    `render/` (its arguments are views, never states) returning the image's bytes; or, for a
    replay, `table.replays.replay_animation`, which steps a finished game's log to public views
    and draws those. `what`,
    `game` and `session_id` name it for the drawing deadline's log and metrics (a dice
    roll's has no session: None); a `background` picture (a replay) never takes the slot a
    move needs."""

    what: str
    game: str
    session_id: int | None
    draw: Callable[..., bytes]
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    background: bool = False
    viewer: int | None = None
    """Whose view it is drawn from (None: the public view, which anyone may see)."""
    alt: str = ""
    """What the picture shows, in words: the image's alt text, unless its message says more
    (`Message.alt`). Told to the same people as the picture (from the same view)."""


@dataclass(frozen=True)
class ButtonSpec:
    label: str
    custom_id: str
    style: str = "secondary"  # primary | secondary | success | danger
    row: int | None = None
    disabled: bool = False


@dataclass(frozen=True)
class SelectSpec:
    """A string select menu on its own row: options are (label, value, description)."""

    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str, str], ...]
    row: int | None = None


@dataclass(frozen=True)
class Page:
    """A titled page of text (a rules page, the help): the bot shows it as an embed."""

    text: str
    title: str | None = None


@dataclass(frozen=True)
class Message:
    """A message to send: content (with mentions), an optional image, buttons and menus.

    `image` is either drawn already (bytes) or a `Picture` the bot draws before sending. When
    a picture cannot be drawn (a bug, or its deadline passed), the bot sends `fallback`
    instead (the position in words, say), or, without one, the message without its image.
    """

    content: str
    image: bytes | Picture | None = None
    filename: str = "board.png"
    buttons: tuple[ButtonSpec, ...] = ()
    mentions: tuple[int, ...] = field(default_factory=tuple)
    selects: tuple[SelectSpec, ...] = ()
    pages: tuple[Page, ...] = ()
    alt: str = ""
    """The image's alt text (what a screen reader says instead of the picture); empty: the
    picture's own (`Picture.alt`)."""
    fallback: Message | None = None
    """What to send instead when `image` is a picture that cannot be drawn."""
    keeps_image: bool = False
    """An edit that leaves the message's image as it was (`image` is then None)."""

    @property
    def picture(self) -> Picture | None:
        return self.image if isinstance(self.image, Picture) else None

    def headed(self, head: str, *, limit: int = 1990) -> Message:
        """The same message with `head` as its first line (and on its fallback too)."""
        fallback = self.fallback.headed(head, limit=limit) if self.fallback else None
        return dataclasses.replace(
            self, content=f"{head}\n{self.content}"[:limit], fallback=fallback
        )


def plain(text: str) -> str:
    """Chat text as words for alt text: no bold, code or spoiler marks, one line."""
    for mark in ("**", "`", "||", "__"):
        text = text.replace(mark, "")
    return " ".join(text.split())


class Placeholder(enum.Enum):
    """What the presser sees at once, while the table works (the bot shows it before any
    storage, rules or drawing work)."""

    PUBLIC = "public"
    """A public "thinking" note, which the answer replaces."""
    PRIVATE = "private"
    """A private "thinking" note: a private answer replaces it; a public one follows it."""
    NONE = "none"
    """Nothing (a button or menu press): the pressed message is what changes."""


class Spent(enum.Enum):
    """The pressed message keeps its words and image but loses its buttons and menus."""

    BUTTONS = "buttons"


SPENT = Spent.BUTTONS


@dataclass(frozen=True)
class Reworded:
    """The pressed message's words change, and with `controls` its buttons and menus become
    those of `controls`; its image stays (a panel flipping between its pages)."""

    content: str
    controls: Message | None = None


@dataclass(frozen=True)
class Answer:
    """Everything to show after one press or command, sent in this order by the bot:

    1. `private`: messages only the presser sees (the first replaces a private placeholder);
    2. `public`: the answer everyone sees (it replaces a public placeholder; with `new`, it
       is always a new message, so the people it mentions are pinged), then `more` public
       messages; or `turn`, a step told in the table's turn message (edited in place while
       the same player acts again, a new message and one ping when play passes on);
    3. `pressed`: the message the button or menu sat on, redrawn (`Reworded`: only its words;
       `SPENT`: only without its buttons).

    `saved` is the snapshot a commit produced (from then on every answer must say it was
    saved, even if drawing or sending fails); `moved` tells the table's scheduler that bot
    seats may have to play; `replay`, a game that just ended, whose replay is posted later.
    `posts`, messages for other channels (a new game's thread, every table a vacation
    touches) as (channel id, message), are sent before all the rest: what the answer points
    to is there when it is read.
    """

    pressed: Message | Reworded | Spent | None = None
    private: tuple[Message, ...] = ()
    public: Message | None = None
    new: bool = False
    more: tuple[Message, ...] = ()
    confirmation: str = "✅ Done."
    """What a private placeholder becomes when the answer is a new public message."""
    saved: Snapshot | None = None
    saved_what: str = "move"
    moved: Snapshot | None = None
    replay: Snapshot | None = None
    posts: tuple[tuple[int, Message], ...] = ()
    turn: Snapshot | None = None
    """A committed step the table tells in its turn message (`table.turns`): the bot hands it
    to `Turns.tell` with a `TurnCarrier`, after the private answers, in place of `public`."""

    @staticmethod
    def told(text: str) -> Answer:
        """A short private note."""
        return Answer(private=(Message(content=text[:1990]),))

    def then(self, other: Answer) -> Answer:
        """This answer followed by `other` (a pressed message redrawn only once)."""
        return Answer(
            pressed=other.pressed if other.pressed is not None else self.pressed,
            private=self.private + other.private,
            public=self.public if self.public is not None else other.public,
            new=self.new or other.new,
            more=self.more
            + ((other.public,) if self.public is not None and other.public else ())
            + other.more,
            confirmation=other.confirmation if other.public else self.confirmation,
            saved=other.saved or self.saved,
            saved_what=other.saved_what if other.saved else self.saved_what,
            moved=other.moved or self.moved,
            replay=other.replay or self.replay,
            posts=self.posts + other.posts,
            turn=other.turn or self.turn,
        )


@dataclass(frozen=True)
class Press:
    """A button or menu press, as the table sees it: who, where, which id, which values."""

    user_id: int
    user_name: str
    channel_id: int
    guild_id: int | None
    custom_id: str
    values: tuple[str, ...] = ()
    can_manage: bool = False
    """The presser may manage the server (ends a game they do not host)."""


class SavedButUnshown(Exception):
    """A write committed, then composing its answer failed (a bug): whoever answers must say
    that `snapshot` was saved, never that nothing changed. Raised from the bug."""

    def __init__(self, snapshot: Snapshot, what: str = "move") -> None:
        super().__init__(f"{what} saved in session {snapshot.session_id}, then composing failed")
        self.snapshot = snapshot
        self.what = what


class PictureLate(TimeoutError):
    """A picture passed its drawing deadline (the drawer has logged it): show the fallback."""


class Drawer(Protocol):
    """Draws a picture off the event loop, within its deadline (the process's renderer)."""

    async def picture(self, picture: Picture) -> bytes: ...


class TurnCarrier(Protocol):
    """How the table's turn message reaches its channel (`table.turns`): the bot posts a new
    message (and says its id) or edits the one the table names."""

    async def post(self, message: Message) -> int | None:
        """A new public message (its mentions notify); its id (None: not known)."""
        ...

    async def edit(self, message_id: int, message: Message) -> bool:
        """The message `message_id` becomes `message` (an edit notifies nobody); False when
        that message is gone (deleted), so the table opens a new one."""
        ...

    async def hand_over(self, message: Message, closing: tuple[int, Message] | None) -> int | None:
        """Play passes on: a new message (`post`), and the ended turn's message edited into
        its whole story (`closing`: its id and message; None when there is none), in the
        order the carrier needs (`table.turns.post_then_close` is the usual one); the new
        message's id."""
        ...


class Outbox(Protocol):
    """Where the table posts what happens while nobody is pressing anything (a bot's move,
    a reminder, a replay): the bot sends it."""

    async def post(self, channel_id: int, message: Message) -> int | None:
        """A new message in the channel; its id (None: not known)."""
        ...

    async def edit(self, channel_id: int, message_id: int, message: Message) -> bool:
        """Edit a message the bot posted; False when it is gone."""
        ...

    async def direct(self, user_id: int, text: str) -> bool:
        """A direct message; False when the user does not take them (the caller then posts
        in the channel instead)."""
        ...
