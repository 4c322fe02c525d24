"""Contested rolls as Road Wolf (and Sean Patten's DIE-CON) define them; `/contest` in the bot.

Rule 34 (`shared/rules/road-wolf.md`): sort both sides descending and compare the highest dice;
on a tie compare the next highest, and so on. Having a die where the other side has none wins;
equal all the way is a tie. **Overkill** = the number of the winner's dice strictly higher than
the loser's highest die.

Rerolls, house reading. The text: a Veteran may "reroll one die any time it is required to make
a die roll! You must keep the final roll even if it is worse than the original roll." So one
reroll is one die of the side's choice, rolled once more, and the new face stands. The bot
plays each side's rerolls for it, after both sides have rolled (the player sees the opposing
dice, as at the table):

- The side that is behind (side A on a tie) considers first; then the side that is ahead, which
  may still reroll to raise its overkill or to cut the opponent's (nothing forbids it).
- A side uses a reroll only if rerolling some die raises its expected result on the dice as
  they lie; it picks the die with the best expected result (the lowest such die on equal
  value). The result is scored +(100 + overkill) for a win, 0 for a tie and -(100 + overkill)
  for a loss, so winning always comes first and overkill second.
- After each reroll both sides look again, until neither wants to or has rerolls left.

Callers decide how many rerolls a side has: Road Wolf's Veteran gives 1, a Heavy vehicle
defending with a Veteran gets 0 (rule 16), a Gunner's free attack gets 0.
Dice are drawn in this order (for loaded-dice tests): A's dice, B's dice, then each reroll.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from games.dice.errors import DiceError
from games.dice.limits import MAX_CONTEST_DICE, MAX_REROLLS, MIN_CONTEST_DICE
from games.engine import DiceRolled, Model, PlayerId, Rng

Side = Literal["a", "b"]

_FACES = range(1, 7)
_WIN_VALUE = 100
"""Larger than any overkill (at most MAX_CONTEST_DICE), so a win outranks every overkill."""


class ContestResult(Model):
    """Who won a contested roll, by how much, and why in one sentence."""

    a: tuple[int, ...]
    """Side A's dice, highest first."""
    b: tuple[int, ...]
    winner: Side | None
    """None on a tie."""
    overkill: int
    decided_at: int | None
    """1-based position (after sorting) of the pair that decided; None on a tie."""
    explanation: str


class Reroll(Model):
    """One die a side rolled again; the new face stands even if it is worse."""

    side: Side
    old: int
    new: int


class ContestRoll(Model):
    """A contested roll the bot rolled, rerolls included, with the events that record it."""

    a_rolled: tuple[int, ...]
    """Side A's dice as first rolled, in roll order."""
    b_rolled: tuple[int, ...]
    rerolls: tuple[Reroll, ...]
    result: ContestResult
    events: tuple[DiceRolled, ...]
    explanation: str


def contest(
    a: Sequence[int], b: Sequence[int], *, names: tuple[str, str] = ("A", "B")
) -> ContestResult:
    """Compare two sides' dice by rule 34. Faces must be at least 1; a side may be empty."""
    for side, name in ((a, names[0]), (b, names[1])):
        bad = [face for face in side if not isinstance(face, int) or face < 1]
        if bad:
            raise DiceError(f"{name}'s dice {list(side)} include {bad[0]!r}; faces are 1 or more")
    high_a = tuple(sorted(a, reverse=True))
    high_b = tuple(sorted(b, reverse=True))
    winner, position = _compare(high_a, high_b)
    overkill = 0 if winner is None else _overkill(high_a, high_b, winner)
    return ContestResult(
        a=high_a,
        b=high_b,
        winner=winner,
        overkill=overkill,
        decided_at=position,
        explanation=_explain(high_a, high_b, winner, position, overkill, names),
    )


