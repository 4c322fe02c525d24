"""Road Wolf's story through the fake Discord: two-player INTERCEPTORs played by typed actions;
what the opponent and Carol (a spectator) read of them, in the channel and in `/game log`, word
for word: Alice's first turn (moves and a Nitro), as Bob reads it, and, on a seed found for it,
the Interceptors' turn with a Shotgun kill and a Spikes attack, as Alice reads it. A token's
kind is told only to its own side; no hidden token shows in public (`tests/bot/hidden.py`)."""

from __future__ import annotations

import itertools

from fakediscord import FakeUser
from games.engine import Model
from games.roadwolf.model import (
    BuyAction,
    MoveAction,
    NitroAction,
    PlaceAction,
    ReadyAction,
    ShootAction,
    SimpleAction,
    SpikesAction,
    TokenAction,
)
from table.story import joined
from tests.bot.channel_story import channel, told
from tests.bot.conftest import World
from tests.bot.roadwolf_driver import refusals

ARMIES: list[tuple[str, Model]] = [
    ("alice", BuyAction(vehicle_class="muscle_car")),
    ("bob", BuyAction(vehicle_class="muscle_car")),
    ("alice", TokenAction(vehicle="A", token="spikes")),
    ("alice", TokenAction(vehicle="A", token="gunner")),
    ("alice", TokenAction(vehicle="A", token="shotgun")),
    ("bob", TokenAction(vehicle="N", token="shotgun")),
    ("bob", TokenAction(vehicle="N", token="gunner")),
    ("bob", TokenAction(vehicle="N", token="spikes")),
    ("alice", ReadyAction()),
    ("bob", ReadyAction()),
]
"""3 points a side: a Muscle Car (3 points) and 3 hidden tokens each, then ✅ Army ready."""

ALICES_TURN: list[Model] = [
    MoveAction(vehicle="A", dx=0, dy=4),
    NitroAction(vehicle="A"),
    SimpleAction(kind="done", vehicle="A"),
]

TURN_LINES = [
    "Muscle Car A moves 4 forward, from 9,0 to 9,4.",
    "Muscle Car A fires its Nitro: 8 forward, from 9,4 to 9,12.",
    "Muscle Car A ends its turn.",
]
"""Alice's whole turn, every action told (the issue: it reached the channel as "A is done.")."""


async def _typed(world: World, user: FakeUser, action: Model) -> None:
    r = await world.slash(user, "roadwolf do", action=action.model_dump_json())
    assert "🚫" not in r.content, r.content


async def _play(world: World, actions: list[tuple[str, Model]]) -> None:
    """Alice and Bob play a two-player INTERCEPTOR at 3 points a side, every action typed by
    whoever takes it ("alice" or "bob"), none refused."""
    await world.slash(world.alice, "game new", game="roadwolf")
    await world.slash(world.alice, "game option", setting="mission", value="INTERCEPTOR")
    await world.slash(world.alice, "game option", setting="points", value="3")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    users = {"alice": world.alice, "bob": world.bob}
    for who, action in actions:
        await _typed(world, users[who], action)
    await world.answered()
    assert not refusals(world), refusals(world)


async def _play_the_first_turn(world: World) -> None:
    await _play(world, ARMIES + [("alice", action) for action in ALICES_TURN])


async def test_the_channel_tells_every_action_of_a_turn(world: World) -> None:
    """Bob and Carol read in the channel each of Alice's moves and her Nitro, from where to
    where, and how her turn ended; the armies' tokens only as "place a token"."""
    await _play_the_first_turn(world)
    said = channel(world)
    for line in TURN_LINES:
        assert told(world, "alice", line), (line, said)
    assert told(world, "bob", "Interceptors place a token on Muscle Car N."), said
    assert "put a" not in said and "put Spikes" not in said, said
    world.renders.check(world.fake)


