"""Rush 'n' Crush through the fake Discord: a whole three-player race, and the refusals."""

from __future__ import annotations

import io
import json
import time
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image

from fakediscord import FakeMessage, FakeUser
from fakediscord.interaction import DEFERRED_CHANNEL_MESSAGE, InteractionResult
from fakediscord.records import walk_components
from render.registry import RENDERERS
from table.ids import ButtonId
from table.rushncrush.gears import MAX_GEAR_BUTTONS
from table.rushncrush.ids import SHIFT, RncId, parse_gear_digits
from tests.bot.conftest import World, active_user_id, draw_boards_with
from tests.table.rushncrush.test_presentation import WORDLESS

MAX_STEPS = 400
SELECT = 3
SLOW_DRAWING = 0.1
"""Seconds a board takes to draw on a loaded machine: longer than the fake's quiet time."""


def is_over(board: FakeMessage) -> bool:
    return "won the game!" in board.content or "Game over" in board.content


def gear_buttons(board: FakeMessage) -> list[tuple[str, str, dict[str, int]]]:
    """(label, custom_id, gear action) of every gear button on a board (`rnc:h:`, or a plain
    action button on boards drawn before)."""
    found = []
    for label, cid, disabled in board.buttons:
        if disabled:
            continue
        rid = RncId.decode(cid or "")
        if rid is not None and rid.verb == SHIFT:
            action = parse_gear_digits(rid.payload).model_dump()
            found.append((str(label), str(cid), action))
            continue
        bid = ButtonId.decode(cid or "")
        if bid is None or bid.verb != "a":
            continue
        action = json.loads(bid.payload)
        if action["kind"] == "gear":
            found.append((str(label), str(cid), action))
    return found


def gear_menu(board: FakeMessage) -> dict[str, Any] | None:
    """The board's "More speeds…" select menu, if it has one."""
    for comp in walk_components(board.components):
        if comp.get("type") == SELECT and str(comp.get("custom_id", "")).startswith("rnc:p:"):
            return comp
    return None


def check_gear_decision(board: FakeMessage) -> None:
    """At most 8 gear buttons, labelled in words; other choices only in the menu."""
    gears = gear_buttons(board)
    assert 0 < len(gears) <= MAX_GEAR_BUTTONS, [g[0] for g in gears]
    menu = gear_menu(board)
    labels = [g[0] for g in gears] + [o["label"] for o in (menu or {}).get("options", [])]
    for label in labels:
        assert label.removeprefix("💀 ").startswith("Speed "), label
        assert "heat" in label and not WORDLESS.search(label), label


def rnc_button(message: FakeMessage, verb: str) -> tuple[str, str] | None:
    """The first enabled `rnc:` button with this verb: (label, custom_id)."""
    for label, cid, disabled in message.buttons:
        rid = RncId.decode(cid or "")
        if rid is not None and rid.verb == verb and not disabled:
            return str(label), str(cid)
    return None


def labelled(message: FakeMessage, start: str) -> str | None:
    for label, cid, disabled in message.buttons:
        if str(label).startswith(start) and cid and not disabled:
            return str(cid)
    return None


DEFERRED_UPDATE = 6


async def answer(result: InteractionResult) -> FakeMessage:
    """The bot's last message for an interaction, whether it answered at once or deferred."""
    await result.wait_response()
    if result.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE):
        await result.wait_followups(1)
    return result.messages[-1]


def png_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


