"""Paths: the short text a player types to drive, its dry-run preview, and sample paths.

Tokens (spaces and commas optional, case ignored):
  F / L / R      one step forward / diagonally forward-left / forward-right
  M              drop a mine in the space you are about to leave (Minelayer; no Activation)
  G / H / E      Use the Machine Gun / Flamer / Fire Extinguisher now
  B / S          Use the Side Bumper / Lateral Circular Saw on the next step (a side ram)
  K1 / K2 / K3   Use the Rocket Booster after the last step
  +G +H +E +B +S +K   Arm that item now
"""

from __future__ import annotations

import re
from typing import Literal

from games.engine import Event, GameError, IllegalAction, InvalidAction, Model, PlayerId
from games.rushncrush.board import Board
from games.rushncrush.data import MINES, Fixed, Item
from games.rushncrush.driving import drive_step, rocket, swerve_options
from games.rushncrush.equipment import arm, check_counter, extinguish, fire
from games.rushncrush.events import Collision, MineDropped
from games.rushncrush.model import Cell, Mine, RncState

TOKEN = re.compile(r"\+[GHEBSK]|K[1-3]|[FLRMGHEBS]")
CODES: dict[str, Item] = {
    "G": Item.MACHINE_GUN,
    "H": Item.FLAMER,
    "E": Item.FIRE_EXTINGUISHER,
    "B": Item.SIDE_BUMPER,
    "S": Item.SAW,
    "K": Item.ROCKET_BOOSTER,
}
MOVES = frozenset({"F", "L", "R"})
HELP = (
    "use F, L, R to drive; M to drop a mine; G, H, E to fire the gun, flamer or extinguisher; "
    "B or S before a side-ram step; K1-K3 for the rocket; +G, +H, +E, +B, +S, +K to arm"
)


def parse_path(text: str) -> tuple[str, ...]:
    """Split a path such as `F F L F R F` or `ffl+gk2` into tokens (InvalidAction if unreadable)."""
    compact = re.sub(r"[\s,]+", "", text.upper())
    if not compact:
        raise InvalidAction(f"the path {text!r} is empty; {HELP}")
    tokens: list[str] = []
    pos = 0
    while pos < len(compact):
        match = TOKEN.match(compact, pos)
        if match is None:
            raise InvalidAction(f"cannot read {compact[pos:]!r} in the path {text!r}; {HELP}")
        tokens.append(match.group())
        pos = match.end()
    return tuple(tokens)


class PathPreview(Model):
    """What a path would do, worked out without rolling a die."""

    cells: tuple[Cell, ...]
    """Cells driven through, start included (up to the first dice-dependent point)."""
    end: Cell
    hits: tuple[str, ...]
    """Plain-language findings in order: obstructions, rams, wrecks, mines, equipment."""
    movement_left: int
    lane_changes_left: int | None
    steering_spent: int
    stops_for_roll: bool
    """True when a side ram's roll decides where the car goes on (the move pauses there)."""
    finishes: bool


Status = Literal["running", "ended", "paused"]


