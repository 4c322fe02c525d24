"""Plays Space Truckin' through the fake Discord: a careful trucker's choices, made by taps.

The policy reads the state (the test's brain); every move is made through Discord: the
private sheet's buttons and menus, the preview's Confirm, the public board's chart buttons.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from fakediscord import FakeMessage, FakeUser
from fakediscord.interaction import InteractionResult
from games.engine import Model
from games.spacetruckin.grid import covered_cells
from games.spacetruckin.models import (
    Build,
    BuildAt,
    Fill,
    FreeChoice,
    HitTwo,
    Jump,
    Mark,
    Place,
    SpaceTruckinState,
    Tweak,
)
from games.spacetruckin.policy import choose, whole_move
from runtime.rendering import Renderer
from table.answers import Picture
from table.ids import action_payload, payload_digest
from table.spacetruckin.ahead import move_value
from table.spacetruckin.fill import fill_code
from table.spacetruckin.ids import place_code
from table.spacetruckin.yard import build_code, free_code, whole_code
from tests.bot.conftest import World

__all__ = ["Table", "ahead_offered", "choose", "digest"]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class Table:
    """One game in `world.channel`, driven tap by tap."""

    world: World
    sheets: dict[str, int] = field(default_factory=dict)
    taps: dict[str, int] = field(default_factory=dict)
    placements: list[int] = field(default_factory=list)
    session_id: int | None = None

    def watch_sheets(self) -> None:
        """Remember every private sheet image and its owner (sheets must stay ephemeral)."""
        assert self.world.bot is not None
        renderer: Renderer = self.world.bot.table.renderer
        draw = renderer.picture

        async def logged(picture: Picture) -> bytes:
            image = await draw(picture)
            if picture.what == "sheet" and picture.viewer is not None:
                self.sheets[digest(image)] = picture.viewer
            return image

        renderer.picture = logged  # type: ignore[method-assign]

    async def state(self) -> SpaceTruckinState:
        assert self.world.bot is not None
        service = self.world.bot.service
        if self.session_id is None:
            self.session_id = (await service.current(self.world.channel.id)).session_id
        snap = await service.by_id(self.session_id)
        assert isinstance(snap.state, SpaceTruckinState)
        return snap.state

    def private(self, user: FakeUser) -> FakeMessage | None:
        """The user's newest ephemeral message that still offers something to press."""
        mine = [
            m for m in self.world.fake.all_messages() if m.ephemeral_to == user.id and m.custom_ids
        ]
        return mine[-1] if mine else None

    def count(self, what: str) -> None:
        self.taps[what] = self.taps.get(what, 0) + 1

    async def open_sheet(self, user: FakeUser) -> FakeMessage:
        board = self.world.latest_board()
        sheet_button = next(cid for label, cid, _ in board.buttons if label == "Show my sheet")
        result = await self.world.fake.click(user, board, str(sheet_button))
        await result.wait_followups(1)
        self.count("show sheet")
        message = result.messages[-1]
        assert message.ephemeral_to == user.id
        return message

    async def tap(self, user: FakeUser, message: FakeMessage, custom_id: str) -> InteractionResult:
        result = await self.world.fake.click(user, message, custom_id)
        self.count("tap")
        return result

    async def play(self, user: FakeUser, action: Model) -> None:
        """Make `action` for `user` through their sheet (opening it when needed)."""
        message = self.private(user)
        if message is None or not _offers(message, action):
            message = await self.open_sheet(user)
        parts = _said_apart(action)
        if parts is not None and not _offers_at_once(message, action):
            for part in parts:  # as a player does when ⚡ suggests another move: step by step
                await self.play(user, part)
            return
        if isinstance(action, Build | FreeChoice) and _menu(message, "sp"):
            whole = whole_move(await self.state(), user.id, action)
            if isinstance(whole, BuildAt) and _offers_spot(message, whole):
                await self._whole(user, message, whole)
                return
        if isinstance(action, FreeChoice) and not _menu(message, "fc"):
            result = await self.tap(user, message, str(_first_step_id(message, "fs", "")))
            await result.wait_response()
            message = self.world.fake.store.messages[message.id]
        if isinstance(action, FreeChoice) and _menu(message, "fc"):
            menu = _menu(message, "fc")[0]
            result = await self.world.fake.select(
                user, message, menu["custom_id"], [f"{action.die}.{action.face}"]
            )
            self.count("menu")
            await result.wait_followups(1)
            return
        if isinstance(action, Fill) and _menu(message, "fl"):
            await self._fill(user, message, action)
            return
        if any(move_value(action) in _values(m) for m in _menu(message, "mv")):
            await self._chosen(user, message, "mv", (move_value(action),))
            return
        if isinstance(action, Tweak) and _menu(message, "tw"):
            await self._chosen(user, message, "tw", (f"{action.box}.{action.effect}.{action.pip}",))
            return
        if isinstance(action, Place):
            message = await self._preview(user, message, action)
        elif isinstance(action, Fill):
            message = await self._first_step(user, message, "fb", action.first)
        elif isinstance(action, Tweak):
            message = await self._first_step(user, message, "tb", action.box)
        elif isinstance(action, Build) and not _has_action(message, action):
            message = await self._first_step(user, message, "sys", action.system)
        elif isinstance(action, HitTwo) and not _has_action(message, action):
            message = await self._first_step(user, message, "hit", first_loss(action))
        result = await self.tap(user, message, _action_id(message, action))
        await result.wait_followups(1)

    async def _first_step(
        self, user: FakeUser, message: FakeMessage, verb: str, payload: str
    ) -> FakeMessage:
        cid = _first_step_id(message, verb, payload)
        assert cid is not None, f"no {verb} {payload} on {message.content!r}"
        result = await self.tap(user, message, cid)
        await result.wait_response()
        return self.world.fake.store.messages[message.id]

    async def _fill(self, user: FakeUser, message: FakeMessage, fill: Fill) -> None:
        """Both dice in one tap: the menu option naming both boxes (a double's in box order)."""
        swapped = fill.model_copy(update={"first": fill.second, "second": fill.first})
        wanted = (fill_code(fill), fill_code(swapped))
        await self._chosen(user, message, "fl", wanted)

    async def _chosen(
        self, user: FakeUser, message: FakeMessage, verb: str, wanted: tuple[str, ...]
    ) -> None:
        """The one option of a `verb` menu among `wanted` values: a move in one tap."""
        menu, value = next((m, v) for m in _menu(message, verb) for v in _values(m) if v in wanted)
        result = await self.world.fake.select(user, message, menu["custom_id"], [value])
        self.count("menu")
        await result.wait_followups(1)

    async def _whole(self, user: FakeUser, message: FakeMessage, whole: BuildAt) -> None:
        """A whole system in two taps: the spot in a menu, then the pip in the preview (or,
        when the policy wants another way at that spot, that way with its pip in a menu); a
        system the free choice makes, the same way."""
        code, tail = build_code(whole), free_code(whole.free)
        menu, value = next(
            (m, v) for m in _menu(message, "sp") for v in _values(m) if v in _spots(whole)
        )
        result = await self.world.fake.select(user, message, menu["custom_id"], [value])
        self.count("menu")
        await result.wait_followups(1)
        message = self.world.fake.store.messages[message.id]
        self.placements.append(len(message.files))
        spot = f"{code}.{place_code(_place_of(whole))}{tail}"
        pipped = whole_code(whole)
        for _ in range(3):  # a crowded grid: the build's preview, then the way's, then the pip
            pip_id = _first_step_id(message, "yd", pipped)
            if pip_id is not None:
                result = await self.tap(user, message, pip_id)
                await result.wait_followups(1)
                return
            if any(pipped in _values(m) for m in _menu(message, "yd")):
                await self._chosen(user, message, "yd", (pipped,))
                return
            ways = [v for m in _menu(message, "sp") for v in _values(m)]
            step = spot if spot in ways else next((v for v in ways if v.startswith(code)), None)
            if step is None:
                raise AssertionError(f"no way to {pipped} on {message.content!r}")
            await self._chosen(user, message, "sp", (step,))
            message = self.world.fake.store.messages[message.id]
        raise AssertionError(f"{pipped} not reached in three previews")

    async def _preview(self, user: FakeUser, message: FakeMessage, place: Place) -> FakeMessage:
        """Menu -> preview (-> another turn at the same grid) -> the preview to confirm on."""
        menus = [c for c in _components(message) if c.get("type") == 3]
        code = f"{place.anchor}.{place.rotation}{'f' if place.flip else ''}"
        for menu in menus:
            values = [o["value"] for o in menu["options"]]
            value = code if code in values else place.anchor if place.anchor in values else None
            if value is None:
                continue
            result = await self.world.fake.select(user, message, menu["custom_id"], [value])
            self.count("menu")
            await result.wait_followups(1)
            break
        else:
            raise AssertionError(f"no menu offers {code}: {[m['placeholder'] for m in menus]}")
        message = self.world.fake.store.messages[message.id]
        self.placements.append(len(message.files))
        turn = next((c for c in message.custom_ids if c.endswith(f":{code}")), None)
        if turn is not None and not _disabled(message, turn):
            result = await self.tap(user, message, turn)
            await result.wait_followups(1)
            message = self.world.fake.store.messages[message.id]
        return message

    async def wait_for_end(self) -> FakeMessage:
        """The final board, once the bot has answered the last move (and any bot seats)."""
        await self.world.answered()
        board = self.world.latest_board()
        assert "🏁" in board.content, f"no final board: {board.content!r}"
        return board


