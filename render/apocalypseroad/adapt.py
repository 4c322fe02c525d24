"""An Apocalypse Road view in the renderer's words: `scene(view) -> Scene`.

The track shape comes from the track data (`games.apocalypseroad.track`), so a new track in
the data draws without a change here.
"""

from __future__ import annotations

from functools import cache

from games.apocalypseroad.data import EVENT_NAMES, card_name
from games.apocalypseroad.model import ArView, Attack, CarView, Pos, Prompt
from games.apocalypseroad.track import GRID_BASE, get_track
from render.apocalypseroad.scene import (
    CarMark,
    Scene,
    Shot,
    Spot,
    TeamMark,
    Terrain,
    TrackShape,
    Trail,
)

PROMPT_WORDS: dict[str, str] = {
    "play": "play a card",
    "move": "move",
    "event": "answer the event",
    "fire": "fire or hold",
    "discard": "discard?",
    "debris": "take debris damage",
    "over": "",
}


@cache
def track_shape(key: str) -> TrackShape:
    """The track as drawn: per sector, each lane's terrain (crossover spaces marked)."""
    track = get_track(key)
    sectors: list[tuple[Terrain, ...]] = []
    for sector in range(track.length):
        lanes: list[Terrain] = []
        for lane in range(track.lanes[sector]):
            pos = (sector, lane)
            terrain = track.terrain(pos)
            lanes.append("crossover" if pos in track.same else terrain)  # type: ignore[arg-type]
        sectors.append(tuple(lanes))
    crossings = sorted({tuple(sorted((a[0], b[0]))) for a, b in track.same.items()})
    return TrackShape(
        name=track.name,
        sectors=tuple(sectors),
        finish_before=0,
        grid_lanes=track.grid_lanes,
        grid_rows=track.grid_rows,
        grid_join=track.grid_joins,
        chute_sector=track.chute_sector,
        crossings=tuple((a, b) for a, b in crossings),
    )


def spot_of_pos(key: str, pos: Pos) -> Spot:
    """A (sector, lane) of the rules as a drawn spot (grid rows, beside the track)."""
    track = get_track(key)
    sector, lane = pos
    if sector >= GRID_BASE:
        row_from_front = track.grid_rows - 1 - (sector - GRID_BASE)
        return Spot("grid", 0, row_from_front * track.grid_lanes + lane + 1)
    if lane < 0:
        return Spot("off_inside", sector, lane)
    if lane >= track.lanes[sector % track.length]:
        return Spot("off_outside", sector, lane)
    return Spot("track", sector, lane)


def car_spot(key: str, car: CarView) -> Spot:
    if car.place in ("grid", "track", "off"):
        return spot_of_pos(key, (car.sector, car.lane))
    if car.place == "chute":
        return Spot("chute", get_track(key).chute_sector, 0)
    return Spot("out")


def _notes(car: CarView) -> tuple[str, ...]:
    flags = (("suppressed", car.suppressed), ("reloading", car.reloading), ("spun", car.spun))
    return tuple(name for name, on in flags if on)


def scene(view: ArView) -> Scene:
    shape = track_shape(view.track)
    moving = view.activation.mover if view.activation is not None else None
    over = view.outcome is not None
    cars = tuple(
        CarMark(
            seat=c.team,
            number=c.number,
            spot=car_spot(view.track, c),
            damage=c.damage,
            activated=c.activated,
            moving=c.id == moving and not over,
            notes=_notes(c),
        )
        for c in view.cars
        if c.place in ("grid", "track", "off", "chute")
    )
    acting = set() if over else set(view.prompt.players)
    teams = tuple(
        TeamMark(
            seat=t.seat,
            name=t.name,
            team_name=t.team_name,
            vp=t.scored,
            goal=t.goal,
            hand=t.hand_size,
            first_player=t.first,
            to_act=t.player in acting,
            waiting_for=PROMPT_WORDS.get(view.prompt.kind, ""),
            chute=sum(1 for c in view.cars if c.team == t.seat and c.place == "chute"),
            destroyed=sum(1 for c in view.cars if c.team == t.seat and c.place == "destroyed"),
        )
        for t in view.teams
    )
    title, lines = _heading(view)
    return Scene(
        track=shape,
        cars=cars,
        teams=teams,
        title=title,
        lines=lines,
        turn=view.turn,
        countdown=_countdown(view),
        trails=_trails(view),
        shots=_shots(view),
        last_move=_last_words(view),
        finished=over,
    )


