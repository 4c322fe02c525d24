"""Movement events (rule 10): drawn after a starburst card's movement, before after-move fire."""

from __future__ import annotations

from games.apocalypseroad.combat import collision, neighbours
from games.apocalypseroad.data import (
    ACTIVE_DAMAGE_EVENTS,
    EVENT_DECK,
    EVENT_NAMES,
    JUMP_EVENTS,
    RACE_CARDS,
    ROUGH_EVENTS,
)
from games.apocalypseroad.flow import mover_for
from games.apocalypseroad.sim import Sim
from games.apocalypseroad.track import Pos
from games.engine import IllegalAction

BOUNTY_CARD = EVENT_DECK.index("bounty")
RACE_BONUS_CARD = EVENT_DECK.index("race_bonus")


def _on_track(sim: Sim) -> list[int]:
    return [c.id for c in sim.cars.values() if c.place in ("track", "grid")]


def _furthest(sim: Sim, where: str) -> list[int]:
    """The car(s) furthest along the Jump lanes or the Rough (same-sector ties included)."""
    found = [
        c
        for c in _on_track(sim)
        if sim.cars[c].sector < 100
        and (
            sim.track.is_jump(sim.cars[c].pos)
            if where == "jump"
            else sim.track.terrain(sim.cars[c].pos) == "rough"
        )
    ]
    if not found:
        return []
    best = max(sim.cars[c].sector for c in found)
    return sorted(c for c in found if sim.cars[c].sector == best)


def resolve_event(sim: Sim) -> bool:
    """Draw and resolve one event; True when it waits for an answer (a choice or a prompt)."""
    act = sim.activation
    assert act is not None
    card = sim.draw_event()
    if card is None:
        return False
    kind = EVENT_DECK[card]
    if kind not in ("bounty", "race_bonus"):
        sim.event_discard.append(card)
    if sim.last is not None:
        sim.last = sim.last.model_copy(update={"event": kind})
    car_id, seat = act.car, sim.cars[act.car].team
    car = sim.cars[car_id]
    sim.note(f"{sim.label(car_id)} draws the movement event {EVENT_NAMES[kind]}", car_id)
    if kind in ACTIVE_DAMAGE_EVENTS:
        sim.damage(car_id, ACTIVE_DAMAGE_EVENTS[kind], None, EVENT_NAMES[kind])
    elif kind in ("engine_failure", "transmission_failure"):
        sim.damage(car_id, 1 if car.damage <= 1 else 2, None, EVENT_NAMES[kind])
    elif kind == "suspension_failure":
        rough = car.place == "track" and sim.track.terrain(car.pos) in ("rough", "jump", "trough")
        sim.damage(car_id, 2 if rough else 1, None, EVENT_NAMES[kind])
    elif kind in ("bottoming_out", "bumpy_ride"):
        where = "jump" if kind == "bottoming_out" else "rough"
        for other in _on_track(sim):
            pos = sim.cars[other].pos
            inside = sim.track.is_jump(pos) if where == "jump" else sim.track.rough(pos)
            if inside and (where == "jump" or not sim.track.is_jump(pos)):
                sim.damage(other, 1, None, EVENT_NAMES[kind])
    elif kind in JUMP_EVENTS:
        amount, scores = JUMP_EVENTS[kind]
        for other in _furthest(sim, "jump"):
            sim.damage(other, amount, seat if scores else None, EVENT_NAMES[kind])
            if sim.cars[other].racing:
                sim.update(other, lane=1)
                sim.note(f"{sim.label(other)} lands in the Trough", other)
    elif kind in ROUGH_EVENTS:
        for other in _furthest(sim, "rough"):
            sim.damage(other, ROUGH_EVENTS[kind], None, EVENT_NAMES[kind])
    elif kind == "bounty":
        sim.bounty = 4
    elif kind == "race_bonus":
        sim.race_bonus = 4
    elif kind == "reloading":
        if act.fired:
            sim.update(car_id, reloading=True)
        else:
            sim.activation = act.model_copy(update={"no_fire": True})
    elif kind in ("into_the_weeds", "spin_around"):
        if car.place in ("track", "grid"):
            lane = -1 if kind == "spin_around" else sim.track.lane_count(car.sector)
            sim.update(car_id, place="off", lane=lane, spun=True)
            sim.activation = act.model_copy(update={"no_fire": True})
    elif kind == "dangerous_debris":
        waiting = tuple(
            t.player
            for t in sim.state.teams
            if any(
                c.team == t.seat and c.place in ("track", "grid", "off") for c in sim.cars.values()
            )
        )
        if waiting:
            sim.fields.update(phase="debris", waiting=waiting)
            return True
    elif kind == "get_there":
        return _event_move(sim, car_id, 2, "solo", exact=False)
    elif kind == "high_flyer":
        flyers = _furthest(sim, "jump")
        if flyers:
            flyer = min(flyers, key=lambda c: sim.cars[c].lane)
            return _event_move(sim, flyer, 5, "overtake", exact=True)
    elif kind == "shot_of_nos":
        drawn = sim.draw_race()
        if drawn is not None:
            sim.race_discard.append(drawn)
            speed = RACE_CARDS[drawn].speed
            sim.note(f"Shot of NOS: the race card drawn is +{speed}")
            return _event_move(sim, car_id, speed, "solo", exact=True)
    elif event_options(sim, kind) and sim.activation is not None:
        sim.activation = sim.activation.model_copy(update={"stage": "event", "event": card})
        return True
    return False


