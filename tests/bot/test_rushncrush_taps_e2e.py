"""Rush 'n' Crush through the fake Discord: how many taps a person's turn takes (issue 26).

At the largest table (the person and five bot seats), the person plays each of their turns as
the bot would (`SPEC.policy` on the current position), pressing what the table offers the way a
person would: an equipment button (once the gear is chosen, the preview's 🔧 Use), a gear
button (or the gear menu: two taps), the path's Drive it on the preview they were shown, else a
suggested path's 👁 then Drive it, else the path built step by step. Every press counts as a
tap.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass, field

from fakediscord import FakeMessage, FakeUser
from fakediscord.records import walk_components
from games.engine import Model, Rng
from games.rushncrush import SPEC, ActivateAction, GearAction, MoveAction, RncState, parse_path
from games.rushncrush.data import Item
from games.rushncrush.path import CODES
from table.ids import ButtonId
from table.rushncrush.ids import RncId, compact, gear_value
from table.service import Snapshot
from tests.bot.conftest import World
from tests.table.rushncrush.position import aim_gun

BOT_SEATS = 5
PERSON_TURNS = 8
MAX_PRESSES = 60
SELECT = 3
TAP_BUDGET = 3
"""Issue 26: taps per turn, median and p90."""


@dataclass
class Person:
    """Plays the person's turns by the policy's choices, counting every press."""

    world: World
    user: FakeUser
    session_id: int = 0
    taps: list[int] = field(default_factory=list)

    async def snap(self) -> Snapshot:
        """The race as it stands (a finished one too)."""
        assert self.world.bot is not None
        service = self.world.bot.table.host.service
        if not self.session_id:
            self.session_id = (await service.current(self.world.channel.id)).session_id
        return await service.by_id(self.session_id)

    def messages(self) -> list[FakeMessage]:
        """The turn's board and the person's private messages with buttons, newest first."""
        store = self.world.fake.store.messages.values()
        private = [m for m in store if m.ephemeral_to == self.user.id and m.components]
        return [*reversed(private), self.world.latest_board()]

    async def press(self, message: FakeMessage, custom_id: str) -> None:
        await self.world.fake.click(self.user, message, custom_id)
        await self.world.answered()

    def find(self, wanted: str) -> tuple[FakeMessage, str] | None:
        """The first (newest message first) enabled button whose custom_id is `wanted`'s
        kind: `wanted` is matched by `matches`."""
        for message in self.messages():
            for _, cid, disabled in message.buttons:
                if cid and not disabled and matches(cid, wanted):
                    return message, str(cid)
        return None

    async def gear(self, action: GearAction) -> int:
        found = self.find(f"gear {gear_value(action)}")
        if found is not None:
            await self.press(*found)
            return 1
        board = self.world.latest_board()
        for comp in walk_components(board.components):
            if comp.get("type") == SELECT and str(comp.get("custom_id", "")).startswith("rnc:p:"):
                await self.world.fake.select(
                    self.user, board, str(comp["custom_id"]), [gear_value(action)]
                )
                await self.world.answered()
                return 2  # open the menu, pick the option
        raise AssertionError(f"{action} is offered nowhere")

    async def drive(self, action: MoveAction) -> int:
        path = compact(parse_path(action.path))
        for taps, verbs in ((1, "d"), (2, "wv")):
            for verb in verbs:
                found = self.find(f"rnc {verb} {path}")
                if found is None:
                    continue
                await self.press(*found)
                if taps > 1:
                    drive = self.find(f"rnc d {path}")
                    assert drive is not None, "a previewed path has Drive it"
                    await self.press(*drive)
                return taps
        return await self.build(parse_path(action.path))

    async def build(self, tokens: tuple[str, ...]) -> int:
        """Step by step: open the builder, a tap per token, Drive it."""
        opened = self.find("rnc b ")
        assert opened is not None, "the board offers the builder"
        await self.press(*opened)
        for i in range(len(tokens)):
            step = self.find(f"rnc s {compact(tokens[: i + 1])}")
            assert step is not None, f"the builder offers {tokens[: i + 1]}"
            await self.press(*step)
        drive = self.find(f"rnc d {compact(tokens)}")
        assert drive is not None, "a whole path can be driven"
        await self.press(*drive)
        return len(tokens) + 2

    async def turn(self) -> bool:
        """Play one turn of the person's; False once the race is over."""
        snap = await self.snap()
        state = snap.state
        seat = snap.seat_for(self.user.id)
        assert isinstance(state, RncState)
        start = state.round
        taps = 0
        while not state.finished and state.turn is not None and state.turn.player == seat:
            if state.round != start:
                break
            action = SPEC.policy(state, seat, Rng.for_step(0, 0))
            taps += await self.play(action)
            assert taps < MAX_PRESSES, "the turn never ends"
            snap = await self.snap()
            state = snap.state
            assert isinstance(state, RncState)
        if taps:
            self.taps.append(taps)
        return not state.finished

    async def play(self, action: Model) -> int:
        if isinstance(action, GearAction):
            return await self.gear(action)
        if isinstance(action, MoveAction):
            return await self.drive(action)
        assert isinstance(action, ActivateAction)
        found = self.find(f"act {action.model_dump_json()}")
        if found is None and action.mode == "use":  # once the gear is chosen: 🔧 Use (`rnc:`)
            letter = next(code for code, item in CODES.items() if item == action.item)
            found = self.find(f"rnc iu {letter}")
        assert found is not None, f"{action} is offered on the board or the preview"
        await self.press(*found)
        return 1