def roll_contest(
    a_dice: int,
    b_dice: int,
    rng: Rng,
    *,
    a_rerolls: int = 0,
    b_rerolls: int = 0,
    a_who: PlayerId | None = None,
    b_who: PlayerId | None = None,
    names: tuple[str, str] = ("A", "B"),
    why: str = "contest",
) -> ContestRoll:
    """Roll both sides (d6), play their rerolls by the house reading above, and compare."""
    _check_count(a_dice, names[0])
    _check_count(b_dice, names[1])
    _check_rerolls(a_rerolls, names[0])
    _check_rerolls(b_rerolls, names[1])
    who = {"a": a_who, "b": b_who}
    label = {"a": names[0], "b": names[1]}
    events = [
        rng.roll(a_dice, who=a_who, why=f"{why}: {names[0]}"),
        rng.roll(b_dice, who=b_who, why=f"{why}: {names[1]}"),
    ]
    dice: dict[Side, list[int]] = {"a": list(events[0].dice), "b": list(events[1].dice)}
    left: dict[Side, int] = {"a": a_rerolls, "b": b_rerolls}
    rerolls: list[Reroll] = []
    while True:
        choice = _next_reroll(dice, left)
        if choice is None:
            break
        side, index = choice
        old = dice[side][index]
        event = rng.roll(1, who=who[side], why=f"{why}: {label[side]} rerolls a {old}")
        events.append(event)
        dice[side][index] = event.dice[0]
        left[side] -= 1
        rerolls.append(Reroll(side=side, old=old, new=event.dice[0]))
    result = contest(dice["a"], dice["b"], names=names)
    lines = [
        f"{names[0]} rolled {_faces(events[0].dice)}; {names[1]} rolled {_faces(events[1].dice)}."
    ]
    lines += [
        f"{label[r.side]} rerolled a {r.old}: {r.new} (the new face stands)." for r in rerolls
    ]
    lines.append(result.explanation)
    return ContestRoll(
        a_rolled=events[0].dice,
        b_rolled=events[1].dice,
        rerolls=tuple(rerolls),
        result=result,
        events=tuple(events),
        explanation=" ".join(lines),
    )


def _compare(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[Side | None, int | None]:
    for position in range(max(len(a), len(b))):
        if position >= len(b):
            return "a", position + 1
        if position >= len(a):
            return "b", position + 1
        if a[position] != b[position]:
            return ("a" if a[position] > b[position] else "b"), position + 1
    return None, None


def _overkill(a: tuple[int, ...], b: tuple[int, ...], winner: Side) -> int:
    won, lost = (a, b) if winner == "a" else (b, a)
    best_lost = lost[0] if lost else 0
    return sum(1 for face in won if face > best_lost)


def _explain(
    a: tuple[int, ...],
    b: tuple[int, ...],
    winner: Side | None,
    position: int | None,
    overkill: int,
    names: tuple[str, str],
) -> str:
    if winner is None or position is None:
        return f"{_faces(a)} against {_faces(b)}: equal die for die, a tie."
    index = position - 1
    a_face = str(a[index]) if index < len(a) else "no die"
    b_face = str(b[index]) if index < len(b) else "no die"
    name = names[0] if winner == "a" else names[1]
    where = "on the highest dice" if position == 1 else f"at die {position} from the top"
    return (
        f"{_faces(a)} against {_faces(b)}: {name} wins {where}, {a_face} against {b_face}; "
        f"overkill {overkill}."
    )


def _faces(dice: Sequence[int]) -> str:
    return ", ".join(str(face) for face in dice) if dice else "no dice"


def _score(a: Sequence[int], b: Sequence[int], side: Side) -> int:
    """The house value of a result from `side`'s seat: win first, overkill second."""
    high_a = tuple(sorted(a, reverse=True))
    high_b = tuple(sorted(b, reverse=True))
    winner, _ = _compare(high_a, high_b)
    if winner is None:
        return 0
    value = _WIN_VALUE + _overkill(high_a, high_b, winner)
    return value if winner == side else -value


def _best_reroll(dice: dict[Side, list[int]], side: Side) -> int | None:
    """Index of the die whose reroll most raises `side`'s expected score, or None."""
    other: Side = "b" if side == "a" else "a"

    def score(own: list[int]) -> int:
        return _score(own, dice[other], "a") if side == "a" else _score(dice[other], own, "b")

    mine = dice[side]
    best: tuple[Fraction, int] | None = None
    current = Fraction(score(mine))
    for index in sorted(range(len(mine)), key=lambda i: (mine[i], i)):
        trial = list(mine)
        total = 0
        for face in _FACES:
            trial[index] = face
            total += score(trial)
        expected = Fraction(total, len(_FACES))
        if expected > current and (best is None or expected > best[0]):
            best = (expected, index)
    return None if best is None else best[1]


def _next_reroll(dice: dict[Side, list[int]], left: dict[Side, int]) -> tuple[Side, int] | None:
    behind: Side = "b" if _score(dice["a"], dice["b"], "a") > 0 else "a"
    ahead: Side = "a" if behind == "b" else "b"
    for side in (behind, ahead):
        if left[side] > 0:
            index = _best_reroll(dice, side)
            if index is not None:
                return side, index
    return None


def _check_count(count: int, name: str) -> None:
    if not MIN_CONTEST_DICE <= count <= MAX_CONTEST_DICE:
        raise DiceError(
            f"{name} rolls {count} dice; a side rolls {MIN_CONTEST_DICE} to {MAX_CONTEST_DICE}"
        )


def _check_rerolls(count: int, name: str) -> None:
    if not 0 <= count <= MAX_REROLLS:
        raise DiceError(f"{name} has {count} rerolls; a side has 0 to {MAX_REROLLS}")