def _components(message: FakeMessage) -> list[dict[str, Any]]:
    from fakediscord.records import walk_components

    return walk_components(message.components)


def _place_of(whole: BuildAt) -> Place:
    return Place(anchor=whole.anchor, rotation=whole.rotation, flip=whole.flip)


def _spots(whole: BuildAt) -> tuple[str, str]:
    """The values of the spot menu's option for a whole system: its build at the grid its
    top row starts on (with its free choice), or that grid alone in a crowded menu."""
    start = covered_cells(whole.anchor, whole.shape, whole.rotation, whole.flip)[0]
    grid = start if whole.free is None else "-"
    return f"{build_code(whole)}.{start}{free_code(whole.free)}", grid


def _offers_spot(message: FakeMessage, whole: BuildAt) -> bool:
    return any(v in _spots(whole) for m in _menu(message, "sp") for v in _values(m))


def _menu(message: FakeMessage, verb: str) -> list[dict[str, Any]]:
    """The message's select menus of one `st:` verb."""
    return [
        c
        for c in _components(message)
        if c.get("type") == 3 and c["custom_id"].startswith(f"st:{verb}:")
    ]


def ahead_offered(message: FakeMessage, legal: list[Any]) -> dict[str, Model]:
    """The moves the message's menus offer (`st:mv`), by label."""
    named = {move_value(a): a for a in legal}
    return {
        str(o["label"]): named[str(o["value"])]
        for m in _menu(message, "mv")
        for o in m["options"]
        if str(o["value"]) in named
    }


