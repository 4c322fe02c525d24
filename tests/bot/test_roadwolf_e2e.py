"""Road Wolf through the fake Discord: a two-player INTERCEPTOR played by the private panel and
its buttons to its end (armies built by buttons, every move chosen in three taps and confirmed
on its preview), the typed twin `/roadwolf move`, and a bot-played THE PRESIDENT to its end.
No hidden token may appear in a public message or image before it is used
(`world.renders.check`, see `tests/bot/hidden.py`)."""

from __future__ import annotations

import contextlib
import random

from tests.bot.conformance_driver import OUTCOME
from tests.bot.conftest import World
from tests.bot.roadwolf_driver import (
    MAX_PRESSES,
    Driver,
    Enough,
    bots_to_the_end,
    latest,
    lobby,
    refusals,
)


async def test_interceptor_by_panel_and_buttons_to_its_end(world: World) -> None:
    """Alice's Runners and Bob's Interceptors build their armies and play INTERCEPTOR to its
    end by the panel's buttons alone; every move is previewed (an image, then Confirm);
    nothing is refused; no hidden token shows in public."""
    await lobby(world, "INTERCEPTOR")
    driver = Driver(world, [world.alice, world.bob], random.Random(5), max_steps=MAX_PRESSES)
    final = await driver.play()
    assert OUTCOME in final.content, final.content
    assert not refusals(world)
    for way in (
        "vehicle bought",
        "token placed",
        "vehicle picked",
        "lateral chosen (tap 1)",
        "forward chosen (tap 2)",
        "move confirmed on its preview",
    ):
        assert driver.used[way], (way, driver.used)
    for preview in driver.previews:
        assert preview.files, "a move is confirmed on its preview image"
        assert "**Planned**" in preview.content
    world.renders.check(world.fake)
    world.fake.assert_clean()
    print(f"\nINTERCEPTOR by buttons: {driver.presses} presses, {dict(driver.used)}")


async def test_a_typed_move_is_previewed_then_confirmed(world: World) -> None:
    """`/roadwolf move vehicle:A to:F4` (both offered by autocomplete: the vehicles that can
    move, the ends in reach) answers privately with the preview image and a Confirm
    button that drives it; the preview's other buttons are then out of date (the road moved);
    a move that cannot be read, or typed out of turn, is refused in words."""
    await lobby(world, "INTERCEPTOR")
    driver = Driver(world, [world.alice, world.bob], random.Random(5), stop_at_play=True)
    with contextlib.suppress(Enough):
        await driver.play()
    letters = await world.fake.autocomplete(
        world.alice, world.channel, "roadwolf move", focused="vehicle", value=""
    )
    assert "A" in {c["value"] for c in letters}, letters
    ends = await world.fake.autocomplete(
        world.alice, world.channel, "roadwolf move", focused="to", value="", vehicle="A"
    )
    assert ends[0]["value"] == "F4" and "L2F3" in {c["value"] for c in ends}, ends
    r = await world.slash(world.alice, "roadwolf move", vehicle="A", to="F4")
    answer = r.messages[-1]
    assert answer.ephemeral and answer.files, answer.content
    assert "`F4`" in answer.content
    confirm = next(cid for label, cid, _ in answer.buttons if str(label).startswith("✅"))
    change = next(cid for label, cid, _ in answer.buttons if str(label).startswith("↩"))
    done = await world.fake.click(world.alice, answer, str(confirm))
    await done.wait_followups(1)
    assert not refusals(world)
    # a client still showing the preview (the bot removed its buttons after Confirm)
    again = await world.fake.click(world.alice, answer.id, str(change), force=True)
    await again.wait_followups(1)
    stale = again.messages[-1]
    assert stale.ephemeral and "⏩" in stale.content, stale.content
    # its Confirm, pressed again from the old position, does not move the car a second time
    version = (await latest(world)).version
    twice = await world.fake.click(world.alice, answer.id, str(confirm), force=True)
    await twice.wait_followups(1)
    assert "⏩" in twice.messages[-1].content, twice.messages[-1].content
    assert (await latest(world)).version == version
    r = await world.slash(world.alice, "roadwolf move", vehicle="A", to="Q9")
    assert r.messages[-1].ephemeral and "🚫" in r.messages[-1].content
    assert "L2F3" in r.messages[-1].content
    r = await world.slash(world.bob, "roadwolf move", vehicle="N", to="B4")
    assert r.messages[-1].ephemeral and "🚫" in r.messages[-1].content
    # typed and driven at once: the mover's panel privately, nothing refused
    before, refused = len(world.public()), len(refusals(world))
    r = await world.slash(world.alice, "roadwolf move", vehicle="A", to="L1F3", confirm=True)
    assert len(refusals(world)) == refused, refusals(world)
    assert any(m.ephemeral and "Your vehicles" in m.content for m in r.messages), r.messages
    # any action by name, as the autocomplete offers it
    names = await world.fake.autocomplete(
        world.alice, world.channel, "roadwolf do", focused="action", value="done"
    )
    assert names and all("done" in c["name"] for c in names), names
    r = await world.slash(world.alice, "roadwolf do", action=names[0]["value"])
    assert len(refusals(world)) == refused, refusals(world)
    assert len(world.public()) >= before
    world.renders.check(world.fake)


async def test_the_president_played_by_bots_to_its_end(world: World) -> None:
    """THE PRESIDENT with Alice and a bot: Alice never plays, her clock runs out every time and
    the bot plays her side too, so the game is bot against bot; it ends, and no hidden token
    shows in public."""
    snap = await bots_to_the_end(world, "THE PRESIDENT", turns=600)
    assert "THE PRESIDENT" in snap.view(None).mission
    world.renders.check(world.fake)


async def test_a_vehicle_is_placed_by_command_while_building(world: World) -> None:
    """THE PRESIDENT: the Enforcers' Limo (A) is theirs from the start; Alice places it on the
    START with `/roadwolf place`; a place off the START is refused in words."""
    await lobby(world, "THE PRESIDENT")
    r = await world.slash(world.alice, "roadwolf place", vehicle="A", column=10, row=0)
    assert not refusals(world), refusals(world)
    assert any(m.ephemeral and "Your vehicles" in m.content for m in r.messages)
    r = await world.slash(world.alice, "roadwolf place", vehicle="A", column=0, row=40)
    refusal = r.messages[-1]
    assert refusal.ephemeral and "🚫" in refusal.content, refusal.content
    world.renders.check(world.fake)


async def test_the_whole_road_is_shown_only_to_the_asker(world: World) -> None:
    """ "👁 Whole road" on the public board (for anyone, even a spectator) and `/roadwolf road`
    answer privately with the image of all 48 rows; nothing new appears in public."""
    await lobby(world, "INTERCEPTOR")
    board = world.latest_board()
    road = next(cid for label, cid, _ in board.buttons if str(label).startswith("👁"))
    before = len(world.public())
    r = await world.fake.click(world.carol, board, str(road))
    await r.wait_followups(1)
    shown = r.messages[-1]
    assert shown.ephemeral and shown.files and "The whole road" in shown.content, shown.content
    r = await world.slash(world.alice, "roadwolf road")
    shown = r.messages[-1]
    assert shown.ephemeral and shown.files and "The whole road" in shown.content, shown.content
    assert len(world.public()) == before and not refusals(world)
