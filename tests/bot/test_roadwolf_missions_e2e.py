"""Road Wolf through the fake Discord, beyond the first three missions' flow: the panel's setup
menus (place a vehicle, set its crew order) and the issue-14 missions played to their end.
No hidden token may appear in a public message or image before it is used
(`world.renders.check`, see `tests/bot/hidden.py`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from fakediscord import FakeMessage
from fakediscord.records import walk_components
from games.roadwolf.actions import TrainAction
from games.roadwolf.data import MISSION_NAMES
from games.roadwolf.model import RwState
from tests.bot.conformance_driver import OUTCOME
from tests.bot.conftest import World
from tests.bot.roadwolf_driver import (
    MAX_PRESSES,
    Driver,
    Steps,
    bots_to_the_end,
    do,
    game_state,
    judged,
    latest,
    lobby,
    now,
    open_panel,
    press,
    refusals,
)


def _select(message: FakeMessage) -> dict[str, Any]:
    menus = [c for c in walk_components(message.components) if c.get("type") == 3]
    assert menus, message.content
    return menus[0]


async def test_a_vehicle_is_placed_and_its_crew_ordered_from_the_panel(world: World) -> None:
    """THE PRESIDENT: Alice opens her panel, 🛠 Place / crew…, 📍 the Limo: a picture of the
    starting positions the rules accept (the rules' own check), numbered; she taps 2 and the
    Limo is placed there. She puts a Gunner and a Brawler on it, then 🧍 Crew order…: taps
    the Brawler then the Gunner and ✅ Sets it; the rules keep that order (rule 40)."""
    await lobby(world, "THE PRESIDENT")
    panel = await open_panel(world)
    menu = await press(world, panel, "🛠 Place / crew")
    menu = await press(world, menu, "📍 A ")
    assert menu.files and "Where does **Limo A** start" in menu.content, menu.content
    await press(world, menu, "2")
    assert not refusals(world), refusals(world)
    limo = (await game_state(world)).vehicle("A")
    assert (limo.x, limo.y, limo.placed) == (11, 0, True)  # on the road, at the START
    # two crew on the Limo, then their order
    for token in ("Gunner on A", "Brawler on A"):
        panel = await press(world, await open_panel(world), "🎒 Tokens for A")
        await press(world, panel, token)
    assert not refusals(world), refusals(world)
    menu = await press(world, await open_panel(world), "🛠 Place / crew")
    menu = await press(world, menu, "📍 A ")
    menu = await press(world, menu, "🧍 Crew order")
    menu = await press(world, menu, "1. Brawler")
    assert "Brawler" in menu.content and "So far" in menu.content
    menu = await press(world, menu, "2. Gunner")
    await press(world, menu, "✅ Set crew order")
    assert not refusals(world), refusals(world)
    limo = (await game_state(world)).vehicle("A")
    kinds = {t.id: t.kind for t in limo.crew}
    assert [kinds[i] for i in limo.loss_order] == ["brawler", "gunner"], limo.loss_order
    world.renders.check(world.fake)


async def test_the_mission_option_offers_every_mission_by_its_name(world: World) -> None:
    """`/game option setting:mission` offers every mission named as the rules text names it,
    and each one is accepted."""
    r = await world.slash(world.alice, "game new", game="roadwolf")
    offered = await world.fake.autocomplete(
        world.alice, world.channel, "game option", focused="value", value="", setting="mission"
    )
    assert [c["value"] for c in offered] == list(MISSION_NAMES), offered
    for mission in MISSION_NAMES:
        r = await world.slash(world.alice, "game option", setting="mission", value=mission)
        assert "🚫" not in r.content, r.content


CLASSIC = ("INTERCEPTOR", "BREAKOUT", "THE PRESIDENT")


@pytest.mark.parametrize("mission", [m for m in MISSION_NAMES if m not in CLASSIC])
async def test_each_new_mission_is_played_by_bots_to_its_end(world: World, mission: str) -> None:
    """Each issue-14 mission with Alice and a bot seat: her clock runs out every turn and the
    bot plays her side too (and the mission's own steps run), until the game ends; the boards
    posted on the way show no hidden token."""
    await bots_to_the_end(world, mission)
    state = await game_state(world)  # the game as it ended
    assert state.finished and state.end_reason, state.end_reason


def _train_actions(snap: Any, player: int) -> list[TrainAction]:
    if player not in snap.active_players:
        return []
    return [a for a in snap.legal_actions(player) if isinstance(a, TrainAction)]


async def _press_on_panel(world: World, action: TrainAction) -> bool:
    """Alice's panel: pick the vehicle if asked, then press the action's button (or pick it in
    "More actions…"). True if it was there to press."""
    words = {"board": "boards", "search": "searches", "drive_train": "drives the train"}
    wanted = f"{action.vehicle} {words[action.kind]}"
    panel = await open_panel(world)
    for _ in range(2):
        for text, cid, _disabled in panel.buttons:
            if wanted in str(text) and (
                action.kind != "board" or str(text).endswith(action.target)
            ):
                await world.fake.click(world.alice, panel, str(cid))
                return True
        for menu in (c for c in walk_components(panel.components) if c.get("type") == 3):
            for option in menu["options"]:
                if wanted in option["label"]:
                    await world.fake.select(
                        world.alice, panel, menu["custom_id"], [option["value"]]
                    )
                    return True
        pick = [
            cid for text, cid, _ in panel.buttons if str(text).startswith(f"🚗 {action.vehicle} ")
        ]
        if not pick:
            return False
        await world.fake.click(world.alice, panel, str(pick[0]))
        panel = now(world, panel)
    return False


async def _board_by_picker(world: World, action: TrainAction) -> bool:
    """Alice's panel: the vehicle's "🧗 Who boards …" menu, one crew member who is not driving,
    then 🧗 Board. False if the vehicle has no such menu (a crew of one)."""
    panel = await open_panel(world)
    pick = [cid for text, cid, _ in panel.buttons if str(text).startswith(f"🚗 {action.vehicle} ")]
    if pick:
        await world.fake.click(world.alice, panel, str(pick[0]))
    panel = now(world, panel)
    who = [c for t, c, _ in panel.buttons if str(t) == f"🧗 Who boards {action.target}…"]
    if not who:
        return False
    menu = await press(world, panel, f"🧗 Who boards {action.target}")
    assert "nobody yet" in menu.content, menu.content
    crew = [str(t) for t, _, _ in menu.buttons if str(t).startswith("+ ")]
    first = next((t for t in crew if "(driving)" not in t), crew[0])
    menu = await press(world, menu, first)
    assert first[2:] in menu.content, menu.content
    await press(world, menu, f"🧗 Board {action.target} with 1")
    return True


@pytest.mark.parametrize("mission", ["GAUNTLET", "DERAILED"])
async def test_played_by_a_person_against_a_bot_to_its_end(world: World, mission: str) -> None:
    """GAUNTLET and DERAILED, Alice against a bot, the mission's own steps (enemy attacks, the
    train) run between turns. Alice plays every move herself, typed with `/roadwolf do` (her
    judgement: the rules' policy); in DERAILED, when she may board a train car, search a
    Gondola or drive the train (at first, and whenever her judgement picks one) she does it
    from her panel's buttons, which say what they do. The game reaches its end; nothing she
    does is refused; no hidden token shows in public."""
    await lobby(world, mission, bots=1)
    pressed: list[str] = []
    typed = 0
    steps = Steps(world)
    async for step, snap, state, alice in steps.turns(1500):
        choice = judged(state, alice, 7, step)
        found = _train_actions(snap, alice)
        if isinstance(choice, TrainAction) or (found and len(pressed) < 3):
            action = choice if isinstance(choice, TrainAction) else found[0]
            first_board = action.kind == "board" and "picked" not in pressed
            if first_board and await _board_by_picker(world, action):
                pressed.append("picked")  # who climbs, named on the panel
            elif action.kind == "search" and "typed search" not in pressed:
                words = f"🔍 {action.vehicle} searches the Gondola"  # as the list offers it
                offered = await world.fake.autocomplete(
                    world.alice, world.channel, "roadwolf do", focused="action", value="search"
                )
                assert words in [c["name"] for c in offered], offered
                await do(world, words)
                pressed.append("typed search")
            else:
                assert await _press_on_panel(world, action), action
                pressed.append(action.kind)
        else:
            await do(world, choice)
            typed += 1
        assert not refusals(world), refusals(world)
        after = await latest(world)
        assert after.version > snap.version, (step, choice)
    assert steps.ended, f"{mission} did not end"
    snap = steps.last
    assert snap.outcome is not None and isinstance(snap.state, RwState)
    assert snap.state.finished, snap.state.end_reason
    if mission == "DERAILED":
        assert {"board", "picked", "typed search"} <= set(pressed), pressed
    world.renders.check(world.fake)
    print(f"\n{mission}: {typed} typed, {pressed} on the panel: {snap.state.end_reason}")


@pytest.mark.parametrize("mission", ["GAUNTLET", "DERAILED", "TWO-WHEEL TERROR"])
async def test_played_by_two_people_on_their_panels_to_its_end(world: World, mission: str) -> None:
    """Alice and Bob build and play the mission by their panels' buttons and menus alone (the
    issue-13 driver: buy, tokens, pick a vehicle, move in three taps and confirm on the
    preview, shoot when offered, anything else the panel offers), to the end; nothing refused,
    no hidden token in public. TWO-WHEEL TERROR's six bikes put the token pick in a menu."""
    await lobby(world, mission)
    driver = Driver(world, [world.alice, world.bob], random.Random(5), max_steps=MAX_PRESSES)
    final = await driver.play()
    assert OUTCOME in final.content, final.content
    assert not refusals(world), refusals(world)
    assert driver.used["move confirmed on its preview"], driver.used
    world.renders.check(world.fake)
    print(f"\n{mission} by buttons: {driver.presses} presses, {dict(driver.used)}")
