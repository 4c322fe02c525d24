"""What the exact-odds answers say: the headline chance, a table of totals, the alt text."""

from __future__ import annotations

from fractions import Fraction

from games.dice import ContestOdds, DiceRoll, ExactOdds
from render.dice import DiceGroup
from table.answers import Message

MAX_TABLE_ROWS = 24
"""Rows in the table of totals; a longer distribution is shown at evenly spaced totals."""


def percent(p: Fraction) -> str:
    """A probability as a percentage that never shows a possible event as 0.00%."""
    value = float(p) * 100
    if 0 < value < 0.01:
        return "< 0.01%"
    if 99.99 < value < 100:
        return "> 99.99%"
    return f"{value:.2f}%"


def _fraction(p: Fraction) -> str:
    text = str(p)
    return text if len(text) <= 40 else "a fraction too long to show"


def headline(odds: ExactOdds) -> str:
    asked = f"`{odds.expression}`" + (f" vs {odds.target}" if odds.target is not None else "")
    success = odds.success
    if success is not None:
        return f"📊 Exact odds of {asked}: **{percent(success)}** (= {_fraction(success)})"
    return f"📊 Exact odds of {asked}: mean **{float(odds.mean):.2f}**"


def table(odds: ExactOdds) -> str:
    """Totals with P(exactly) and P(at least), in a code block (evenly spaced if long)."""
    if odds.is_check:
        rows = [("fails", odds.chances[0]), ("succeeds", odds.at_least(1))]
        lines = [f"{name:>9}  {percent(p):>8}" for name, p in rows if p or name == "succeeds"]
        return "```\n" + "\n".join(lines) + "\n```"
    step = max(1, -(-len(odds.outcomes) // MAX_TABLE_ROWS))
    lines = [f"{'total':>7}  {'exactly':>8}  {'at least':>8}"]
    for index in range(0, len(odds.outcomes), step):
        value = odds.outcomes[index]
        shown = str(value) if isinstance(value, int) else f"{value:.2f}"
        lines.append(
            f"{shown:>7}  {percent(odds.chances[index]):>8}  {percent(odds.at_least(value)):>8}"
        )
    return "```\n" + "\n".join(lines) + "\n```"


def alt_text(odds: ExactOdds) -> str:
    """The chart in words: range, most likely total, mean, and the chance of success."""
    best = max(range(len(odds.chances)), key=lambda i: odds.chances[i])
    words = (
        f"Bar chart of the exact distribution of {odds.expression}: totals from "
        f"{odds.outcomes[0]} to {odds.outcomes[-1]}, most likely {odds.outcomes[best]} "
        f"({percent(odds.chances[best])}), mean {float(odds.mean):.2f}."
    )
    if odds.success is not None:
        words += f" Chance of success: {percent(odds.success)}."
    return words


def odds_board(odds: ExactOdds, image: bytes) -> Message:
    parts = [headline(odds), table(odds)]
    if odds.cutoff_note:
        parts.append(f"-# {odds.cutoff_note}")
    return Message(
        content="\n".join(parts)[:1990], image=image, filename="odds.png", alt=alt_text(odds)
    )


def contest_odds_line(odds: ContestOdds) -> str:
    return (
        f"-# Exact odds before rerolls: attacker {percent(odds.a_wins)}, tie {percent(odds.tie)}, "
        f"defender {percent(odds.b_wins)}"
    )


def dice_groups(roll: DiceRoll) -> list[DiceGroup]:
    groups = []
    for term in roll.terms:
        sides = term.sides
        faces = tuple(max(1, min(sides, f.value)) for f in term.faces)
        groups.append(
            DiceGroup(
                label=term.notation + (f" [{term.annotation}]" if term.annotation else ""),
                faces=faces,
                sides=sides,
                dropped=tuple(not f.kept for f in term.faces),
            )
        )
    return groups
