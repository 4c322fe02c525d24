"""Few-taps support: legal actions, the distinct results of a move, step-by-step previews.

Pure functions the Discord adapter and the bot call: `move_results` lists the distinct ends
of the pending move (where every car ends, which cars cross the line, what collision stops
it), each with a path `apply` accepts; `preview_move` shows a partial path and the legal next
steps, for the step-by-step builder (undo = drop the last step)."""

from __future__ import annotations

from collections.abc import Sequence

from games.apocalypseroad.combat import targets
from games.apocalypseroad.data import EVENT_DECK, RACE_CARDS, cars_per_team, standard_set
from games.apocalypseroad.events import event_options
from games.apocalypseroad.flow import activatable, can_fire, mover_for
from games.apocalypseroad.model import (
    Action,
    Activation,
    ArState,
    Debris,
    Discard,
    EventChoice,
    Fire,
    Move,
    PickCars,
    PlayCard,
)
from games.apocalypseroad.movement import BadStep, Mover, run
from games.apocalypseroad.rules import active_players
from games.apocalypseroad.sim import Sim
from games.apocalypseroad.track import Pos
from games.engine import IllegalAction, Model, PlayerId

PREFERENCE = ("F", "X", "F0", "F1", "F2", "F3", "L", "R", "DL", "DR")


class MoveResult(Model):
    """One distinct end of the pending move."""

    path: str
    mover: int
    end: Pos
    moved: tuple[tuple[int, Pos], ...]
    """Every car that moved, with the space it ends in."""
    crossings: tuple[tuple[int, int], ...]
    """(car, +1 forward / -1 backward) finish-line crossings, in order."""
    stop: str | None = None
    """'ram' (attacks `other`), 'crossover' (both take 1 damage) or 'suppressed_ram'."""
    other: int | None = None
    mp_left: int = 0
    collider: int | None = None
    """At a crossover stop: the car that collides with `other` (the moving car, or the front
    car of the line it pushes); both take 1 damage."""


class MovePreview(Model):
    """A partial path: where the cars are after it, and what may come next."""

    path: str
    ok: bool
    error: str = ""
    mp_left: int = 0
    done: bool = False
    complete: bool = False
    """The path is a whole legal move (`Move(path)` would be accepted)."""
    next_steps: tuple[str, ...] = ()
    result: MoveResult | None = None


def _result(mover: Mover, start: dict[int, Pos]) -> MoveResult:
    moved = tuple(sorted((c, p) for c, p in mover.board.pos.items() if start.get(c) != p))
    stop = mover.stop
    return MoveResult(
        path=" ".join(mover.tokens),
        mover=mover.car,
        end=mover.pos,
        moved=moved,
        crossings=tuple(mover.board.crossings),
        stop=None if stop is None else stop[0],
        other=None if stop is None else stop[1],
        mp_left=mover.mp,
        collider=mover.collider,
    )


def _pending(state: ArState) -> tuple[Sim, Mover] | None:
    act = state.activation
    if state.phase != "action" or act is None or act.stage != "move":
        return None
    sim = Sim(state)
    return sim, mover_for(sim, act)


def preview_move(state: ArState, path: str) -> MovePreview:
    pending = _pending(state)
    if pending is None:
        return MovePreview(path=path, ok=False, error="no move is pending")
    _, mover = pending
    start = dict(mover.board.pos)
    try:
        run(mover, path)
    except BadStep as error:
        return MovePreview(path=path, ok=False, error=str(error))
    nxt = tuple(mover.options())
    act = state.activation
    assert act is not None
    complete = not nxt or mover.done or not act.exact
    return MovePreview(
        path=" ".join(mover.tokens),
        ok=True,
        mp_left=mover.mp,
        done=not nxt,
        complete=complete,
        next_steps=nxt,
        result=_result(mover, start),
    )


def _first_step(mover: Mover, first: Sequence[str]) -> tuple[str, Mover] | None:
    """The first legal token of `first` and a copy of `mover` after it (None: none is legal,
    or the move is over)."""
    if mover.done:
        return None
    for token in first:
        trial = mover.copy()
        try:
            trial.step(token)
        except BadStep:
            continue
        return token, trial
    return None


