"""Secret rolls: only the roller (and the member it is for) see it; anyone can verify it later.

`/roll secret:true [for:@gm]` keeps a fresh secret seed (`secrets.token_hex`) in storage, shows
the roll privately, and posts in the channel that a secret roll was made, with its number and
commitment and two buttons: "Show me" (the roller or the named member see the result,
privately) and "Reveal" (publishes the roll, its seed and expression). `/dice reveal` does the
same as the button; `/dice verify` recomputes the hash and the faces (see games/dice/secret.py
for the recipe). The seed never leaves storage before the reveal; the roll is rolled again
from it whenever it is shown, so nothing but the seed needs keeping.

The buttons are the host's extra verbs (`VERBS`): they name a roll, not a game's session, and
work anywhere, in DMs too.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import ClassVar, Self

from games.dice import DiceRoll
from games.dice.secret import commitment, roll_from_seed, verify
from storage.queries.dice import SecretRollRow
from table.answers import Answer, ButtonSpec, Message, Picture, Placeholder, Press, plain
from table.dice.pictures import roll_picture
from table.gametable import TableHost, Verbs
from table.ids import MAX_DIGITS, MAX_LEN, ButtonId
from table.messages import mention
from table.service import GameService, ServiceError

NAMESPACE = "dice"
SHOW, REVEAL = "show", "reveal"


@dataclass(frozen=True)
class SecretRollButton(ButtonId):
    """`dice:<show|reveal>:<roll>`: a secret roll's button. It names the roll (its `payload`),
    no session (the notices posted before the shared codec keep this shape)."""

    PREFIX: ClassVar[str] = NAMESPACE
    TEMPLATE: ClassVar[re.Pattern[str]] = re.compile(
        rf"{NAMESPACE}:(?P<verb>{SHOW}|{REVEAL}):(?P<roll>\d{{1,{MAX_DIGITS}}})"
    )

    @classmethod
    def of(cls, verb: str, roll_id: int) -> Self:
        return cls(verb, 0, 0, str(roll_id))

    def encode(self) -> str:
        return f"{self.PREFIX}:{self.verb}:{self.payload}"

    @classmethod
    def decode(cls, custom_id: str) -> Self | None:
        match = cls.TEMPLATE.fullmatch(custom_id) if len(custom_id) <= MAX_LEN else None
        return None if match is None else cls.of(match["verb"], int(match["roll"]))


def button_id(verb: str, roll_id: int) -> str:
    return SecretRollButton.of(verb, roll_id).encode()


def _who(row: SecretRollRow) -> str:
    return mention(row.roller_id) + (f" for {mention(row.viewer_id)}" if row.viewer_id else "")


def _result_lines(roll: DiceRoll) -> str:
    label = f" *{roll.label}*" if roll.label else ""
    return f"`{roll.expression}`{label}\n{roll.breakdown}"


async def make(
    service: GameService,
    *,
    user_id: int,
    guild_id: int | None,
    channel_id: int,
    expression: str,
    viewer_id: int | None,
) -> Answer:
    """Roll in secret: the result privately, then a public notice with the commitment."""
    seed = secrets.token_hex(32)
    roll = roll_from_seed(seed, expression)  # refusals raise DiceError before anything is kept
    row = await service.repo.add_secret_roll(
        guild_id=guild_id,
        channel_id=channel_id,
        roller_id=user_id,
        viewer_id=viewer_id if viewer_id != user_id else None,
        expression=expression.strip(),
        seed=seed,
        commitment=commitment(seed, expression),
    )
    return Answer(private=(private_view(row, roll),), public=notice(row), new=True)


def private_view(row: SecretRollRow, roll: DiceRoll | None = None) -> Message:
    roll = roll or roll_from_seed(row.seed, row.expression)
    shown_to = "you" + (f" and {mention(row.viewer_id)}" if row.viewer_id else "")
    content = (
        f"🔒 Secret roll #{row.id} by {_who(row)} (only {shown_to} can see it until it is "
        f"revealed)\n{_result_lines(roll)}"
    )[:1990]
    image = roll_picture(roll)
    return Message(content=content, image=image, filename="roll.png", alt=plain(content))


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
    return Message(content=content, image=image, filename="roll.png", alt=plain(content))


async def _load(service: GameService, roll_id: int) -> SecretRollRow:
    row = await service.repo.get_secret_roll(roll_id)
    if row is None:
        raise ServiceError(f"there is no secret roll #{roll_id}")
    return row


async def show(service: GameService, user_id: int, roll_id: int) -> Answer:
    """The result, privately, to the roller or the member it is for (to anyone once revealed)."""
    row = await _load(service, roll_id)
    if not row.is_revealed and not row.may_see(user_id):
        raise ServiceError(
            f"only {_who(row)} can see secret roll #{row.id} before it is revealed; "
            "ask them to reveal it"
        )
    return Answer(private=(private_view(row),))


async def reveal(service: GameService, user_id: int, roll_id: int) -> Answer:
    """Publish the roll with its seed: only the roller or the member it was made for may."""
    row = await _load(service, roll_id)
    if not row.may_see(user_id):
        raise ServiceError(
            f"only {_who(row)} can reveal secret roll #{row.id}; "
            f"once revealed, anyone can check it with `/dice verify roll:{row.id}`"
        )
    revealed, here = await service.repo.reveal_secret_roll(row.id)
    assert revealed is not None
    roll = roll_from_seed(revealed.seed, revealed.expression)
    if not here:
        board = revealed_board(revealed, roll, None)
        return Answer.told(f"Secret roll #{row.id} was revealed already:\n{board.content}")
    return Answer(public=revealed_board(revealed, roll, roll_picture(roll)))


async def check(
    service: GameService,
    *,
    roll_id: int | None,
    seed: str | None,
    expression: str | None,
    posted: str | None,
) -> Answer:
    """Recompute a revealed roll's hash and faces; a seed or expression that does not hash to
    the commitment posted with the roll is refused with both hashes."""
    if roll_id is not None:
        row = await _load(service, roll_id)
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
    return Answer.told(
        f"✅ Verified: SHA-256 of the seed and `{roll.expression}` is the commitment "
        f"`{verdict.expected}`, and the seed gives {roll.plain} ({total})."
    )


async def hidden(service: GameService, user_id: int, typed: str) -> list[tuple[str, int]]:
    """The user's secret rolls not revealed yet whose number holds `typed`: (label, number)."""
    rows = await service.repo.hidden_secret_rolls(user_id)
    found = [r for r in rows if typed.strip("#") in str(r.id)]
    return [(f"#{r.id}: {r.expression}"[:100], r.id) for r in found][:25]


async def _show(host: TableHost, press: Press, bid: ButtonId) -> Answer:
    return await show(host.service, press.user_id, int(bid.payload))


async def _reveal(host: TableHost, press: Press, bid: ButtonId) -> Answer:
    return await reveal(host.service, press.user_id, int(bid.payload))


VERBS = Verbs(
    namespace=NAMESPACE,
    codec=SecretRollButton,
    handlers={SHOW: _show, REVEAL: _reveal},
    placeholders={SHOW: Placeholder.PRIVATE},  # a reveal posts a new public message
)
