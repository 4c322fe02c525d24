"""Apocalypse Road's story through the fake Discord: Alice's linked Line move, then Bob's
Solo +5 that pushes her line and draws a movement event, and his shot; told in exact words to
the opponent and a spectator, in the channel and in `/game log` (where each player also reads
the cards they drew, and nobody else's)."""

from __future__ import annotations

import itertools

from games.apocalypseroad.data import card_name
from games.apocalypseroad.model import ArState
from tests.bot.channel_story import channel, told
from tests.bot.conftest import World, active_user_id

SEED = 6
"""A race (both teams racing the standard set) whose first player, Alice, holds a Line +2 and
whose second, Bob, a Solo +5: found with the game's pure functions, since the grid, the hands
and the decks all come from the seed."""

LINE_MOVE = (
    "A1 moves to sector 11 lane 1; A4 follows to sector 10 lane 1; B8 follows to sector 9 lane 1"
)
PUSH = "B8 moves to sector 19 lane 1; pushes A1 to sector 21 lane 1; pushes A4 to sector 20 lane 1"
EVENT = "B8 draws the movement event Sideswipe"
SHOT = "B8 fires its Auto-cannon at A4: combat card 1 +1 targeting against defense 2: hit"
HIT = "A4 takes 2 damage (hit by B8)"
POLE = "alice starts on pole and takes the First Player marker"


async def _race(world: World) -> ArState:
    """Alice and Bob each pick the standard set (in that order); the race as it starts."""
    await world.stop_bot()  # the seed source is wired at boot: reboot with a chosen seed
    world.seeds = itertools.count(SEED).__next__
    await world.start_bot()
    await world.slash(world.alice, "game new", game="apocalypseroad")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    for user in (world.alice, world.bob):
        board = world.latest_board()
        r = await world.fake.click(user, board, next(b[1] for b in board.buttons if "hand" in b[0]))
        await r.wait_followups(1)
        hand = r.messages[-1]
        r = await world.fake.click(user, hand, str(hand.buttons[0][1]))  # ✅ Standard set
        await r.wait_followups(1)
    assert world.bot is not None
    state = (await world.bot.service.latest(world.channel.id)).state
    assert isinstance(state, ArState) and state.phase == "action"
    assert active_user_id(world.latest_board()) == world.alice.id
    return state


async def _act(world: World, user: object, command: str, **options: object) -> None:
    r = await world.slash(user, f"apocalypseroad {command}", **options)  # type: ignore[arg-type]
    await world.answered()
    refused = [m.content for m in r.messages if "🚫" in m.content]
    assert not refused, (command, options, refused)


async def _play_the_two_moves(world: World) -> ArState:
    start = await _race(world)
    await _act(world, world.alice, "play", card=1, car=1)  # Line +2
    await _act(world, world.alice, "move", path=" ".join(["F"] * 10), play=True)
    await _act(world, world.bob, "play", card=3, car=8)  # Solo +5 *
    await _act(world, world.bob, "move", path=" ".join(["F"] * 10), play=True)
    await _act(world, world.bob, "fire", target="A4")
    return start


def _draws(state: ArState, seat: int) -> str:
    team = state.teams[seat]
    return f"{team.name} draws " + ", ".join(card_name(c) for c in team.hand)


async def test_the_channel_tells_the_line_move_and_the_shot_in_words(world: World) -> None:
    """The opponent and a spectator read the same public lines: where each car of Alice's
    linked Line ended, and Bob's shot with its combat card and result."""
    await _play_the_two_moves(world)
    for who, line in (("alice", LINE_MOVE), ("bob", PUSH), ("bob", EVENT), ("bob", SHOT)):
        assert told(world, who, line), (line, channel(world))
    assert told(world, "bob", HIT), channel(world)


async def test_the_log_tells_every_step_and_each_player_their_own_draws(world: World) -> None:
    """`/game log`: every public event of every step in words, the same for everyone, plus
    the cards a player drew, told to that player alone."""
    start = await _play_the_two_moves(world)
    logs = {}
    for user in (world.alice, world.bob, world.carol):
        r = await world.slash(user, "game log")
        assert r.ephemeral
        logs[user.name] = r.content
    for text in logs.values():
        assert "#3 alice: A1 plays Line +2 (10 MP)" in text
        assert f"#4 alice: {LINE_MOVE}" in text
        assert "#5 bob: B8 plays Solo +5 * (10 MP)" in text
        assert f"#6 bob: {PUSH}; {EVENT}" in text
        assert f"#7 bob: {SHOT}; {HIT}" in text
        assert "made a move" not in text
    picked = "#2 bob: has picked their cars"
    assert f"{picked}; {_draws(start, 0)}; {POLE}\n" in logs["alice"]
    assert f"{picked}; {_draws(start, 1).removeprefix('bob ')}; {POLE}\n" in logs["bob"]
    assert f"{picked}; {POLE}\n" in logs["carol"]
