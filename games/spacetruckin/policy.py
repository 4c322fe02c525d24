"""Space Truckin' bot policy: build a serviceable truck, then deliver carefully.

In the shipyard the trucker first covers the Engine- and Weapons-required grids, then places
the systems the truck still lacks, then adds Engines and Quarters (the pips that pay for jumps)
and Cargo; the free choice is kept for a roll that would otherwise miss a system the truck
needs. Each tetromino goes where it strands no required grid and leaves the fewest loose
cells, and each pip where it blocks the fewest grids. In the delivery it writes dice to keep
the result near a safe 8, spends Reactor and Weapons pips (never crew) on flips and rerolls
that raise the expected band, and takes consequences, pirates and jumps where they leave the
truck in the best shape.

The shipyard choices are in `policy_shipyard`, the delivery ones in `policy_delivery`.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import NotYourTurn, PlayerId, Rng
from games.spacetruckin.challenge import challenge_result
from games.spacetruckin.data import Specialty, Terrain, Truck
from games.spacetruckin.delivery import with_jumps
from games.spacetruckin.game import active_players, apply, legal_actions, sheet_of
from games.spacetruckin.models import (
    Accept,
    Action,
    Build,
    BuildAt,
    ChartLocation,
    Fill,
    FreeChoice,
    Hit,
    HitTwo,
    Jump,
    Mark,
    PickSpecialty,
    PickTruck,
    Place,
    Sheet,
    SpaceTruckinState,
    Tweak,
    box_names,
)
from games.spacetruckin.policy_delivery import deliver, fill_score, hit_two, spends_crew
from games.spacetruckin.policy_shipyard import pick_build, place_piece, place_pip

SPECIALTIES: tuple[Specialty, ...] = (
    "Grizzled",
    "Engineer",
    "Smuggler",
    "Artificer",
    "Physicist",
    "Cartographer",
)
"""Preferred captains, best first (measured: a Grizzled captain scores most, the consequences
that wreck other trucks pay it 2 VP each)."""
TRUCK_ORDER: tuple[Truck, ...] = ("Hammerhead", "Mauler", "Countess", "Sparrowhawk")
"""Roomiest first: more pieces, more pips, more systems to take a hit instead of the Bridge."""
TERRAIN_ORDER: tuple[Terrain, ...] = (
    "Comet",
    "Rocky Planet",
    "Gas Giant",
    "Asteroids",
    "Event",
    "Derelict Ship",
)
"""Terrains to chart, best first: their first reward (the usual 3-10 result) loads an artifact
or cargo, which the sale after G doubles per load."""


def bot_move(state: SpaceTruckinState, player: PlayerId, rng: Rng) -> Action:
    """A sensible action for `player`, always one of `legal_actions` (no chance needed)."""
    if player not in active_players(state):
        raise NotYourTurn("the bot has nothing to do for this trucker now")
    sheet = sheet_of(state, player)
    if state.phase == "delivery" and sheet.stage == "hit_two":
        pair = hit_two(state, sheet)  # said ahead among its own jumps: listing every pair's is slow
        ahead = with_jumps(sheet, pair, state.options, state.location, state.chart)
        return said_ahead(state, player, pair, [pair, *ahead])
    return choose(state, player)


def choose(
    state: SpaceTruckinState, player: PlayerId, legal: Sequence[Action] | None = None
) -> Action:
    """The careful trucker's choice among `legal` (default: every legal action)."""
    legal = list(legal_actions(state, player) if legal is None else legal)
    sheet = sheet_of(state, player)
    if state.phase == "captain":
        return _captain(legal)
    if state.phase == "chart":
        return _chart(legal)
    if state.phase == "shipyard" and sheet.stage == "pick":
        return pick_build(sheet, legal)
    if state.phase == "shipyard" and sheet.stage == "place":
        return place_piece(sheet, legal)
    if state.phase == "shipyard" and sheet.stage == "pip":
        return place_pip(sheet, legal)
    plain = [a for a in legal if said_plainly(a)]
    return said_ahead(state, player, deliver(state, sheet, plain), legal)


def suggestion(state: SpaceTruckinState, player: PlayerId) -> Action | None:
    """What the sheet's ⚡ offers `player` now: the bot's move in their seat, said as far
    ahead as one move says it (two losses with the jump). It reads only their own sheet and
    the shared chart, as the bot does. None when they have nothing to do."""
    if state.result is not None or player not in active_players(state):
        return None
    return bot_move(state, player, Rng(0))


def said_plainly(action: Action) -> bool:
    """A move that says no later choice ahead (no accepting with the last dice, no reroll or
    flip, no artifact's extra pip, no jump)."""
    return not any(getattr(action, field, None) for field in ("accept", "tweak", "extra", "jump"))


