"""Taps per unit of play (issue 26): how many presses the person makes for each thing a game's
budget names. Pure: `bench/story.py` records the taps and the log's steps, `tests/bench/
test_story_taps.py` checks the attribution on records made by hand.

Words, defined once:
- a **tap** is one thing the person does to the bot: a press of a button, one choice of a select
  menu, a slash command, a modal submitted. Each is recorded with the seq last committed when
  it was made;
- a tap belongs to the **step it makes or prepares**: the person's first step after it was
  made. Taps after the person's last step (or before the game: the host's setup commands)
  belong to no step;
- a **unit** is what a game's budget counts taps per (`UNITS`): a person-turn, a Road Wolf
  action, an Apocalypse Road activation, a Space Truckin' system placed or location. Each game
  says, from a step's action (its log entry), whether that step begins a unit, goes on with
  one, ends one, or is outside any (`Role`); the steps of one unit are the person's own,
  in order. The taps of a unit are the taps of its steps.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from bench.figures import Section, Target
from bench.stats import percentile
from bench.story_count import Step

P90 = 90


class Role(Enum):
    """What a step of the person's does to their units."""

    BEGIN = "begin"
    """Starts a new unit (after any steps held for it)."""
    GO_ON = "go on"
    """Joins the open unit of its name; with none open, waits for the next one to begin."""
    END = "end"
    """Joins the open unit of its name and closes it; with none open, it and the steps held
    are in no unit (an activation ended before any action)."""
    WHOLE = "whole"
    """Is a whole unit in one step (with any steps held for it): begins one and closes it."""
    OUTSIDE = "outside"
    """Belongs to no unit (choosing a truck, discarding cards): closes the open unit."""


Rule = Callable[[Step, "str | None"], tuple[str, Role]]
"""A game's reading of one step of the person's: (the unit's name, its role), given the name
of the person's unit open before it (None: none is)."""


@dataclass(frozen=True)
class Units:
    """How one game's taps are counted: per which unit, against which budget."""

    budgets: Mapping[str, float]
    """Unit name -> most taps it may take, at the median and at the 90th percentile."""
    rule: Rule
    one_turn: bool = True
    """A unit never spans another player's step (False where players act at once)."""


@dataclass(frozen=True)
class Tap:
    """One thing the person did: `how` is click, select, slash or modal; `after` the seq last
    committed when they did it (-1: before the game started)."""

    after: int
    how: str = "click"


TURN = "turn"


def per_turn(step: Step, open_unit: str | None) -> tuple[str, Role]:
    """Drag Rage, Rush 'n' Crush: a unit is a person-turn (a run of their own steps)."""
    return TURN, Role.BEGIN if open_unit is None else Role.GO_ON


ROADWOLF_BUILDING = {"buy", "reset", "place", "token"}
ROADWOLF_FREE = {"nitro", "decide", "crew_order"}


def roadwolf_action(step: Step, open_unit: str | None) -> tuple[str, Role]:
    """Road Wolf: each action an activation spends is a unit (up to 2 an activation); free
    things (Nitro, a Gunner's or an ambush shot, a Mechanic's repair, crew order, a mission's
    decision) go with the action around them, and DONE closes it; army building is no
    action."""
    action = step.action
    kind = action.get("kind", "")
    if kind in ROADWOLF_BUILDING:
        return "action", Role.OUTSIDE
    if kind == "done":
        return "action", Role.END
    free = (
        kind in ROADWOLF_FREE
        or action.get("gunner")
        or action.get("weapon") == "ambush"
        or action.get("mechanic")
    )
    return "action", Role.GO_ON if free else Role.BEGIN


def apocalypse_activation(step: Step, open_unit: str | None) -> tuple[str, Role]:
    """Apocalypse Road: an activation begins with the race card played for a car, and goes on
    with its move, the events on the way and its fire; picking cars and discarding are none."""
    kind = step.action.get("kind", "")
    if kind == "play":
        return "activation", Role.BEGIN
    if kind in {"move", "event", "fire", "debris"}:
        return "activation", Role.GO_ON
    return "activation", Role.OUTSIDE


SHIPYARD = {"place", "mark", "free_choice"}
LOCATION = {"fill", "tweak", "accept", "hit", "hit_two", "give_cargo", "lose_system"}


def spacetruckin_unit(step: Step, open_unit: str | None) -> tuple[str, Role]:
    """Space Truckin': in the shipyard a system placed is its build, its placement and the pip
    it marks, or one BuildAt (all three in one move); in the location phase a location is
    every step of its challenge up to the jump onwards, a reward's or an artifact's pip
    (a mark) included; a move that says the jump ahead (the last dice, accepting) ends it.
    Picks, charting and stopping to build are none."""
    kind = step.action.get("kind", "")
    if kind == "build_at":
        return "system placed", Role.WHOLE
    if kind == "build":
        return "system placed", Role.BEGIN
    if kind in LOCATION or (kind == "mark" and open_unit == "location"):
        if step.action.get("jump"):
            return "location", Role.END
        return "location", Role.GO_ON if open_unit == "location" else Role.BEGIN
    if kind in SHIPYARD:
        return "system placed", Role.GO_ON
    if kind == "jump":
        return "location", Role.END
    return "system placed", Role.OUTSIDE