@dataclass
class Race:
    """Drives a race and counts which ways of playing were used."""

    world: World
    used: dict[str, int] = field(default_factory=dict)
    sizes: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def count(self, what: str) -> None:
        self.used[what] = self.used.get(what, 0) + 1

    def note_image(self, what: str, message: FakeMessage) -> None:
        assert message.files, f"{what}: no image"
        data = message.files[0][1]
        self.sizes.setdefault(what, (*png_size(data), len(data)))

    async def start(self) -> None:
        w = self.world
        r = await w.slash(w.alice, "game new", game="rushncrush")
        assert "lobby" in r.content
        await w.slash(w.bob, "game join")
        await w.slash(w.carol, "game join")
        r = await w.slash(w.alice, "game start")
        await r.wait_followups(1)
        assert r.messages[-1].files, "the start shows the first board"

    async def new_board(self, result: InteractionResult) -> FakeMessage:
        """Wait for the public board a move posts, and check it."""
        await result.wait_followups(1)
        board = self.world.latest_board()
        assert not board.ephemeral and board.files, board.content
        self.note_image("board", board)
        return board

    async def gear(self, player: FakeUser, board: FakeMessage, turn: int) -> None:
        gears = gear_buttons(board)
        assert gears, f"gear phase without gear buttons: {board.content}"
        check_gear_decision(board)
        safe = [g for g in gears if "💀" not in g[0] and g[2]["turbo"] + g[2]["brake"] == 0]
        label, cid, action = max(safe or gears, key=lambda g: g[2]["speed"])
        assert f"Speed {action['speed']} · gear {action['gear']}" in label, label
        menu = gear_menu(board)
        if turn % 5 == 4 and menu is not None:
            option = menu["options"][0]
            r = await self.world.fake.select(player, board, menu["custom_id"], [option["value"]])
            self.count("gear by menu")
        elif turn % 5 == 3:
            r = await self.world.slash(
                player, "rushncrush gear", speed=action["speed"], gear=action["gear"]
            )
            self.count("gear by slash")
        else:
            r = await self.world.fake.click(player, board, cid)
            self.count("gear by button")
        after = await self.new_board(r)
        if after.content.count("➡️") and active_user_id(after) == player.id:
            assert "lane change" in after.content, "the board says the lane changes rolled"

    async def typed_path(self, player: FakeUser, board: FakeMessage) -> InteractionResult:
        path = self.sample_path(board)
        r = await self.world.slash(player, "rushncrush move", path=path)
        await r.wait_followups(1)
        preview = r.messages[-1]
        assert preview.ephemeral and "Planned move" in preview.content, preview.content
        self.note_image("preview", preview)
        self.count("typed path + preview")
        return await self.world.fake.click(player, preview, labelled(preview, "✅ Drive it") or "")

    async def suggested_path(self, player: FakeUser, board: FakeMessage) -> InteractionResult:
        found = rnc_button(board, "v")
        assert found is not None, board.buttons
        r = await self.world.fake.click(player, board, found[1])
        await r.wait_followups(1)
        preview = r.messages[-1]
        assert preview.ephemeral and preview.files
        self.count("suggested path + preview")
        return await self.world.fake.click(player, preview, labelled(preview, "✅ Drive it") or "")

    async def step_by_step(self, player: FakeUser, board: FakeMessage) -> InteractionResult | None:
        found = rnc_button(board, "b")
        assert found is not None
        r = await self.world.fake.click(player, board, found[1])
        await r.wait_followups(1)
        builder = r.messages[-1]
        assert builder.ephemeral and "Steer step by step" in builder.content
        self.note_image("builder", builder)
        for _ in range(40):
            drive = labelled(builder, "✅ Drive it")
            if drive is not None:
                self.count("step by step")
                return await self.world.fake.click(player, builder, drive)
            step = next(
                (labelled(builder, m) for m in ("⬆ F", "↗ R", "↖ L") if labelled(builder, m)), None
            )
            if step is None:
                return None  # a dead end: the caller types a path instead
            r = await self.world.fake.click(player, builder, step)
            await r.wait_followups(1)
            builder = self.world.fake.store.messages[builder.id]
            self.count("builder taps")
        return None

    async def wrong_turn(self, board: FakeMessage) -> None:
        """Someone else presses the mover's gear button: refused privately, board untouched."""
        mover = active_user_id(board)
        other = next(u for u in (self.world.alice, self.world.bob) if u.id != mover)
        before = len(self.world.public())
        r = await self.world.fake.click(other, board, gear_buttons(board)[0][1])
        refusal = await answer(r)
        assert refusal.ephemeral and "turn" in refusal.content, refusal.content
        assert len(self.world.public()) == before
        assert gear_buttons(self.world.fake.store.messages[board.id]), "the board keeps its buttons"
        self.count("wrong turn refused")

    async def whole_course(self, player: FakeUser, board: FakeMessage) -> None:
        found = rnc_button(board, "c")
        assert found is not None
        r = await self.world.fake.click(self.world.carol, board, found[1])
        await r.wait_followups(1)
        course = r.messages[-1]
        assert course.ephemeral and "whole course" in course.content
        self.note_image("whole course", course)
        self.count("whole course")

    def sample_path(self, board: FakeMessage) -> str:
        found = rnc_button(board, "v")
        assert found is not None, f"no suggested path: {board.buttons}"
        return found[0].removeprefix("👁 ")


