"""A mutable board of car positions for one move: occupancy, pushing, displacement, snakes.

Only positions live here (no damage, no cards): `movement.py` drives it step by step and the
rules apply what it reports (crossings, collisions) to the state afterwards.
"""

from __future__ import annotations

from games.apocalypseroad.track import Pos, Track


class Blocked(Exception):
    """A push or displacement would put a car into a perpendicular car's crossover square."""

    def __init__(self, blocker: int, mover: int | None = None) -> None:
        super().__init__(blocker)
        self.blocker = blocker
        self.mover = mover
        """The car that would have entered the blocked square (7.12: "Any car that would have
        to enter a space with a car already barring its way ... is considered to have
        collided"): a pushed car, not necessarily the active one."""


class Board:
    """Positions of every car on the track, on the grid, off it, in the Trough or the Chute.

    `at` holds the single-occupancy spaces (crossover squares keyed once); cars in the Trough,
    off the track and in the Chute may stack and are only in `pos`."""

    def __init__(self, track: Track, pos: dict[int, Pos], stacked: set[int]) -> None:
        self.track = track
        self.pos = dict(pos)
        self.stacked = set(stacked)
        self.at: dict[Pos, int] = {}
        for car, p in self.pos.items():
            if car not in self.stacked:
                self.at[self.key(p)] = car
        self.crossings: list[tuple[int, int]] = []
        self.paths: dict[int, list[Pos]] = {}
        self.record = True
        """Keep each moved car's path (off while exploring many moves)."""
        self.digest = sum(hash(item) for item in self.pos.items())
        """A hash of every position, kept up to date (a cheap key for the move explorer)."""

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.track = self.track
        other.pos = dict(self.pos)
        other.stacked = set(self.stacked)
        other.at = dict(self.at)
        other.crossings = list(self.crossings)
        other.record = self.record
        other.paths = {k: list(v) for k, v in self.paths.items()} if self.record else {}
        other.digest = self.digest
        return other

    def key(self, p: Pos) -> Pos:
        same = self.track.same
        if not same:
            return p
        other = same.get(p)
        return min(p, other) if other is not None else p

    def occupant(self, p: Pos) -> int | None:
        return self.at.get(self.key(p))

    def perpendicular(self, p: Pos) -> int | None:
        """The car on the same crossover square travelling the other way, if any."""
        car = self.occupant(p)
        if car is not None and self.pos[car] != p:
            return car
        return None

    def free(self, p: Pos) -> bool:
        return self.track.on_track(p) and self.occupant(p) is None

    def place(self, car: int, dest: Pos) -> None:
        """Move `car` to `dest` (vacant), recording its path and any finish-line crossing."""
        old = self.pos[car]
        if car in self.stacked:
            self.stacked.discard(car)
        elif self.at.get(self.key(old)) == car:
            del self.at[self.key(old)]
        self.pos[car] = dest
        self.at[self.key(dest)] = car
        self.digest += hash((car, dest)) - hash((car, old))
        if self.record:
            self.paths.setdefault(car, [old]).append(dest)
        crossing = self.track.crosses_line(old, dest)
        if crossing:
            self.crossings.append((car, crossing))

    def swap(self, a: int, b: int) -> None:
        pa, pb = self.pos[a], self.pos[b]
        self.pos[a], self.pos[b] = pb, pa
        self.at[self.key(pa)] = b
        self.at[self.key(pb)] = a
        for car, old, new in ((a, pa, pb), (b, pb, pa)):
            self.digest += hash((car, new)) - hash((car, old))
            if self.record:
                self.paths.setdefault(car, [old]).append(new)
            crossing = self.track.crosses_line(old, new)
            if crossing:
                self.crossings.append((car, crossing))

    def ahead(self, p: Pos, lane: int | None = None) -> Pos | None:
        """The forward space from `p`: lane `lane` where it splits, else straight on."""
        options = self.track.nexts(p)
        if not options:
            return None
        want = p[1] if lane is None else lane
        for q in options:
            if q[1] == want:
                return q
        if lane is not None:
            return None
        return options[0]

    def behind(self, p: Pos) -> int | None:
        """The car directly behind `p` (same lane first where lanes converge)."""
        found = None
        for q in self.track.prevs(p):
            car = self.occupant(q)
            if car is not None and self.pos[car] == q:
                if q[1] == p[1]:
                    return car
                found = found if found is not None else car
        return found

    def chain_behind(self, car: int, first: Pos | None = None) -> list[int]:
        """The cars linked behind `car`; `first`: the space the first of them must be in (the
        active player's choice where lanes converge, rule 7.11.4)."""
        out: list[int] = []
        p = self.pos[car]
        if first is not None:
            nxt = self.occupant(first)
            if nxt is None or self.pos[nxt] != first:
                return out
            out.append(nxt)
            p = first
        while True:
            nxt = self.behind(p)
            if nxt is None or nxt in out:
                return out
            out.append(nxt)
            p = self.pos[nxt]

    def chain_ahead(self, car: int) -> list[int]:
        out: list[int] = []
        p = self.pos[car]
        while True:
            q = self.ahead(p)
            nxt = None if q is None else self.occupant(q)
            if nxt is None or nxt in out or nxt == car or self.pos[nxt] != q:
                return out
            out.append(nxt)
            p = q

    def push(self, car: int, lane: int | None) -> None:
        """Push `car` one space forward, pushing the chain ahead of it first (front first)."""
        p = self.pos[car]
        dest = self.ahead(p, lane) or self.ahead(p)
        if dest is None:
            raise Blocked(car)
        blocker = self.perpendicular(dest)
        if blocker is not None:
            raise Blocked(blocker, car)
        ahead = self.occupant(dest)
        if ahead is not None:
            self.push(ahead, lane)
        self.place(car, dest)

    def displace(self, car: int, step: int) -> None:
        """Lateral displacement (7.10): `car` moves one lane by `step`; a car against the wall
        or apron (or the Trough, which only events enter) is pushed forward instead."""
        p = self.pos[car]
        side = (p[0], p[1] + step)
        if not self.track.on_track(side) or self.track.terrain(side) == "trough":
            self.push(car, None)
            return
        if side in self.track.same or p in self.track.same:
            raise Blocked(car)
        other = self.occupant(side)
        if other is not None:
            self.displace(other, step)
        self.place(car, side)

    def follow(self, followers: list[int], vacated: Pos) -> None:
        """Each follower moves into the space just vacated ahead of it (a snake)."""
        for car in followers:
            old = self.pos[car]
            self.place(car, vacated)
            vacated = old
