"""The bot: crosses the line when it can, shoots the most damaged enemy in reach, rams enemies,
keeps its cards (the safe discard) and gives debris damage to its least-damaged car."""

from __future__ import annotations

from games.apocalypseroad.choices import (
    EndSearch,
    MoveChoice,
    MoveResult,
    legal_actions,
    move_results,
    planned,
    play_actions,
    targets_after,
)
from games.apocalypseroad.combat import targets
from games.apocalypseroad.data import CAR_TYPES, RACE_CARDS, standard_set
from games.apocalypseroad.model import (
    Action,
    ArState,
    Debris,
    Discard,
    EventChoice,
    Fire,
    Move,
    PickCars,
    PlayCard,
)
from games.apocalypseroad.rules import active_players
from games.apocalypseroad.sim import Sim
from games.apocalypseroad.track import Track, get_track
from games.engine import NotYourTurn, PlayerId, Rng


def _to_line(track: Track, sector: int) -> int:
    """Spaces to the finish line (grid rows count their way to sector 2)."""
    if sector >= 100:
        return track.length - track.grid_joins + (track.grid_rows - (sector - 100))
    return track.length - sector


def _shot_value(sim: Sim, target: int) -> float:
    car = sim.cars[target]
    defense = CAR_TYPES[car.number].defense
    return car.damage * 2 + (6 if car.damage >= 4 else 0) - defense


def _enemy(sim: Sim, car_id: int, target: int) -> bool:
    return sim.cars[target].team != sim.cars[car_id].team


def _best_target(sim: Sim, car_id: int) -> int | None:
    """The enemy car most worth a shot (the bot never fires at its own cars)."""
    found = [t for t in targets(sim, car_id) if _enemy(sim, car_id, t)]
    if not found:
        return None
    return max(found, key=lambda t: (_shot_value(sim, t), -t))


def _play(state: ArState, player: PlayerId) -> PlayCard:
    """Rank every card/car/target by a quick heuristic, then look ahead at the best move of
    the few leading card-and-car pairs (where it can cross the line, whom it pushes). A card
    not fired first is played whole: with its move and its shot (`_whole`)."""
    return _chosen(state, player)[0]


def suggestion(state: ArState, player: PlayerId) -> tuple[PlayCard, MoveResult] | None:
    """The activation the bot would play in `player`'s seat now, when it plays it whole (its
    card, move and shot in one action), with the move's result; None when it would fire
    first, or no activation is `player`'s to start. Reads only what `player` may see: their
    own hand and the track (`planned` draws nothing)."""
    if player not in active_players(state) or state.phase != "action" or state.activation:
        return None
    play, result = _chosen(state, player)
    return None if result is None else (play, result)


def _chosen(state: ArState, player: PlayerId) -> tuple[PlayCard, MoveResult | None]:
    """`_play`, with the result of the move it plays whole (None: it fires first)."""
    sim = Sim(state)
    track = sim.track
    seat = sim.seat_of[player]
    ranked: list[tuple[float, str, PlayCard]] = []
    for action in play_actions(state, player):
        car = sim.cars[seat * 10 + action.car]
        if action.target is not None and not _enemy(sim, car.id, action.target):
            continue
        info = RACE_CARDS[action.card]
        mp = info.speed + CAR_TYPES[car.number].base_mp
        score = float(mp) - info.speed * 0.4
        if car.place in ("track", "grid") and mp >= _to_line(track, car.sector):
            score += 50 + info.speed * 0.4
        if car.place == "chute":
            score += 3
        if info.movement == "ram":
            score -= 2 + car.damage
        if action.ram_lead:
            score -= 0.5
        if action.target is not None:
            score += 1 + _shot_value(sim, action.target) * 0.5
        if info.starburst:
            score -= 0.5
        ranked.append((score, action.model_dump_json(), action))
    ranked.sort(key=lambda item: (item[0], item[1]), reverse=True)
    looked: dict[tuple[int, int, bool], float] = {}
    searches: dict[tuple[int, int, bool], EndSearch] = {}
    best: tuple[float, str] | None = None
    choice: PlayCard | None = None
    for score, key, action in ranked:
        pair = (action.card, action.car, action.ram_lead)
        if pair not in looked and len(looked) < LOOKAHEAD:
            plan = planned(state, player, action.card, action.car, action.ram_lead)
            searches[pair] = EndSearch(plan)
            moves = searches[pair].ends(LOOKAHEAD_NODES)
            looked[pair] = max((_score_move(sim, r, seat, track) for r in moves), default=0.0)
        if pair not in looked:
            continue
        total = looked[pair] * 2 + score * 0.5
        if best is None or (total, key) > best:
            best, choice = (total, key), action
    assert choice is not None
    if choice.target is not None:
        return choice, None
    return _whole(choice, searches[(choice.card, choice.car, choice.ram_lead)])


LOOKAHEAD = 5
"""Card-and-car pairs the bot looks ahead at, best heuristic first."""
LOOKAHEAD_NODES = 120
"""The search budget of each look ahead (its search then goes on to `LISTED_NODES`)."""
LISTED_NODES = 500
"""The rules' search budget for one listing of a move's results (their default, 1,500, takes
twice as long: about 30 against 15 ms at ten players): the table's move menu lists that
listing ranked and the bot plays its first result, so the bot's move is one the menu offers."""


