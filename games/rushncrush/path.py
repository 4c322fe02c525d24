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

from games.engine import GameError, IllegalAction, InvalidAction, Model, PlayerId
from games.rushncrush.board import Board
from games.rushncrush.data import MINES, Fixed, Item
from games.rushncrush.driving import drive_step, rocket
from games.rushncrush.equipment import arm, check_counter, extinguish, fire
from games.rushncrush.events import MineDropped
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
            if self.movement_over:
                return  # the move already ended (ram, finish, stuck): extra steps are moot
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
            raise IllegalAction(
                "the path ends just after hitting an obstruction: add the compulsory L or R"
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


def sample_paths(state: RncState, player: PlayerId, limit: int = 3) -> tuple[str, ...]:
    """A few valid paths found greedily: straight on, hugging left, hugging right, weaving."""
    preferences = (("F", "L", "R"), ("L", "F", "R"), ("R", "F", "L"))
    found: list[str] = []
    for prefs in preferences:
        path = _greedy(state, player, prefs)
        if path is not None and path not in found:
            found.append(path)
        if len(found) >= limit:
            break
    return tuple(found)


def _greedy(state: RncState, player: PlayerId, prefs: tuple[str, ...]) -> str | None:
    run = PathRun(Board(state, None), player)
    tokens: list[str] = []
    for _ in range(40):
        turn = run.board.turn
        if run.status != "running" or run.movement_over or turn is None or turn.movement_left == 0:
            break
        for token in prefs:
            trial = run.fork()
            try:
                trial.feed(token, ())
            except GameError:
                continue
            run = trial
            tokens.append(token)
            break
        else:
            return None
    try:
        run.finish_check()
    except GameError:
        return None
    return " ".join(tokens) if tokens else None