class PathRun:
    """Feeds tokens one at a time to a board; `ended` once movement can go no further."""

    def __init__(self, board: Board, player: PlayerId) -> None:
        self.board = board
        self.player = player
        self.status: Status = "running"
        self.movement_over = False
        self.bumper = False
        self.saw = False

    def fork(self) -> PathRun:
        """An independent copy, to try a step without committing to it."""
        other = PathRun(self.board.clone(), self.player)
        other.status, other.movement_over = self.status, self.movement_over
        other.bumper, other.saw = self.bumper, self.saw
        return other

    def feed(self, token: str, rest: tuple[str, ...]) -> None:
        """Run one token (raises a GameError, board unchanged, if it is not legal now)."""
        board, player = self.board, self.player
        turn = board.turn
        assert turn is not None
        if token in MOVES:
            result = drive_step(board, player, token, bumper=self.bumper, saw=self.saw)  # type: ignore[arg-type]
            self.bumper = self.saw = False
            turn = board.turn
            assert turn is not None
            if result == "side_ram" and (board.dry or turn.movement_left > 0):
                self.status = "paused"
            elif result in ("rush", "blocked", "stuck") or turn.movement_left == 0:
                self.movement_over = True
        elif token == "M":
            self._drop_mine(rest)
        elif token in ("B", "S"):
            check_counter(board, player, CODES[token], "use")
            if not any(t in MOVES for t in rest[:1]):
                raise IllegalAction(f"{token} must come right before the side-ram step (L or R)")
            self.bumper = self.bumper or token == "B"
            self.saw = self.saw or token == "S"
        elif token in ("G", "H"):
            fire(board, player, CODES[token])
        elif token == "E":
            extinguish(board, player)
        elif token.startswith("K"):
            rocket(board, player, int(token[1]))
            self.movement_over = True
        else:
            arm(board, player, CODES[token[1]])
        if board.over or board.cars[player].destroyed:
            self.status = "ended"

    def _drop_mine(self, rest: tuple[str, ...]) -> None:
        board, player = self.board, self.player
        car = board.cars[player]
        if not car.has(Fixed.MINELAYER):
            raise IllegalAction("M: your car has no Minelayer")
        if car.mines <= 0:
            raise IllegalAction(f"M: all {MINES} of your mines are already on the road")
        if board.mine_at(car.cell) is not None:
            raise IllegalAction(f"M: there is already a mine at row {car.row}; drop it further on")
        if self.movement_over or not any(t in MOVES or t.startswith("K") for t in rest):
            raise IllegalAction("M: a mine drops as you leave a space; put M before a step")
        board.mines.append(Mine(row=car.row, lane=car.lane, owner=player))
        board.update(player, mines=car.mines - 1)
        board.events.append(MineDropped(player=player, at=car.cell))
        if board.dry:
            board.note(f"drops a mine at row {car.row}, lane {car.lane + 1}")

    def finish_check(self) -> None:
        """After the whole path: refuse a half-used special token or a short move."""
        if self.bumper or self.saw:
            raise IllegalAction("B and S must be followed by the side-ram step (L or R)")
        turn = self.board.turn
        if self.status != "running" or self.movement_over or turn is None:
            return
        if turn.swerve_pending:
            could = " or ".join(swerve_options(self.board, self.player))
            raise IllegalAction(
                f"the path ends just after hitting an obstruction: add the compulsory {could}"
            )
        if turn.movement_left > 0:
            car = self.board.cars[self.player]
            raise IllegalAction(
                f"you must move your full speed ({car.speed}): this path leaves "
                f"{turn.movement_left} step(s) unused; add F, L or R"
            )


def dry_run(
    state: RncState, player: PlayerId, tokens: tuple[str, ...], *, complete: bool = True
) -> PathRun:
    """Check a path without rolling; raises the GameError a real move would.

    `complete=False` checks a path still being written (step by step): every token so far must
    be legal, but it may stop short of the full speed.
    """
    run = PathRun(Board(state, None), player)
    for index, token in enumerate(tokens):
        try:
            run.feed(token, tokens[index + 1 :])
        except GameError as error:
            error.message = f"step {index + 1} ({token}): {error.message}"
            error.args = (error.message,)
            raise
        if run.status != "running":
            break
    if complete:
        run.finish_check()
    return run


def preview_from(state: RncState, player: PlayerId, run: PathRun) -> PathPreview:
    board = run.board
    turn = board.turn
    assert turn is not None
    car = board.cars[player]
    return PathPreview(
        cells=turn.path,
        end=car.cell,
        hits=tuple(board.notes),
        movement_left=turn.movement_left,
        lane_changes_left=turn.lane_changes,
        steering_spent=state.car(player).steering - car.steering,
        stops_for_roll=run.status == "paused",
        finishes=board.winner == player,
    )


BEAM = 6
"""Situations kept per step by the path search."""
HAZARDS = frozenset({"obstruction", "wreck", "mine"})
Cost = tuple[int, int, tuple[int, ...]]
"""(collisions, Steering points spent, the steps' ranks in a style's preference order)."""
STYLES: tuple[tuple[str, ...], ...] = (("F", "L", "R"), ("L", "F", "R"), ("R", "F", "L"))
"""Straight on, hugging left, hugging right (the order ties are broken in)."""


def sample_paths(state: RncState, player: PlayerId, limit: int = 3) -> tuple[str, ...]:
    """A few valid paths, the safest first: each style's path with the fewest collisions
    (obstructions, wrecks, mines), then the least Steering spent, then the style's taste.

    A path that hits something is offered only when no style found a clean one.
    """
    best = _greedy_all(state, player)
    straight = best.get(0)
    if straight is None or straight[0][0]:
        best = _search(state, player)  # slower, so only when driving straight on hits something
    found: list[tuple[Cost, str]] = []
    for style in range(len(STYLES)):
        if style in best:
            cost, tokens = best[style]
            text = " ".join(tokens)
            if text and all(text != f for _, f in found):
                found.append((cost, text))
    found.sort(key=lambda item: item[0][:2])
    clean = [f for f in found if f[0][0] == 0]
    return tuple(text for _, text in (clean or found)[:limit])