def _whole(play: PlayCard, search: EndSearch) -> tuple[PlayCard, MoveResult | None]:
    """The card played with its move and its shot, as the move menu offers them first: the
    best-ranked result (`search`: of the card's plan, gone on to the menu's budget), then fire
    at the enemy most worth a shot in reach after it, or hold fire (the bot never fires at
    its own cars). Nothing in reach: the player is asked only if a car comes in reach after
    the card's movement event."""
    plan = search.state
    ranked = _ranked(plan, search.ends(LISTED_NODES))
    if not ranked:
        return play, None
    best = ranked[0]
    reach = aim_order(plan, best)
    enemy = reach[0] if reach and _enemy(Sim(plan), _mover(plan), reach[0]) else None
    whole = PlayCard(
        card=play.card,
        car=play.car,
        ram_lead=play.ram_lead,
        path=best.path,
        aim=enemy,
        hold_fire=bool(reach) and enemy is None,
    )
    return whole, best


def _score_move(sim: Sim, result: MoveResult, seat: int, track: Track) -> float:
    score = 0.0
    for car_id, direction in result.crossings:
        own = sim.cars[car_id].team == seat
        score += (12 if own else -4) * direction
    start = sim.cars[result.mover].pos
    gained = _to_line(track, start[0]) - _to_line(track, result.end[0])
    if result.end[0] < 100 and start[0] < 100 and gained < -track.length // 2:
        gained += track.length
    score += gained
    mover = sim.cars[result.mover]
    if result.stop == "ram" and result.other is not None:
        enemy = sim.cars[result.other].team != seat
        score += (4 + sim.cars[result.other].damage) if enemy else -6
        score -= mover.damage
    elif result.stop == "crossover":
        score -= 3
    for car_id, pos in result.moved:
        if car_id != result.mover and sim.cars[car_id].team != seat:
            score += 0.2 * (1 if pos[0] < sim.cars[car_id].sector else -0.5)
    return score - len(result.path) * 0.001


def _mover(state: ArState) -> int:
    """The car of the pending activation."""
    act = state.activation
    assert act is not None
    return act.car


def ranked_results(state: ArState, max_nodes: int = LISTED_NODES) -> list[MoveResult]:
    """The pending move's distinct results, best first by what matters to its player (VP
    scored, ground gained, rams on enemies: the bot's own measure), the shorter path first."""
    return _ranked(state, move_results(state, max_nodes))


def _ranked(state: ArState, results: list[MoveResult]) -> list[MoveResult]:
    sim = Sim(state)
    seat = sim.cars[_mover(state)].team
    return sorted(
        results, key=lambda r: (-_score_move(sim, r, seat, sim.track), len(r.path), r.path)
    )


def aim_order(state: ArState, result: MoveResult) -> tuple[int, ...]:
    """The cars in reach after `result` of the pending move, the enemy most worth a shot
    first and the player's own cars last."""
    sim, car = Sim(state), _mover(state)
    return tuple(
        sorted(
            targets_after(state, result),
            key=lambda t: (not _enemy(sim, car, t), -_shot_value(sim, t), t),
        )
    )


def move_choices(state: ArState, max_nodes: int = LISTED_NODES) -> list[MoveChoice]:
    """The pending move's distinct results ranked (`ranked_results`), each with the cars in
    reach after it (`aim_order`): what the move menu lists."""
    return [
        MoveChoice(result=result, targets=aim_order(state, result))
        for result in ranked_results(state, max_nodes)
    ]


def _move(state: ArState) -> Move:
    """The pending move's best-ranked result: the first the move menu lists."""
    ranked = ranked_results(state)
    return Move(path=ranked[0].path if ranked else "")


def _event(state: ArState, player: PlayerId) -> EventChoice:
    sim = Sim(state)
    act = state.activation
    assert act is not None
    seat = sim.seat_of[player]
    choices = [a for a in legal_actions(state, player) if isinstance(a, EventChoice)]

    def value(choice: str) -> float:
        if choice in ("swap", "in", "out"):
            if choice in ("in", "out"):
                step = -1 if choice == "in" else 1
                here = sim.cars[act.car].pos
                dest = (here[0], here[1] + step)
                for car in sim.cars.values():
                    if car.place == "track" and car.pos == dest:
                        return 3.0 - sim.cars[act.car].damage if car.team != seat else 0.0
                return 1.0
            return 2.0
        if choice.startswith("road:"):
            return 3.0 + int(choice.split(":")[1]) * 0.001
        if choice.startswith("bump:"):
            car = sim.cars[int(choice.split(":")[1])]
            behind = int(choice.split(":")[2]) < car.sector
            return (2.0 if behind else -1.0) if car.team != seat else -2.0
        return 0.0

    return max(choices, key=lambda a: (value(a.choice), a.choice))


def bot_move(state: ArState, player: PlayerId, rng: Rng) -> Action:
    """A sensible move for `player` (pure; the Rng is not needed: ties break by name)."""
    if player not in active_players(state):
        raise NotYourTurn("it is not this player's turn")
    if state.phase == "pick":
        return PickCars(cars=standard_set(len(state.teams)))
    if state.phase == "discard":
        return Discard(cards=())
    if state.phase == "debris":
        seat = next(t.seat for t in state.teams if t.player == player)
        mine = [c for c in state.cars if c.team == seat and c.place in ("grid", "track", "off")]
        return Debris(car=min(mine, key=lambda c: (c.damage, c.number)).number)
    act = state.activation
    if act is None:
        return _play(state, player)
    if act.stage == "move":
        return _move(state)
    if act.stage == "fire":
        return Fire(target=_best_target(Sim(state), act.car))
    return _event(state, player)


__all__ = [
    "LISTED_NODES",
    "aim_order",
    "bot_move",
    "get_track",
    "move_choices",
    "ranked_results",
    "suggestion",
]