def _countdown(view: ArView) -> str:
    if view.clock_stopped:
        return "clock stopped"
    return "clock: +1 VP to every team a turn"


def _heading(view: ArView) -> tuple[str, tuple[str, ...]]:
    info = f"Turn {view.turn} · {view.track_name} · {_countdown(view)}"
    if view.race_bonus:
        info += f" · Race Bonus x{view.race_bonus}"
    if view.bounty:
        info += " · Bounty"
    if view.outcome is not None:
        winners = [t for t in view.teams if t.player in view.outcome.winners]
        title = f"{winners[0].name} wins!" if winners else "Race over"
        return title, (view.prompt.text or "the race is over", info)
    return _prompt_title(view, view.prompt), (view.prompt.text, info)


def _prompt_title(view: ArView, prompt: Prompt) -> str:
    names = [t.name for t in view.teams if t.player in prompt.players]
    if prompt.kind in ("discard", "debris"):
        what = "discard" if prompt.kind == "discard" else "Dangerous Debris"
        return f"{what}: {len(names)} to answer"
    if not names:
        return f"Turn {view.turn}"
    return f"{names[0]}'s turn"


def _label(view: ArView, car_id: int) -> str:
    car = next((c for c in view.cars if c.id == car_id), None)
    return car.label if car is not None else f"car {car_id}"


def _trails(view: ArView) -> tuple[Trail, ...]:
    if view.last is None:
        return ()
    seats = {c.id: c.team for c in view.cars}
    return tuple(
        Trail(seats.get(p.car, 0), tuple(spot_of_pos(view.track, pos) for pos in p.path))
        for p in view.last.paths
        if len(p.path) > 1
    )


def _shots(view: ArView) -> tuple[Shot, ...]:
    if view.last is None:
        return ()
    by_id = {c.id: c for c in view.cars}
    out: list[Shot] = []
    for attack in view.last.attacks:
        a, b = by_id.get(attack.attacker), by_id.get(attack.target)
        if a is None or b is None:
            continue
        out.append(Shot(a.team, car_spot(view.track, a), car_spot(view.track, b), attack.hit))
    return tuple(out)


def _attack_words(view: ArView, attack: Attack) -> str:
    who, whom = _label(view, attack.attacker), _label(view, attack.target)
    verb = {"fire": "fired at", "ram": "rammed", "sideswipe": "sideswiped"}[attack.kind]
    if not attack.hit:
        return f"{who} {verb} {whom}: miss"
    words = f"{who} {verb} {whom}: {attack.damage} damage"
    if attack.self_damage:
        words += f", {attack.self_damage} to {who}"
    if attack.keyword:
        words += f" ({attack.keyword})"
    return words


def _last_words(view: ArView) -> tuple[str, ...]:
    last = view.last
    if last is None:
        return ()
    team = next((t for t in view.teams if t.player == last.player), None)
    who = team.name if team is not None else "?"
    head = f"Last: {who}"
    if last.card is not None:
        head += f" played {card_name(last.card)} for {_label(view, last.car)}"
    parts = [head]
    if last.event:
        parts.append(f"event: {EVENT_NAMES.get(last.event, last.event)}")
    parts += [_attack_words(view, a) for a in last.attacks]
    if last.eliminated:
        parts.append("out: " + ", ".join(_label(view, c) for c in last.eliminated))
    if last.crossings:
        parts.append("crossed the line: " + ", ".join(_label(view, c) for c in last.crossings))
    return ("; ".join(parts),)
