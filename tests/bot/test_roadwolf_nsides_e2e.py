"""Road Wolf with more than two sides through the fake Discord: the lobby's `teams` option
(its help, its refusal of 1) and three Couriers in GAUNTLET (line 213: "All players are
Couriers"), each building a side of their own from the private panel."""

from __future__ import annotations

from games.roadwolf.model import MoveAction
from tests.bot.conftest import World
from tests.bot.roadwolf_driver import (
    Steps,
    do,
    game_state,
    judged,
    lobby,
    open_panel,
    press,
    refusals,
)


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


async def test_three_couriers_each_build_their_own_side(world: World) -> None:
    """Alice, Bob and Carol in GAUNTLET (teams 0): three sides; Carol's panel names her side,
    her first buy is lettered C1 and only her panel offers its tokens."""
    await lobby(world, "GAUNTLET", players=(world.bob, world.carol))
    state = await game_state(world)
    assert [s.name for s in state.sides] == ["Couriers 1", "Couriers 2", "Couriers 3"]
    panel = await open_panel(world, world.carol)
    assert "Your side: **Couriers 3**" in panel.content, panel.content
    await press(world, panel, "buy a Coupe", world.carol)
    assert not refusals(world), refusals(world)
    state = await game_state(world)
    assert [(v.letter, v.origin) for v in state.vehicles] == [("C1", 2)]
    carol = await open_panel(world, world.carol)
    assert any("Tokens for C1" in str(label) for label, _, _ in carol.buttons), carol.buttons
    alice = await open_panel(world, world.alice)
    assert "Your side: **Couriers 1**" in alice.content
    assert not any("C1" in str(label) for label, _, _ in alice.buttons)


async def test_a_typed_move_names_a_two_character_letter(world: World) -> None:
    """GAUNTLET, Alice and two bot Couriers: her army built through `/roadwolf do`, then on her
    first vehicle's turn `/roadwolf move vehicle:a1 to:F1` previews A1's move and ✅ Confirm
    (a custom id carrying "A1") drives it."""
    await lobby(world, "GAUNTLET", bots=2)
    async for step, snap, state, alice in Steps(world).run(400):
        assert len(state.sides) == 3
        if alice is None:
            continue
        legal = list(snap.legal_actions(alice))
        move = next(
            (a for a in legal if isinstance(a, MoveAction) and a.kind == "move" and a.dx == 0),
            None,
        )
        if state.phase == "play" and move is not None and len(move.vehicle) == 2:
            break
        await do(world, judged(state, alice, 3, step))
    else:
        raise AssertionError("Alice never had a vehicle to move")
    letter, before = move.vehicle, state.vehicle(move.vehicle).y
    r = await world.slash(world.alice, "roadwolf move", vehicle=letter.lower(), to=f"F{move.dy}")
    preview = r.messages[-1]
    assert preview.ephemeral and letter in preview.content, preview.content
    await press(world, preview, "✅ Confirm")
    assert not refusals(world), refusals(world)
    moved = (await game_state(world)).vehicle(letter)
    assert moved.y != before or moved.exited is not None or moved.wreck
    world.renders.check(world.fake)
