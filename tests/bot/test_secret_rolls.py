"""Secret rolls end to end: made for a GM, shown to them only, revealed, verified by others."""

from __future__ import annotations

import re

from tests.bot.conftest import World


def _number(text: str) -> int:
    found = re.search(r"secret roll #(\d+)", text)
    assert found, text
    return int(found.group(1))


async def test_secret_roll_for_a_gm_then_revealed_and_verified(world: World) -> None:
    """alice rolls for bob (the GM): only they see it; bob reveals; carol verifies it."""
    r = await world.slash(world.alice, "roll", expression="1d20+5 stealth", secret=True,
                          options={"for": world.bob})  # fmt: skip
    await r.wait_followups(1)
    private, notice = r.messages[0], r.messages[-1]
    assert private.ephemeral and "1d20 + 5" in private.content
    assert not notice.ephemeral and "commitment" in notice.content.lower()
    assert world.bob.id in notice.notified_ids
    commitment = re.search(r"`([0-9a-f]{64})`", notice.content)
    assert commitment is not None
    number = _number(notice.content)
    assert str(re.search(r"= (\d+)", private.content)) not in notice.content

    shown = await world.fake.click(world.carol, notice, f"dice:show:{number}")
    assert shown.ephemeral and "only" in shown.content  # carol is neither roller nor GM
    shown = await world.fake.click(world.bob, notice, f"dice:show:{number}")
    assert shown.ephemeral and "1d20 + 5" in shown.content

    revealed = await world.slash(world.bob, "dice reveal", roll=number)
    assert not revealed.ephemeral
    assert commitment.group(1) in revealed.content and "Seed:" in revealed.content

    checked = await world.slash(world.carol, "dice verify", roll=number)
    assert checked.ephemeral and checked.content.startswith("✅ Verified")


async def test_a_tampered_reveal_is_refused_with_the_reason(world: World) -> None:
    """A seed that is not the committed one is refused, naming both hashes."""
    r = await world.slash(world.alice, "roll", expression="1d20", secret=True)
    await r.wait_followups(1)
    number = _number(r.messages[-1].content)
    await world.slash(world.alice, "dice reveal", roll=number)
    forged = await world.slash(world.carol, "dice verify", roll=number, seed="f" * 64)
    assert forged.ephemeral
    assert "not verified" in forged.content and "commitment posted" in forged.content


async def test_only_the_roller_or_gm_may_reveal(world: World) -> None:
    """Someone else's reveal is refused; the roll stays hidden."""
    r = await world.slash(world.alice, "roll", expression="2d6", secret=True)
    await r.wait_followups(1)
    number = _number(r.messages[-1].content)
    refused = await world.slash(world.carol, "dice reveal", roll=number)
    assert refused.ephemeral and "only" in refused.content


async def test_a_secret_roll_survives_a_restart(world: World) -> None:
    """A roll made before a restart is revealed by its button after it."""
    r = await world.slash(world.alice, "roll", expression="3d6", secret=True)
    await r.wait_followups(1)
    notice = r.messages[-1]
    number = _number(notice.content)
    await world.stop_bot()
    await world.start_bot()
    click = await world.fake.click(world.alice, notice, f"dice:reveal:{number}")
    await click.wait_followups(1)
    assert "revealed" in click.messages[-1].content and "Seed:" in click.messages[-1].content
