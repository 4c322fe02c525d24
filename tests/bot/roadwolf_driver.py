"""Road Wolf through the fake Discord, the pieces its end-to-end tests share: Alice's lobby and
start, the game step by step (the scheduler runs the bots, the clocks and the mission's own
steps between), her typed `/roadwolf do`, her panel and its buttons, the refusals she was
shown, bots playing a game to its end, and the panel-driving `Driver` (a person who knows the
flow, by buttons alone)."""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field

from fakediscord import FakeMessage, FakeUser
from fakediscord.interaction import InteractionResult
from games.engine import Model, PlayerId, Rng
from games.registry import GAMES
from games.roadwolf.actions import Action
from games.roadwolf.model import RwState
from table.roadwolf.ids import RwId, parse_planned
from table.snapshot import Snapshot
from tests.bot.conformance_driver import Choice, Player
from tests.bot.conftest import World

SPEC = GAMES["roadwolf"]

__all__ = [
    "MAX_PRESSES",
    "SPEC",
    "Driver",
    "Enough",
    "Steps",
    "bots_to_the_end",
    "do",
    "game_state",
    "judged",
    "latest",
    "lobby",
    "now",
    "open_panel",
    "press",
    "refusals",
]


async def lobby(
    world: World, mission: str, *, bots: int = 0, players: Sequence[FakeUser] | None = None
) -> None:
    """Alice opens a Road Wolf lobby here, sets the mission, adds `bots` bot seats, the
    `players` join (Bob when no bot and none named), and she starts it; returns once the first
    board is up."""
    r = await world.slash(world.alice, "game new", game="roadwolf")
    assert "lobby" in r.content and not r.ephemeral, r.content
    r = await world.slash(world.alice, "game option", setting="mission", value=mission)
    assert "🚫" not in r.content, r.content
    for _ in range(bots):
        r = await world.slash(world.alice, "game bot add")
        assert "(bot)" in r.content, r.content
    if players is None:
        players = () if bots else (world.bob,)
    for user in players:
        await world.slash(user, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert r.messages[-1].files, "the start shows the first board"


def refusals(world: World) -> list[str]:
    """Every private 🚫 answer anyone was given so far."""
    return [m.content for m in world.fake.all_messages() if m.ephemeral and "🚫" in m.content]


def now(world: World, message: FakeMessage) -> FakeMessage:
    """The message as it is now (the bot edits panels in place)."""
    current = world.fake.store.messages[message.id]
    assert isinstance(current, FakeMessage)
    return current


async def open_panel(world: World, user: FakeUser | None = None) -> FakeMessage:
    """`/roadwolf panel` by `user` (Alice by default): the private panel it answers with."""
    r = await world.slash(user or world.alice, "roadwolf panel")
    message = r.messages[-1]
    assert message.ephemeral, message.content
    return message


async def press(
    world: World, message: FakeMessage, prefix: str, user: FakeUser | None = None
) -> FakeMessage:
    """`user` (Alice by default) presses the button whose label starts with `prefix`; the
    message as it is then."""
    message = now(world, message)
    found = [cid for label, cid, _ in message.buttons if str(label).startswith(prefix)]
    assert found, (prefix, [label for label, _, _ in message.buttons])
    await world.fake.click(user or world.alice, message, str(found[0]))
    return now(world, message)


async def latest(world: World) -> Snapshot:
    """The game in `world.channel` as the bot has it now."""
    assert world.bot is not None
    return await world.bot.service.latest(world.channel.id)


async def game_state(world: World) -> RwState:
    """The game's state as it is now."""
    snap = await latest(world)
    assert isinstance(snap.state, RwState)
    return snap.state


def judged(game: RwState, player: PlayerId, seed: int, step: int) -> Action:
    """What a player would do by their own judgement: the rules' policy, its chance drawn
    from (seed, step)."""
    assert SPEC.policy is not None
    choice: Action = SPEC.policy(game, player, Rng.for_step(seed, step))
    return choice


async def do(world: World, action: Model | str) -> InteractionResult:
    """Alice types `/roadwolf do action:…` (an action, as its JSON, or a name the list
    offers); returns once its answer has settled."""
    text = action if isinstance(action, str) else action.model_dump_json()
    r = await world.slash(world.alice, "roadwolf do", action=text)
    return r


@dataclass
class Steps:
    """The game in `world.channel`, step by step: each step lets the scheduler run (bots,
    clocks, the mission's own steps) and reads the game as it is then."""

    world: World
    snap: Snapshot | None = None  # the game as last read: at the end, as it ended

    async def run(
        self, limit: int
    ) -> AsyncIterator[tuple[int, Snapshot, RwState, PlayerId | None]]:
        """Up to `limit` steps while the game is live: (step, the game, its Road Wolf state,
        Alice's seat if she is to play now, else None). Stops when the game ends (`ended` then
        says so)."""
        bot = self.world.bot
        assert bot is not None
        for step in range(limit):
            await bot.scheduler.tick()
            await bot.scheduler.settle()
            self.snap = snap = await bot.service.latest(self.world.channel.id)
            if not snap.record.is_live:
                return
            assert isinstance(snap.state, RwState), snap.state
            alice = snap.player_of(self.world.alice.id)
            yield step, snap, snap.state, alice if alice in snap.active_players else None

    async def turns(self, limit: int) -> AsyncIterator[tuple[int, Snapshot, RwState, PlayerId]]:
        """`run`, but only the steps where Alice is to play (her seat last)."""
        async for step, snap, state, alice in self.run(limit):
            if alice is not None:
                yield step, snap, state, alice

    @property
    def ended(self) -> bool:
        return self.snap is not None and not self.snap.record.is_live

    @property
    def last(self) -> Snapshot:
        assert self.snap is not None
        return self.snap


async def bots_to_the_end(world: World, mission: str, turns: int = 900) -> Snapshot:
    """Alice and a bot; Alice's clock runs out every time, so the bot plays both sides, to the
    end (with an outcome); the boards posted on the way show no hidden token."""
    await lobby(world, mission, bots=1)
    steps = Steps(world)
    async for _ in steps.run(turns):
        world.clock.advance(SPEC.turn_time + 60)
    assert steps.ended, f"{mission} did not end"
    snap = steps.last
    assert snap.outcome is not None, snap.record
    assert isinstance(snap.state, RwState) and snap.state.options.mission == mission
    world.renders.check(world.fake)
    return snap


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
            # as it is now: confirming redraws the preview in place (the panel again)
            self.previews.append(copy.copy(confirm.message))
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
