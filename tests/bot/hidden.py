"""Hidden-information check for the end-to-end harness.

Records every image the bot renders and for whom. After a test, every attachment in a public
(non-ephemeral) message must be an image drawn from a public view (`view(state, None)`) or a
dice/odds image; and no text that only a private view holds may appear in public text.

"Only a private view holds" means no public view after any move of the game held it: in a card
game a played card is public (its name is in the public view once played) while another copy
of it may sit in a hand at the end.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

from bot.client import RedlineBot
from bot.rendering import Renderer
from bot.service import Snapshot
from fakediscord import FakeDiscord

MIN_SECRET_LENGTH = 4


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class RenderLog:
    """Wraps a bot's Renderer so we know which bytes came from which viewer."""

    def __init__(self) -> None:
        self.public: set[str] = set()
        self.private: set[str] = set()
        self.snapshots: dict[int, Snapshot] = {}
        self.public_text: set[str] = set()
        """Every string leaf of the public view after every move (stand-ins included)."""

    def attach(self, bot: RedlineBot) -> None:
        renderer: Renderer = bot.table.renderer
        board, draw, sheet = renderer.board, renderer.draw, renderer.sheet

        async def logged_board(snap: Snapshot, viewer: int | None = None) -> bytes | None:
            image = await board(snap, viewer)
            self.snapshots[snap.session_id] = snap
            if image is not None:
                (self.public if viewer is None else self.private).add(_digest(image))
            return image

        async def logged_draw(what: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            image = await draw(what, fn, *args, **kwargs)
            drawn = image[-1] if isinstance(image, tuple) and image else image  # (data, png)
            if isinstance(drawn, bytes):
                self.public.add(_digest(drawn))
            return image

        async def logged_sheet(snap: Snapshot, viewer: int, **options: Any) -> bytes | None:
            image = await sheet(snap, viewer, **options)  # draws through draw(): move it over
            self.snapshots[snap.session_id] = snap
            if image is not None:
                self.public.discard(_digest(image))
                self.private.add(_digest(image))
            return image

        act = bot.service.act

        async def logged_act(*args: Any, **kwargs: Any) -> Snapshot:
            snap = await act(*args, **kwargs)
            if snap.state is not None and snap.spec.has_private_views:
                self.public_text.update(_leaves(snap.view(None).model_dump(mode="json")))
            return snap

        bot.service.act = logged_act  # type: ignore[method-assign]
        renderer.board = logged_board  # type: ignore[method-assign]
        renderer.sheet = logged_sheet  # type: ignore[method-assign]
        renderer.draw = logged_draw  # type: ignore[method-assign]

    def check(self, fake: FakeDiscord) -> None:
        public = [m for m in fake.all_messages() if not m.ephemeral]
        for message in public:
            for name, data in message.files:
                assert _digest(data) in self.public, (
                    f"public message {message.id} carries {name}, which was not drawn from a "
                    "public view"
                )
        secrets = self._secrets()
        # A secret inside a longer public string ("Ram +2" in a hand, "Diagonal Ram +2"
        # played) is not shown by that string: blank those out before looking for it.
        wider = {
            s: sorted((p for p in self.public_text if s in p), key=len, reverse=True)
            for s in secrets
        }
        for message in public:
            text = message.content + json.dumps(message.embeds)
            leaked = [s for s in secrets if s in _without(text, wider[s])]
            assert not leaked, f"public message {message.id} shows private data: {leaked[:5]}"

    def _secrets(self) -> set[str]:
        """Strings that some player's private view holds and the public view does not."""
        found: set[str] = set()
        for snap in self.snapshots.values():
            if snap.state is None or not snap.spec.has_private_views:
                continue
            public = set(_leaves(snap.view(None).model_dump(mode="json")))
            for seat in snap.record.seats:
                private = set(_leaves(snap.view(seat.user_id).model_dump(mode="json")))
                found |= {s for s in private - public if len(s) >= MIN_SECRET_LENGTH}
        return found - self.public_text


def _without(text: str, public: list[str]) -> str:
    for string in public:
        text = text.replace(string, "")
    return text


def _leaves(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, str):
        yield value
