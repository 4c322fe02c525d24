"""Space Truckin' choices in words a trucker reads at a glance: losses name the system, its
shape and where it sits (not a piece number drawn 8 px tall); nothing on a button path asks
them to type."""

from __future__ import annotations

import re

from games.spacetruckin import SPEC
from games.spacetruckin.models import Build
from tests.bot.conftest import World
from tests.bot.spacetruckin_driver import ahead_offered, choose
from tests.bot.test_spacetruckin_e2e import _inject, _seated, _start
from tests.games.spacetruckin.helpers import at_location, built_sheet

A_LOSS = re.compile(r"^Lose (Reactor|Quarters|Engine|Weapons|Cargo) \([ILTSO]\) at [A-K]\d{1,2}")


async def test_a_consequence_names_each_system_in_words(world: World) -> None:
    """Dice 3 and 4: every loss button says which system, its shape and its grid."""
    table = await _start(world, 15)
    sheet = built_sheet(world.alice.id, "Hammerhead", "Grizzled")
    state = at_location(sheet, location=1, stage="hit", tasks=("hit", "jump"), hit_dice=(3, 4))
    await _inject(world, _seated(state, world.alice.id, world.alice.name))
    message = await table.open_sheet(world.alice)
    losses = list(ahead_offered(message, SPEC.legal_actions(state, world.alice.id)))
    assert losses and all(A_LOSS.match(label) for label in losses), losses
    assert "numbered" not in message.content


async def test_two_consequences_in_one_tap_are_told_so(world: World) -> None:
    """When every pair fits as a button, the sheet does not ask for a first and a second tap."""
    table = await _start(world, 15)
    sheet = built_sheet(world.alice.id, "Hammerhead", "Grizzled")
    state = at_location(
        sheet, location=1, stage="hit_two", tasks=("hit_two", "jump"), hit_dice=(1, 1)
    )
    await _inject(world, _seated(state, world.alice.id, world.alice.name))
    message = await table.open_sheet(world.alice)
    pairs = [str(label) for label, cid, _ in message.buttons if cid.startswith("rl:a:")]
    assert pairs and all(" + " in label for label in pairs), pairs
    assert "then the" not in message.content, message.content


async def test_the_shipyard_never_asks_to_type(world: World) -> None:
    """From the first pick to its preview, no word asks to type and no label reads `r1 f`."""
    table = await _start(world, 15)
    for _ in range(40):
        state = await table.state()
        action = choose(state, world.alice.id)
        if isinstance(action, Build):
            break
        await table.play(world.alice, action)
    message = table.private(world.alice) or await table.open_sheet(world.alice)
    menu = next(c for c in _selects(message) if c["custom_id"].startswith("st:sp:"))
    shown = [message.content, *(str(o["label"]) for o in menu["options"])]
    result = await world.fake.select(
        world.alice, message, menu["custom_id"], [menu["options"][0]["value"]]
    )
    await result.wait_followups(1)
    preview = world.fake.store.messages[message.id]
    shown += [preview.content, *(str(label) for label, _, _ in preview.buttons)]
    for text in shown:
        assert not re.search(r"\btype\b|\br[0-3]\b", text, re.IGNORECASE), text
    assert any(str(label).startswith("✅ Pip on") for label, _, _ in preview.buttons)


def _selects(message: object) -> list[dict[str, object]]:
    from fakediscord.records import walk_components

    return [c for c in walk_components(message.components) if c.get("type") == 3]  # type: ignore[attr-defined]