def _values(menu: dict[str, Any]) -> list[str]:
    return [str(o["value"]) for o in menu["options"]]


def _first_step_id(message: FakeMessage, verb: str, payload: str) -> str | None:
    return next(
        (
            c
            for c in message.custom_ids
            if c.startswith(f"st:{verb}:") and c.endswith(f":{payload}")
        ),
        None,
    )


def _disabled(message: FakeMessage, custom_id: str) -> bool:
    return any(cid == custom_id and disabled for _, cid, disabled in message.buttons)


def _payload(action: Model) -> str:
    return action_payload(action.model_dump(mode="json"))


def _has_action(message: FakeMessage, action: Model) -> bool:
    return any(_names(cid, action) for cid in message.custom_ids)


def _names(custom_id: str, action: Model) -> bool:
    """Is this an action button (`rl:a`, or `rl:ad` by digest) that plays `action`?"""
    payload = _payload(action)
    if custom_id.startswith("rl:ad:"):
        return custom_id.endswith(":" + payload_digest(payload))
    return custom_id.startswith("rl:a:") and custom_id.endswith(":" + payload)


def _said_apart(action: Model) -> tuple[Model, Model] | None:
    """Two losses with the jump, the last dice with a reroll or flip, or an artifact's box with
    its extra pip (and the jump), as the two moves they say (None for any other move)."""
    if isinstance(action, HitTwo | Mark) and action.jump is not None:
        return action.model_copy(update={"jump": None}), Jump(pip=action.jump)
    if isinstance(action, Mark) and action.extra is not None:
        return action.model_copy(update={"extra": None}), Mark(cell=action.extra)
    if isinstance(action, Fill) and action.tweak is not None:
        return action.model_copy(update={"tweak": None}), action.tweak
    return None


def _offers_at_once(message: FakeMessage, action: Model) -> bool:
    """Is `action` one tap here (a button, ⚡ among them, or a menu's option)?"""
    return _has_action(message, action) or any(
        move_value(action) in _values(m) for m in _menu(message, "mv")
    )


def _offers(message: FakeMessage, action: Model) -> bool:
    """Does this private message lead to `action` (directly or by a first step)?"""
    if _has_action(message, action):
        return True
    if any(move_value(action) in _values(m) for m in _menu(message, "mv")):
        return True
    if isinstance(action, Place):
        return any(c.get("type") == 3 for c in _components(message))
    if isinstance(action, Fill):
        return bool(_menu(message, "fl")) or _first_step_id(message, "fb", action.first) is not None
    if isinstance(action, Tweak):
        return bool(_menu(message, "tw")) or _first_step_id(message, "tb", action.box) is not None
    if isinstance(action, Build):
        return bool(_menu(message, "sp"))
    if isinstance(action, FreeChoice):
        return bool(_menu(message, "fc")) or _first_step_id(message, "fs", "") is not None
    if isinstance(action, HitTwo):
        return _first_step_id(message, "hit", first_loss(action)) is not None
    return False


def first_loss(action: HitTwo) -> str:
    """The payload of the first step of a two-consequence choice ("n": the Bridge)."""
    return "n" if action.system_piece is None else str(action.system_piece)


def _action_id(message: FakeMessage, action: Model) -> str:
    for cid in message.custom_ids:
        if _names(cid, action):
            return cid
    raise AssertionError(f"no button for {action!r} on {message.content!r}: {message.buttons}")
