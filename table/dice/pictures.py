"""The dice's pictures: a roll's dice, a table or a chart of odds, drawn by `render.dice`."""

from __future__ import annotations

from collections.abc import Callable

from games.dice import DiceRoll
from render.dice import DiceGroup, render_dice
from table.answers import Picture


def picture(draw: Callable[..., bytes], *args: object, **kwargs: object) -> Picture:
    """`draw(*args, **kwargs)` to draw: of no session (dice are not a game), so it draws no
    game's view, and named after its drawing function in the renderer's log and metrics."""
    return Picture(draw.__name__, "dice", None, draw, args, kwargs)


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


def roll_picture(roll: DiceRoll) -> Picture | None:
    """A roll's dice (None for a roll of no dice, `/roll 3+4`)."""
    groups = dice_groups(roll)
    return picture(render_dice, groups) if groups else None
