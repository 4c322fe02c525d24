"""Road Wolf through the fake Discord: a two-player INTERCEPTOR played by the private panel and
its buttons to its end (armies built by buttons, every move chosen in three taps and confirmed
on its preview), the typed twin `/roadwolf move`, and a bot-played THE PRESIDENT to its end.
No hidden token may appear in a public message or image before it is used
(`world.renders.check`, see `tests/bot/hidden.py`)."""

from __future__ import annotations

import contextlib
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.roadwolf.ids import RwId, parse_planned
from fakediscord import FakeMessage
from games.registry import GAMES
from tests.bot.conformance_driver import OUTCOME, Choice, Player
from tests.bot.conftest import World

MAX_PRESSES = 3000
BUY_ORDER = ("buy a Muscle Car", "buy a Coupe", "buy a Street Bike")
TOKEN_ORDER = ("Gunner on", "Nitro on", "Shotgun on", "Molotov on", "Veteran on")


class Enough(Exception):
    """Raised by a driver that has reached the point its test wanted."""


@dataclass
class Driver(Player):
    """Plays like a person who knows the flow: open the panel, buy Muscle Cars, put a Gunner
    and gear on them, then per vehicle: Runners (A-L) drive straight ahead four cells at a
    time, Interceptors (N-Y) shoot when a target is offered and otherwise brake straight back
    into the Runners' path; every move goes Move… / lateral / forward / ✅ Confirm on the
    preview. Counts what it did."""

    used: Counter[str] = field(default_factory=Counter)
    previews: list[FakeMessage] = field(default_factory=list)
    stop_at_play: bool = False

    def pick(self, choices: Sequence[Choice]) -> Choice:
        private = [c for c in choices if c.message.ephemeral]

        def first(pattern: str, among: Sequence[Choice] = private) -> Choice | None:
            return next((c for c in among if re.search(pattern, c.label)), None)

        confirm = first(r"^✅ Confirm")
        if confirm is not None:
            self.previews.append(confirm.message)
            self.used["move confirmed on its preview"] += 1
            return confirm
        for prefix in BUY_ORDER:
            buy = first(f"^{prefix}")
            if buy is not None:
                self.used["vehicle bought"] += 1
                return buy
        for prefix in TOKEN_ORDER:
            placed = first(f"^{prefix}")
            if placed is not None:
                self.used["token placed"] += 1
                return placed
        tokens = first(r"🎒 Tokens for")  # a button, or an option of "Place tokens on…"
        if tokens is not None:
            self.used["token menu"] += 1
            return tokens
        any_token = first(r" on [A-Z]$")
        if any_token is not None:
            self.used["token placed"] += 1
            return any_token
        if self.stop_at_play and (first(r"^🚗 ") or first(r"^⬆ Move…")):
            raise Enough
        return self._drive(private, first) or self._fallback(choices, private)

    def _drive(self, private: list[Choice], first: object) -> Choice | None:
        find = first  # a closure over `private`
        assert callable(find)
        vehicle = find(r"^🚗 [A-Z]")
        if vehicle is not None:
            self.used["vehicle picked"] += 1
            return vehicle  # type: ignore[no-any-return]
        forward = [c for c in private if re.search(r"→ [LR]?\d*[FB]\d$", c.label)]
        if forward:
            self.used["forward chosen (tap 2)"] += 1
            return max(forward, key=lambda c: int(c.label[-1]))
        straight = find(r"^⬆ straight$")
        if straight is not None:
            self.used["lateral chosen (tap 1)"] += 1
            return straight  # type: ignore[no-any-return]
        move = find(r"^⬆ Move…$")
        letter = _letter(move) if move is not None else None
        runner = letter is not None and letter < "M"
        shot = find(r" shoots ")
        if shot is not None and (not runner or self.rnd.random() < 0.3):
            self.used["shot fired"] += 1
            return shot  # type: ignore[no-any-return]
        brake = find(r"^⬇ Brake…$")
        if not runner and brake is not None:
            self.used["brake opened"] += 1
            return brake  # type: ignore[no-any-return]
        if move is not None:
            self.used["move opened"] += 1
            return move
        return None

    def _fallback(self, choices: Sequence[Choice], private: list[Choice]) -> Choice:
        plays = [c for c in private if not re.search(r"Whole road|Show board|Back|Cancel", c.label)]
        if plays:
            self.used["other action"] += 1
            return plays[0]
        panel = next((c for c in choices if c.label == "🚗 My panel"), None)
        if panel is not None:
            self.used["panel opened"] += 1
            return panel
        return super().pick(choices)


def _letter(choice: Choice) -> str | None:
    rid = RwId.decode(choice.custom_id)
    plan = parse_planned(rid.payload) if rid is not None else None
    return plan.vehicle if plan is not None else None


def _refusals(world: World) -> list[str]:
    return [m.content for m in world.fake.all_messages() if m.ephemeral and "🚫" in m.content]


