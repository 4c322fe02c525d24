"""Secret rolls: only the roller (and the member it is for) see it; anyone can verify it later.

`/roll secret:true [for:@gm]` keeps a fresh secret seed (`secrets.token_hex`) in storage, shows
the roll privately, and posts in the channel that a secret roll was made, with its number and
commitment and two buttons: "Show me" (the roller or the named member see the result,
privately) and "Reveal" (publishes the roll, its seed and expression). `/dice reveal` does the
same as the button; `/dice verify` recomputes the hash and the faces (see games/dice/secret.py
for the recipe). The seed never leaves storage before the reveal; the roll is rolled again
from it whenever it is shown, so nothing but the seed needs keeping.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from bot.dice.answers import dice_groups
from bot.replies import Reply
from games.dice import DiceRoll
from games.dice.secret import commitment, roll_from_seed, verify
from render.dice import render_dice
from storage.queries.dice import SecretRollRow
from table.answers import ButtonSpec, Message, Picture
from table.messages import mention
from table.service import ServiceError

if TYPE_CHECKING:
    from bot.table import Table

NAMESPACE = "dice"
SHOW, REVEAL = "show", "reveal"


def button_id(verb: str, roll_id: int) -> str:
    return f"{NAMESPACE}:{verb}:{roll_id}"


def parse_button(custom_id: str) -> tuple[str, int] | None:
    parts = custom_id.split(":")
    if len(parts) != 3 or parts[0] != NAMESPACE or parts[1] not in (SHOW, REVEAL):
        return None
    return (parts[1], int(parts[2])) if parts[2].isdigit() else None


def _who(row: SecretRollRow) -> str:
    return mention(row.roller_id) + (f" for {mention(row.viewer_id)}" if row.viewer_id else "")


def _result_lines(roll: DiceRoll) -> str:
    label = f" *{roll.label}*" if roll.label else ""
    return f"`{roll.expression}`{label}\n{roll.breakdown}"


async def _image(table: Table, roll: DiceRoll) -> bytes | None:
    groups = dice_groups(roll)
    return await table.renderer.run(render_dice, groups) if groups else None


async def make(
    table: Table,
    reply: Reply,
    *,
    expression: str,
    viewer_id: int | None,
) -> None:
    """Roll in secret: the result privately, then a public notice with the commitment."""
    seed = secrets.token_hex(32)
    roll = roll_from_seed(seed, expression)  # refusals raise DiceError before anything is kept
    interaction = reply.interaction
    row = await table.service.repo.add_secret_roll(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id or 0,
        roller_id=reply.user_id,
        viewer_id=viewer_id if viewer_id != reply.user_id else None,
        expression=expression.strip(),
        seed=seed,
        commitment=commitment(seed, expression),
    )
    await reply.answer(await private_view(table, row, roll), ephemeral=True)
    await reply.publish(notice(row))


async def private_view(table: Table, row: SecretRollRow, roll: DiceRoll | None = None) -> Message:
    roll = roll or roll_from_seed(row.seed, row.expression)
    shown_to = "you" + (f" and {mention(row.viewer_id)}" if row.viewer_id else "")
    content = (
        f"🔒 Secret roll #{row.id} by {_who(row)} (only {shown_to} can see it until it is "
        f"revealed)\n{_result_lines(roll)}"
    )[:1990]
    return Message(content=content, image=await _image(table, roll), filename="roll.png")


def notice(row: SecretRollRow) -> Message:
    """What the channel sees: who rolled, for whom, the commitment, Show me and Reveal."""
    content = (
        f"🔒 {_who(row)} made secret roll #{row.id}. Commitment (SHA-256 of its seed and "
        f"expression): `{row.commitment}`. When it is revealed, anyone can check it with "
        f"`/dice verify roll:{row.id}`."
    )
    buttons = (
        ButtonSpec("👁 Show me", button_id(SHOW, row.id)),
        ButtonSpec("📣 Reveal", button_id(REVEAL, row.id), style="primary"),
    )
    mentions = (row.viewer_id,) if row.viewer_id else ()
    return Message(content=content, buttons=buttons, mentions=mentions)


def revealed_board(row: SecretRollRow, roll: DiceRoll, image: bytes | Picture | None) -> Message:
    content = (
        f"📣 Secret roll #{row.id} by {_who(row)}, revealed: {_result_lines(roll)}\n"
        f"Seed: `{row.seed}`\nCommitment: `{row.commitment}` = SHA-256 of "
        f'"redline-secret-roll:v1\\n" + seed + "\\n" + `{row.expression}`. '
        f"Check it: `/dice verify roll:{row.id}`."
    )[:1990]
    return Message(content=content, image=image, filename="roll.png")


async def _load(table: Table, roll_id: int) -> SecretRollRow:
    row = await table.service.repo.get_secret_roll(roll_id)
    if row is None:
        raise ServiceError(f"there is no secret roll #{roll_id}")
    return row


async def show(table: Table, reply: Reply, roll_id: int) -> None:
    """The result, privately, to the roller or the member it is for (to anyone once revealed)."""
    row = await _load(table, roll_id)
    if not row.is_revealed and not row.may_see(reply.user_id):
        raise ServiceError(
            f"only {_who(row)} can see secret roll #{row.id} before it is revealed; "
            "ask them to reveal it"
        )
    await reply.answer(await private_view(table, row), ephemeral=True)


async def reveal(table: Table, reply: Reply, roll_id: int) -> None:
    """Publish the roll with its seed: only the roller or the member it was made for may."""
    row = await _load(table, roll_id)
    if not row.may_see(reply.user_id):
        raise ServiceError(
            f"only {_who(row)} can reveal secret roll #{row.id}; "
            f"once revealed, anyone can check it with `/dice verify roll:{row.id}`"
        )
    revealed, here = await table.service.repo.reveal_secret_roll(row.id)
    assert revealed is not None
    roll = roll_from_seed(revealed.seed, revealed.expression)
    board = revealed_board(revealed, roll, await _image(table, roll))
    if not here:
        await reply.answer(
            Message(content=f"Secret roll #{row.id} was revealed already:\n{board.content}"[:1990]),
            ephemeral=True,
        )
        return
    await reply.answer(board, ephemeral=False)


async def check(
    table: Table,
    reply: Reply,
    *,
    roll_id: int | None,
    seed: str | None,
    expression: str | None,
    posted: str | None,
) -> None:
    """Recompute a revealed roll's hash and faces; a seed or expression that does not hash to
    the commitment posted with the roll is refused with both hashes."""
    if roll_id is not None:
        row = await _load(table, roll_id)
        if not row.is_revealed:
            raise ServiceError(
                f"secret roll #{row.id} is not revealed yet; {_who(row)} can reveal it"
            )
        posted, seed, expression = row.commitment, seed or row.seed, expression or row.expression
    if not (posted and seed and expression):
        raise ServiceError(
            "name a revealed roll (`roll:`), or give its `commitment`, `seed` and `expression`"
        )
    verdict = verify(posted, seed, expression)
    if not verdict.ok or verdict.roll is None:
        raise ServiceError(f"❌ not verified: {verdict.problem}")
    roll = verdict.roll
    total = f"total {roll.total}"
    await reply.answer(
        Message(
            content=(
                f"✅ Verified: SHA-256 of the seed and `{roll.expression}` is the commitment "
                f"`{verdict.expected}`, and the seed gives {roll.plain} ({total})."
            )[:1990]
        ),
        ephemeral=True,
    )
