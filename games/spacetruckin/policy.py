"""Space Truckin' bot policy: build a serviceable truck, then deliver carefully.

In the shipyard the trucker first covers the Engine- and Weapons-required grids, then places
the systems the truck still lacks, then adds Engines and Quarters (the pips that pay for jumps)
and Cargo; the free choice is kept for a roll that would otherwise miss a system the truck
needs. Each tetromino goes where it strands no required grid and leaves the fewest loose
cells, and each pip where it blocks the fewest grids. In the delivery it writes dice to keep
the result near a safe 8, spends Reactor and Weapons pips (never crew) on flips and rerolls
that raise the expected band, and takes consequences, pirates and jumps where they leave the
truck in the best shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from games.engine import NotYourTurn, PlayerId, Rng
from games.spacetruckin.challenge import challenge_result
from games.spacetruckin.data import (
    BRIDGE_GRIDS,
    GRIZZLED_VP,
    LOCATIONS,
    SHAPE_BY_DIE,
    SMUGGLER_EXTRA_CARGO,
    SYSTEM_LETTER,
    Band,
    Shape,
    Specialty,
    System,
    Terrain,
    Truck,
    band_of,
    flip_face,
    sale_value,
)
from games.spacetruckin.game import active_players, legal_actions, sheet_of
from games.spacetruckin.grid import Cell, blueprint, parse_cell
from games.spacetruckin.models import (
    Accept,
    Action,
    Build,
    ChartLocation,
    Fill,
    FreeChoice,
    GiveCargo,
    Hit,
    HitTwo,
    Jump,
    LoseSystem,
    Mark,
    PickSpecialty,
    PickTruck,
    Place,
    Sheet,
    SpaceTruckinState,
    Stop,
    Tweak,
    box_names,
)
from games.spacetruckin.sheet import (
    legal_spots,
    live_pieces,
    occupied_mask,
    piece_matches,
    pip_block_mask,
    plan,
    system_of_cell,
    systems_placed,
)
from games.spacetruckin.shipyard import placeable_picks

SHAPES: tuple[Shape, ...] = tuple(dict.fromkeys(SHAPE_BY_DIE.values()))
BUILD_ORDER: tuple[System, ...] = ("Engine", "Weapons", "Quarters", "Reactor", "Cargo")
WANTED: dict[System, int] = {"Engine": 4, "Quarters": 3, "Cargo": 3, "Reactor": 1, "Weapons": 1}
"""The mix of systems a truck grows towards once serviceable (pips for jumps, crew, cargo); it
keeps building while anything fits (measured: more pieces, more VP)."""
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
BAND_WORTH: dict[Band, float] = {
    "bridge": -6.0,
    "both": 3.0,
    "first": 2.0,
    "one_hit": -1.5,
    "two_hits": -3.0,
}
"""Rough worth of each challenge band, to weigh a flip or a reroll against accepting."""
LOST = -1000.0


def bot_move(state: SpaceTruckinState, player: PlayerId, rng: Rng) -> Action:
    """A sensible action for `player`, always one of `legal_actions` (no chance needed)."""
    if player not in active_players(state):
        raise NotYourTurn("the bot has nothing to do for this trucker now")
    sheet = sheet_of(state, player)
    if state.phase == "delivery" and sheet.stage == "hit_two":
        return _hit_two(state, sheet)
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
        return _pick(sheet, legal)
    if state.phase == "shipyard" and sheet.stage == "place":
        return _place(sheet, legal)
    if state.phase == "shipyard" and sheet.stage == "pip":
        return _pip(sheet, legal)
    return _deliver(state, sheet, legal)


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


# Shipyard ------------------------------------------------------------------------------------


def needed(sheet: Sheet) -> list[System]:
    """Systems the truck still lacks to be serviceable, required grids first."""
    bp = plan(sheet)
    covered = {c for p in sheet.pieces for c in p.cells}
    required: tuple[tuple[str, System], ...] = (("E", "Engine"), ("W", "Weapons"))
    need: list[System] = [
        system for kind, system in required if any(c not in covered for c in bp.cells_of_kind(kind))
    ]
    have = systems_placed(sheet)
    need += [s for s in SYSTEM_LETTER if s not in have and s not in need]
    return need


def _pick(sheet: Sheet, legal: list[Action]) -> Action:
    """A build the truck needs (the free choice makes one when the dice do not), else an extra."""
    builds = [a for a in legal if isinstance(a, Build)]
    need = needed(sheet)
    if not need:
        # serviceable already: every further piece is one more pip (and one more hit absorbed)
        return min(builds, key=lambda b: _extra_rank(sheet, b)) if builds else Stop()
    yard = _Yard(sheet)
    useful = yard.useful(builds, need)
    if useful:
        return useful[0]
    frees = [a for a in legal if isinstance(a, FreeChoice)]
    for free in frees:
        dice = list(sheet.dice)
        dice[free.die - 1] = free.face
        options = [Build(system=s, shape=h) for s, h in placeable_picks(sheet, tuple(dice))]
        if yard.useful(options, need):
            return free
    # nothing the truck needs: build a spare (for a new roll) where it harms the least
    spare = sorted(builds, key=lambda b: (yard.best(b)[0], _extra_rank(sheet, b)))
    if spare and (yard.best(spare[0])[0] < STRANDS or not frees):
        return spare[0]
    return frees[0] if frees else Stop()


def _count(sheet: Sheet, system: System) -> int:
    return sum(1 for p in live_pieces(sheet) if p.system == system)


def _extra_rank(sheet: Sheet, build: Build) -> tuple[float, int]:
    short = _count(sheet, build.system) / WANTED[build.system]
    return (short, BUILD_ORDER.index(build.system))


STRANDS = 100.0
"""The cost of leaving one required grid that no tetromino can cover any more."""


class _Yard:
    """One shipyard decision: judges per system and best spots per build, worked out once."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.judges: dict[System, _Judge] = {}
        self.found: dict[tuple[System, Shape], tuple[float, int]] = {}

    def best(self, build: Build) -> tuple[float, int]:
        """(lowest cost, most required grids covered) over the legal spots of a build."""
        key = (build.system, build.shape)
        if key not in self.found:
            spots = legal_spots(self.sheet, build.system, build.shape)
            if build.system not in self.judges:
                self.judges[build.system] = _Judge(self.sheet, build.system)
            judge = self.judges[build.system]
            self.found[key] = (
                (
                    min(judge.cost(spot.mask) for spot in spots),
                    max(judge.covers(spot.mask) for spot in spots),
                )
                if spots
                else (STRANDS * 10, 0)
            )
        return self.found[key]

    def useful(self, builds: list[Build], need: list[System]) -> list[Build]:
        """Builds of the most needed system that go somewhere harmless, best first; for an
        Engine or Weapons still owing required grids, only builds that cover one."""
        for system in need:
            owing = self._owes(system)
            ranked = []
            for build in builds:
                if build.system != system:
                    continue
                cost, covers = self.best(build)
                if cost < STRANDS and (covers or not owing):
                    ranked.append((cost, build))
            if ranked:
                ranked.sort(key=lambda item: item[0])
                return [build for _, build in ranked]
        return []

    def _owes(self, system: System) -> bool:
        if system not in ("Engine", "Weapons"):
            return False
        assert self.sheet.truck is not None
        bp = blueprint(self.sheet.truck)
        required = bp.engine_required if system == "Engine" else bp.weapon_required
        return bool(required & ~occupied_mask(self.sheet))


