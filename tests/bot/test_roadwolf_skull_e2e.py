"""GAUNTLET's Skull choice through the fake Discord (text line 213: "For every enemy you destroy,
you may ignore ONE attack (you may choose after drawing it)"): Alice, against a bot, is asked on
her panel whether to spend a Skull on the attack her side just drew, and presses 💀."""

from __future__ import annotations

from games.engine import Rng
from games.registry import GAMES
from games.roadwolf.actions import DecideAction
from games.roadwolf.model import RwState
from render.roadwolf.adapt import headline
from tests.bot.conftest import World
from tests.bot.test_roadwolf_missions_e2e import _lobby, _now, _refusals

SPEC = GAMES["roadwolf"]


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
    assert not _refusals(world), _refusals(world)
    world.renders.check(world.fake)


GAMES_TRIED = 6


async def _play(world: World, game: int) -> int:
    """One game to its end; how many times Alice pressed 💀 (once at most)."""
    await _lobby(world, "GAUNTLET", bot=True)
    assert world.bot is not None
    pressed = 0
    for step in range(1500):
        await world.bot.scheduler.tick()
        await world.bot.scheduler.settle()
        snap = await world.bot.service.latest(world.channel.id)
        if not snap.record.is_live:
            break
        alice = snap.player_of(world.alice.id)
        if alice not in snap.active_players:
            continue
        state = snap.state
        assert isinstance(state, RwState)
        if state.turn is not None and state.turn.decision and not pressed:
            side = state.turn.side
            skulls = state.mission.count(f"skulls:{side}")
            top = headline(snap.view(None))
            assert "(alice) must decide: " in top, top
            board = await world.slash(world.alice, "game status")
            assert f"decide: {state.turn.decision}" in board.content, board.content
            r = await world.slash(world.alice, "roadwolf panel")
            panel = r.messages[-1]
            assert panel.ephemeral and "💀 **Decide**" in panel.content, panel.content
            assert state.turn.decision in panel.content
            labels = [str(label) for label, _, _ in panel.buttons]
            spend = next(x for x in labels if x.startswith("💀 Spend a Skull: ignore "))
            assert any(x.startswith("💥 Take ") for x in labels), labels
            token = state.mission.letters("enemy_pending")[1]
            assert token.upper() in spend, (token, spend)
            cid = next(c for label, c, _ in panel.buttons if str(label) == spend)
            r = await world.fake.click(world.alice, _now(world, panel), str(cid))
            await r.settle(0.2)
            after = await world.bot.service.latest(world.channel.id)
            assert isinstance(after.state, RwState)
            assert after.state.mission.count(f"skulls:{side}") == skulls - 1
            assert after.version > snap.version
            pressed = 1
            continue
        assert SPEC.policy is not None
        choice = SPEC.policy(state, alice, Rng.for_step(7 + game, step))
        assert not isinstance(choice, DecideAction) or pressed
        r = await world.slash(world.alice, "roadwolf do", action=choice.model_dump_json())
        await r.settle(0.1)
    else:
        raise AssertionError("GAUNTLET did not end")
    assert snap.outcome is not None, snap.record
    return pressed


async def test_three_courier_sides_play_to_the_end(world: World) -> None:
    """Line 213: "All players are Couriers": Alice and two bot seats are three Courier sides
    (option `teams` 0: every player on their own). Alice plays typed (`/roadwolf do`, her
    judgement: the rules' policy), her Skull choices too, by the names the list offers
    ("💀 Spend a Skull: ignore …", "💥 Take …"); the bots play theirs. The game reaches
    its end, one score per side; nothing refused, nothing hidden shown in public."""
    r = await world.slash(world.alice, "game new", game="roadwolf")
    r = await world.slash(world.alice, "game option", setting="mission", value="GAUNTLET")
    assert "🚫" not in r.content, r.content
    for _ in range(2):
        r = await world.slash(world.alice, "game bot add")
        assert "(bot)" in r.content, r.content
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    decided = 0
    for step in range(2500):
        await world.bot.scheduler.tick()
        await world.bot.scheduler.settle()
        snap = await world.bot.service.latest(world.channel.id)
        if not snap.record.is_live:
            break
        alice = snap.player_of(world.alice.id)
        if alice not in snap.active_players:
            continue
        state = snap.state
        assert isinstance(state, RwState) and len(state.sides) == 3
        assert SPEC.policy is not None
        choice = SPEC.policy(state, alice, Rng.for_step(11, step))
        if isinstance(choice, DecideAction):  # typed by its name, as the list offers it
            icon = "💀" if choice.choice == "skull" else "💥"
            offered = await world.fake.autocomplete(
                world.alice, world.channel, "roadwolf do", focused="action", value=""
            )
            name = next(c["name"] for c in offered if c["name"].startswith(icon))
            r = await world.slash(world.alice, "roadwolf do", action=name)
            await r.settle(0.1)
            decided += 1
            continue
        r = await world.slash(world.alice, "roadwolf do", action=choice.model_dump_json())
        await r.settle(0.1)
    else:
        raise AssertionError("GAUNTLET with three sides did not end")
    final = snap.state
    assert isinstance(final, RwState) and final.finished, final.end_reason
    assert len(final.sides) == 3 and snap.outcome is not None
    assert not _refusals(world), _refusals(world)
    world.renders.check(world.fake)
    print(f"\nGAUNTLET, 3 sides: {final.end_reason}; Alice decided {decided} times")
