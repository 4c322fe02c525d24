"""Space Truckin' taps, counted as a person makes them through the fake Discord: every press
(button or menu choice) a trucker makes, attributed to the system they were building (the
shipyard) or the location they were at (the deliveries); the issue's budgets: at most 2 per
system placed and 3 per location (median and p90). A location asks at least six decisions
(four rolls to write, accept or manipulate, the jump), so its test holds one tap a decision."""

from __future__ import annotations

import itertools
import statistics
from collections import Counter

from games.spacetruckin import SPEC
from games.spacetruckin.models import SpaceTruckinState, Stop
from tests.bot.conftest import World
from tests.bot.spacetruckin_driver import Table, choose

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
    units = await play_counting(world, 15)
    per_system = [taps for (kind, _), taps in units.items() if kind == "system" and taps]
    median, p90 = median_and_p90(per_system)
    print(f"\nper system: median {median}, p90 {p90}: {sorted(per_system)}")
    assert median <= 2 and p90 <= 2, sorted(per_system)


async def test_a_location_takes_one_tap_per_decision(world: World) -> None:
    """Per location: one tap per decision the rules ask, at most 7 (four fills of two dice, a
    manipulation or accepting, a consequence or reward, a jump): each fill is one tap."""
    units = await play_counting(world, 15)
    per_location = [taps for (kind, _), taps in units.items() if kind == "location"]
    median, p90 = median_and_p90(per_location)
    print(f"\nper location: median {median}, p90 {p90}: {sorted(per_location)}")
    assert median <= 7 and p90 <= 7, sorted(per_location)
