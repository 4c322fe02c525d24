"""GAUNTLET's Skull choice through the fake Discord (text line 213: "For every enemy you destroy,
you may ignore ONE attack (you may choose after drawing it)"): Alice, against a bot, is asked on
her panel whether to spend a Skull on the attack her side just drew, and presses 💀."""

from __future__ import annotations

from games.roadwolf.actions import DecideAction
from games.roadwolf.model import RwState
from render.roadwolf.adapt import headline
from tests.bot.conftest import World
from tests.bot.roadwolf_driver import Steps, do, judged, latest, lobby, open_panel, press, refusals


async def test_alice_spends_a_skull_from_her_panel(world: World) -> None:
    """Alice plays her moves typed (`/roadwolf do`, her judgement: the rules' policy) until her
    side holds a Skull and draws a real attack; play waits for her: the public board's headline
    says she must decide, her panel names the token, the attack and the target and offers
    "💀 Spend a Skull" and "💥 Take"; she presses 💀: the Skull is spent, the attack ignored,
    and the game goes on to its end, nothing refused, no hidden token in public."""
    pressed = 0
    for game in range(GAMES_TRIED):  # a game may end before her side holds a Skull and draws
        pressed += await _play(world, game)
        if pressed:
            break
    assert pressed, "Alice never had a Skull to spend"
    assert not refusals(world), refusals(world)
    world.renders.check(world.fake)


GAMES_TRIED = 6


async def _play(world: World, game: int) -> int:
    """One game to its end; how many times Alice pressed 💀 (once at most)."""
    await lobby(world, "GAUNTLET", bots=1)
    pressed = 0
    steps = Steps(world)
    async for step, snap, state, alice in steps.turns(1500):
        if state.turn is not None and state.turn.decision and not pressed:
            side = state.turn.side
            skulls = state.mission.count(f"skulls:{side}")
            top = headline(snap.view(None))
            assert "(alice) must decide: " in top, top
            board = await world.slash(world.alice, "game status")
            assert f"decide: {state.turn.decision}" in board.content, board.content
            panel = await open_panel(world)
            assert "💀 **Decide**" in panel.content, panel.content
            assert state.turn.decision in panel.content
            labels = [str(label) for label, _, _ in panel.buttons]
            spend = next(x for x in labels if x.startswith("💀 Spend a Skull: ignore "))
            assert any(x.startswith("💥 Take ") for x in labels), labels
            token = state.mission.letters("enemy_pending")[1]
            assert token.upper() in spend, (token, spend)
            await press(world, panel, spend)
            after = await latest(world)
            assert isinstance(after.state, RwState)
            assert after.state.mission.count(f"skulls:{side}") == skulls - 1
            assert after.version > snap.version
            pressed = 1
            continue
        choice = judged(state, alice, 7 + game, step)
        assert not isinstance(choice, DecideAction) or pressed
        await do(world, choice)
    assert steps.ended, "GAUNTLET did not end"
    snap = steps.last
    assert snap.outcome is not None, snap.record
    return pressed


async def test_three_courier_sides_play_to_the_end(world: World) -> None:
    """Line 213: "All players are Couriers": Alice and two bot seats are three Courier sides
    (option `teams` 0: every player on their own). Alice plays typed (`/roadwolf do`, her
    judgement: the rules' policy), her Skull choices too, by the names the list offers
    ("💀 Spend a Skull: ignore …", "💥 Take …"); the bots play theirs. The game reaches
    its end, one score per side; nothing refused, nothing hidden shown in public."""
    await lobby(world, "GAUNTLET", bots=2)
    decided = 0
    steps = Steps(world)
    async for step, _snap, state, alice in steps.turns(2500):
        assert len(state.sides) == 3
        choice = judged(state, alice, 11, step)
        if isinstance(choice, DecideAction):  # typed by its name, as the list offers it
            icon = "💀" if choice.choice == "skull" else "💥"
            offered = await world.fake.autocomplete(
                world.alice, world.channel, "roadwolf do", focused="action", value=""
            )
            name = next(c["name"] for c in offered if c["name"].startswith(icon))
            await do(world, name)
            decided += 1
            continue
        await do(world, choice)
    assert steps.ended, "GAUNTLET with three sides did not end"
    snap = steps.last
    final = snap.state
    assert isinstance(final, RwState) and final.finished, final.end_reason
    assert len(final.sides) == 3 and snap.outcome is not None
    assert not refusals(world), refusals(world)
    world.renders.check(world.fake)
    print(f"\nGAUNTLET, 3 sides: {final.end_reason}; Alice decided {decided} times")