def _event_move(sim: Sim, mover: int, mp: int, movement: str, *, exact: bool) -> bool:
    act = sim.activation
    assert act is not None
    if sim.cars[mover].place not in ("track", "grid"):
        return False
    pending = act.model_copy(
        update={
            "stage": "move",
            "mover": mover,
            "mp": mp,
            "movement": movement,
            "diagonal": False,
            "ram_lead": False,
            "exact": exact,
            "empty_only": not exact,
        }
    )
    if not mover_for(sim, pending).options():
        return False
    sim.activation = pending
    return True


def event_options(sim: Sim, kind: str | None = None) -> list[str]:
    """The answers open to the active player for the pending event."""
    act = sim.activation
    if act is None:
        return []
    if kind is None:
        if act.stage != "event" or act.event is None:
            return []
        kind = EVENT_DECK[act.event]
    car = sim.cars[act.car]
    if car.place not in ("track", "grid"):
        return []
    board = sim.board()
    here = car.pos
    if kind == "drift":
        ahead = board.ahead(here)
        other = None if ahead is None else board.occupant(ahead)
        if other is not None and board.pos[other] == ahead:
            return ["swap", "skip"]
        return []
    if kind == "sideswipe":
        if sim.track.rough(here) or sim.track.terrain(here) == "trough":
            return []
        sides = []
        for name, step in (("in", -1), ("out", 1)):
            side = (here[0], here[1] + step)
            if sim.track.on_track(side) and sim.track.terrain(side) != "trough":
                sides.append(name)
        return sides
    if kind == "bump_and_run":
        found = []
        for space in sorted(neighbours(sim, here)):
            other = board.occupant(space)
            if other is None or board.pos[other] != space:
                continue
            straight = set(sim.track.nexts(space)) | set(sim.track.prevs(space))
            for dest in sorted(neighbours(sim, space)):
                # ⚠18 / 7.13: no lane change on Rough or Jump track, sideways nor diagonal
                if sim.track.rough(space) and dest not in straight:
                    continue
                if board.free(dest) and sim.track.terrain(dest) != "trough" and dest != here:
                    found.append(f"bump:{other}:{dest[0]}:{dest[1]}")
        return [*found, "skip"] if found else []
    if kind == "open_road":
        return _open_road(sim, here)
    return []