async def _lobby(world: World, mission: str) -> None:
    r = await world.slash(world.alice, "game new", game="roadwolf")
    assert "lobby" in r.content and not r.ephemeral, r.content
    r = await world.slash(world.alice, "game option", setting="mission", value=mission)
    assert "🚫" not in r.content, r.content
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert r.messages[-1].files, "the start shows the first board"


async def test_interceptor_by_panel_and_buttons_to_its_end(world: World) -> None:
    """Alice's Runners and Bob's Interceptors build their armies and play INTERCEPTOR to its
    end by the panel's buttons alone; every move is previewed (an image, then Confirm);
    nothing is refused; no hidden token shows in public."""
    await _lobby(world, "INTERCEPTOR")
    driver = Driver(world, [world.alice, world.bob], random.Random(5), max_steps=MAX_PRESSES)
    final = await driver.play()
    assert OUTCOME in final.content, final.content
    assert not _refusals(world)
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
    await _lobby(world, "INTERCEPTOR")
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
    assert not _refusals(world)
    # a client still showing the preview (the bot removed its buttons after Confirm)
    again = await world.fake.click(world.alice, answer.id, str(change), force=True)
    await again.wait_followups(1)
    stale = again.messages[-1]
    assert stale.ephemeral and "⏩" in stale.content, stale.content
    # its Confirm, pressed again from the old position, does not move the car a second time
    assert world.bot is not None
    version = (await world.bot.service.latest(world.channel.id)).version
    twice = await world.fake.click(world.alice, answer.id, str(confirm), force=True)
    await twice.wait_followups(1)
    assert "⏩" in twice.messages[-1].content, twice.messages[-1].content
    assert (await world.bot.service.latest(world.channel.id)).version == version
    r = await world.slash(world.alice, "roadwolf move", vehicle="A", to="Q9")
    assert r.messages[-1].ephemeral and "🚫" in r.messages[-1].content
    assert "L2F3" in r.messages[-1].content
    r = await world.slash(world.bob, "roadwolf move", vehicle="N", to="B4")
    assert r.messages[-1].ephemeral and "🚫" in r.messages[-1].content
    # typed and driven at once: the mover's panel privately, nothing refused
    before, refused = len(world.public()), len(_refusals(world))
    r = await world.slash(world.alice, "roadwolf move", vehicle="A", to="L1F3", confirm=True)
    await r.settle(0.2)
    assert len(_refusals(world)) == refused, _refusals(world)
    assert any(m.ephemeral and "Your vehicles" in m.content for m in r.messages), r.messages
    # any action by name, as the autocomplete offers it
    names = await world.fake.autocomplete(
        world.alice, world.channel, "roadwolf do", focused="action", value="done"
    )
    assert names and all("done" in c["name"] for c in names), names
    r = await world.slash(world.alice, "roadwolf do", action=names[0]["value"])
    await r.settle(0.2)
    assert len(_refusals(world)) == refused, _refusals(world)
    assert len(world.public()) >= before
    world.renders.check(world.fake)


async def test_the_president_played_by_bots_to_its_end(world: World) -> None:
    """THE PRESIDENT with Alice and a bot: Alice never plays, her clock runs out every time and
    the bot plays her side too, so the game is bot against bot; it ends, and no hidden token
    shows in public."""
    spec = GAMES["roadwolf"]
    r = await world.slash(world.alice, "game new", game="roadwolf")
    r = await world.slash(world.alice, "game option", setting="mission", value="THE PRESIDENT")
    assert "🚫" not in r.content, r.content
    r = await world.slash(world.alice, "game bot add")
    assert "(bot)" in r.content
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    for _ in range(600):
        await world.bot.scheduler.tick()
        await world.bot.scheduler.settle()
        snap = await world.bot.service.latest(world.channel.id)
        if not snap.record.is_live:
            break
        world.clock.advance(spec.turn_time + 60)
    else:
        raise AssertionError("THE PRESIDENT did not end")
    assert snap.outcome is not None, snap.record
    assert "THE PRESIDENT" in snap.view(None).mission
    world.renders.check(world.fake)


async def test_a_vehicle_is_placed_by_command_while_building(world: World) -> None:
    """THE PRESIDENT: the Enforcers' Limo (A) is theirs from the start; Alice places it on the
    START with `/roadwolf place`; a place off the START is refused in words."""
    await _lobby(world, "THE PRESIDENT")
    r = await world.slash(world.alice, "roadwolf place", vehicle="A", column=10, row=0)
    await r.settle(0.2)
    assert not _refusals(world), _refusals(world)
    assert any(m.ephemeral and "Your vehicles" in m.content for m in r.messages)
    r = await world.slash(world.alice, "roadwolf place", vehicle="A", column=0, row=40)
    refusal = r.messages[-1]
    assert refusal.ephemeral and "🚫" in refusal.content, refusal.content
    world.renders.check(world.fake)