async def test_three_player_race_to_the_end(world: World) -> None:
    """Three players race to a finish or a last car standing, every move by button or command."""
    race = Race(world)
    await race.start()
    turn = 0
    for _ in range(MAX_STEPS):
        board = world.latest_board()
        if is_over(board):
            break
        player = world.user(active_user_id(board))
        if gear_buttons(board):
            turn += 1
            if turn == 2:
                await race.wrong_turn(board)
                await race.whole_course(player, board)
            await race.gear(player, board, turn)
            continue
        way = turn % 3
        result = None
        if way == 2:
            result = await race.step_by_step(player, board)
        elif way == 1:
            result = await race.suggested_path(player, board)
        if result is None:
            result = await race.typed_path(player, board)
        await race.new_board(result)
    else:
        raise AssertionError(f"the race did not end in {MAX_STEPS} steps")
    final = world.latest_board()
    assert not final.buttons, "a finished race offers no moves"
    assert race.used.get("typed path + preview", 0) >= 3, race.used
    assert race.used.get("step by step", 0) >= 1, race.used
    assert race.used.get("gear by slash", 0) >= 1, race.used
    assert race.used.get("gear by menu", 0) >= 1, race.used
    assert all(not m.ephemeral for m in world.public())
    print(race.used, race.sizes)


async def started(world: World) -> tuple[Race, FakeMessage]:
    """A three-player race whose first driver has chosen a gear: the board asks for a path."""
    race = Race(world)
    await race.start()
    board = world.latest_board()
    await race.gear(world.user(active_user_id(board)), board, 1)
    return race, world.latest_board()


async def test_illegal_path_is_refused_privately_and_changes_nothing(world: World) -> None:
    """A path too short for the speed is refused in private; no board is posted, no move made."""
    _, board = await started(world)
    player = world.user(active_user_id(board))
    before = len(world.public())
    for drive in (False, True):
        r = await world.slash(player, "rushncrush move", path="F", drive=drive)
        refusal = await answer(r)
        assert refusal.ephemeral and "full speed" in refusal.content, refusal.content
    assert len(world.public()) == before
    assert world.latest_board().id == board.id and rnc_button(board, "b") is not None


async def test_a_step_by_step_draft_survives_a_restart(world: World) -> None:
    """The draft lives in the builder's buttons: after a restart the next tap carries on."""
    _, board = await started(world)
    player = world.user(active_user_id(board))
    r = await world.fake.click(player, board, rnc_button(board, "b")[1])  # type: ignore[index]
    await r.wait_followups(1)
    builder = r.messages[-1]
    r = await world.fake.click(player, builder, labelled(builder, "⬆ F") or "")
    await r.wait_followups(1)
    await world.stop_bot()
    await world.start_bot()
    builder = world.fake.store.messages[builder.id]
    r = await world.fake.click(player, builder, labelled(builder, "⬆ F") or "")
    await r.wait_followups(1)
    assert "Path: `F F`" in world.fake.store.messages[builder.id].content