def _open_road(sim: Sim, here: Pos) -> list[str]:
    """Open Road: "If alone in a sector, the Active Car may move any number of spaces forward
    to become linked with the next car in front of it. The lane may be changed in this
    movement. ... if both lanes of the crossover are blocked perpendicularly, the car must stop
    in either lane just in front of the blocking cars." The spots are found by walking the
    lane graph: forward into empty spaces, lane changes into empty spaces except on Rough or
    Jump track (7.13: "No Event or Race Card can override this rule"), never into the Trough
    nor through a perpendicular car's crossover square."""
    board = sim.board()
    track = sim.track
    alone = all(
        sim.cars[c].sector != here[0] or c == sim.activation.car  # type: ignore[union-attr]
        for c in board.pos
        if sim.cars[c].place in ("track", "grid")
    )
    if not alone or here[0] >= 100:
        return []
    length = track.length
    racing = {p for c, p in board.pos.items() if c not in board.stacked and p != here}
    target, blocked = None, False
    for distance in range(1, length):
        sector = (here[0] + distance) % length
        lanes = [(sector, lane) for lane in range(track.lanes[sector])]
        blocked = all(board.perpendicular(p) is not None for p in lanes)
        if blocked or any(p in racing for p in lanes):
            target = sector
            break
    if target is None:
        return []

    def enterable(p: Pos) -> bool:
        return board.free(p) and track.terrain(p) != "trough" and p[0] != target

    seen = {here}
    todo = [here]
    spots: set[Pos] = set()
    while todo:
        p = todo.pop()
        steps = list(track.nexts(p))
        if not track.rough(p):
            steps += [q for q in track.lateral(p) if not track.rough(q) or p == here]
        for q in track.nexts(p):
            if q[0] == target and (q in racing or (blocked and board.perpendicular(q) is not None)):
                spots.add(p)
        for q in steps:
            if q not in seen and enterable(q):
                seen.add(q)
                todo.append(q)
    spots.discard(here)
    options = [f"road:{s}:{lane}" for s, lane in sorted(spots)]
    return [*options, "skip"] if options else []


def event_choice(sim: Sim, choice: str) -> None:
    act = sim.activation
    assert act is not None and act.event is not None
    kind = EVENT_DECK[act.event]
    options = event_options(sim)
    if choice not in options:
        raise IllegalAction(f"choose one of: {', '.join(options)}")
    sim.activation = act.model_copy(update={"stage": "move", "event": None})
    car_id = act.car
    board = sim.board()
    if choice == "skip":
        return
    if kind == "drift":
        ahead = board.ahead(board.pos[car_id])
        assert ahead is not None
        other = board.occupant(ahead)
        assert other is not None
        board.swap(car_id, other)
        sim.note(f"Drift: {sim.label(car_id)} swaps places with {sim.label(other)}")
        sim.commit_board(board)
    elif kind == "sideswipe":
        step = -1 if choice == "in" else 1
        here = board.pos[car_id]
        dest = (here[0], here[1] + step)
        other = board.occupant(dest)
        if other is not None and board.perpendicular(dest) is not None:
            # 7.12: a car that would enter a square barred by a perpendicular car stops and
            # collides (track rules beat the card): both take 1 damage, no collision attack
            sim.note(f"{sim.label(car_id)} collides with {sim.label(other)} at the crossover")
            sim.damage(car_id, 1, sim.cars[car_id].team, "crossover collision")
            sim.damage(other, 1, sim.cars[car_id].team, "crossover collision")
        elif other is None:
            board.place(car_id, dest)
            sim.commit_board(board)
        elif sim.cars[other].team != sim.cars[car_id].team and not sim.cars[car_id].suppressed:
            collision(sim, car_id, other, "sideswipe", step)
    elif kind == "bump_and_run":
        _, other_s, sector, lane = choice.split(":")
        board.place(int(other_s), (int(sector), int(lane)))
        sim.note(f"Bump and Run: {sim.label(car_id)} bumps {sim.label(int(other_s))}")
        sim.commit_board(board)
    elif kind == "open_road":
        _, sector, lane = choice.split(":")
        here = board.pos[car_id]
        dest = (int(sector), int(lane))
        board.place(car_id, dest)
        if dest[0] < here[0] and not (dest[0] == 0 and here[0] == sim.track.length - 1):
            board.crossings.append((car_id, 1))
        sim.note(f"Open Road: {sim.label(car_id)} runs up to the next car")
        sim.commit_board(board)
