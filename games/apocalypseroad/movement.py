"""One car's movement, token by token (rules 13-26): costs, linking, locks, rams, crossover.

A path is a string of tokens separated by spaces:
  F        forward (straight on; pushes the cars ahead where the card links, or rams)
  F0..F3   forward into that lane of the next sector where the lanes split; where the cars
           pushed ahead reach a split, the lane they (the whole line) take
  L / R    lateral toward the inside / the outside; into an occupied space it displaces (2 MP)
  DL / DR  diagonal forward-inside / forward-outside, into an empty space (diagonal cards)
  X        Overtake: swap places with the car linked directly ahead
  B0..B2   where lanes converge behind the car: which space behind holds the cars linked
           behind (Lead: first step only; Line: before the line locks); costs nothing
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.apocalypseroad.board import Blocked, Board
from games.apocalypseroad.track import Pos

TOKENS = ("F", "L", "R", "DL", "DR", "X")


class BadStep(Exception):
    """The step is not allowed; the message says why (player-safe)."""


@dataclass
class Mover:
    board: Board
    car: int
    mp: int
    movement: str
    diagonal: bool = False
    ram_lead: bool = False
    empty_only: bool = False
    suppressed: bool = False
    locked: bool = False
    followers: list[int] = field(default_factory=list)
    visited: set[Pos] = field(default_factory=set)
    must_exit: int = 0
    """Off the track or in the Chute (-1 / +1: that lateral step) or the Trough (2: either):
    the first move must be lateral, back onto the track."""
    stop: tuple[str, int] | None = None
    """('ram', target) or ('crossover', blocker) or ('suppressed_ram', target)."""
    spent: int = 0
    tokens: list[str] = field(default_factory=list)
    behind_from: Pos | None = None
    """The space behind chosen with a B token (rule 7.11.4)."""
    collider: int | None = None
    """At a crossover stop: the car that would have entered the blocked square (the active
    car, or the front car of the line it pushes); it and the blocker take 1 damage each."""

    @classmethod
    def start(
        cls,
        board: Board,
        car: int,
        mp: int,
        movement: str,
        *,
        diagonal: bool = False,
        ram_lead: bool = False,
        empty_only: bool = False,
        suppressed: bool = False,
        must_exit: int = 0,
    ) -> Mover:
        mover = cls(board, car, mp, movement, diagonal, ram_lead, empty_only, suppressed)
        mover.must_exit = must_exit
        mover.visited = {board.pos[car]}
        if movement == "lead" or (movement == "ram" and ram_lead):
            mover.followers = board.chain_behind(car) if not must_exit else []
        return mover

    def copy(self) -> Mover:
        other = Mover(
            self.board.copy(),
            self.car,
            self.mp,
            self.movement,
            self.diagonal,
            self.ram_lead,
            self.empty_only,
            self.suppressed,
            self.locked,
            list(self.followers),
            set(self.visited),
            self.must_exit,
            self.stop,
            self.spent,
            list(self.tokens),
            self.behind_from,
            self.collider,
        )
        return other

    @property
    def done(self) -> bool:
        return self.stop is not None or self.mp == 0

    @property
    def pos(self) -> Pos:
        return self.board.pos[self.car]

    def _pay(self, cost: int) -> None:
        if cost > self.mp:
            raise BadStep(f"that needs {cost} MP and {self.mp} are left")
        self.mp -= cost
        self.spent += cost

    def step(self, token: str) -> None:
        if self.stop is not None:
            raise BadStep("the move has already stopped")
        if self.mp <= 0:
            raise BadStep("no MP left")
        if self.must_exit and token not in ("L", "R"):
            raise BadStep("first move back onto the track sideways (L or R)")
        if len(token) == 2 and token[0] == "B" and token[1].isdigit():
            self._behind(int(token[1]))
        elif token == "X":
            self._overtake()
        elif token in ("L", "R"):
            self._lateral(-1 if token == "L" else 1)
        elif token in ("DL", "DR"):
            self._diagonal(-1 if token == "DL" else 1)
        elif token == "F" or (len(token) == 2 and token[0] == "F" and token[1].isdigit()):
            self._forward(int(token[1]) if len(token) == 2 else None)
        else:
            raise BadStep(f"unknown step {token!r}; steps: F, F0-F3, L, R, DL, DR, X, B0-B2")
        self.tokens.append(token)

    # --- step kinds -------------------------------------------------------------------------

    @property
    def leads(self) -> bool:
        return self.movement == "lead" or (self.movement == "ram" and self.ram_lead)

    def _behind(self, index: int) -> None:
        if not ((self.leads and not self.tokens) or (self.movement == "line" and not self.locked)):
            raise BadStep("choose the cars linked behind first (Lead) or before the line locks")
        spaces = self.board.track.prevs(self.pos)
        if len(spaces) < 2 or index >= len(spaces) or self.must_exit:
            raise BadStep("no choice of lanes behind this car")
        self.behind_from = spaces[index]
        if self.leads:
            self.followers = self.board.chain_behind(self.car, self.behind_from)

    def split_lanes_ahead(self, dest: Pos) -> set[int]:
        """Lanes the cars pushed from `dest` may be steered into where their lane splits
        (rule 7.11.3: the active player chooses the lane a Race Line enters)."""
        b = self.board
        lanes: set[int] = set()
        p: Pos | None = dest
        for _ in range(60):
            car = None if p is None else b.occupant(p)
            if p is None or car is None or b.pos[car] != p:
                break
            options = b.track.nexts(p)
            if len(options) > 1:
                lanes |= {q[1] for q in options}
            p = b.ahead(p)
        return lanes

    def _forward(self, lane: int | None) -> None:
        b, here = self.board, self.pos
        push_lane = lane
        if lane is not None and not any(q[1] == lane for q in b.track.nexts(here)):
            dest = b.ahead(here)
            if dest is None or lane not in self.split_lanes_ahead(dest):
                raise BadStep("no lane choice there")
        else:
            dest = b.ahead(here, lane)
        if dest is None:
            raise BadStep(
                "no forward space there" if lane is not None else "leave the Trough sideways first"
            )
        if dest in self.visited:
            raise BadStep("a car may not enter the same space twice")
        blocker = b.perpendicular(dest)
        if blocker is not None:
            self._pay(1)
            self.mp = 0
            if self.movement == "ram":
                # 7.12 Bulldoze: "Cars may ram perpendicular cars" (the Bulldoze is ignored)
                self.stop = ("suppressed_ram" if self.suppressed else "ram", blocker)
            else:
                self.stop = ("crossover", blocker)
                self.collider = self.car
            return
        ahead = b.occupant(dest)
        if ahead is not None and self.empty_only:
            raise BadStep("this move may not enter an occupied space")
        if ahead is not None and self.movement == "ram":
            self._pay(1)
            self.mp = 0
            self.stop = ("suppressed_ram" if self.suppressed else "ram", ahead)
            return
        self._pay(1)
        if self.movement == "line" and not self.locked:
            chosen = self.behind_from if self.behind_from in b.track.prevs(here) else None
            behind = b.chain_behind(self.car, chosen)
            if ahead is not None or behind:
                self.locked = True
                self.followers = behind
        if ahead is not None:
            try:
                b.push(ahead, dest[1] if push_lane is None else push_lane)
            except Blocked as blocked:
                self.mp = 0
                self.stop = ("crossover", blocked.blocker)
                self.collider = blocked.mover if blocked.mover is not None else self.car
                return
            if self.movement == "pursuit":
                self.locked = True
        self._go(dest)

    def _go(self, dest: Pos) -> None:
        b = self.board
        old = self.pos
        b.place(self.car, dest)
        self.visited.add(dest)
        if self.followers:
            b.follow(self.followers, old)

    def _lateral(self, step: int) -> None:
        b, here = self.board, self.pos
        if self.must_exit in (-1, 1) and step != self.must_exit:
            raise BadStep("this car re-enters the track from its side: " + _side(self.must_exit))
        if self.locked:
            raise BadStep("the line is locked: no more lane changes (rules 18-19)")
        if not self.must_exit and b.track.rough(here):
            raise BadStep("no lane changes on Rough or Jump track (rule 25)")
        dest = (here[0], here[1] + step)
        if not b.track.on_track(dest) or b.track.terrain(dest) == "trough":
            raise BadStep("no lane that way")
        if dest in self.visited:
            raise BadStep("a car may not enter the same space twice")
        self._enter_sideways(here, dest, step)
        self.must_exit = 0
        self._go(dest)

    def _enter_sideways(self, here: Pos, dest: Pos, step: int) -> None:
        """Pay for a lateral or diagonal step into `dest`: 1 MP into an empty space; into an
        occupied one, Lateral Displacement (7.10): the occupant is pushed on by `step` (forward
        from the wall or apron), 2 MP however many cars move."""
        b = self.board
        other = b.occupant(dest)
        if other is None:
            self._pay(1)
            return
        if self.empty_only:
            raise BadStep("this move may not enter an occupied space")
        if dest in b.track.same or here in b.track.same:
            raise BadStep("no lateral displacement inside the crossover (rule 24)")
        if self.mp < 2:
            raise BadStep("a displacement costs 2 MP")
        trial = b.copy()
        try:
            trial.displace(other, step)
        except Blocked:
            raise BadStep("that displacement would push a car into the crossing") from None
        self.board = trial
        self._pay(2)

    def _diagonal(self, step: int) -> None:
        b, here = self.board, self.pos
        if not self.diagonal:
            raise BadStep("only Diagonal cards move diagonally")
        if self.locked:
            raise BadStep("the line is locked: no more lane changes")
        if b.track.rough(here):
            raise BadStep("no lane changes on Rough or Jump track (rule 25)")
        straight = b.ahead(here)
        if straight is None:
            raise BadStep("no forward space there")
        dest = (straight[0], straight[1] + step)
        if not b.track.on_track(dest) or b.track.terrain(dest) == "trough":
            raise BadStep("no lane that way")
        if dest in self.visited:
            raise BadStep("a car may not enter the same space twice")
        if b.perpendicular(dest) is not None:
            raise BadStep("a perpendicular car bars that crossover square")
        self._enter_sideways(here, dest, step)
        self._go(dest)

    def _overtake(self) -> None:
        b, here = self.board, self.pos
        if self.movement != "overtake":
            raise BadStep("only Overtake movement swaps places")
        dest = b.ahead(here)
        other = None if dest is None else b.occupant(dest)
        if dest is None or other is None:
            raise BadStep("no car linked directly ahead to overtake")
        if b.pos[other] != dest:
            raise BadStep("Overtake can't target a perpendicular car (rule 24)")
        if dest in self.visited:
            raise BadStep("a car may not enter the same space twice")
        self._pay(1)
        b.swap(self.car, other)
        self.visited.add(dest)

    # --- what next ------------------------------------------------------------------------

    def options(self) -> list[str]:
        """Every token that is legal now (empty when the move is over)."""
        if self.done:
            return []
        found = []
        for token in self.candidates():
            try:
                self.copy().step(token)
            except BadStep:
                continue
            found.append(token)
        return found

    def candidates(self) -> list[str]:
        here = self.pos
        nexts = self.board.track.nexts(here)
        tokens = ["F"]
        straight = self.board.ahead(here)
        if len(nexts) > 1:
            tokens += [f"F{q[1]}" for q in nexts if q[1] != (straight or here)[1]]
        if straight is not None and self.movement != "ram":
            steer = self.split_lanes_ahead(straight) - {straight[1]}
            tokens += [f"F{k}" for k in sorted(steer) if f"F{k}" not in tokens]
        tokens += ["L", "R"]
        if self.diagonal:
            tokens += ["DL", "DR"]
        if self.movement == "overtake":
            tokens.append("X")
        behind = self.board.track.prevs(here)
        choose = (self.leads and not self.tokens) or self.movement == "line"
        if len(behind) > 1 and choose and not self.locked and not self.must_exit:
            tokens += [f"B{i}" for i in range(len(behind))]
        return tokens


def _side(step: int) -> str:
    return "L (toward the inside)" if step < 0 else "R (toward the outside)"


def run(mover: Mover, path: str) -> Mover:
    """Apply a whole path; raises BadStep with the step number on the first bad step."""
    for index, token in enumerate(path.split(), start=1):
        try:
            mover.step(token.upper())
        except BadStep as error:
            raise BadStep(f"step {index} ({token}): {error}") from None
    return mover