async def test_equipment_button_arms_the_item(world: World) -> None:
    """An Arm button on the board arms the item; the turn message says so."""
    _, board = await started(world)
    player = world.user(active_user_id(board))
    arm = labelled(board, "🔧 Arm")
    assert arm is not None, board.buttons
    r = await world.fake.click(player, board, arm)
    await r.wait_followups(1)
    assert ": arms the " in world.latest_board().content, "the turn message tells the step"


async def test_stale_builder_press_shows_the_current_board(world: World) -> None:
    """A builder tap after the move was made elsewhere redraws that builder as the current
    board (no new message)."""
    race, board = await started(world)
    player = world.user(active_user_id(board))
    r = await world.fake.click(player, board, rnc_button(board, "b")[1])  # type: ignore[index]
    await r.wait_followups(1)
    builder = r.messages[-1]
    await race.new_board(await race.typed_path(player, board))
    before = len(world.public())
    ephemeral = sum(1 for m in world.fake.store.messages.values() if m.ephemeral)
    r = await world.fake.click(player, builder, labelled(builder, "⬆ F") or "")
    await r.wait_response()
    await world.answered()
    stale = world.fake.store.messages[builder.id]
    assert "moved on" in stale.content and stale.ephemeral, stale.content
    assert len(world.public()) == before
    assert sum(1 for m in world.fake.store.messages.values() if m.ephemeral) == ephemeral


async def test_gear_menu_plays_the_picked_choice(world: World) -> None:
    """The first board's "More speeds…" menu: picking an option plays that gear, publicly."""
    race = Race(world)
    await race.start()
    board = world.latest_board()
    check_gear_decision(board)
    menu = gear_menu(board)
    assert menu is not None and menu["placeholder"].startswith("More speeds…"), board.components
    option = menu["options"][-1]
    gear, speed = (int(n) for n in option["value"].split(".")[:2])
    r = await world.fake.select(
        world.user(active_user_id(board)), board, menu["custom_id"], [option["value"]]
    )
    after = await race.new_board(r)
    assert after.id == board.id, "the mover's next step is told in the same turn message"
    assert f"to gear {gear}, speed {speed}" in after.content, after.content
    assert gear_menu(after) is None, "the pressed turn message offers the next step instead"


async def test_gear_menu_pick_redraws_the_pressed_board_when_drawing_is_slow(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on a loaded machine: the new board takes longer to draw than the fake's quiet time;
    the pick still returns only once the bot has answered, the pressed turn message redrawn."""
    race = Race(world)
    await race.start()
    real = RENDERERS["rushncrush"].board

    def slow(view: Any, **kwargs: Any) -> bytes:
        time.sleep(SLOW_DRAWING)
        return real(view, **kwargs)

    assert world.bot is not None
    draw_boards_with(world.bot, "rushncrush", slow)
    board = world.latest_board()
    menu = gear_menu(board)
    assert menu is not None
    mover = world.user(active_user_id(board))
    await world.fake.select(mover, board, menu["custom_id"], [menu["options"][-1]["value"]])
    assert world.latest_board().id == board.id, "the turn goes on in the same message"
    assert "to gear" in board.content and gear_menu(board) is None, "the pressed board redrawn"


async def test_gear_menu_pick_by_another_player_is_refused(world: World) -> None:
    """Someone else picks from the mover's gear menu: refused privately, nothing played."""
    race = Race(world)
    await race.start()
    board = world.latest_board()
    menu = gear_menu(board)
    assert menu is not None
    other = next(u for u in (world.alice, world.bob) if u.id != active_user_id(board))
    before = len(world.public())
    r = await world.fake.select(other, board, menu["custom_id"], [menu["options"][0]["value"]])
    refusal = await answer(r)
    assert refusal.ephemeral and "turn" in refusal.content, refusal.content
    assert len(world.public()) == before