async def test_the_log_tells_each_reader_what_they_may_read(world: World) -> None:
    """`/game log`: Carol (a spectator) reads every public line and no token's kind; Bob (the
    opponent) reads the same, and the kinds of his own side's tokens, never Alice's."""
    await _play_the_first_turn(world)
    carol = (await world.slash(world.carol, "game log")).content
    bob = (await world.slash(world.bob, "game log")).content
    for log in (carol, bob):
        assert "alice: " + joined(TURN_LINES[:1]) in log, log
        for line in TURN_LINES:
            assert line in log, (line, log)
        assert "bob: Interceptors place a token on Muscle Car N." in log, log
        assert "Runners place a token on Muscle Car A." in log, log
        assert "Runners put" not in log, log
    assert "put" not in carol, carol
    assert (
        "bob: Interceptors place a token on Muscle Car N. Interceptors put a Shotgun on Muscle"
        " Car N (hidden from the other sides until used)." in bob
    ), bob
    assert "Interceptors put Spikes on Muscle Car N" in bob, bob
    world.renders.check(world.fake)


# --- The Interceptors' Shotgun kill and Spikes attack -----------------------------------------

KILL_SEED = 4
"""The seed of a game whose second round holds the Interceptors' Shotgun kill and Spikes
attack: found offline by a script over seeds and starting spots that played the game's own
`SPEC.setup`/`SPEC.apply` with `Rng.for_step(seed, step)` (the bot's dice for that seed), the
Runners driving straight up the road and the Interceptors' Muscle Car closing in from the side
edge, until one of its activations offered a Gunner's Shotgun shot that abandons a bike and
Spikes onto another (rules version 4, each side's ✅ Army ready a step of its own: 333
before it)."""

KILL_ARMIES: list[tuple[str, Model]] = [
    ("alice", BuyAction(vehicle_class="street_bike")),
    ("alice", BuyAction(vehicle_class="street_bike")),
    ("alice", BuyAction(vehicle_class="street_bike")),
    ("bob", BuyAction(vehicle_class="muscle_car")),
    ("bob", PlaceAction(vehicle="N", x=0, y=10)),
    ("alice", TokenAction(vehicle="A", token="nitro")),
    ("alice", TokenAction(vehicle="B", token="nitro")),
    ("alice", TokenAction(vehicle="C", token="nitro")),
    ("bob", TokenAction(vehicle="N", token="gunner")),
    ("bob", TokenAction(vehicle="N", token="shotgun")),
    ("bob", TokenAction(vehicle="N", token="spikes")),
    ("alice", ReadyAction()),
    ("bob", ReadyAction()),
]
"""3 points a side: the Runners three Street Bikes (each with its Driver and Nitro, and one
more Nitro hidden on it); the Interceptors a Muscle Car with a Gunner, a Shotgun and Spikes,
placed on the left edge (0,10), two sticks from the road."""

BEFORE_THE_KILL: list[tuple[str, Model]] = [
    ("alice", SimpleAction(kind="done", vehicle="A")),
    ("alice", MoveAction(vehicle="C", dx=0, dy=2)),
    ("alice", MoveAction(vehicle="C", dx=0, dy=4)),
    ("alice", SimpleAction(kind="done", vehicle="C")),
    ("alice", MoveAction(vehicle="B", dx=0, dy=2)),
    ("alice", SimpleAction(kind="done", vehicle="B")),
    ("bob", MoveAction(vehicle="N", dx=4, dy=0)),
    ("bob", MoveAction(vehicle="N", dx=4, dy=0)),
    ("bob", SimpleAction(kind="done", vehicle="N")),
    ("alice", MoveAction(vehicle="C", dx=0, dy=3)),
    ("alice", SimpleAction(kind="done", vehicle="C")),
    ("alice", MoveAction(vehicle="B", dx=0, dy=3)),
    ("alice", SimpleAction(kind="done", vehicle="B")),
    ("alice", MoveAction(vehicle="A", dx=0, dy=4)),
    ("alice", MoveAction(vehicle="A", dx=0, dy=4)),
    ("alice", SimpleAction(kind="done", vehicle="A")),
]
"""The first round and the Runners' second turn: the Muscle Car drives onto the road's edge
(8,10); Street Bike A ends right behind it (9,8) and B a stick further back (11,5)."""

