"""Space Truckin' bot policy in the shipyard: which build to pick, where each tetromino goes
and where each pip goes.

The trucker first covers the Engine- and Weapons-required grids, then places the systems the
truck still lacks, then adds Engines and Quarters (the pips that pay for jumps) and Cargo; the
free choice is kept for a roll that would otherwise miss a system the truck needs. Each
tetromino goes where it strands no required grid and leaves the fewest loose cells, and each
pip where it blocks the fewest grids.
"""

from __future__ import annotations

from functools import cache

from games.spacetruckin.data import SHAPE_BY_DIE, SYSTEM_LETTER, Shape, System, Truck
from games.spacetruckin.grid import blueprint, parse_cell
from games.spacetruckin.models import Action, Build, FreeChoice, Mark, Place, Sheet, Stop
from games.spacetruckin.sheet import (
    legal_spots,
    live_pieces,
    occupied_mask,
    pip_block_mask,
    plan,
    systems_placed,
)
from games.spacetruckin.shipyard import placeable_picks

SHAPES: tuple[Shape, ...] = tuple(dict.fromkeys(SHAPE_BY_DIE.values()))
BUILD_ORDER: tuple[System, ...] = ("Engine", "Weapons", "Quarters", "Reactor", "Cargo")
WANTED: dict[System, int] = {"Engine": 4, "Quarters": 3, "Cargo": 3, "Reactor": 1, "Weapons": 1}
"""The mix of systems a truck grows towards once serviceable (pips for jumps, crew, cargo); it
keeps building while anything fits (measured: more pieces, more VP)."""


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


def pick_build(sheet: Sheet, legal: list[Action]) -> Action:
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


def place_piece(sheet: Sheet, legal: list[Action]) -> Action:
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


def place_pip(sheet: Sheet, legal: list[Action]) -> Action:
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


__all__ = ["needed", "pick_build", "place_piece", "place_pip"]
