"""A d20 `Roller` whose dice come from our injected `Rng`, deterministically.

How stock d20 draws: `d20.Die._add_roll` calls the module-global `random.randrange` of
`d20.expression`, so a stock roll can neither be seeded per call nor loaded in a test. We do not
patch that global (it is shared with everyone else in the process). Instead:

- `InjectedRoller` overrides `Roller._eval_dice` to build `_Dice`/`_Die`, subclasses whose
  `_add_roll` asks the roll's `_Context` for a face; the context wraps our `Rng` and also keeps
  d20's `max_rolls` budget. Explosions (`Dice.roll_another`) and rerolls (`Die.reroll`) go
  through the same path, so every die rolled comes from the `Rng`, in order.
- d20 iterates Python `set`s of dice when it rerolls or explodes several at once; with the
  default identity hash that order follows memory addresses and changes from run to run.
  `_Die.__hash__` returns a per-roll serial number instead, so the same `Rng` gives the same
  faces on the same dice every time (replays and loaded-dice tests depend on it).
- d20's stringifiers dispatch on the exact node type, so ours register the subclasses.
"""

from __future__ import annotations

from typing import Any

import d20

from games.engine import Rng

_PERCENTILE = "%"


class _Context(d20.RollContext):  # type: ignore[misc]  # d20 ships no type hints
    """Counts dice against the budget and draws each face from the injected Rng."""

    def __init__(self, rng: Rng, max_rolls: int) -> None:
        super().__init__(max_rolls=max_rolls)
        self._rng = rng
        self._serial = 0

    def next_serial(self) -> int:
        self._serial += 1
        return self._serial

    def draw(self, size: int | str) -> int:
        if size == _PERCENTILE:
            # d20's d% is a tens die: 0, 10, ..., 90.
            return (self._face(10) - 1) * 10
        assert isinstance(size, int)
        return self._face(size)

    def _face(self, sides: int) -> int:
        # Through `roll` rather than a private helper so LoadedDice scripts work too.
        return self._rng.roll(1, who=None, why="dice notation", sides=sides).dice[0]


class _Die(d20.Die):  # type: ignore[misc]
    __slots__ = ("_serial",)

    def __init__(self, size: int | str, values: list[Any], context: _Context | None = None) -> None:
        self._serial = context.next_serial() if context is not None else 0
        super().__init__(size, values, context=context)

    def __hash__(self) -> int:
        return self._serial

    def _add_roll(self) -> None:
        context = self._context
        if not isinstance(context, _Context):
            raise TypeError("an injected die needs an injected context")
        if self.size != _PERCENTILE and self.size < 1:
            raise d20.RollValueError("Cannot roll a 0-sided die.")
        context.count_roll()
        self.values.append(d20.Literal(context.draw(self.size)))


class _Dice(d20.Dice):  # type: ignore[misc]
    @classmethod
    def new(cls, num: int, size: int | str, context: _Context | None = None) -> _Dice:
        return cls(
            num, size, [_Die.new(size, context=context) for _ in range(num)], context=context
        )

    def roll_another(self) -> None:
        self.values.append(_Die.new(self.size, context=self._context))


class InjectedRoller(d20.Roller):  # type: ignore[misc]
    """A d20 Roller for ONE roll: faces from `rng`, at most `max_rolls` dice."""

    def __init__(self, rng: Rng, *, max_rolls: int) -> None:
        super().__init__(context=_Context(rng, max_rolls))

    def _eval_dice(self, node: Any) -> _Dice:
        return _Dice.new(node.num, node.size, context=self.context)


def _register(stringifier: Any) -> None:
    nodes = dict(stringifier._nodes)
    nodes[_Dice] = stringifier._str_dice
    nodes[_Die] = stringifier._str_die
    stringifier._nodes = nodes


class MarkdownBreakdown(d20.MarkdownStringifier):  # type: ignore[misc]
    """d20's Markdown breakdown (bold crits, struck-out drops) that knows our dice."""

    def __init__(self) -> None:
        super().__init__()
        _register(self)


class PlainBreakdown(d20.SimpleStringifier):  # type: ignore[misc]
    """The same breakdown without Markdown, for logs, alt text and screen readers."""

    def __init__(self) -> None:
        super().__init__()
        _register(self)


def is_injected_dice(node: object) -> bool:
    return isinstance(node, _Dice)
