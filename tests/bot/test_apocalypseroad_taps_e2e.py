"""Apocalypse Road's taps per activation through the fake Discord (issue 26: at most 3, median
and p90, at the largest table): a person who knows what they want (the bot's own choice,
`SPEC.policy`, read from the table's state) presses only what leads to it, from the ping on the
public board ("🃏 My hand") to the end of their car's activation. Presses are counted per
activation: every press its player makes from the end of their previous activation to the
end of this one (the car pick, discards and Dangerous Debris are not activations)."""

from __future__ import annotations

import contextlib
import random
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from fakediscord import FakeMessage, FakeUser
from fakediscord.interaction import InteractionResult
from fakediscord.records import walk_components
from games.apocalypseroad import SPEC
from games.apocalypseroad.model import (
    ArState,
    Debris,
    EventChoice,
    Fire,
    Move,
    PlayCard,
)
from games.engine import Rng
from tests.bot.conformance_driver import SELECT, Choice, Player
from tests.bot.conftest import World

ACTIVATIONS = 1000
"""Activations measured at the most: a whole race (about 70 at ten players, two turns), so
its crowded second turn is played too."""


def percentile(values: Sequence[int], share: float) -> int:
    """The nearest-rank percentile (p90: the value 90% of activations stay within)."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * int(share * 100) // 100) - 1)]


@dataclass
class Aiming(Player):
    """Presses only what leads to the bot's own choice for the player to act (read from the
    table's state before each press); counts the presses of each activation."""

    state: ArState | None = None
    taps: list[int] = field(default_factory=list)
    events: list[int] = field(default_factory=list)
    """Per activation, the presses its movement event asked for (drawn only after the move:
    an answer, or the move of another car, as High Flyer's)."""
    open: dict[int, int] = field(default_factory=dict)
    answers: dict[int, int] = field(default_factory=dict)
    pressed: dict[int, list[str]] = field(default_factory=dict)
    long: list[list[str]] = field(default_factory=list)
    """The presses of each activation over 3 taps (for the report)."""
    wanted: int = ACTIVATIONS

    async def latest(self) -> ArState:
        assert self.world.bot is not None
        state = (await self.world.bot.service.latest(self.world.channel.id)).state
        assert isinstance(state, ArState)
        return state

    async def press(self, user: FakeUser, choice: Choice) -> InteractionResult:
        before = await self.latest()
        result = await super().press(user, choice)
        if before.phase != "action":
            return result
        after = await self.latest()
        self.open[user.id] = self.open.get(user.id, 0) + 1
        self.pressed.setdefault(user.id, []).append(choice.describe()[:90])
        act = before.activation
        # the event's own asks: its answer, or the move of another car it calls for
        answering = act is not None and (act.stage == "event" or act.mover != act.car)
        self.answers[user.id] = self.answers.get(user.id, 0) + int(answering)
        played = after.last != before.last or before.activation is not None
        if after.activation is None and played:
            self.taps.append(self.open.pop(user.id))
            self.events.append(self.answers.pop(user.id, 0))
            presses = self.pressed.pop(user.id)
            if len(presses) > 3:
                self.long.append(presses)
            if len(self.taps) >= self.wanted:
                raise Measured
        return result

    def pick(self, choices: Sequence[Choice]) -> Choice:
        state = self.state
        assert state is not None
        private = [c for c in choices if c.private]
        hand = next(c for c in choices if not c.private and "hand" in c.label)
        found = self._aim(state, private)
        return found if found is not None else hand

    def _aim(self, state: ArState, private: Sequence[Choice]) -> Choice | None:
        def labelled(pattern: str) -> Choice | None:
            return next((c for c in private if re.search(pattern, c.label)), None)

        def menu(verb: str) -> list[Choice]:
            return [c for c in private if c.values is not None and f"ar:{verb}:" in c.custom_id]

        if state.phase == "pick":
            return labelled(r"^✅ Standard set")
        if state.phase == "discard":
            return labelled(r"^✅ Keep every card")
        # the person whose hand is open (everyone answers Dangerous Debris at once)
        owners = {c.message.ephemeral_to for c in private} - {None}
        player = owners.pop() if owners else sorted(SPEC.active_players(state))[0]
        if player not in SPEC.active_players(state):
            return None
        assert SPEC.policy is not None
        want = SPEC.policy(state, player, Rng(0))
        if isinstance(want, Debris):
            return labelled(f"car {want.car}$")
        if isinstance(want, (Fire, EventChoice)):
            return labelled("^" + re.escape(SPEC.describe(want)) + "$")
        if menu("mv") and isinstance(want, Move):
            return menu("mv")[0]  # best first
        if menu("go"):
            return self._result(menu("go"), state)
        if isinstance(want, PlayCard):
            value = f"{want.card}.{int(want.ram_lead)}.{want.target or '-'}"
            mine = [c for c in menu("pl") if c.custom_id.endswith(f":{want.car}")]
            exact = next((c for c in mine if c.values == (value,)), None)
            # a shot at a car worth as much as the bot's (ties are ordered differently)
            alike = f"{want.card}.{int(want.ram_lead)}."
            same = [c for c in mine if c.values and c.values[0].startswith(alike)]
            shots = [c for c in same if not c.values or not c.values[0].endswith(".-")]
            if exact is None and mine:
                assert want.target is not None and shots, (want, [c.label for c in mine])
                return shots[0]
            return exact
        return None

    def _result(self, options: list[Choice], state: ArState) -> Choice:
        """The best result; fire after it as the bot would: at an enemy in reach, or hold."""
        best = options[0]
        aim = re.search(r"then fire at ([A-J])\d", best.label)
        own = state.teams[state.seat].letter
        if aim is not None and aim[1] == own:
            path = best.values[0].split("|")[0] if best.values else ""
            held = [c for c in options if c.values == (f"{path}|h",)]
            return held[0] if held else best
        return best


