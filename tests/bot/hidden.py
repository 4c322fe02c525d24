"""Hidden-information check for the end-to-end harness.

Records every image the bot renders and for whom, and what the public view and each seat's
own view held after every move. After a test:
- every attachment in every version of a public (non-ephemeral) message is an image drawn
  from a public view (`view(state, None)`) or a dice/odds image; one in an ephemeral message
  (a sheet redrawn in place: each of its pictures), if it was drawn from a private view, was
  drawn from the view of a seat its user plays;
- nobody is shown text that only another seat's view holds: every version of every message
  (text, embeds, images' alt text, button labels, select menus' placeholders and options; an
  edit does not hide what it replaced), public or ephemeral, and every autocomplete answer
  (its choices' names);
- every image carries alt text (its attachment's description: the position in words).

A secret is a string (4 characters or more) some seat's view held after some move, found as a
whole word. In a game whose rules keep sheets open (`spec.extra["open_sheets"]`: Space
Truckin') every seat's view counts as public. Everyone may see what a public view held after
any move (in a card game a played card is public once played, while another copy of it may
sit in a hand at the end); the audience of an ephemeral message or an autocomplete answer may
also see what their own seat's view held and the names of the actions the rules offered that
seat. A public message's
audience is everyone, a spectator's is the public.

Only what Discord shows is judged. Option values and custom_ids carry the game's vocabulary to
everybody (an action's JSON names a token kind: `"token": "nitro"`), which a string check
cannot tell from a secret; whether a list's choices depend on hidden information is checked by
asking them as a spectator and an opponent (`tests/bot/autocomplete_probe.py`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.client import RedlineBot
from fakediscord import FakeDiscord
from fakediscord.records import walk_components
from games.registry import GAMES
from runtime.rendering import Renderer
from table.answers import Message, Picture
from table.service import Snapshot
from tests.leaves import leaves

MIN_SECRET_LENGTH = 4
AUTOCOMPLETE = 4  # the interaction type
AUTOCOMPLETE_RESULT = 8  # its answer's callback type
SELECT = 3
PUBLIC = None  # the audience of a public message: everyone


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class Coverage:
    """What one check judged: autocomplete answers by `command option`, select menus shown by
    kind (their custom_id's `namespace:verb`), and message versions."""

    autocompletes: Counter[str] = field(default_factory=Counter)
    menus: Counter[str] = field(default_factory=Counter)
    versions: int = 0

    def __str__(self) -> str:
        return (
            f"{sum(self.autocompletes.values())} answers of {len(self.autocompletes)} "
            f"autocompletes {sorted(self.autocompletes)}, {sum(self.menus.values())} showings "
            f"of {len(self.menus)} select menus {sorted(self.menus)}, {self.versions} message "
            "versions"
        )


class RenderLog:
    """Wraps a bot's Renderer so we know which bytes came from which viewer, and its service so
    we know what each view held after every move."""

    def __init__(self) -> None:
        self.public: set[str] = set()
        self.private: set[str] = set()
        self.snapshots: dict[int, Snapshot] = {}
        self.drawn_for: dict[str, set[int]] = {}
        """Per image drawn from a private view (a game with private views), whose views."""
        self.public_text: set[str] = set()
        """Every string leaf of the public view after every move (stand-ins included) and in
        every position drawn."""
        self.seat_text: dict[int, set[str]] = {}
        """Per seat (game identity), every string leaf of its own view after every move."""
        self.offered: dict[int, set[str]] = {}
        """Per seat, the names of every action the rules offered it after every move."""
        self.seats_of: dict[int, set[int]] = {}
        """Per Discord user, the seats they played (their own; one they substitute in)."""
        self._recorded: set[tuple[int, int]] = set()

    def attach(self, bot: RedlineBot) -> None:
        renderer: Renderer = bot.table.renderer
        board, draw, sheet = renderer.board, renderer.draw, renderer.sheet

        async def logged_board(snap: Snapshot, viewer: int | None = None) -> bytes | None:
            image = await board(snap, viewer)
            self.snapshots[snap.session_id] = snap
            self._record(snap)
            if image is not None:
                (self.public if viewer is None else self.private).add(_digest(image))
                if viewer is not None:
                    self._drawn(snap, image, viewer)
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
            self._record(snap)
            if image is not None:
                self.public.discard(_digest(image))
                self.private.add(_digest(image))
                self._drawn(snap, image, viewer)
            return image

        picture = renderer.picture

        async def logged_picture(wanted: Picture) -> bytes:
            image = await picture(wanted)  # draws through draw(): a private one moves over
            if wanted.viewer is not None:
                self.public.discard(_digest(image))
                self.private.add(_digest(image))
                if GAMES[wanted.game].has_private_views and not _open(GAMES[wanted.game]):
                    self.drawn_for.setdefault(_digest(image), set()).add(wanted.viewer)
            return image

        host = bot.table.host
        host_board, host_sheet = host.board, host.sheet

        def recorded_board(snap: Snapshot, **options: Any) -> Message:
            self.snapshots[snap.session_id] = snap
            self._record(snap)
            return host_board(snap, **options)

        def recorded_sheet(snap: Snapshot, viewer: int, **options: Any) -> Message:
            self.snapshots[snap.session_id] = snap
            self._record(snap)
            return host_sheet(snap, viewer, **options)

        host.board = recorded_board  # type: ignore[method-assign]
        host.sheet = recorded_sheet  # type: ignore[method-assign]
        renderer.picture = logged_picture  # type: ignore[method-assign]
        act = bot.service.act

        async def logged_act(*args: Any, **kwargs: Any) -> Snapshot:
            snap = await act(*args, **kwargs)
            self._record(snap)
            return snap

        bot.service.act = logged_act  # type: ignore[method-assign]
        renderer.board = logged_board  # type: ignore[method-assign]
        renderer.sheet = logged_sheet  # type: ignore[method-assign]
        renderer.draw = logged_draw  # type: ignore[method-assign]

    def _drawn(self, snap: Snapshot, image: bytes, viewer: int) -> None:
        if snap.spec.has_private_views and not _open(snap.spec):
            self.drawn_for.setdefault(_digest(image), set()).add(viewer)

    def _record(self, snap: Snapshot) -> None:
        """What the public view and each seat's view hold in this position."""
        if snap.state is None or not snap.spec.has_private_views:
            return
        position = (snap.session_id, snap.version)
        if position in self._recorded:
            return
        self._recorded.add(position)
        self.public_text.update(leaves(snap.view(None).model_dump(mode="json")))
        for seat in snap.record.seats:
            held = self.seat_text.setdefault(seat.user_id, set())
            held.update(leaves(snap.view(seat.user_id).model_dump(mode="json")))
            if _open(snap.spec):  # the rules keep sheets open: anyone may look at them
                self.public_text.update(held)
            # what the rules let a seat do is theirs to see, in the game's own words ("Build
            # Cargo/S" from their dice, while another sheet holds a Cargo/S)
            offered = self.offered.setdefault(seat.user_id, set())
            offered.update(snap.spec.describe(a) for a in snap.legal_actions(seat.user_id))
            for user in {seat.user_id, seat.played_by}:
                self.seats_of.setdefault(user, set()).add(seat.user_id)

    def check(self, fake: FakeDiscord) -> Coverage:
        """Fails on a private image in public or a secret shown to someone who may not see it;
        returns what it judged."""
        for snap in self.snapshots.values():
            self._record(snap)
        self._check_images(fake)
        secrets = Secrets(self)
        coverage = Coverage()
        for message in fake.all_messages():
            audience = message.ephemeral_to
            for version in message.shown:
                coverage.versions += 1
                text = _message_text(version, coverage.menus)
                leaked = secrets.shown_to(audience, text)
                whose = "public" if audience is PUBLIC else f"ephemeral (to {audience})"
                assert not leaked, (
                    f"{whose} message {message.id} shows private data: {leaked[:5]} in "
                    f"{_around(text, leaked[0])!r}"
                )
        for record in fake.store.interactions.values():
            if record.type != AUTOCOMPLETE or record.response_type != AUTOCOMPLETE_RESULT:
                continue
            coverage.autocompletes[_focused(record.payload.get("data") or {})] += 1
            choices = (record.response_data or {}).get("choices") or []
            names = "\n".join(str(c.get("name", "")) for c in choices)
            leaked = secrets.shown_to(record.user_id, names)
            assert not leaked, f"{record.label} offers private data: {leaked[:5]}"
        return coverage

    def _check_images(self, fake: FakeDiscord) -> None:
        """Public messages carry public images; an ephemeral one's private image is its
        user's own, in every version (a sheet redrawn in place showed each of its pictures);
        every image says what it shows in words (its alt text)."""
        for message in fake.all_messages():
            user = message.ephemeral_to
            for version in message.shown:
                described = zip(version["attachments"], version["descriptions"], strict=True)
                for filename, description in described:
                    assert description.strip(), f"message {message.id}: {filename} has no alt text"
            versions = [v.get("files", []) for v in message.shown] + [message.files]
            files = {(name, _digest(data)): data for shown in versions for name, data in shown}
            for (name, _), data in files.items():
                digest = _digest(data)
                if user is None:
                    assert digest in self.public, (
                        f"public message {message.id} carries {name}, which was not drawn from "
                        "a public view"
                    )
                    continue
                whose = self.drawn_for.get(digest, set())
                assert (
                    not whose or whose & self.seats_of.get(user, set()) or digest in self.public
                ), (
                    f"ephemeral message {message.id} to {user} carries {name}, drawn from the "
                    f"private view of {sorted(whose)}"
                )


class Secrets:
    """The strings each audience may not be shown, and how to look for them in a text."""

    def __init__(self, log: RenderLog) -> None:
        self.log = log
        held: set[str] = set().union(*log.seat_text.values())
        self.private = {s for s in held - log.public_text if len(s) >= MIN_SECRET_LENGTH}
        self._found: dict[int | None, dict[str, list[str]]] = {}

    def shown_to(self, audience: int | None, text: str) -> list[str]:
        """The secrets `text` shows to `audience` (a Discord user, or PUBLIC), each as a whole
        word: a token kind (`gunner`) is not shown by a rule's wording (`gunners first`)."""
        wider = self._wider(audience)
        return [
            s for s in wider if s in text and _whole(s).search(_without(text, wider[s])) is not None
        ]

    def _wider(self, audience: int | None) -> dict[str, list[str]]:
        """Per secret of this audience, the strings they may see that contain it, longest
        first: a secret inside a longer allowed string ("Ram +2" in a hand, "Diagonal Ram +2"
        played) is not shown by that string, so those are blanked out before looking."""
        if audience not in self._found:
            log = self.log
            allowed = set(log.public_text)
            for seat in log.seats_of.get(audience, set()) if audience is not None else set():
                allowed |= log.seat_text.get(seat, set()) | log.offered.get(seat, set())
            self._found[audience] = {
                s: sorted((a for a in allowed if s in a), key=len, reverse=True)
                for s in self.private - allowed
            }
        return self._found[audience]


def _open(spec: Any) -> bool:
    """Are a game's sheets open to everyone by its rules (Space Truckin', as on paper)?"""
    return bool(spec.extra.get("open_sheets"))


def _message_text(version: dict[str, Any], menus: Counter[str]) -> str:
    """What one version of a message shows: its text, embeds, its images' alt text, buttons'
    labels, and its select menus' placeholders and options' labels and descriptions (each menu
    counted in `menus`)."""
    shown = [str(version.get("content") or ""), json.dumps(version.get("embeds") or [])]
    shown.extend(version.get("descriptions") or ())
    for component in walk_components(version.get("components") or []):
        shown.append(str(component.get("label") or ""))
        if component.get("type") == SELECT:
            menus[":".join(str(component.get("custom_id", "")).split(":")[:2])] += 1
            shown.append(str(component.get("placeholder") or ""))
            shown.extend(_option_words(component.get("options") or []))
    return "\n".join(shown)


def _option_words(options: Iterable[dict[str, Any]]) -> Iterator[str]:
    for option in options:
        yield str(option.get("label") or "")
        yield str(option.get("description") or "")


def _focused(data: dict[str, Any]) -> str:
    """`/command [group] sub option` of an autocomplete interaction's data."""
    path = [str(data.get("name", ""))]
    options = data.get("options") or []
    while options:
        focused = next((o for o in options if o.get("focused")), None)
        if focused is not None:
            return " ".join([*path, str(focused["name"])])
        path.append(str(options[0].get("name", "")))
        options = options[0].get("options") or []
    return " ".join(path)


def _around(text: str, secret: str, context: int = 80) -> str:
    at = text.find(secret)
    return text[max(0, at - context) : at + len(secret) + context]


def _whole(secret: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(secret)}(?!\w)")


def _without(text: str, public: list[str]) -> str:
    for string in public:
        text = text.replace(string, "")
    return text
