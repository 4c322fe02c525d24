"""A working copy of the state for one `apply`: damage, eliminations, the Chute, scoring, decks.

Built from an `ArState`, changed in place by the rules, turned back into a new state at the
end; the state passed in is never touched (a refused action leaves it as it was)."""

from __future__ import annotations

from typing import Any

from games.apocalypseroad.board import Board
from games.apocalypseroad.data import (
    CAR_TYPES,
    EVENT_DECK,
    MAX_DAMAGE,
    REPLACEMENT_ORDER,
    CarType,
    cars_per_team,
)
from games.apocalypseroad.model import (
    Activation,
    ArEvent,
    ArMoved,
    ArState,
    Attack,
    Car,
    CarEnd,
    CarPath,
    How,
    LastMove,
    Side,
)
from games.apocalypseroad.track import Pos, Track, get_track
from games.engine import Event, PlayerId, Rng


def flip(side: Side) -> Side:
    return "dark" if side == "light" else "light"


class Sim:
    def __init__(self, state: ArState, rng: Rng | None = None) -> None:
        self.state = state
        self.rng = rng
        self.track: Track = get_track(state.options.track)
        self.cars: dict[int, Car] = {c.id: c for c in state.cars}
        self.pools = [t.pool for t in state.teams]
        self.hands = [list(t.hand) for t in state.teams]
        self.picked = [list(t.picked) for t in state.teams]
        self.race_deck = list(state.race_deck)
        self.race_discard = list(state.race_discard)
        self.event_deck = list(state.event_deck)
        self.event_discard = list(state.event_discard)
        self.combat_deck = list(state.combat_deck)
        self.combat_discard = list(state.combat_discard)
        self.bounty = state.bounty
        self.race_bonus = state.race_bonus
        self.activation: Activation | None = state.activation
        self.fields: dict[str, Any] = {}
        self.winner: PlayerId | None = state.winner
        self.end_reason = state.end_reason
        self.events: list[Event] = []
        self.last: LastMove | None = state.last
        self.seat_of = {t.player: t.seat for t in state.teams}

    # --- helpers -----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.winner is not None

    def note(self, text: str, *cars: int) -> None:
        self.events.append(ArEvent(text=text, cars=cars))

    def label(self, car_id: int) -> str:
        car = self.cars[car_id]
        return f"{self.state.teams[car.team].letter}{car.number}"

    def ctype(self, car_id: int) -> CarType:
        return CAR_TYPES[self.cars[car_id].number]

    def update(self, car_id: int, **changes: Any) -> Car:
        car = self.cars[car_id].model_copy(update=changes)
        self.cars[car_id] = car
        return car

    def board(self) -> Board:
        pos: dict[int, Pos] = {}
        stacked: set[int] = set()
        for car in self.cars.values():
            if car.place in ("grid", "track", "off", "chute"):
                pos[car.id] = car.pos
                if (car.place != "track" and car.place != "grid") or self.track.terrain(
                    car.pos
                ) == "trough":
                    stacked.add(car.id)
        return Board(self.track, pos, stacked)

    def commit_board(self, board: Board) -> None:
        """Write moved positions back and tell where each car ended; score every finish-line
        crossing, in order."""
        if board.paths:
            self.events.append(self.moved(board))
        for car_id, path in board.paths.items():
            dest = board.pos[car_id]
            place = "grid" if dest[0] >= 100 else "track"
            self.update(car_id, sector=dest[0], lane=dest[1], place=place, spun=False)
            self.log_path(car_id, path)
        for car_id, direction in board.crossings:
            self.cross(car_id, direction)
            if self.over:
                return

    def moved(self, board: Board) -> ArMoved:
        """The move's story: the active mover first (when it moved), then each car it took
        along, by where it ended relative to the mover."""
        act = self.activation
        mover = act.mover if act is not None and act.mover in board.paths else None
        order = sorted(board.paths, key=lambda car: car != mover)
        ends: list[CarEnd] = []
        for car_id in order:
            start, end = board.paths[car_id][0], board.pos[car_id]
            how: How = "moves"
            if mover is not None and car_id != mover:
                if start[0] == end[0]:
                    how = "displaced"  # pushed sideways, in its own sector
                else:
                    how = "pushed" if self.ahead(end, board.pos[mover]) else "follows"
            ends.append(CarEnd(car=car_id, sector=end[0], lane=end[1], how=how))
        return ArMoved(cars=tuple(ends))

    def ahead(self, pos: Pos, of: Pos) -> bool:
        """Is `pos` ahead of `of` round the loop (the grid counts as just behind its join)?"""
        length = self.track.length
        gap = (self.track.progress(pos) - self.track.progress(of)) % length
        return 0 < gap < length // 2

    def log_path(self, car_id: int, path: list[Pos]) -> None:
        if self.last is None:
            return
        paths = list(self.last.paths)
        for index, old in enumerate(paths):
            if old.car == car_id:
                paths[index] = CarPath(car=car_id, path=old.path + tuple(path[1:]))
                break
        else:
            paths.append(CarPath(car=car_id, path=tuple(path)))
        self.last = self.last.model_copy(update={"paths": tuple(paths)})

    def log_attack(self, attack: Attack) -> None:
        if self.last is not None:
            self.last = self.last.model_copy(update={"attacks": (*self.last.attacks, attack)})

    # --- scoring (11.1 - 11.5) -------------------------------------------------------------

    def claim(self, seat: int, vp: int, why: str) -> None:
        if self.over:
            return
        self.pools[seat] = max(0, self.pools[seat] - vp)
        team = self.state.teams[seat]
        goal = self.state.options.pool
        scored = goal - self.pools[seat]
        self.note(f"{team.name} scores {vp} VP ({why}): {scored} of {goal}, needs {goal - scored}")
        if self.pools[seat] == 0:
            self.winner = team.player
            self.end_reason = f"{team.name} ({team.team_name}) scored all {goal} VP"
            self.note(f"{team.name} wins with all {goal} VP scored!")

    def cross(self, car_id: int, direction: int) -> None:
        car = self.cars[car_id]
        if self.last is not None:
            self.last = self.last.model_copy(update={"crossings": (*self.last.crossings, car_id)})
        if direction < 0:
            if car.claimed > 0:
                self.update(car_id, claimed=car.claimed - 1)
                self.pools[car.team] = min(self.state.options.pool, self.pools[car.team] + 1)
                self.note(f"{self.label(car_id)} is pushed back over the line: 1 VP returned")
            else:
                self.update(car_id, owed=car.owed + 1)
            return
        if car.owed > 0:
            self.update(car_id, owed=car.owed - 1)
            self.note(f"{self.label(car_id)} recrosses the line (no VP: it was pushed back)")
            return
        vp = 1
        if self.race_bonus > 0:
            vp = 2
            self.race_bonus -= 1
            if self.race_bonus == 0:
                self.event_discard.append(EVENT_DECK.index("race_bonus"))
        self.update(car_id, claimed=car.claimed + 1)
        self.claim(car.team, vp, f"{self.label(car_id)} crossed the finish line")

    # --- damage, elimination, the Chute (8.2, 8.3, 9.2, 11.3) ------------------------------

    def damage(self, car_id: int, amount: int, scorer: int | None, why: str) -> None:
        """`scorer`: the seat that scores a kill (None: 'no player receives the VP')."""
        car = self.cars[car_id]
        if amount <= 0 or car.place in ("destroyed", "reserve"):
            return
        total = car.damage + amount
        self.note(f"{self.label(car_id)} takes {amount} damage ({why})", car_id)
        if total < MAX_DAMAGE:
            self.update(car_id, damage=total)
            return
        self.eliminate(car_id, scorer)

    def eliminate(self, car_id: int, scorer: int | None) -> None:
        car = self.cars[car_id]
        act = self.activation
        mid_activation = act is not None and act.car == car_id
        side = flip(self.state.marker) if mid_activation else car.side
        self.update(car_id, place="destroyed", damage=MAX_DAMAGE, suppressed=False, spun=False)
        self.note(f"{self.label(car_id)} is eliminated", car_id)
        if self.last is not None:
            self.last = self.last.model_copy(update={"eliminated": (*self.last.eliminated, car_id)})
        if scorer is not None and scorer != car.team:
            vp = 1
            if self.bounty > 0:
                vp = 2
                self.bounty -= 1
                if self.bounty == 0:
                    self.event_discard.append(EVENT_DECK.index("bounty"))
            self.claim(scorer, vp, f"eliminated {self.label(car_id)}")
        self.replace(car.team, side)

    def replace(self, team: int, side: Side) -> None:
        limit = cars_per_team(len(self.state.teams))
        mine = [c for c in self.cars.values() if c.team == team]
        racing = sum(c.racing for c in mine)
        if racing >= limit:
            return
        reserve = {c.number: c for c in mine if c.place == "reserve"}
        for number in REPLACEMENT_ORDER:
            if number in reserve:
                car = reserve[number]
                self.update(
                    car.id, place="chute", sector=self.track.chute_sector, lane=-1, side=side
                )
                self.note(f"{self.label(car.id)} enters the Chute", car.id)
                return

    # --- decks ---------------------------------------------------------------------------

    def _draw(self, deck: list[int], discard: list[int], name: str) -> int | None:
        if not deck:
            if not discard or self.rng is None:
                return None
            deck.extend(discard)
            discard.clear()
            self.rng.shuffle(deck)
            self.note(f"The {name} discards are reshuffled into a new deck")
        return deck.pop(0)

    def draw_race(self) -> int | None:
        return self._draw(self.race_deck, self.race_discard, "race card")

    def draw_event(self) -> int | None:
        return self._draw(self.event_deck, self.event_discard, "movement event")

    def draw_combat(self) -> int | None:
        return self._draw(self.combat_deck, self.combat_discard, "combat")

    # --- back to a state ------------------------------------------------------------------

    def to_state(self, **changes: Any) -> ArState:
        teams = tuple(
            t.model_copy(
                update={
                    "pool": self.pools[i],
                    "hand": tuple(self.hands[i]),
                    "picked": tuple(self.picked[i]),
                }
            )
            for i, t in enumerate(self.state.teams)
        )
        update: dict[str, Any] = {
            "teams": teams,
            "cars": tuple(self.cars[c.id] for c in self.state.cars),
            "race_deck": tuple(self.race_deck),
            "race_discard": tuple(self.race_discard),
            "event_deck": tuple(self.event_deck),
            "event_discard": tuple(self.event_discard),
            "combat_deck": tuple(self.combat_deck),
            "combat_discard": tuple(self.combat_discard),
            "bounty": self.bounty,
            "race_bonus": self.race_bonus,
            "activation": self.activation,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "last": self.last,
        }
        update.update(self.fields)
        update.update(changes)
        if self.winner is not None:
            update.update(phase="over", activation=None, waiting=())
        return self.state.model_copy(update=update)