def _greedy(mover: Mover, exact: bool) -> Mover:
    """On from a first step: the first legal token of the usual preference at each step, to
    the end (a move that may stop early stops after its first step)."""
    while exact:
        stepped = _first_step(mover, PREFERENCE)
        if stepped is None:
            return mover
        mover = stepped[1]
    return mover


def sample_moves(state: ArState) -> list[MoveResult]:
    """A few quick, distinct, legal whole moves (for `legal_actions` and random play): greedy
    walks, each from the first legal token of a start, then the usual preference."""
    pending = _pending(state)
    if pending is None:
        return []
    _, mover = pending
    act = state.activation
    assert act is not None
    start = dict(mover.board.pos)
    seen: dict[str, MoveResult] = {}
    starts = [PREFERENCE, ("L", *PREFERENCE), ("R", *PREFERENCE), ("X", *PREFERENCE)]
    starts += [("DL", *PREFERENCE), ("DR", *PREFERENCE), ("F1", *PREFERENCE)]
    starts += [("F2", *PREFERENCE), ("L", "R", *PREFERENCE)]
    if not act.exact:
        seen["skip"] = _result(mover.copy(), start)
    # A walk is settled by its first step (the rest follows the preference): starts whose
    # first legal token is the same (an X that is no overtake: F) are walked once.
    walked: dict[str | None, MoveResult] = {}
    for first in starts:
        stepped = _first_step(mover, first)
        token = None if stepped is None else stepped[0]
        if token not in walked:
            end = mover.copy() if stepped is None else _greedy(stepped[1], act.exact)
            walked[token] = _result(end, start)
        result = walked[token]
        seen.setdefault(repr((result.moved, result.stop)), result)
    return list(seen.values())


def move_results(state: ArState, max_nodes: int = 1500) -> list[MoveResult]:
    """Every distinct end of the pending move found within `max_nodes` (depth first), each
    with its shortest path; the quick samples are always included."""
    return EndSearch(state).ends(max_nodes)


class EndSearch:
    """The depth-first search of `move_results`, which can go on: `ends(n)` after `ends(m)`
    (m < n) is `move_results(state, n)` without walking the first m nodes again (the bot
    looks ahead at a few cards cheaply, then lists its pick's ends as the move menu does)."""

    def __init__(self, state: ArState) -> None:
        self.state = state
        pending = _pending(state)
        self._root = None if pending is None else pending[1]
        self._stack = [] if self._root is None else [self._root]
        self._start = {} if self._root is None else dict(self._root.board.pos)
        if self._root is not None:
            self._root.board.record = False
        self._found: dict[tuple[object, ...], Mover] = {}
        self._seen: set[tuple[object, ...]] = set()
        self._samples: list[MoveResult] | None = None
        self.nodes = 0
        """Nodes walked so far."""

    def ends(self, max_nodes: int) -> list[MoveResult]:
        """The distinct ends found within `max_nodes` nodes in all (see `move_results`)."""
        act = self.state.activation
        if self._root is None or act is None:
            return []
        while self._stack and self.nodes < max_nodes:
            self._walk(self._stack.pop(), act.exact)
        found = (_result(m, self._start) for m in self._found.values())
        results = {(r.moved, r.stop): r for r in found}
        if self._samples is None:
            self._samples = sample_moves(self.state)
        for result in self._samples:
            results.setdefault((result.moved, result.stop), result)
        return list(results.values())

    def _walk(self, mover: Mover, exact: bool) -> None:
        self.nodes += 1
        children = []
        legal = 0
        if not mover.done:
            for token in mover.candidates():
                child = mover.copy()
                try:
                    child.step(token)
                except BadStep:
                    continue
                legal += 1
                sector = child.pos[0]
                key = (
                    child.board.digest,
                    child.mp,
                    child.locked,
                    child.stop,
                    frozenset(p for p in child.visited if p[0] == sector),
                    tuple(child.followers),
                    child.behind_from,
                )
                if key in self._seen:
                    continue
                self._seen.add(key)
                children.append(child)
        if not legal or not exact or mover.done:
            rkey = (mover.board.digest, mover.stop)
            old = self._found.get(rkey)
            if old is None or len(old.tokens) > len(mover.tokens):
                self._found[rkey] = mover
        self._stack.extend(reversed(children))