UNITS: dict[str, Units] = {
    "dragrage": Units({TURN: 1}, per_turn),
    "rushncrush": Units({TURN: 3}, per_turn),
    "roadwolf": Units({"action": 3}, roadwolf_action),
    "apocalypseroad": Units({"activation": 3}, apocalypse_activation),
    "spacetruckin": Units({"system placed": 2, "location": 3}, spacetruckin_unit, one_turn=False),
}
"""Per game: the unit each budget of issue 26 names, and how the log's steps make it."""

BEFORE: dict[str, dict[str, tuple[float, float]]] = {
    "dragrage": {TURN: (1, 1)},
    "spacetruckin": {"system placed": (5, 6), "location": (10.5, 13)},
    "rushncrush": {TURN: (4, 5)},
    "apocalypseroad": {"activation": (6.5, 7)},
    "roadwolf": {"action": (5, 8)},
}
"""Per game and unit: taps median and p90 at the start of issue 26 (the games of main at
19ac2e8; the full run, seeds 7-9, every game at its largest table), printed beside today's."""


@dataclass
class Unit:
    name: str
    seqs: list[int]


def units_of(steps: Sequence[Step], person: int, units: Units) -> list[Unit]:
    """The person's units, in order, each with the seqs of its steps."""
    found: list[Unit] = []
    current: Unit | None = None
    held: dict[str, list[int]] = {}
    for step in steps:
        if step.actor != person:
            if units.one_turn:
                current, held = None, {}
            continue
        name, role = units.rule(step, None if current is None else current.name)
        if role is Role.OUTSIDE:
            current, held = None, {}
            continue
        begins = role in (Role.BEGIN, Role.WHOLE)
        if begins or current is None or current.name != name:
            if not begins:
                held.setdefault(name, []).append(step.seq)
                if role is Role.END:
                    held.pop(name)
                continue
            current = Unit(name, held.pop(name, []))
            found.append(current)
        current.seqs.append(step.seq)
        if role in (Role.END, Role.WHOLE):
            current = None
    return found


def taps_per_step(steps: Sequence[Step], taps: Sequence[Tap], person: int) -> Counter[int]:
    """Each tap on the person's first step after it (seq 0: none, before or after the game)."""
    mine = sorted(s.seq for s in steps if s.actor == person)
    per = Counter[int]()
    for tap in taps:
        made = next((seq for seq in mine if seq > tap.after), 0) if tap.after >= 0 else 0
        per[made] += 1
    return per


def _figure(value: float) -> str:
    return "n/a" if value != value else f"{value:g}"


@dataclass(frozen=True)
class TapGame:
    """One game's steps and the person's taps in it."""

    steps: Sequence[Step]
    taps: Sequence[Tap]
    person: int

    def per_unit(self, units: Units) -> list[tuple[str, int]]:
        """Each of the person's units (its name) and the taps it took."""
        per_step = taps_per_step(self.steps, self.taps, self.person)
        found = units_of(self.steps, self.person, units)
        return [(u.name, sum(per_step[s] for s in u.seqs)) for u in found]


def section(
    title: str,
    key: str,
    games: Sequence[TapGame],
    before: Mapping[str, tuple[float, float]] | None = None,
) -> Section:
    """Taps per unit over `games`, median and p90, against the game's budget; `before`: unit
    -> (median, p90) measured at the start of issue 26, shown beside them."""
    out = Section(title)
    units = UNITS[key]
    found = [unit for game in games for unit in game.per_unit(units)]
    taps = [tap for game in games for tap in game.taps]
    nowhere = sum(taps_per_step(g.steps, g.taps, g.person)[0] for g in games)
    counted = 0
    for name, limit in units.budgets.items():
        values = [n for unit, n in found if unit == name]
        counted += sum(values)
        median = float(statistics.median(values)) if values else float("nan")
        p90 = percentile(values, P90)
        was = (before or {}).get(name)
        then = (
            f"; before (issue 26 start, full run): median {_figure(was[0])}, p90 {_figure(was[1])}"
            if was
            else ""
        )
        target = Target(limit, at_most=True)
        count = f"{len(values)} of them"
        out.add(f"taps per {name}, median", median, "", target=target, note=count)
        out.add(
            f"taps per {name}, p90",
            p90,
            "",
            target=target,
            note=f"max {max(values, default=0)}{then}",
        )
    by_how = Counter(t.how for t in taps)
    out.add(
        "taps in no unit",
        len(taps) - counted,
        "",
        note=f"of {len(taps)} taps ({', '.join(f'{n} {h}' for h, n in sorted(by_how.items()))}); "
        f"{nowhere} before the first or after the last move",
    )
    return out
