"""Space Truckin' taps, counted as a person makes them through the fake Discord: every press
(button or menu choice) a trucker makes, attributed to the system they were building (the
shipyard) or the location they were at (the deliveries); the issue's budgets: at most 2 per
system placed and 3 per location (median and p90). A 4-digit location asks four rolls to be
written, each a choice of boxes (the last one's order too, unless a double), so it takes at
least four taps: the last roll's choice also accepts the result, or names a reroll or flip
(⚡ where the menus cannot list them), and names the jump's pip when nothing is rolled or
chosen before the jump; a consequence rolled after the last dice asks one more, its losses
with the jump's pip."""

from __future__ import annotations

import itertools
import statistics
from collections import Counter

from games.engine import Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import Accept, Fill, FreeChoice, Mark, SpaceTruckinState, Stop
from tests.bot.conftest import World
from tests.bot.spacetruckin_driver import Table, choose
from tests.bot.test_spacetruckin_e2e import _inject, _seated, _start
from tests.games.spacetruckin.delivery_helpers import boxes, truck
from tests.games.spacetruckin.helpers import CHART, at_location, without_cargo

Unit = tuple[str, int]


def _unit(state: SpaceTruckinState, player: int) -> Unit | None:
    """What a move by `player` now is part of: ("system", n) while building the n-th system,
    ("location", i) at the i-th location; None before the shipyard."""
    sheet = next(s for s in state.sheets if s.player == player)
    if state.phase == "shipyard":
        return ("system", len(sheet.pieces) - (1 if sheet.stage == "pip" else 0))
    if state.phase == "delivery":
        return ("location", state.location)
    return None


async def play_counting(world: World, seed: int) -> Counter[Unit]:
    """A solo game played to the end by taps; the taps each unit took."""
    await world.stop_bot()  # the seed source is wired at boot: reboot with a chosen seed
    world.seeds = itertools.count(seed).__next__
    await world.start_bot()
    table = Table(world)
    await world.slash(world.alice, "game new", game="spacetruckin")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    units: Counter[Unit] = Counter()
    for _ in range(600):
        state = await table.state()
        if state.result is not None:
            return units
        player = sorted(SPEC.active_players(state))[0]
        before = sum(table.taps.values())
        action = choose(state, player)
        unit = None if isinstance(action, Stop) else _unit(state, player)  # no system placed
        await table.play(world.alice, action)
        await world.idle()  # a lone move that follows is the table's, no tap (issue 26)
        if unit is not None:
            units[unit] += sum(table.taps.values()) - before
    raise AssertionError("no outcome after 600 moves")


def median_and_p90(values: list[int]) -> tuple[float, int]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


async def test_a_system_is_placed_in_two_taps(world: World) -> None:
    """Per system placed: median and p90 at most 2 taps (a spot, then its pip)."""
    units = await play_counting(world, 18)
    per_system = [taps for (kind, _), taps in units.items() if kind == "system" and taps]
    median, p90 = median_and_p90(per_system)
    print(f"\nper system: median {median}, p90 {p90}: {sorted(per_system)}")
    assert median <= 2 and p90 <= 2, sorted(per_system)


async def test_a_location_takes_one_tap_per_roll_and_one_more_at_most(world: World) -> None:
    """Per location: one tap per roll of dice to write, at most one more (the losses of a
    consequence rolled, with the jump); accepting, a manipulation and the jump go with the
    last choice before them."""
    units = await play_counting(world, 18)
    per_location = [taps for (kind, _), taps in units.items() if kind == "location"]
    median, p90 = median_and_p90(per_location)
    print(f"\nper location: median {median}, p90 {p90}: {sorted(per_location)}")
    assert median <= 5 and p90 <= 5, sorted(per_location)


async def test_a_system_built_with_the_free_choice_takes_two_taps(world: World) -> None:
    """A truck without Cargo, dice 1 and 1: the free choice and the Cargo it allows are one
    spot (🎲) and its pip, two taps after opening the sheet, one move."""
    table = await _start(world, 15)
    sheet = without_cargo(world.alice.id).model_copy(update={"stage": "pick", "dice": (1, 1)})
    state = SpaceTruckinState(players=(), phase="shipyard", chart=CHART, chart_placed=7,
                              sheets=(sheet,))  # fmt: skip
    state = _seated(state, world.alice.id, world.alice.name)
    await _inject(world, state)
    free = choose(state, world.alice.id)
    assert isinstance(free, FreeChoice)
    await table.play(world.alice, free)
    await world.idle()
    assert table.taps == {"show sheet": 1, "menu": 1, "tap": 1}
    built = next(s for s in (await table.state()).sheets if s.player == world.alice.id)
    assert built.pieces[-1].system == "Cargo" and built.free_choice_used


async def test_the_last_dice_accepting_and_the_jump_are_one_tap(world: World) -> None:
    """The last two boxes at an Event (9: 1 VP, nothing to choose): writing, accepting and
    jumping are one choice in the fill menu."""
    table = await _start(world, 15)
    own = truck().model_copy(update={"player": world.alice.id})
    state = at_location(own, location=2, stage="fill", tasks=("fill", "jump"),
                        boxes=(1, 1, 6, None, 1, 1, 5, None), dice=(3, 4))  # fmt: skip
    state = _seated(state, world.alice.id, world.alice.name)
    await _inject(world, state)
    ahead = choose(state, world.alice.id)
    assert isinstance(ahead, Fill) and ahead.accept and ahead.jump is not None
    await table.play(world.alice, ahead)
    await world.idle()
    assert table.taps == {"show sheet": 1, "menu": 1}
    after = await table.state()
    assert after.location == 3 and after.sheets[0].vp == 3


async def test_an_artifacts_box_its_extra_pip_and_the_jump_are_one_tap(world: World) -> None:
    """Result 7 at a Comet, accepted: the artifact's cargo box, the grid beside it for its
    extra pip and the jump's pip are one choice in a menu, and the sheet says so."""
    table = await _start(world, 15)
    own = truck().model_copy(update={"player": world.alice.id})
    at_comet = at_location(own, boxes=boxes("1161", "1154"), chart=("Comet",) * 7)
    state = SPEC.apply(at_comet, own.player, Accept(), Rng(0)).state
    state = _seated(state, world.alice.id, world.alice.name)
    await _inject(world, state)
    ahead = choose(state, world.alice.id)
    assert isinstance(ahead, Mark) and ahead.extra is not None and ahead.jump is not None
    sheet = await table.open_sheet(world.alice)
    assert "the grid beside it for its extra pip" in sheet.content
    await table.play(world.alice, ahead)
    await world.idle()
    assert table.taps == {"show sheet": 1, "menu": 1}
    after = (await table.state()).sheets[0]
    assert after.artifacts == 1 and (await table.state()).location == 1
