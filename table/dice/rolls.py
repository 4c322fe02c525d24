"""`/roll` and `/contest`: a roll's result and its dice, for everyone in the channel."""

from __future__ import annotations

import secrets

from games.dice import contest_odds, roll_contest, roll_notation
from games.engine import Rng
from render.dice import DiceGroup, render_dice
from table.answers import Answer, Message, plain
from table.dice.odds import contest_odds_line
from table.dice.pictures import picture, roll_picture
from table.messages import mention


def fresh_rng() -> Rng:
    """Dice rulings outside a game are not replayed, so a fresh secret seed per roll."""
    return Rng(secrets.randbits(64))


def clip(text: str, limit: int = 1990) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def roll(user_id: int, expression: str, *, saved_as: str | None = None) -> Answer:
    """Roll `expression` for `user_id`, shown to the channel with its dice (a refusal raises
    `DiceError` before any die is rolled)."""
    result = roll_notation(expression, fresh_rng())
    label = f" *{result.label}*" if result.label else ""
    saved = f" (saved roll `{saved_as}`)" if saved_as else ""
    content = clip(
        f"🎲 {mention(user_id)} rolled `{result.expression}`{label}{saved}\n{result.breakdown}"
    )
    image = roll_picture(result)
    return Answer(
        public=Message(content=content, image=image, filename="roll.png", alt=plain(content))
    )


def contest(attacker: int, defender: int, attacker_rerolls: int, defender_rerolls: int) -> Answer:
    """A contested roll as in Road Wolf (highest die, then next), with the matchup's exact odds
    before rerolls and both sides' dice."""
    result = roll_contest(
        attacker,
        defender,
        fresh_rng(),
        a_rerolls=attacker_rerolls,
        b_rerolls=defender_rerolls,
        names=("Attacker", "Defender"),
    )
    groups = [
        DiceGroup(
            label=f"Attacker ({attacker}d6)", faces=result.result.a, total=max(result.result.a)
        ),
        DiceGroup(
            label=f"Defender ({defender}d6)", faces=result.result.b, total=max(result.result.b)
        ),
    ]
    odds = contest_odds(attacker, defender)
    return Answer(
        public=Message(
            content=clip(f"⚔️ {result.explanation}\n{contest_odds_line(odds)}"),
            image=picture(render_dice, groups, title="Contested roll"),
            filename="contest.png",
            alt=plain(f"Contested roll: {result.explanation}"),
        )
    )