def _greedy_all(state: RncState, player: PlayerId) -> dict[int, tuple[Cost, tuple[str, ...]]]:
    """Each style's path taking its favourite legal step every time (no look-ahead)."""
    out: dict[int, tuple[Cost, tuple[str, ...]]] = {}
    steering = state.car(player).steering
    for style, prefs in enumerate(STYLES):
        run = PathRun(Board(state, None), player)
        tokens: list[str] = []
        ranks: list[int] = []
        while not _finished(run) and len(tokens) < 40:
            for rank, token in enumerate(prefs):
                trial = run.fork()
                try:
                    trial.feed(token, ())
                except GameError:
                    continue
                run = trial
                tokens.append(token)
                ranks.append(rank)
                break
            else:
                break
        hits = _hazards(run.board.events)
        cost: Cost = (hits, steering - run.board.cars[player].steering, tuple(ranks))
        _settle(run, {style: (cost, tuple(tokens))}, out)
    return out


def _search(state: RncState, player: PlayerId) -> dict[int, tuple[Cost, tuple[str, ...]]]:
    """Every style's cheapest whole path, layer by layer (one layer per step).

    Runs reaching the same situation are merged, keeping each style's cheapest way there: costs
    only grow along a path, so the cheapest prefix also gives the cheapest whole path. Only the
    `BEAM` cheapest situations go on to the next step, which keeps it fast and rarely matters.
    """
    Entry = tuple[PathRun, dict[int, tuple[Cost, tuple[str, ...]]]]
    start = PathRun(Board(state, None), player)
    layer: dict[tuple[object, ...], Entry] = {
        _key(start): (start, {i: ((0, 0, ()), ()) for i in range(len(STYLES))})
    }
    done: dict[int, tuple[Cost, tuple[str, ...]]] = {}
    steering = state.car(player).steering
    for _ in range(40):
        following: dict[tuple[object, ...], Entry] = {}
        for run, costs in layer.values():
            if _finished(run):
                _settle(run, costs, done)
                continue
            for token in ("F", "L", "R"):
                trial = run.fork()
                before = len(trial.board.events)
                try:
                    trial.feed(token, ())
                except GameError:
                    continue
                hits = _hazards(trial.board.events[before:])
                spent = steering - trial.board.cars[player].steering
                key = _key(trial)
                kept = following.setdefault(key, (trial, {}))[1]
                for style, ((h, _, ranks), tokens) in costs.items():
                    cost = (h + hits, spent, (*ranks, STYLES[style].index(token)))
                    if style not in kept or cost < kept[style][0]:
                        kept[style] = (cost, (*tokens, token))
        if not following:
            break
        # a beam: the situations with the cheapest ways there (enough for a few suggestions)
        if len(following) > BEAM:
            ranked = sorted(following.items(), key=lambda kv: min(c for c, _ in kv[1][1].values()))
            following = dict(ranked[:BEAM])
        layer = following
    for run, costs in layer.values():
        if _finished(run):
            _settle(run, costs, done)
    return done


def _hazards(events: list[Event]) -> int:
    """Obstructions, wrecks and mines driven into (rams are a choice, not a hazard)."""
    return sum(1 for e in events if isinstance(e, Collision) and e.what in HAZARDS)


def _finished(run: PathRun) -> bool:
    turn = run.board.turn
    return run.status != "running" or run.movement_over or turn is None or turn.movement_left == 0


def _key(run: PathRun) -> tuple[object, ...]:
    """What decides the rest of a path: where the car is and what it has left."""
    turn = run.board.turn
    assert turn is not None
    car = run.board.cars[run.player]
    return (
        car.cell,
        car.steering,
        car.structure,
        turn.movement_left,
        turn.lane_changes,
        turn.swerve_pending,
        turn.swerve_around,
        run.status,
        run.movement_over,
    )


def _settle(
    run: PathRun,
    costs: dict[int, tuple[Cost, tuple[str, ...]]],
    done: dict[int, tuple[Cost, tuple[str, ...]]],
) -> None:
    try:
        run.finish_check()
    except GameError:
        return
    for style, (cost, tokens) in costs.items():
        if tokens and (style not in done or cost < done[style][0]):
            done[style] = (cost, tokens)
