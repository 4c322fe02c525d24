"""Road Wolf with more than two sides through the fake Discord: the lobby's `teams` option
(its help, its refusal of 1) and three Couriers in GAUNTLET (line 213: "All players are
Couriers"), each building a side of their own from the private panel."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from games.roadwolf.model import RwState
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
