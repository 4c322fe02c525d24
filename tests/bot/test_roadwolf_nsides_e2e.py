"""Road Wolf with more than two sides through the fake Discord: the lobby's `teams` option
(its help, its refusal of 1) and three Couriers in GAUNTLET (line 213: "All players are
Couriers"), each building a side of their own from the private panel."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from games.engine import Rng
from games.registry import GAMES
from games.roadwolf.model import MoveAction, RwState
from tests.bot.conftest import World
from tests.bot.test_roadwolf_missions_e2e import _refusals


async def test_teams_option_is_offered_explained_and_1_refused(world: World) -> None:
    """`/game option setting:teams` offers 0 and 2–6; `teams 1` is refused with the option's
    help; `teams 3` is kept."""
    await world.slash(world.alice, "game new", game="roadwolf")
    offered = await world.fake.autocomplete(
        world.alice, world.channel, "game option", focused="value", value="", setting="teams"
    )
    assert [c["value"] for c in offered] == ["0", "2", "3", "4", "5", "6"], offered
    r = await world.slash(world.alice, "game option", setting="teams", value="1")
    assert "🚫" in r.content and "0 or 2 to 6" in r.content and "GAUNTLET" in r.content, r.content
    r = await world.slash(world.alice, "game option", setting="teams", value="3")
    assert "🚫" not in r.content and "teams: **3**" in r.content, r.content


async def _panel(world: World, user: FakeUser) -> FakeMessage:
    r = await world.slash(user, "roadwolf panel")
    message = r.messages[-1]
    assert message.ephemeral
    return message


async def test_three_couriers_each_build_their_own_side(world: World) -> None:
    """Alice, Bob and Carol in GAUNTLET (teams 0): three sides; Carol's panel names her side,
    her first buy is lettered C1 and only her panel offers its tokens."""
    await world.slash(world.alice, "game new", game="roadwolf")
    r = await world.slash(world.alice, "game option", setting="mission", value="GAUNTLET")
    assert "🚫" not in r.content, r.content
    await world.slash(world.bob, "game join")
    await world.slash(world.carol, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    snap = await world.bot.service.latest(world.channel.id)
    state = snap.state
    assert isinstance(state, RwState)
    assert [s.name for s in state.sides] == ["Couriers 1", "Couriers 2", "Couriers 3"]
    panel = await _panel(world, world.carol)
    assert "Your side: **Couriers 3**" in panel.content, panel.content
    buy = [cid for label, cid, _ in panel.buttons if str(label).startswith("buy a Coupe")]
    assert buy, [label for label, _, _ in panel.buttons]
    r = await world.fake.click(world.carol, panel, str(buy[0]))
    await r.settle(0.2)
    assert not _refusals(world), _refusals(world)
    snap = await world.bot.service.latest(world.channel.id)
    state = snap.state
    assert isinstance(state, RwState)
    assert [(v.letter, v.origin) for v in state.vehicles] == [("C1", 2)]
    carol = await _panel(world, world.carol)
    assert any("Tokens for C1" in str(label) for label, _, _ in carol.buttons), carol.buttons
    alice = await _panel(world, world.alice)
    assert "Your side: **Couriers 1**" in alice.content
    assert not any("C1" in str(label) for label, _, _ in alice.buttons)


async def test_a_typed_move_names_a_two_character_letter(world: World) -> None:
    """GAUNTLET, Alice and two bot Couriers: her army built through `/roadwolf do`, then on her
    first vehicle's turn `/roadwolf move vehicle:a1 to:F1` previews A1's move and ✅ Confirm
    (a custom id carrying "A1") drives it."""
    await world.slash(world.alice, "game new", game="roadwolf")
    await world.slash(world.alice, "game option", setting="mission", value="GAUNTLET")
    for _ in range(2):
        await world.slash(world.alice, "game bot add")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    spec = GAMES["roadwolf"]
    assert spec.policy is not None
    for step in range(400):
        await world.bot.scheduler.tick()
        await world.bot.scheduler.settle()
        snap = await world.bot.service.latest(world.channel.id)
        state = snap.state
        assert isinstance(state, RwState) and len(state.sides) == 3
        alice = snap.player_of(world.alice.id)
        if alice not in snap.active_players:
            continue
        legal = list(snap.legal_actions(alice))
        move = next(
            (a for a in legal if isinstance(a, MoveAction) and a.kind == "move" and a.dx == 0),
            None,
        )
        if state.phase == "play" and move is not None and len(move.vehicle) == 2:
            break
        choice = spec.policy(state, alice, Rng.for_step(3, step))
        r = await world.slash(world.alice, "roadwolf do", action=choice.model_dump_json())
        await r.settle(0.1)
    else:
        raise AssertionError("Alice never had a vehicle to move")
    letter, before = move.vehicle, state.vehicle(move.vehicle).y
    r = await world.slash(world.alice, "roadwolf move", vehicle=letter.lower(), to=f"F{move.dy}")
    preview = r.messages[-1]
    assert preview.ephemeral and letter in preview.content, preview.content
    confirm = [cid for label, cid, _ in preview.buttons if str(label).startswith("✅ Confirm")]
    assert confirm, [label for label, _, _ in preview.buttons]
    r = await world.fake.click(world.alice, preview, str(confirm[0]))
    await r.settle(0.2)
    assert not _refusals(world), _refusals(world)
    snap = await world.bot.service.latest(world.channel.id)
    state = snap.state
    assert isinstance(state, RwState)
    moved = state.vehicle(letter)
    assert moved.y != before or moved.exited is not None or moved.wreck
    world.renders.check(world.fake)