def play_actions(state: ArState, player: PlayerId) -> list[PlayCard]:
    sim = Sim(state)
    seat = sim.seat_of[player]
    actions: list[PlayCard] = []
    kinds: set[tuple[str, bool, int]] = set()
    for card in state.teams[seat].hand:
        info = RACE_CARDS[card]
        sig = (info.movement, info.diagonal, info.speed)
        if sig in kinds:
            continue
        kinds.add(sig)
        for car_id in activatable(sim, seat):
            car = sim.cars[car_id]
            fire_before: list[int | None] = [None]
            if not car.reloading and not car.suppressed:
                fire_before += targets(sim, car_id)
            for lead in (False, True) if info.movement == "ram" else (False,):
                for target in fire_before:
                    actions.append(
                        PlayCard(card=card, car=car.number, target=target, ram_lead=lead)
                    )
    return actions


def legal_actions(state: ArState, player: PlayerId) -> list[Action]:
    """The kinds plus representatives: every card/car/target, sample whole moves (any legal
    path is accepted too), every fire target and event answer, sample discards."""
    if player not in active_players(state):
        return []
    seat = next(t.seat for t in state.teams if t.player == player)
    if state.phase == "pick":
        need = cars_per_team(len(state.teams))
        # the standard set first: the one tap for players who do not care (any set is legal)
        picks = [standard_set(len(state.teams)), tuple(range(1, need + 1))]
        picks.append(tuple(range(8, 8 - need, -1)))
        return [PickCars(cars=cars) for cars in picks]
    if state.phase == "discard":
        hand = state.teams[seat].hand
        found: list[Action] = [Discard(cards=())]
        found += [Discard(cards=(c,)) for c in hand]
        if len(hand) > 1:
            found.append(Discard(cards=hand))
        return found
    if state.phase == "debris":
        return [
            Debris(car=c.number)
            for c in state.cars
            if c.team == seat and c.place in ("grid", "track", "off")
        ]
    act = state.activation
    if act is None:
        return list(play_actions(state, player))
    if act.stage == "move":
        return [Move(path=r.path) for r in sample_moves(state)]
    sim = Sim(state)
    if act.stage == "fire":
        return [Fire(target=None), *(Fire(target=t) for t in targets(sim, act.car))]
    return [EventChoice(choice=c) for c in event_options(sim)]


def pending_event(state: ArState) -> str | None:
    act = state.activation
    if act is None or act.event is None:
        return None
    return EVENT_DECK[act.event]


def planned(
    state: ArState, player: PlayerId, card: int, car: int, ram_lead: bool = False
) -> ArState:
    """The state as if `player` had played `card` for their car number `car` (not firing
    first), for `move_results` / `preview_move` before the card is committed. Nothing is drawn
    and nothing else changes. Raises IllegalAction if that play is not legal now."""
    if player not in active_players(state) or state.phase != "action" or state.activation:
        raise IllegalAction("not your card to play now")
    seat = next(t.seat for t in state.teams if t.player == player)
    sim = Sim(state)
    car_id = seat * 10 + car
    if card not in state.teams[seat].hand or car_id not in activatable(sim, seat):
        raise IllegalAction("play a card from your hand for one of your unactivated cars")
    info = RACE_CARDS[card]
    act = Activation(
        player=player,
        car=car_id,
        card=card,
        stage="move",
        mover=car_id,
        mp=info.speed + sim.ctype(car_id).base_mp,
        movement=info.movement,
        diagonal=info.diagonal,
        ram_lead=ram_lead and info.movement == "ram",
        then=("event", "fire") if info.starburst else ("fire",),
    )
    return state.model_copy(update={"activation": act})


class MoveChoice(Model):
    """One result of the pending move and the cars in reach once it is made (before any
    movement event): what the player may aim at when choosing it."""

    result: MoveResult
    targets: tuple[int, ...] = ()


def targets_after(state: ArState, result: MoveResult) -> tuple[int, ...]:
    """The cars the active car could fire at once `result` is made (none if it may not fire
    after moving: it fired first, is suppressed, or left the track)."""
    pending = _pending(state)
    act = state.activation
    if pending is None or act is None or act.fired or act.no_fire:
        return ()
    sim, mover = pending
    sim.activation = act
    try:
        run(mover, result.path)
    except BadStep:
        return ()
    sim.commit_board(mover.board)
    return tuple(targets(sim, act.car)) if can_fire(sim) else ()