INTERCEPTORS_TURN: list[tuple[str, Model]] = [
    ("bob", ShootAction(vehicle="N", target="A", weapon="shotgun", gunner=True)),
    ("bob", SpikesAction(vehicle="N", target="B")),
    ("bob", SimpleAction(kind="done", vehicle="N")),
]

SHOTGUN_KILL = [
    "Muscle Car N's Gunner fires a Shotgun at Street Bike A. Muscle Car N rolled 6, 4; Street"
    " Bike A rolled 3. 6, 4 against 3: Muscle Car N wins on the highest dice, 6 against 3;"
    " overkill 2.",
    "Street Bike A loses its Driver.",
    "Street Bike A lost its driver: ABANDONED.",
]
SPIKES_ATTACK = [
    "Muscle Car N drops Spikes behind it onto Street Bike B.",
    "Spikes from N rams B. Spikes from N rolled 2, 6; Street Bike B rolled 1. 6, 2 against 1:"
    " Spikes from N wins on the highest dice, 6 against 1; overkill 2.",
    "Street Bike B takes 2 damage (0 of 1 hits left).",
    "Street Bike B is destroyed and removed.",
]
TURN_END = [
    "Muscle Car N ends its turn.",
    "ROAD TURN: the road rolls 2 sticks toward the START.",
    "New road card: DEBRIS.",
    "Wipeout check for A: ROLL! Street Bike A rolled 1; the road rolled 6, 2. 1 against 6, 2:"
    " the road wins on the highest dice, 1 against 6; overkill 2.",
    "Street Bike A takes 1 damage rolling over.",
    "rolled 1 (skid direction for A)",
    "A skids toward 2 o'clock.",
    "Street Bike A rams N. Street Bike A rolled 6; Muscle Car N rolled 2, 3, 4. 6 against 4, 3,"
    " 2: Street Bike A wins on the highest dice, 6 against 4; overkill 1.",
    "Muscle Car N takes 1 damage (2 of 3 hits left).",
    "Street Bike A rammed: a bike that rams is destroyed.",
    "Street Bike A is destroyed and removed.",
]
"""The Interceptors' second turn as the public reads it, step by step, each die in its
contest's line: the shot, the Spikes, and the road turn their "done" brings, in which the
abandoned bike skids into the Muscle Car. ("bob rolled 1 (skid direction…)" reads without
his name: a step's line names its actor once, `table.story.event_lines`.)"""


async def _play_to_the_kill(world: World) -> None:
    """The game on `KILL_SEED` through the Interceptors' Shotgun kill, Spikes attack and the
    end of their turn."""
    await world.stop_bot()  # the seed source is wired at boot: reboot with the chosen seed
    world.seeds = itertools.count(KILL_SEED).__next__
    await world.start_bot()
    await _play(world, KILL_ARMIES + BEFORE_THE_KILL + INTERCEPTORS_TURN)


def _log_body(content: str) -> list[str]:
    """The lines of a `/game log` answer (inside its code block)."""
    return content.split("```")[1].strip("\n").split("\n")


async def test_the_channel_tells_the_shotgun_kill_and_the_spikes_attack(world: World) -> None:
    """Alice and Carol read in the channel the Interceptors' whole turn: the Gunner's Shotgun
    shot that abandons Street Bike A and the Spikes that destroy B, with their dice."""
    await _play_to_the_kill(world)
    for line in SHOTGUN_KILL + SPIKES_ATTACK + TURN_END:
        assert told(world, "bob", line), f"{line}\n---\n{channel(world)}"
    world.renders.check(world.fake)


async def test_the_log_tells_the_shotgun_kill_and_the_spikes_attack(world: World) -> None:
    """`/game log`: Alice (the Runners, the opponent) and Carol (a spectator) read the
    Interceptors' turn word for word, dice included (nothing in it is private to either)."""
    await _play_to_the_kill(world)
    turn = [
        "#30 bob: " + joined(SHOTGUN_KILL),
        "#31 bob: " + joined(SPIKES_ATTACK),
        "#32 bob: " + joined(TURN_END),
    ]
    for reader in (world.alice, world.carol):
        log = (await world.slash(reader, "game log", last=3)).content
        assert _log_body(log) == turn, (reader.name, log)
    world.renders.check(world.fake)