def said_ahead(
    state: SpaceTruckinState, player: PlayerId, action: Action, legal: Sequence[Action]
) -> Action:
    """`action` with the bot's next choices said ahead (accepting the result or a reroll or
    flip, an artifact's extra pip, the jump) where a listed move says them: the same choices
    in fewer moves."""
    if all(said_plainly(a) for a in legal):
        return action
    rng = Rng(0)
    after = apply(state, player, action, rng).state
    if rng.rolls_made or player not in active_players(after):
        return action
    follow = choose(after, player)  # itself said ahead: accepting with the jump
    folded: Action
    if isinstance(follow, Accept) and isinstance(action, Fill):
        folded = action.model_copy(update={"accept": True, "jump": follow.jump})
    elif isinstance(follow, Tweak) and isinstance(action, Fill):
        folded = action.model_copy(update={"tweak": follow})
    elif isinstance(follow, Jump) and isinstance(action, Fill | Accept | Mark | Hit | HitTwo):
        folded = action.model_copy(update={"jump": follow.pip})
    elif isinstance(follow, Mark) and isinstance(action, Mark) and _extra_pip(after, player):
        folded = action.model_copy(update={"extra": follow.cell, "jump": follow.jump})
    else:
        return action
    return folded if folded in legal else action


def _extra_pip(state: SpaceTruckinState, player: PlayerId) -> bool:
    """Whether `player` is choosing where an artifact's extra pip goes."""
    return sheet_of(state, player).stage == "extra_pip"


def whole_move(state: SpaceTruckinState, player: PlayerId, action: Action) -> Action:
    """`action` said whole, where one move says it with the bot's next ones: a `Build` with the
    placement and the pip the bot would choose for it is one `BuildAt` (what the table offers
    in two taps), and so is a free choice with the system the bot builds with it. Any other
    move is itself."""
    if isinstance(action, FreeChoice):
        rng = Rng(0)
        chosen = apply(state, player, action, rng).state
        if rng.rolls_made or player not in active_players(chosen):
            return action
        built = whole_move(chosen, player, choose(chosen, player))
        return built.model_copy(update={"free": action}) if isinstance(built, BuildAt) else action
    if not isinstance(action, Build):
        return action
    picked = apply(state, player, action, Rng(0)).state  # picking and placing roll no dice
    place = choose(picked, player)
    if not isinstance(place, Place):
        return action
    placed = apply(picked, player, place, Rng(0)).state
    pip = choose(placed, player)
    if not isinstance(pip, Mark):
        return action
    return BuildAt(system=action.system, shape=action.shape, anchor=place.anchor,
                   rotation=place.rotation, flip=place.flip, pip=pip.cell)  # fmt: skip


# Captain and chart ---------------------------------------------------------------------------


def _captain(legal: list[Action]) -> Action:
    specialties = [a for a in legal if isinstance(a, PickSpecialty)]
    if specialties:
        return min(specialties, key=lambda a: SPECIALTIES.index(a.specialty))
    trucks = [a for a in legal if isinstance(a, PickTruck)]
    return min(trucks, key=lambda a: TRUCK_ORDER.index(a.truck)) if trucks else legal[0]


def _chart(legal: list[Action]) -> Action:
    charts = [a for a in legal if isinstance(a, ChartLocation)]
    if not charts:
        return legal[0]
    return min(charts, key=lambda a: (TERRAIN_ORDER.index(a.terrain), a.location))


# The careful filter the playout tests use ---------------------------------------------------


def prudent(state: SpaceTruckinState, actor: PlayerId, pool: list[Action]) -> list[Action]:
    """Keep Quarters pips (crew) unless nothing else is possible, as a careful trucker would."""
    sheet = sheet_of(state, actor)

    def uses_crew(action: Action) -> bool:
        text = getattr(action, "pip", None)
        return isinstance(text, str) and spends_crew(sheet, text)

    pool = [a for a in pool if not uses_crew(a)] or pool
    fills = [a for a in pool if isinstance(a, Fill)]
    if fills and sheet.challenge is not None:
        return [min(fills, key=lambda a: fill_score(sheet, a))]
    if any(isinstance(a, Accept) for a in pool) and sheet.challenge is not None:
        return [min(pool, key=lambda a: _tweak_score(sheet, a))]
    return pool


def _tweak_score(sheet: Sheet, action: Action) -> float:
    """Flips are scored exactly, rerolls are left alone; accepting keeps the current result."""
    assert sheet.challenge is not None
    boxes = list(sheet.challenge.boxes)
    if isinstance(action, Tweak):
        index = box_names(len(boxes) // 2).index(action.box)
        value = boxes[index]
        assert value is not None
        if action.effect == "reroll":
            return 10_000.0
        boxes[index] = 7 - value
    result = challenge_result(tuple(boxes))
    return (1000 if result < 1 else 0) + abs(result - 5) + (0.5 if isinstance(action, Tweak) else 0)


__all__ = ["bot_move", "choose", "prudent", "whole_move"]