def _place(sheet: Sheet, legal: list[Action]) -> Action:
    """The legal spot with the lowest cost (see `_Judge`)."""
    assert sheet.picked is not None
    system, shape = sheet.picked
    places = [a for a in legal if isinstance(a, Place)]
    if not places:
        return Stop()
    masks = {(s.anchor, s.rotation, s.flip): s.mask for s in legal_spots(sheet, system, shape)}
    judge = _Judge(sheet, system)
    return min(places, key=lambda p: judge.cost(masks[(p.anchor, p.rotation, p.flip)]))


@cache
def _geometry(truck: Truck) -> tuple[tuple[int, ...], dict[int, tuple[tuple[int, ...], ...]]]:
    """Per cell index: its neighbours' mask; per required grid (bit), per shape: the masks of
    the spots that cover it (and no grid required for the other system)."""
    bp = blueprint(truck)
    near = tuple(
        bp.mask_of(bp.neighbours((i // bp.width, i % bp.width))) & bp.buildable
        for i in range(bp.width * bp.height)
    )
    covers: dict[int, tuple[tuple[int, ...], ...]] = {}
    for own, other in (
        (bp.engine_required, bp.weapon_required),
        (bp.weapon_required, bp.engine_required),
    ):
        for cell in _bits(own):
            covers[cell] = tuple(
                tuple(s.mask for s in bp.spots(shape) if s.mask & cell and not s.mask & other)
                for shape in SHAPES
            )
    return near, covers


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found


class _Judge:
    """Scores spots for one system on one sheet: strand nothing, cover required grids, pack
    tight (few free grids left exposed or cut off), and keep the Bridge's side for crew."""

    def __init__(self, sheet: Sheet, system: System) -> None:
        assert sheet.truck is not None
        self.bp = blueprint(sheet.truck)
        self.near, covers_of = _geometry(sheet.truck)
        self.taken = occupied_mask(sheet)
        blocked = pip_block_mask(sheet)
        self.system = system
        self.own = 0
        if system == "Engine":
            self.own = self.bp.engine_required & ~self.taken
        elif system == "Weapons":
            self.own = self.bp.weapon_required & ~self.taken
        bare = (self.bp.engine_required | self.bp.weapon_required) & ~self.taken
        # per bare required grid, per shape: the spots that could still cover it
        self.open: dict[int, list[tuple[int, ...]]] = {}
        self.influence = 0
        for cell in _bits(bare):
            self.open[cell] = []
            for masks in covers_of[cell]:
                still = tuple(m for m in masks if not m & self.taken and m & ~blocked)
                if still:
                    self.open[cell].append(still)
                    for m in still:
                        self.influence |= m
        self.baseline = self._fragility(0)

    def covers(self, mask: int) -> int:
        return (mask & self.own).bit_count()

    def cost(self, mask: int) -> float:
        fragility = self._fragility(mask) if mask & self.influence else self.baseline
        free = self.bp.buildable & ~(self.taken | mask)
        exposed = 0
        holes = 0
        for cell in _bits(self._halo(mask) & free):
            exposed += 1
            open_sides = (self.near[cell.bit_length() - 1] & free).bit_count()
            holes += 3 if open_sides == 0 else 1 if open_sides == 1 else 0
        crew_room = 0 if self.system == "Quarters" else (mask & self.bp.near_bridge).bit_count()
        return fragility - 8.0 * self.covers(mask) + 2.0 * holes + 0.5 * exposed + crew_room

    def _halo(self, mask: int) -> int:
        halo = 0
        for cell in _bits(mask):
            halo |= self.near[cell.bit_length() - 1]
        return halo & ~mask

    def _fragility(self, new: int) -> float:
        """Bare required grids that `new` leaves no spot for (STRANDS each) or one shape."""
        total = 0.0
        for cell, by_shape in self.open.items():
            if cell & new:
                continue
            shapes = 0
            for masks in by_shape:
                if any(not m & new for m in masks):
                    shapes += 1
                    if shapes == 2:
                        break
            total += STRANDS if shapes == 0 else 10.0 if shapes == 1 else 0.0
        return total


def _pip(sheet: Sheet, legal: list[Action]) -> Action:
    """The pip that blocks the fewest free grids (a later piece needs one pip-free grid)."""
    marks = [a for a in legal if isinstance(a, Mark)]
    if not marks or sheet.truck is None:
        return legal[0]
    bp = blueprint(sheet.truck)
    free = bp.buildable & ~occupied_mask(sheet) & ~pip_block_mask(sheet)

    def blocked(mark: Mark) -> int:
        cell = parse_cell(mark.cell)
        assert cell is not None
        return (bp.halo([cell]) & free).bit_count()

    return min(marks, key=blocked)


# Delivery ------------------------------------------------------------------------------------


def _deliver(state: SpaceTruckinState, sheet: Sheet, legal: list[Action]) -> Action:
    fills = [a for a in legal if isinstance(a, Fill)]
    if fills and sheet.challenge is not None:
        return min(fills, key=lambda a: _fill_score(sheet, a))
    if Accept() in legal and sheet.challenge is not None:
        return _tweak(sheet, legal)
    jumps_left = len(LOCATIONS) - 1 - state.location
    tally = Tally(sheet)
    return max(legal, key=lambda a: _after(sheet, tally, a, jumps_left))


def _tweak(sheet: Sheet, legal: list[Action]) -> Action:
    """Accept, or the flip or reroll (paid without crew) that best raises the expected band."""
    assert sheet.challenge is not None
    boxes = sheet.challenge.boxes
    best: Action = Accept()
    best_worth = _band_worth(boxes) + 0.25  # spending a pip needs a clear gain
    judged: set[tuple[str, str]] = set()
    for action in legal:
        if not isinstance(action, Tweak) or (action.box, action.effect) in judged:
            continue
        if _spends_crew(sheet, action.pip):
            continue
        judged.add((action.box, action.effect))
        index = box_names(len(boxes) // 2).index(action.box)
        old = boxes[index]
        faces = range(1, 7) if action.effect == "reroll" else (flip_face(old or 1),)
        worth = 0.0
        for face in faces:
            changed = list(boxes)
            changed[index] = face
            worth += _band_worth(changed) / len(faces)
        if worth > best_worth:
            best, best_worth = action, worth
    return best


def _band_worth(boxes: Sequence[int | None]) -> float:
    return BAND_WORTH[band_of(challenge_result(tuple(boxes)))]


def _spends_crew(sheet: Sheet, pip: str) -> bool:
    cell = parse_cell(pip)
    return cell is not None and system_of_cell(sheet, cell) == "Quarters"


def _after(sheet: Sheet, tally: Tally, action: Action, jumps_left: int) -> float:
    """How good the truck looks after a consequence, payment, reward or jump."""
    match action:
        case Hit(piece=piece):
            return tally.worth(jumps_left, lost=(piece,))
        case HitTwo(system_piece=first, shape_piece=second):
            return tally.worth(jumps_left, lost=(first, second))
        case LoseSystem(piece=piece):
            return tally.worth(jumps_left, lost=(piece,))
        case GiveCargo(pip=pip):
            return tally.worth(jumps_left, pip=(pip, "cargo", "open"))
        case Jump(pip=pip):
            return tally.worth(jumps_left - 1, pip=(pip, "open", "used"))
        case Mark(cell=cell):
            task = sheet.tasks[0] if sheet.tasks else None
            loads = task is not None and task.reward in ("cargo", "artifact")
            return tally.worth(jumps_left, pip=(cell, None, "cargo" if loads else "open"))
    return 0.0


def _hit_two(state: SpaceTruckinState, sheet: Sheet) -> HitTwo:
    """The two losses that leave the best truck, among the pairs `choices.hit_two_options`
    lists (worked out here as plain pairs: listing them as models is slow on a big truck)."""
    a, b = sheet.hit_dice
    live = live_pieces(sheet)
    pairs: set[tuple[int | None, int | None]] = set()
    for system_die, shape_die in ((a, b), (b, a)):
        firsts: list[int | None] = [p.id for p in live if piece_matches(p, system_die, "system")]
        for first in firsts or [None]:
            seconds: list[int | None] = [
                p.id for p in live if p.id != first and piece_matches(p, shape_die, "shape")
            ]
            pairs.update((first, second) for second in seconds or [None])
    tally = Tally(sheet)
    jumps_left = len(LOCATIONS) - 1 - state.location
    first, second = max(
        sorted(pairs, key=lambda p: (p[0] is None, p[0] or 0, p[1] is None, p[1] or 0)),
        key=lambda pair: tally.worth(jumps_left, lost=pair),
    )
    return HitTwo(system_piece=first, shape_piece=second)


class Tally:
    """A sheet boiled down to what delivery choices change: per live piece, its system and its
    open and loaded pips; plus the Bridge, the VP and the captain."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.piece_of: dict[Cell, int] = {}
        self.pieces: dict[int, tuple[System, int, int]] = {}
        for piece in live_pieces(sheet):
            self.pieces[piece.id] = (piece.system, 0, 0)
            for cell in piece.cells:
                self.piece_of[cell] = piece.id
        for pip in sheet.pips:
            self._count(self.piece_of.get(pip.cell), pip.state, 1)

    def _count(self, piece: int | None, state: str | None, delta: int) -> None:
        if piece is None or piece not in self.pieces or state not in ("open", "cargo"):
            return
        system, open_pips, loaded = self.pieces[piece]
        if state == "open":
            open_pips += delta
        else:
            loaded += delta
        self.pieces[piece] = (system, open_pips, loaded)

    def worth(
        self,
        jumps_left: int,
        *,
        lost: tuple[int | None, ...] = (),
        pip: tuple[str, str | None, str] | None = None,
    ) -> float:
        """`truck_worth` after losing pieces (None: a Bridge hit) or changing one pip."""
        sheet = self.sheet
        pieces = dict(self.pieces)
        bridge = sheet.bridge_damage + sum(1 for p in lost if p is None)
        gone = {p for p in lost if p is not None}
        for piece in gone:
            pieces.pop(piece, None)
        if pip is not None:
            cell = parse_cell(pip[0])
            holder = self.piece_of.get(cell) if cell is not None else None
            if holder in pieces:
                assert holder is not None
                system, open_pips, loaded = pieces[holder]
                open_pips += (pip[2] == "open") - (pip[1] == "open")
                loaded += (pip[2] == "cargo") - (pip[1] == "cargo")
                pieces[holder] = (system, open_pips, loaded)
        vp = sheet.vp + (GRIZZLED_VP * len(gone) if sheet.specialty == "Grizzled" else 0)
        return truck_worth(sheet, jumps_left, pieces=pieces, bridge=bridge, vp=vp)


def truck_worth(
    sheet: Sheet,
    jumps_left: int,
    *,
    pieces: dict[int, tuple[System, int, int]] | None = None,
    bridge: int | None = None,
    vp: int | None = None,
) -> float:
    """A rough worth of a truck mid-delivery: alive first, then jumps, crew and cargo."""
    if pieces is None:
        pieces = Tally(sheet).pieces
    bridge = sheet.bridge_damage if bridge is None else bridge
    vp = sheet.vp if vp is None else vp
    if bridge >= BRIDGE_GRIDS:
        return LOST
    open_by: dict[System, int] = {}
    for system, open_pips, _ in pieces.values():
        open_by[system] = open_by.get(system, 0) + open_pips
    engine, crew = open_by.get("Engine", 0), open_by.get("Quarters", 0)
    if engine == 0 or crew == 0:
        return LOST
    wilds = open_by.get("Reactor", 0) if sheet.specialty == "Physicist" else 0
    fuel = engine + crew + wilds - 2  # one of each must stay open
    worth = 12.0 * min(fuel, jumps_left) + 2.0 * max(fuel - jumps_left, 0)
    worth += 4.0 * min(engine, 2) + 6.0 * min(crew, 2)
    cargo = sum(loaded for _, _, loaded in pieces.values())
    worth += sale_value(cargo + (SMUGGLER_EXTRA_CARGO if sheet.specialty == "Smuggler" else 0))
    worth += 1.5 * sum(open_by.values()) + 0.5 * len(pieces) - 15.0 * bridge
    return worth + vp


# The careful filter the playout tests use ---------------------------------------------------


def prudent(state: SpaceTruckinState, actor: PlayerId, pool: list[Action]) -> list[Action]:
    """Keep Quarters pips (crew) unless nothing else is possible, as a careful trucker would."""
    sheet = sheet_of(state, actor)

    def spends_crew(action: Action) -> bool:
        text = getattr(action, "pip", None)
        return isinstance(text, str) and _spends_crew(sheet, text)

    pool = [a for a in pool if not spends_crew(a)] or pool
    fills = [a for a in pool if isinstance(a, Fill)]
    if fills and sheet.challenge is not None:
        return [min(fills, key=lambda a: _fill_score(sheet, a))]
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


def _fill_score(sheet: Sheet, action: Fill) -> float:
    """Distance of the expected result from a safe 8, unknown boxes counted as 3.5; <1 is costly."""
    assert sheet.challenge is not None
    names = box_names(len(sheet.challenge.boxes) // 2)
    values: list[float] = [3.5 if v is None else float(v) for v in sheet.challenge.boxes]
    values[names.index(action.first)] = float(sheet.challenge.dice[0])
    values[names.index(action.second)] = float(sheet.challenge.dice[1])
    half = len(values) // 2
    top = sum(v * 10.0 ** (half - 1 - i) for i, v in enumerate(values[:half]))
    bottom = sum(v * 10.0 ** (half - 1 - i) for i, v in enumerate(values[half:]))
    result = top - bottom
    return abs(result - 8) + (1000 if result < 1 else 0)


__all__ = ["bot_move", "choose", "needed", "prudent", "truck_worth"]