class Measured(Exception):
    """Enough activations counted."""


async def _measure(world: World, players: int) -> Aiming:
    seated = [world.alice, world.bob, world.carol, world.mod]
    seated += [world.fake.add_member(world.guild, f"racer{i}") for i in range(4, players)]
    r = await world.slash(seated[0], "game new", game="apocalypseroad")
    for user in seated[1:]:
        await world.slash(user, "game join")
    r = await world.slash(seated[0], "game start")
    await r.wait_followups(1)
    person = Aiming(world, seated, random.Random(players), max_steps=2000)

    async def read(step: int, asked: Sequence[FakeUser]) -> None:
        person.state = await person.latest()

    person.probe = read
    with contextlib.suppress(Measured):
        await person.play()
    assert not person.problems, person.report()
    for presses in person.long:
        print("  " + " | ".join(presses))
    return person


# A whole ten-player race through the fake Discord: about a minute on a loaded 2-core
# machine (some 250 presses, each drawn)
@pytest.mark.timeout(600)
async def test_an_activation_takes_three_taps_at_ten_players(world: World) -> None:
    """Ten players, each pressing only what leads to the bot's own choice: an activation is
    3 taps (hand, card, move with its shot), median 3 (before: 7, p90 7); only the answer to
    a movement event, drawn after the move, adds one."""
    person = await _measure(world, 10)
    taps = person.taps
    median, p90 = statistics.median(taps), percentile(taps, 0.9)
    print(f"\n10 players: {len(taps)} activations, taps median {median}, p90 {p90}: {taps}")
    assert median <= 3, (median, taps)
    beyond = [t - e for t, e in zip(taps, person.events, strict=True) if t - e > 3]
    assert not beyond, (beyond, person.long)


def _menus(message: FakeMessage) -> dict[str, list[str]]:
    """The select menus on a message: custom_id -> its options' values, in order."""
    return {
        str(comp["custom_id"]): [str(o["value"]) for o in comp.get("options") or []]
        for comp in walk_components(message.components)
        if comp.get("type") == SELECT
    }


async def test_the_bots_own_activation_is_three_taps_from_the_board(world: World) -> None:
    """Issue 26: the move the bot would make for the player to act (a card with its path and
    its shot) is an entry of the move menu its card opens: "My hand", the card, that result."""
    seated = [world.alice, world.bob]
    await world.slash(world.alice, "game new", game="apocalypseroad")
    await world.slash(world.bob, "game join")
    await world.slash(world.alice, "game option", setting="pick_cars", value="false")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    snap = await world.bot.service.current(world.channel.id)
    (actor,) = snap.active_players
    user = next(u for u in seated if u.id == actor)
    assert SPEC.policy is not None
    want = SPEC.policy(snap.state, actor, Rng(0))
    assert isinstance(want, PlayCard) and want.target is None, want
    assert want.path is not None, f"the bot's move names no path, so no menu entry makes it: {want}"

    board = world.latest_board()
    r = await world.fake.click(user, board, next(b[1] for b in board.buttons if "hand" in b[0]))
    await r.wait_followups(1)
    hand = r.messages[-1]
    cars = next(cid for cid in _menus(hand) if re.search(rf"^ar:pl:.*:{want.car}$", cid))
    r = await world.fake.select(user, hand, cars, [f"{want.card}.{int(want.ram_lead)}.-"])
    await r.wait_response()
    hand = world.fake.store.messages[hand.id]
    (results, values), *_ = [(c, v) for c, v in _menus(hand).items() if c.startswith("ar:go:")]
    aim = "h" if want.hold_fire else "-" if want.aim is None else str(want.aim)
    assert f"{want.path}|{aim}" in values, (want, values)
    r = await world.fake.select(user, hand, results, [f"{want.path}|{aim}"])
    await r.wait_response()
    await world.answered()

    after = (await world.bot.service.latest(world.channel.id)).state
    assert isinstance(after, ArState) and after.last is not None
    assert (after.last.player, after.last.card) == (actor, want.card), after.last
    assert after.activation is None or after.activation.stage == "event", after.activation
