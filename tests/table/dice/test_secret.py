"""Secret rolls as the table decides them: who sees what, and their buttons pressed anywhere."""

from __future__ import annotations

import re

import pytest

from table.answers import Answer, Picture, Placeholder, Press
from table.dice import secret
from table.host import DAMAGED, Host
from table.service import ServiceError

ROLLER, GM, OTHER, GUILD, CHANNEL = 1, 2, 3, 10, 20


async def _made(host: Host, *, guild_id: int | None = GUILD) -> tuple[Answer, int]:
    made = await secret.make(
        host.service,
        user_id=ROLLER,
        guild_id=guild_id,
        channel_id=CHANNEL,
        expression="1d20+5 stealth",
        viewer_id=GM,
    )
    assert made.public is not None
    found = re.search(r"secret roll #(\d+)", made.public.content)
    assert found, made.public.content
    return made, int(found.group(1))


def _press(user_id: int, custom_id: str, *, guild_id: int | None = None) -> Press:
    """A press in a DM (no server) unless `guild_id` is given."""
    return Press(user_id, "someone", CHANNEL, guild_id, custom_id)


async def test_a_secret_roll_shows_the_roller_its_dice_and_the_channel_a_commitment(
    host: Host,
) -> None:
    """The roller sees the result with its dice; the channel a new notice naming the GM, with
    the commitment and the Show me and Reveal buttons."""
    made, number = await _made(host)
    (private,) = made.private
    assert "1d20 + 5" in private.content and isinstance(private.image, Picture)
    assert made.new and made.public is not None
    assert re.search(r"`[0-9a-f]{64}`", made.public.content)
    assert made.public.mentions == (GM,)
    ids = [b.custom_id for b in made.public.buttons]
    assert ids == [f"dice:show:{number}", f"dice:reveal:{number}"]


async def test_show_me_answers_the_gm_privately_and_refuses_anyone_else(host: Host) -> None:
    """A press in a DM: the GM sees the roll; a third member is told who may."""
    _, number = await _made(host)
    assert host.placeholder(f"dice:show:{number}") is Placeholder.PRIVATE
    shown = await host.press(_press(GM, f"dice:show:{number}"))
    assert shown.private and "1d20 + 5" in shown.private[0].content and shown.public is None
    with pytest.raises(ServiceError, match="only"):
        await host.press(_press(OTHER, f"dice:show:{number}"))


async def test_a_reveal_is_public_once_then_a_private_note(host: Host) -> None:
    """The first reveal publishes the seed; a second one tells the presser it was revealed."""
    _, number = await _made(host, guild_id=None)
    assert host.placeholder(f"dice:reveal:{number}") is Placeholder.NONE
    revealed = await host.press(_press(ROLLER, f"dice:reveal:{number}"))
    assert revealed.public is not None and "Seed:" in revealed.public.content
    assert not revealed.new  # answered in place of a public placeholder (`/dice reveal`)
    again = await host.press(_press(GM, f"dice:reveal:{number}", guild_id=GUILD))
    assert again.public is None and "revealed already" in again.private[0].content


async def test_a_damaged_dice_button_is_refused(host: Host) -> None:
    """A dice id of another shape is refused in words, not silence."""
    for raw in ("dice:peek:1", "dice:show:x", "dice:show:1:2"):
        assert host.knows(raw) and host.works_anywhere(raw)
        with pytest.raises(ServiceError, match=re.escape(DAMAGED)):
            await host.press(_press(ROLLER, raw))


async def test_a_verified_roll_names_its_commitment(host: Host) -> None:
    """/dice verify of a revealed roll recomputes its hash; an unrevealed one is refused."""
    _, number = await _made(host)
    with pytest.raises(ServiceError, match="not revealed yet"):
        await secret.check(host.service, roll_id=number, seed=None, expression=None, posted=None)
    await secret.reveal(host.service, ROLLER, number)
    checked = await secret.check(
        host.service, roll_id=number, seed=None, expression=None, posted=None
    )
    assert checked.private[0].content.startswith("✅ Verified")


async def test_only_unrevealed_rolls_are_offered_to_reveal(host: Host) -> None:
    """The reveal's autocomplete offers the GM's hidden rolls, by number."""
    _, number = await _made(host)
    assert await secret.hidden(host.service, GM, "#") == [(f"#{number}: 1d20+5 stealth", number)]
    await secret.reveal(host.service, GM, number)
    assert await secret.hidden(host.service, GM, "") == []