def matches(custom_id: str, wanted: str) -> bool:
    """Does the button `custom_id` do `wanted` ("gear 1.4.0.0", "rnc d FFL", "act {json}")?"""
    kind, _, rest = wanted.partition(" ")
    rid = RncId.decode(custom_id)
    bid = ButtonId.decode(custom_id)
    if kind == "rnc":
        verb, _, path = rest.partition(" ")
        return rid is not None and rid.verb in verb and (not path or rid.payload == path)
    if kind == "gear":
        if rid is not None and rid.verb == "h":
            payload = rid.payload
            return f"{payload[0]}.{int(payload[1:3])}.{payload[3]}.{payload[4]}" == rest
        if bid is not None and bid.verb == "a":
            action = json.loads(bid.payload)
            if action.get("kind") == "gear":
                named = GearAction(**{k: v for k, v in action.items() if k != "kind"})
                return gear_value(named) == rest
        return False
    if bid is None or bid.verb != "a":
        return False
    return bool(json.loads(bid.payload) == json.loads(rest))


async def test_a_turn_at_the_largest_table_takes_at_most_three_taps(world: World) -> None:
    """The person's turns, pressed as the bot would play them: median and p90 taps <= 3."""
    r = await world.slash(world.alice, "game new", game="rushncrush")
    assert "lobby" in r.content
    for _ in range(BOT_SEATS):
        await world.slash(world.alice, "game bot add")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    await world.answered()
    person = Person(world, world.alice)
    for _ in range(PERSON_TURNS):
        if not await person.turn():
            break
    taps = sorted(person.taps)
    assert taps, "the person played no turn"
    p90 = taps[min(len(taps) - 1, int(0.9 * len(taps)))]
    print(f"taps per turn: {person.taps}; median {statistics.median(taps)}, p90 {p90}")
    assert statistics.median(taps) <= TAP_BUDGET and p90 <= TAP_BUDGET, person.taps


async def _alice_aims_at_bob(world: World) -> None:
    """A race of Alice and Bob put where Alice, to choose her gear, has Bob in her Machine
    Gun's sights, and a fresh board posted."""
    await world.slash(world.alice, "game new", game="rushncrush")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    await aim_gun(world.bot.service, world.channel.id, world.alice.id, world.bob.id)
    await world.slash(world.alice, "game status")


async def test_a_gun_fired_after_the_gear_takes_one_tap_more(world: World) -> None:
    """Gear, then 🔧 Use Machine Gun on the path preview, then Drive it: three taps, one
    private message (the person presses where they look: their preview, else a board)."""
    await _alice_aims_at_bob(world)
    person = Person(world, world.alice)
    private_before = len(_private(world, world.alice))
    taps = 0
    for label in ("Speed ", "🔧 Use Machine Gun"):
        await _tap(world, world.alice, label)
        taps += 1
    while (await _still_drives(person)) and taps < MAX_PRESSES:
        await _tap(world, world.alice, "✅ Drive it")
        taps += 1
    state = (await person.snap()).state
    assert isinstance(state, RncState)
    gun = state.car(world.alice.id).slot(Item.MACHINE_GUN)
    assert gun is not None and not gun.armed, "the gun was fired"
    assert len(_private(world, world.alice)) == private_before + 1, "one private message"
    assert taps <= TAP_BUDGET, f"{taps} taps: gear, Use, Drive it"


def _private(world: World, user: FakeUser) -> list[FakeMessage]:
    return [m for m in world.fake.store.messages.values() if m.ephemeral_to == user.id]


async def _tap(world: World, user: FakeUser, label: str) -> None:
    """Press the first enabled button whose label starts with `label`: on the person's newest
    private message with buttons, else on the newest public message offering it."""
    private = [m for m in _private(world, user) if m.components]
    for message in [*reversed(private[-1:]), *reversed(world.public())]:
        for text, cid, disabled in message.buttons:
            if cid and not disabled and str(text).startswith(label):
                await world.fake.click(user, message, str(cid))
                await world.answered()
                return
    raise AssertionError(f"nothing offers {label!r}")


async def _still_drives(person: Person) -> bool:
    state = (await person.snap()).state
    assert isinstance(state, RncState)
    turn = state.turn
    return turn is not None and turn.player == person.user.id and turn.phase == "move"
