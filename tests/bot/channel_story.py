"""What the channel tells, as a reader scrolling it reads it: every public message as it
stands now (a turn's message holds its whole turn once play has passed on), oldest first.

The table tells a step as "#<seq> <name>: <line>; <line>" in its turn message, and the step
that hands the turn over in the next message's "since your last move" ("• <name> (n steps):
<step>; <step>"); `told` finds one step's words, said of its mover, either way."""

from __future__ import annotations

from tests.bot.conftest import World


def channel(world: World) -> str:
    """Every public message's words as they stand now, oldest first."""
    return "\n".join(m.content for m in world.public())


def told(world: World, who: str, words: str) -> bool:
    """Does a line of the channel tell `words` of `who` (their step, or their steps summed up)?"""
    for line in channel(world).splitlines():
        at = line.find(words)
        if at >= 0 and (f"{who}:" in line[:at] or f"{who} (" in line[:at]):
            return True
    return False


def told_step(world: World, log_line: str) -> bool:
    """Does the channel tell the step `/game log` tells as `log_line` ("#3 bob: words")?"""
    head, _, words = log_line.partition(": ")
    return told(world, head.split(" ", 1)[1], words)
